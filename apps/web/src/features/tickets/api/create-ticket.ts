import { api, type createTicketBodySchema } from '@tokendesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { ticketsRootKey } from '../../../lib/query-keys';

/** POST user/tickets/create/ {subject, message, project} → 201 the ticket. */
export function createTicket(body: z.output<typeof createTicketBodySchema>) {
  return apiCall(api.tickets.create, { body });
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsRootKey }),
  });
}
