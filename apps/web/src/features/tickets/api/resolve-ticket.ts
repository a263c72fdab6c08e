import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { ticketsRootKey } from '../../../lib/query-keys';

/** POST staff/tickets/{id}/resolve/: closes the ticket and notifies the user. */
export function resolveTicket({ id }: { id: number }) {
  return apiRequest(`/staff/tickets/${id}/resolve/`, { method: 'POST', body: {}, schema: z.unknown() });
}

export function useResolveTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsRootKey }),
  });
}
