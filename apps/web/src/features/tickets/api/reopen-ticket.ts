import { api } from '@tokendesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { ticketsRootKey } from '../../../lib/query-keys';

/** POST staff/tickets/{id}/reopen/: accepts replies again. */
export function reopenTicket({ id }: { id: number }) {
  return apiCall(api.staffTickets.reopen, { params: { id }, body: {} });
}

export function useReopenTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reopenTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsRootKey }),
  });
}
