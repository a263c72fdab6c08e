import { poolListSchema } from '@tokendesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { poolsRootKey } from '../../../lib/query-keys';

export const fundsQueryKey = [...poolsRootKey, 'funds'] as const;

/** GET projects/user/pools/funds/: every pool with its reserves (pool_funds) and price read from the chain. */
export function getFunds({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/projects/user/pools/funds/', { schema: poolListSchema, signal });
}

export const fundsQueryOptions = queryOptions({
  queryKey: fundsQueryKey,
  queryFn: ({ signal }) => getFunds({ signal }),
});

export function useFunds() {
  return useQuery(fundsQueryOptions);
}
