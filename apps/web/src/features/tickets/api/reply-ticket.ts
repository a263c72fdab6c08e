import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { ticketsRootKey } from '../../../lib/query-keys';
import { ticketQueryKey } from './get-ticket';

/** POST user/tickets/{id}/reply/ {message} → the ticket; 409 when it is resolved. */
export function replyTicket({ id, message }: { id: number; message: string }) {
  return apiRequest(`/user/tickets/${id}/reply/`, { method: 'POST', body: { message }, schema: z.unknown() });
}

export function useReplyTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsRootKey }),
    // A 409 means it was resolved meanwhile: the detail shows the resolved state after a refetch.
    onError: (_error, { id }) => queryClient.invalidateQueries({ queryKey: ticketQueryKey(id) }),
  });
}
