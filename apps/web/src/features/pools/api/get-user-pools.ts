import { api, LIST_PAGE_MAX } from '@tokendesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { poolsRootKey } from '../../../lib/query-keys';

export interface UserPoolsRequest {
  q?: string;
  project?: number;
  cursor?: string;
  limit?: number;
}

/**
 * GET projects/user/pools/?q=&project=&cursor=&limit=: one page of the user's pools, newest first,
 * without reading the chain (pool_funds and price are null). Fast and independent of node
 * availability: labels come from here.
 */
export function getUserPools(
  { q, project, cursor, limit }: UserPoolsRequest = {},
  { signal }: { signal?: AbortSignal } = {},
) {
  return apiCall(
    api.pools.list,
    { query: { q: q || undefined, project: project?.toString(), cursor, limit: limit?.toString() } },
    { signal },
  );
}

/**
 * The newest LIST_PAGE_MAX pools, for labels and filters of other screens (activity rows, alert
 * rows). A pool beyond them is labelled from the row's own data ('Pool #id', the alert's label);
 * the screens that list pools page through them instead.
 */
export const userPoolsQueryOptions = queryOptions({
  queryKey: [...poolsRootKey, 'user', 'newest'] as const,
  queryFn: async ({ signal }) => (await getUserPools({ limit: LIST_PAGE_MAX }, { signal })).pools,
});

export function useUserPools() {
  return useQuery(userPoolsQueryOptions);
}
