import { api } from '@tokendesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { poolsQueryKey } from '../../../lib/query-keys';

/** GET projects/user/pools/funds/{id}/: one pool with reserves and price; 404 unknown or foreign. */
export function getLivePool(id: number, { signal }: { signal?: AbortSignal } = {}) {
  return apiCall(api.pools.detail, { params: { id } }, { signal });
}

export function livePoolQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...poolsQueryKey, id] as const,
    queryFn: ({ signal }) => getLivePool(id, { signal }),
  });
}

export function useLivePool(id: number) {
  return useQuery(livePoolQueryOptions(id));
}
