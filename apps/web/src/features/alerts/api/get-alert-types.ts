import { api } from '@tokendesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { alertsRootKey } from '../../../lib/query-keys';

/** GET projects/alerts/types/: the kinds the server supports, with their labels and fields. */
export function getAlertTypes({ signal }: { signal?: AbortSignal } = {}) {
  return apiCall(api.alerts.types, {}, { signal });
}

export const alertTypesQueryOptions = queryOptions({
  queryKey: [...alertsRootKey, 'types'] as const,
  queryFn: ({ signal }) => getAlertTypes({ signal }),
  // Defined by the server's code: they change with a deploy, not while the app is open.
  staleTime: Infinity,
});

export function useAlertTypes() {
  return useQuery(alertTypesQueryOptions);
}
