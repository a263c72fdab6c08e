import { api, LIST_PAGE_LIMIT } from '@tokendesk/contract';
import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { projectsRootKey } from '../../../lib/query-keys';

/**
 * GET projects/?q=&cursor=&limit=: the new ticket's project choices, a page at a time and narrowed on
 * the server, so any of a user's thousands of projects can be chosen. Under the projects root, so
 * adding or deleting a project anywhere refreshes them; one cache entry per search text.
 */
export function ticketProjectOptionsQueryOptions(q: string) {
  return infiniteQueryOptions({
    queryKey: [...projectsRootKey, 'ticket-options', { q }] as const,
    queryFn: ({ pageParam, signal }) =>
      apiCall(
        api.projects.list,
        { query: { q: q || undefined, cursor: pageParam, limit: String(LIST_PAGE_LIMIT) } },
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    // The previous text's options stay (dimmed) until the new answer is in.
    placeholderData: keepPreviousData,
  });
}
