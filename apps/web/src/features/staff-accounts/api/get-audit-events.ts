import { auditEventListSchema } from '@tokendesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const auditEventsQueryKey = ['staff', 'audit-events'] as const;

/** GET staff/audit-events/: the newest reset links issued by staff and the operator. */
export const auditEventsQueryOptions = queryOptions({
  queryKey: auditEventsQueryKey,
  queryFn: ({ signal }) => apiRequest('/staff/audit-events/', { schema: auditEventListSchema, signal }),
});

export function useAuditEvents() {
  return useQuery(auditEventsQueryOptions);
}
