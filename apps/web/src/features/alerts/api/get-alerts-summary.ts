import { api } from '@tokendesk/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { alertsRootKey } from '../../../lib/query-keys';

/** GET projects/alerts/summary/: alert counts (all, active) and the five newest active alerts, for the dashboard. */
export function getAlertsSummary({ signal }: { signal?: AbortSignal } = {}) {
  return apiCall(api.alerts.summary, {}, { signal });
}

export const alertsSummaryQueryOptions = queryOptions({
  queryKey: [...alertsRootKey, 'summary'] as const,
  queryFn: ({ signal }) => getAlertsSummary({ signal }),
});
