import { poolSchema } from '@tokendesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fundsQueryKey } from './get-funds';

/** GET projects/user/pools/funds/{id}/: one pool with reserves and price; 404 unknown or foreign. */
export function getFund(id: number, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(`/projects/user/pools/funds/${id}/`, { schema: poolSchema, signal });
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
