import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ticketMessageSchema } from '@tokendesk/contract';
import { apiRequest } from '../../../lib/api-client';
import { ticketsRootKey } from '../../../lib/query-keys';

/** POST staff/tickets/{id}/reply/ {message} → the new message: answers as Support Team and notifies the user. */
export function staffReplyTicket({ id, message }: { id: number; message: string }) {
  return apiRequest(`/staff/tickets/${id}/reply/`, { method: 'POST', body: { message }, schema: ticketMessageSchema });
}

export function useStaffReplyTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: staffReplyTicket,
    // The answer is the message alone: the ticket and the queue are read again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsRootKey }),
  });
}
