import { projectListSchema } from '@tokendesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { projectsRootKey } from '../../../lib/query-keys';

export const projectsQueryKey = [...projectsRootKey, 'list'] as const;

/** GET projects/: the user's projects, newest first. */
export async function getProjects({ signal }: { signal?: AbortSignal } = {}) {
  const { projects } = await apiRequest('/projects/', { schema: projectListSchema, signal });
  return projects;
}

export const projectsQueryOptions = queryOptions({
  queryKey: projectsQueryKey,
  queryFn: ({ signal }) => getProjects({ signal }),
});

export function useProjects() {
  return useQuery(projectsQueryOptions);
}
