import { api, type historyRanges } from '@tokendesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { poolsQueryKey } from '../../../lib/query-keys';

export type HistoryRange = (typeof historyRanges)[number];

/** GET projects/user/pools/funds/{id}/history/?range=: the pool's stored price snapshots, oldest first. */
export function getPoolHistory(id: number, range: HistoryRange, { signal }: { signal?: AbortSignal } = {}) {
  return apiCall(api.pools.history, { params: { id }, query: { range } }, { signal });
}

export function poolHistoryQueryOptions(id: number, range: HistoryRange) {
  return queryOptions({
    queryKey: [...poolsQueryKey, id, 'history', range] as const,
    queryFn: ({ signal }) => getPoolHistory(id, range, { signal }),
  });
}

/** Switching the range keeps the previous line on screen until the new one arrives. */
export function usePoolHistory(id: number, range: HistoryRange, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...poolHistoryQueryOptions(id, range), placeholderData: keepPreviousData, enabled });
}
