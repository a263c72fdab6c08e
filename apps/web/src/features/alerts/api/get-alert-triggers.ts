import { api } from '@tokendesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { alertsRootKey } from '../../../lib/query-keys';
import { ALERT_DETAIL_REFRESH_MS } from './get-alert';

export const alertTriggersQueryKey = (id: number) => [...alertsRootKey, 'triggers', id] as const;

/** GET projects/alerts/{id}/triggers/: every firing of the alert, newest first. */
export function getAlertTriggers(id: number, { signal }: { signal?: AbortSignal } = {}) {
  return apiCall(api.alerts.triggers, { params: { id } }, { signal });
}

export function alertTriggersQueryOptions(id: number) {
  return queryOptions({
    queryKey: alertTriggersQueryKey(id),
    queryFn: ({ signal }) => getAlertTriggers(id, { signal }),
    refetchInterval: ALERT_DETAIL_REFRESH_MS,
  });
}

export function useAlertTriggers(id: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...alertTriggersQueryOptions(id), enabled });
}
