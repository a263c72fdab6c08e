import { api, type staffTicketStatuses } from '@tokendesk/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { ticketsRootKey } from '../../../lib/query-keys';

export type StaffTicketStatus = (typeof staffTicketStatuses)[number];
export const staffTicketsQueryKey = (status: StaffTicketStatus) =>
  [...ticketsRootKey, 'staff', 'list', status] as const;
const PAGE_SIZE = 50;

/** GET staff/tickets/?status: every user's tickets (awaiting: oldest first), staff only, with the count awaiting a reply. */
export function getStaffTickets(
  status: StaffTicketStatus,
  cursor: string | undefined,
  { signal }: { signal?: AbortSignal } = {},
) {
  return apiCall(api.staffTickets.list, { query: { status, cursor, limit: String(PAGE_SIZE) } }, { signal });
}

export function useStaffTickets(status: StaffTicketStatus) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: staffTicketsQueryKey(status),
      queryFn: ({ pageParam, signal }) => getStaffTickets(status, pageParam, { signal }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => page.next_cursor ?? undefined,
    }),
  );
}
