import { api, DASHBOARD_LIST_LIMIT } from '@tokendesk/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { poolsQueryKey } from '../../../lib/query-keys';

/**
 * GET projects/user/pools/funds/?limit=5: the five newest pools with reserves read from the chain,
 * the balances of the dashboard's Latest Funds. Under the funds key, so whatever refreshes the funds
 * list refreshes these too.
 */
export async function getLatestPools({ signal }: { signal?: AbortSignal } = {}) {
  const { pools } = await apiCall(api.pools.listLive, { query: { limit: DASHBOARD_LIST_LIMIT } }, { signal });
  return pools;
}

export const latestPoolsQueryOptions = queryOptions({
  queryKey: [...poolsQueryKey, { limit: DASHBOARD_LIST_LIMIT }] as const,
  queryFn: ({ signal }) => getLatestPools({ signal }),
});
