import type { Ticket } from '@tokendesk/contract';

export const TICKET_FILTERS = ['all', 'open', 'resolved'] as const;
export type TicketFilter = (typeof TICKET_FILTERS)[number];
export const TICKET_FILTER_LABEL: Record<TicketFilter, string> = {
  all: 'All Tickets',
  open: 'Open Tickets',
  resolved: 'Resolved Tickets',
};

/** The filter button cycles All → Open → Resolved → All. */
export const nextTicketFilter = (filter: TicketFilter): TicketFilter =>
  TICKET_FILTERS[(TICKET_FILTERS.indexOf(filter) + 1) % TICKET_FILTERS.length] ?? 'all';

/** Product §2.13: over the loaded tickets; the query matches the subject or the project name, case-insensitive. */
export function filterTickets<T extends Pick<Ticket, 'subject' | 'project_name' | 'is_resolved'>>(
  tickets: readonly T[],
  filter: TicketFilter,
  query: string,
): T[] {
  const needle = query.trim().toLowerCase();
  return tickets.filter((ticket) => {
    if (filter === 'open' && ticket.is_resolved) return false;
    if (filter === 'resolved' && !ticket.is_resolved) return false;
    if (!needle) return true;
    return ticket.subject.toLowerCase().includes(needle) || ticket.project_name.toLowerCase().includes(needle);
  });
}
