import { projectSummarySchema } from '@tokendesk/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { projectsRootKey } from '../../../lib/query-keys';

export const projectsSummaryQueryKey = [...projectsRootKey, 'summary'] as const;

/** GET projects/summary/: the project count and the five newest projects, for the dashboard. */
export function getProjectsSummary({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/projects/summary/', { schema: projectSummarySchema, signal });
}

export const projectsSummaryQueryOptions = queryOptions({
  queryKey: projectsSummaryQueryKey,
  queryFn: ({ signal }) => getProjectsSummary({ signal }),
});
