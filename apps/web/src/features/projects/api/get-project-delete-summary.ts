import { api } from '@tokendesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { alertsRootKey } from '../../../lib/query-keys';

// Under the alerts root: creating or deleting an alert anywhere changes the count.
export const projectDeleteSummaryQueryKey = (id: number) => [...alertsRootKey, 'project-delete-summary', id] as const;

/** GET projects/{id}/delete-summary/: how many pools and alerts go with the project. */
export function getProjectDeleteSummary(id: number, { signal }: { signal?: AbortSignal } = {}) {
  return apiCall(api.projects.deleteSummary, { params: { id } }, { signal });
}

export function useProjectDeleteSummary(id: number, { enabled }: { enabled: boolean }) {
  return useQuery(
    queryOptions({
      queryKey: projectDeleteSummaryQueryKey(id),
      queryFn: ({ signal }) => getProjectDeleteSummary(id, { signal }),
      enabled,
      // Read at every opening: the confirmation must state what is true now.
      staleTime: 0,
    }),
  );
}
