import { api } from '@tokendesk/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { ticketsRootKey } from '../../../lib/query-keys';

export const ticketsQueryKey = [...ticketsRootKey, 'list'] as const;
const PAGE_SIZE = 50;

/** GET user/tickets/?cursor&limit: the user's tickets, newest first, a page at a time. */
export function getTickets(cursor: string | undefined, { signal }: { signal?: AbortSignal } = {}) {
  return apiCall(api.tickets.list, { query: { cursor, limit: String(PAGE_SIZE) } }, { signal });
}

export const ticketsQueryOptions = infiniteQueryOptions({
  queryKey: ticketsQueryKey,
  queryFn: ({ pageParam, signal }) => getTickets(pageParam, { signal }),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (page) => page.next_cursor ?? undefined,
});

export function useTickets() {
  return useInfiniteQuery(ticketsQueryOptions);
}
