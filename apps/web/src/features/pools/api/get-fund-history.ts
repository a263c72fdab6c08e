import { api, type historyRanges } from '@tokendesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { fundsQueryKey } from './get-funds';

export type HistoryRange = (typeof historyRanges)[number];

/** GET projects/user/pools/funds/{id}/history/?range=: the pool's stored price snapshots, oldest first. */
export function getFundHistory(id: number, range: HistoryRange, { signal }: { signal?: AbortSignal } = {}) {
  return apiCall(api.pools.fundHistory, { params: { id }, query: { range } }, { signal });
}

export function fundHistoryQueryOptions(id: number, range: HistoryRange) {
  return queryOptions({
    queryKey: [...fundsQueryKey, id, 'history', range] as const,
    queryFn: ({ signal }) => getFundHistory(id, range, { signal }),
  });
}

/** Switching the range keeps the previous line on screen until the new one arrives. */
export function useFundHistory(id: number, range: HistoryRange, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...fundHistoryQueryOptions(id, range), placeholderData: keepPreviousData, enabled });
}
