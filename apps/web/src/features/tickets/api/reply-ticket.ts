import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@tokendesk/contract';
import { apiCall } from '../../../lib/api-client';
import { ticketsRootKey } from '../../../lib/query-keys';
import { ticketQueryKey } from './get-ticket';

/** POST user/tickets/{id}/reply/ {message} → the new message; 409 when it is resolved. */
export function replyTicket({ id, message }: { id: number; message: string }) {
  return apiCall(api.tickets.reply, { params: { id }, body: { message } });
}

export function useReplyTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyTicket,
    // The answer is the message alone: the ticket (status, conversation) and the list are read again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsRootKey }),
    // A 409 means it was resolved meanwhile: the detail shows the resolved state after a refetch.
    onError: (_error, { id }) => queryClient.invalidateQueries({ queryKey: ticketQueryKey(id) }),
  });
}
