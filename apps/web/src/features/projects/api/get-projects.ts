import { api, LIST_PAGE_LIMIT, LIST_PAGE_MAX } from '@tokendesk/contract';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { projectsQueryKey } from '../../../lib/query-keys';

export interface ProjectsRequest {
  /** Server-side search: name, symbol or contract address. */
  q?: string;
  cursor?: string;
  limit?: number;
}

/** GET projects/?q=&cursor=&limit=: one page of the user's projects, newest first. */
export function getProjects({ q, cursor, limit }: ProjectsRequest = {}, { signal }: { signal?: AbortSignal } = {}) {
  return apiCall(api.projects.list, { query: { q: q || undefined, cursor, limit: limit?.toString() } }, { signal });
}

/**
 * The newest LIST_PAGE_MAX projects, for the selects of other screens (activity filter, new ticket,
 * /funds/new). The /projects screen pages through all of them instead.
 */
export const projectsQueryOptions = queryOptions({
  queryKey: [...projectsQueryKey, 'newest'] as const,
  queryFn: async ({ signal }) => (await getProjects({ limit: LIST_PAGE_MAX }, { signal })).projects,
});

export function useProjects() {
  return useQuery(projectsQueryOptions);
}

/** The /projects list: pages of LIST_PAGE_LIMIT behind 'Load more', one cache entry per search text. */
export function projectsPagesQueryOptions(q: string) {
  return infiniteQueryOptions({
    queryKey: [...projectsQueryKey, 'pages', { q }] as const,
    queryFn: ({ pageParam, signal }) => getProjects({ q, cursor: pageParam, limit: LIST_PAGE_LIMIT }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export function useProjectsPages(q: string) {
  return useInfiniteQuery(projectsPagesQueryOptions(q));
}
