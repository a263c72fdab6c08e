import { poolListSchema } from '@tokendesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { poolsRootKey } from '../../../lib/query-keys';

/**
 * GET projects/user/pools/: every pool of the user without reading the chain (pool_funds and price
 * are null). Fast and independent of node availability: counts and labels come from here.
 */
export function getUserPools({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/projects/user/pools/', { schema: poolListSchema, signal });
}

export const userPoolsQueryOptions = queryOptions({
  queryKey: [...poolsRootKey, 'user'] as const,
  queryFn: ({ signal }) => getUserPools({ signal }),
});

export function useUserPools() {
  return useQuery(userPoolsQueryOptions);
}
