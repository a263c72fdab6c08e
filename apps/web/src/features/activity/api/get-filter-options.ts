import { api, LIST_PAGE_LIMIT } from '@tokendesk/contract';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { poolsRootKey, projectsRootKey } from '../../../lib/query-keys';

/*
 * The activity filters' choices, a page at a time and narrowed on the server: a user may have
 * thousands of projects and pools, and any of them must be choosable. Under the projects and pools
 * roots, so adding or deleting one anywhere refreshes them. One cache entry per search text: an
 * answer for an older text never shows for a newer one.
 */

/** GET projects/?q=&cursor=&limit=: the project filter's choices. */
export function projectFilterOptionsQueryOptions(q: string) {
  return infiniteQueryOptions({
    queryKey: [...projectsRootKey, 'activity-filter', { q }] as const,
    queryFn: ({ pageParam, signal }) =>
      apiCall(
        api.projects.list,
        { query: { q: q || undefined, cursor: pageParam, limit: String(LIST_PAGE_LIMIT) } },
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** GET projects/user/pools/?q=&project=&cursor=&limit=: the pool filter's choices, only the chosen project's when one is. */
export function poolFilterOptionsQueryOptions(q: string, project: number | undefined) {
  return infiniteQueryOptions({
    queryKey: [...poolsRootKey, 'activity-filter', { q, project }] as const,
    queryFn: ({ pageParam, signal }) =>
      apiCall(
        api.pools.list,
        {
          query: { q: q || undefined, project: project?.toString(), cursor: pageParam, limit: String(LIST_PAGE_LIMIT) },
        },
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** GET projects/{id}/: the name of a project filter that came with the address (a reload, a shared link). */
export function filterProjectQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...projectsRootKey, 'activity-filter', 'one', id] as const,
    queryFn: ({ signal }) => apiCall(api.projects.get, { params: { id } }, { signal }),
    retry: false,
  });
}

/**
 * GET projects/user/pools/funds/{id}/: the label of a pool filter that came with the address, when
 * the pool is not among those the screen has (one pool; its figures come from the 5 s pool cache).
 */
export function filterPoolQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...poolsRootKey, 'activity-filter', 'one', id] as const,
    queryFn: ({ signal }) => apiCall(api.pools.detail, { params: { id } }, { signal }),
    retry: false,
  });
}
