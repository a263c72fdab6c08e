import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@tokendesk/contract';
import { apiCall } from '../../../lib/api-client';
import { ticketsRootKey } from '../../../lib/query-keys';

/** POST staff/tickets/{id}/reply/ {message} → the new message: answers as Support Team and notifies the user. */
export function staffReplyTicket({ id, message }: { id: number; message: string }) {
  return apiCall(api.staffTickets.reply, { params: { id }, body: { message } });
}

export function useStaffReplyTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: staffReplyTicket,
    // The answer is the message alone: the ticket and the queue are read again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsRootKey }),
  });
}
