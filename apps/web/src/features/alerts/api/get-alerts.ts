import { alertListSchema } from '@tokendesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { alertsRootKey } from '../../../lib/query-keys';

export const alertsQueryKey = [...alertsRootKey, 'list'] as const;

/** GET projects/alerts/: every alert of the user. */
export function getAlerts({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest('/projects/alerts/', { schema: alertListSchema, signal });
}

export const alertsQueryOptions = queryOptions({
  queryKey: alertsQueryKey,
  queryFn: ({ signal }) => getAlerts({ signal }),
});

export function useAlerts() {
  return useQuery(alertsQueryOptions);
}
