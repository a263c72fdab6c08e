import { api } from '@tokendesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { alertsRootKey } from '../../../lib/query-keys';

// Under the alerts root: creating or deleting an alert anywhere changes the count.
export const poolDeleteSummaryQueryKey = (id: number) => [...alertsRootKey, 'pool-delete-summary', id] as const;

/** GET projects/pool/{id}/delete-summary/: how many alerts go with the pool. */
export function getPoolDeleteSummary(id: number, { signal }: { signal?: AbortSignal } = {}) {
  return apiCall(api.pools.deleteSummary, { params: { id } }, { signal });
}

export function usePoolDeleteSummary(id: number, { enabled }: { enabled: boolean }) {
  return useQuery(
    queryOptions({
      queryKey: poolDeleteSummaryQueryKey(id),
      queryFn: ({ signal }) => getPoolDeleteSummary(id, { signal }),
      enabled,
      // Read at every confirmation: it must state what is true now.
      staleTime: 0,
    }),
  );
}
