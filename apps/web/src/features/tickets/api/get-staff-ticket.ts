import { api } from '@tokendesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { ticketsRootKey } from '../../../lib/query-keys';

export const staffTicketQueryKey = (id: number) => [...ticketsRootKey, 'staff', 'detail', id] as const;

/** GET staff/tickets/{id}/: any user's ticket with its messages, staff only. */
export function getStaffTicket(id: number, { signal }: { signal?: AbortSignal } = {}) {
  return apiCall(api.staffTickets.get, { params: { id } }, { signal });
}

export function useStaffTicket(id: number) {
  return useQuery(
    queryOptions({ queryKey: staffTicketQueryKey(id), queryFn: ({ signal }) => getStaffTicket(id, { signal }) }),
  );
}
