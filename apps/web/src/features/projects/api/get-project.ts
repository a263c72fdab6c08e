import { api } from '@tokendesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { projectQueryKey } from '../../../lib/query-keys';

/** GET projects/{id}/: 404 for an unknown id and for another user's (product §0). */
export function getProject(id: number, { signal }: { signal?: AbortSignal } = {}) {
  return apiCall(api.projects.get, { params: { id } }, { signal });
}

export function projectQueryOptions(id: number) {
  return queryOptions({
    queryKey: projectQueryKey(id),
    queryFn: ({ signal }) => getProject(id, { signal }),
  });
}

export function useProject(id: number) {
  return useQuery(projectQueryOptions(id));
}
