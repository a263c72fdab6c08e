import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { ticketsRootKey } from '../../../lib/query-keys';

/** POST staff/tickets/{id}/reopen/: accepts replies again. */
export function reopenTicket({ id }: { id: number }) {
  return apiRequest(`/staff/tickets/${id}/reopen/`, { method: 'POST', body: {}, schema: z.unknown() });
}

export function useReopenTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reopenTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsRootKey }),
  });
}
