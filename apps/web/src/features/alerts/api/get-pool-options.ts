import { api, LIST_PAGE_LIMIT } from '@tokendesk/contract';
import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { poolsRootKey } from '../../../lib/query-keys';

/**
 * GET projects/user/pools/?q=&cursor=&limit=: the alert form's pool choices, a page at a time and
 * narrowed on the server, without chain reads. Under the pools root, so adding or deleting a pool
 * anywhere refreshes them.
 */
export function getPoolOptions(q: string, cursor: string | undefined, { signal }: { signal?: AbortSignal } = {}) {
  return apiCall(api.pools.list, { query: { q: q || undefined, cursor, limit: String(LIST_PAGE_LIMIT) } }, { signal });
}

/**
 * One cache entry per search text: an answer that arrives after the user typed on lands in its own
 * entry and is never shown for the newer text (the stale-response rule of the select).
 */
export function poolOptionsQueryOptions(q: string) {
  return infiniteQueryOptions({
    queryKey: [...poolsRootKey, 'options', { q }] as const,
    queryFn: ({ pageParam, signal }) => getPoolOptions(q, pageParam, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    // The previous text's options stay (dimmed) until the new answer is in.
    placeholderData: keepPreviousData,
  });
}
