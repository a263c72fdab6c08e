import { api } from '@tokendesk/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { projectsRootKey } from '../../../lib/query-keys';

export const projectsSummaryQueryKey = [...projectsRootKey, 'summary'] as const;

/** GET projects/summary/: the project count and the five newest projects, for the dashboard. */
export function getProjectsSummary({ signal }: { signal?: AbortSignal } = {}) {
  return apiCall(api.projects.summary, {}, { signal });
}

export const projectsSummaryQueryOptions = queryOptions({
  queryKey: projectsSummaryQueryKey,
  queryFn: ({ signal }) => getProjectsSummary({ signal }),
});
