import { api } from '@tokendesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { alertsRootKey } from '../../../lib/query-keys';

/** Product §6: the alert detail refreshes every 60 s. */
export const ALERT_DETAIL_REFRESH_MS = 60_000;

export const alertQueryKey = (id: number) => [...alertsRootKey, 'detail', id] as const;

/** GET projects/alerts/{id}/: 404 for an unknown id and for another user's (product §0). */
export function getAlert(id: number, { signal }: { signal?: AbortSignal } = {}) {
  return apiCall(api.alerts.get, { params: { id } }, { signal });
}

export function alertQueryOptions(id: number) {
  return queryOptions({
    queryKey: alertQueryKey(id),
    queryFn: ({ signal }) => getAlert(id, { signal }),
    refetchInterval: ALERT_DETAIL_REFRESH_MS,
  });
}

export function useAlert(id: number) {
  return useQuery(alertQueryOptions(id));
}
