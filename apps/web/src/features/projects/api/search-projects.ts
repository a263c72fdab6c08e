import { api } from '@tokendesk/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { projectsRootKey } from '../../../lib/query-keys';

/** Product §4: a search runs once the trimmed query has at least 2 characters. */
export const SEARCH_MIN_LENGTH = 2;

/** GET projects/search/?query= → at most 10 of the user's projects matching name or symbol. */
export function searchProjects(query: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiCall(api.projects.search, { query: { query } }, { signal });
}

export function searchProjectsQueryOptions(query: string) {
  return queryOptions({
    queryKey: [...projectsRootKey, 'search', query] as const,
    queryFn: ({ signal }) => searchProjects(query, { signal }),
    enabled: query.length >= SEARCH_MIN_LENGTH,
    staleTime: 10_000,
    // Keeps the last results on screen while the next query is on its way, instead of flashing.
    placeholderData: keepPreviousData,
  });
}
