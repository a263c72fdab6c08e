import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { ticketsRootKey } from '../../../lib/query-keys';

/** POST staff/tickets/{id}/reply/ {message}: answers as Support Team and notifies the user. */
export function staffReplyTicket({ id, message }: { id: number; message: string }) {
  return apiRequest(`/staff/tickets/${id}/reply/`, { method: 'POST', body: { message }, schema: z.unknown() });
}

export function useStaffReplyTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: staffReplyTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsRootKey }),
  });
}
