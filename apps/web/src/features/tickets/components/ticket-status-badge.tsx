import { ticketStatusLabel, type Ticket } from '@tokendesk/contract';
import { Badge } from '../../../components/ui/badge';

const tone = { Resolved: 'success', 'Awaiting Reply': 'warning', 'In Progress': 'info' } as const;

/** Product §2.13: 'Resolved', else 'Awaiting Reply', else 'In Progress'. */
export function TicketStatusBadge({ ticket }: { ticket: Pick<Ticket, 'is_resolved' | 'waiting_answer'> }) {
  const label = ticketStatusLabel(ticket);
  return <Badge tone={tone[label]}>{label}</Badge>;
}
