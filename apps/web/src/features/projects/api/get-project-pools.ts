import { api } from '@tokendesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { poolsRootKey } from '../../../lib/query-keys';

export const projectPoolsQueryKey = (projectId: number) => [...poolsRootKey, 'project', projectId] as const;

/** GET projects/{id}/pools/: the project's pools with live reserves and price. */
export function getProjectPools(projectId: number, { signal }: { signal?: AbortSignal } = {}) {
  return apiCall(api.pools.ofProject, { params: { id: projectId } }, { signal });
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
