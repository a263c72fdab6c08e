import { poolListSchema } from '@tokendesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { poolsRootKey } from '../../../lib/query-keys';

export const projectPoolsQueryKey = (projectId: number) => [...poolsRootKey, 'project', projectId] as const;

/** GET projects/{id}/pools/: the project's pools with live reserves and price. */
export function getProjectPools(projectId: number, { signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(`/projects/${projectId}/pools/`, { schema: poolListSchema, signal });
}

export function projectPoolsQueryOptions(projectId: number) {
  return queryOptions({
    queryKey: projectPoolsQueryKey(projectId),
    queryFn: ({ signal }) => getProjectPools(projectId, { signal }),
  });
}

export function useProjectPools(projectId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...projectPoolsQueryOptions(projectId), enabled });
}
