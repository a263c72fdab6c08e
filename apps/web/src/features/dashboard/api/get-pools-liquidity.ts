import { api } from '@tokendesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { poolsRootKey } from '../../../lib/query-keys';
import { pollInterval } from '../../../lib/live/connection-store';

/** Under the pools root: attaching or removing a pool invalidates it with the other pool queries. */
export const poolsLiquidityQueryKey = [...poolsRootKey, 'liquidity-usd'] as const;

/** GET projects/user/pools/liquidity: the USD liquidity of all the user's pools, and how many have none. */
export function getPoolsLiquidity({ signal }: { signal?: AbortSignal } = {}) {
  return apiCall(api.market.liquidity, {}, { signal });
}

export const poolsLiquidityQueryOptions = queryOptions({
  queryKey: poolsLiquidityQueryKey,
  queryFn: ({ signal }) => getPoolsLiquidity({ signal }),
  // Prices poll every 30 s (product §6); liquidity in USD moves with them.
  refetchInterval: pollInterval(30_000),
});

export function usePoolsLiquidity() {
  return useQuery(poolsLiquidityQueryOptions);
}
