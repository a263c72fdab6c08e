import { api, LIST_PAGE_LIMIT } from '@tokendesk/contract';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { poolsQueryKey } from '../../../lib/query-keys';

export interface LivePoolsRequest {
  /** Server-side search: token symbols, pool address, DEX. */
  q?: string;
  /** Only this project's pools. */
  project?: number;
  cursor?: string;
  limit?: number;
}

/**
 * GET projects/user/pools/funds/?q=&cursor=&limit=: one page of pools, newest first, each with its
 * reserves (pool_funds) and price read from the chain. A heavy user has thousands: never all at once.
 */
export function getLivePools(
  { q, project, cursor, limit }: LivePoolsRequest = {},
  { signal }: { signal?: AbortSignal } = {},
) {
  return apiCall(
    api.pools.listLive,
    { query: { q: q || undefined, project: project?.toString(), cursor, limit: limit?.toString() } },
    { signal },
  );
}

/** The /funds list: pages of LIST_PAGE_LIMIT behind 'Load more', one cache entry per search text and project. */
export function livePoolsPagesQueryOptions({ q, project }: { q: string; project?: number }) {
  return infiniteQueryOptions({
    queryKey: [...poolsQueryKey, { q, project }] as const,
    queryFn: ({ pageParam, signal }) =>
      getLivePools({ q, project, cursor: pageParam, limit: LIST_PAGE_LIMIT }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    // While the answer for a new search text is on its way the previous rows stay (dimmed), so the
    // list does not flash to a spinner on every keystroke.
    placeholderData: keepPreviousData,
  });
}

export function useLivePoolsPages(filters: { q: string; project?: number }) {
  return useInfiniteQuery(livePoolsPagesQueryOptions(filters));
}
