import { api } from '@tokendesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { poolsRootKey } from '../../../lib/query-keys';

export interface PoolAddressInput {
  project_id: number;
  dex_id: string;
  token_id: string;
}

/**
 * POST projects/get-pool-address/ → {pool_address, pool_version, fee} from the DEX factory on chain;
 * 404 'No pool found for this pair on {DEX}'. A read, so a query: switching the DEX or the token
 * back and forth answers from the cache, and a late answer for an old pair can never overwrite the
 * current one.
 */
export function getPoolAddress(body: PoolAddressInput, { signal }: { signal?: AbortSignal } = {}) {
  return apiCall(api.pools.poolAddress, { body }, { signal });
}

export function poolAddressQueryOptions(input: PoolAddressInput) {
  return queryOptions({
    queryKey: [...poolsRootKey, 'address', input.project_id, input.dex_id, input.token_id] as const,
    queryFn: ({ signal }) => getPoolAddress(input, { signal }),
    staleTime: 60_000,
  });
}

export function usePoolAddress(input: Partial<PoolAddressInput> & { project_id: number }) {
  const { dex_id = '', token_id = '' } = input;
  return useQuery({
    ...poolAddressQueryOptions({ project_id: input.project_id, dex_id, token_id }),
    enabled: dex_id !== '' && token_id !== '',
  });
}
