import { api, type TraderRange } from '@tokendesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { poolsQueryKey } from '../../../lib/query-keys';

/** GET projects/pool/{id}/traders/?range=: the pool's top traders by paired-token volume. */
export function getTopTraders(id: number, range: TraderRange, { signal }: { signal?: AbortSignal } = {}) {
  return apiCall(api.traders.list, { params: { id }, query: { range } }, { signal });
}

export function topTradersQueryOptions(id: number, range: TraderRange) {
  return queryOptions({
    queryKey: [...poolsQueryKey, id, 'traders', range] as const,
    queryFn: ({ signal }) => getTopTraders(id, range, { signal }),
  });
}

/** Switching the range keeps the previous list on screen until the new one arrives. */
export function useTopTraders(id: number, range: TraderRange) {
  return useQuery({ ...topTradersQueryOptions(id, range), placeholderData: keepPreviousData });
}
