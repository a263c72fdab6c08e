import { api } from '@tokendesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

export const auditEventsQueryKey = ['staff', 'audit-events'] as const;

/** GET staff/audit-events/: the newest reset links issued by staff and the operator. */
export const auditEventsQueryOptions = queryOptions({
  queryKey: auditEventsQueryKey,
  queryFn: ({ signal }) => apiCall(api.staffAccounts.auditEvents, {}, { signal }),
});

export function useAuditEvents() {
  return useQuery(auditEventsQueryOptions);
}
