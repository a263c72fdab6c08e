import { api } from '@tokendesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { fundsQueryKey } from './get-funds';

/** GET projects/user/pools/funds/{id}/: one pool with reserves and price; 404 unknown or foreign. */
export function getFund(id: number, { signal }: { signal?: AbortSignal } = {}) {
  return apiCall(api.pools.fund, { params: { id } }, { signal });
}

export function fundQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...fundsQueryKey, id] as const,
    queryFn: ({ signal }) => getFund(id, { signal }),
  });
}

export function useFund(id: number) {
  return useQuery(fundQueryOptions(id));
}
