import type { Ticket } from '@tokendesk/contract';
import { formatTicketDateTime } from './ticket-dates';

/** Project, Ticket ID, Created (and the user in the staff console). */
export function TicketFacts({ ticket, showUser = false }: { ticket: Ticket; showUser?: boolean }) {
  const facts: [string, string][] = [
    ...(showUser ? ([['User', ticket.username ?? '—']] as [string, string][]) : []),
    ['Project', ticket.project_name || 'General'],
    ['Ticket ID', `#${ticket.id}`],
    ['Created', formatTicketDateTime(ticket.created_at)],
  ];
  return (
    <dl className="mt-3 flex flex-wrap gap-x-8 gap-y-2 text-sm">
      {facts.map(([term, value]) => (
        <div key={term} className="min-w-0">
          <dt className="text-xs text-slate-500">{term}</dt>
          <dd className="truncate font-medium text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
