import { api } from '@tokendesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { ticketsRootKey } from '../../../lib/query-keys';

export const ticketQueryKey = (id: number) => [...ticketsRootKey, 'detail', id] as const;

/** GET user/tickets/{id}/: one of the user's tickets with its messages; 404 for another user's. */
export function getTicket(id: number, { signal }: { signal?: AbortSignal } = {}) {
  return apiCall(api.tickets.get, { params: { id } }, { signal });
}

export function useTicket(id: number) {
  return useQuery(queryOptions({ queryKey: ticketQueryKey(id), queryFn: ({ signal }) => getTicket(id, { signal }) }));
}
