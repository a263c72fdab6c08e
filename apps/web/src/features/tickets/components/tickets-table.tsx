import type { Ticket } from '@tokendesk/contract';
import { useNavigate } from 'react-router';
import { formatTicketDate } from './ticket-dates';
import { TicketStatusBadge } from './ticket-status-badge';

export interface TicketsTableProps {
  tickets: Ticket[];
  /** Where a row leads: /support/{id} or /staff/tickets/{id}. */
  hrefFor: (ticket: Ticket) => string;
  /** The staff console shows who opened each ticket. */
  showUser?: boolean;
}

/** Product §2.13: Subject (with 'ID: #id'), Project, Date, Status, Messages; a row opens the ticket. */
export function TicketsTable({ tickets, hrefFor, showUser = false }: TicketsTableProps) {
  const navigate = useNavigate();
  return (
    <div className="@container overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          <tr>
            <th scope="col" className="px-5 py-3 sm:px-6">
              Subject
            </th>
            {showUser && (
              <th scope="col" className="hidden px-3 py-3 @2xl:table-cell">
                User
              </th>
            )}
            <th scope="col" className="hidden px-3 py-3 @2xl:table-cell">
              Project
            </th>
            <th scope="col" className="hidden px-3 py-3 @2xl:table-cell">
              Date
            </th>
            <th scope="col" className="px-3 py-3">
              Status
            </th>
            <th scope="col" className="hidden px-5 py-3 text-right sm:px-6 @2xl:table-cell">
              Messages
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {tickets.map((ticket) => {
            const href = hrefFor(ticket);
            return (
              <tr key={ticket.id} className="cursor-pointer hover:bg-slate-50" onClick={() => navigate(href)}>
                <td className="w-full max-w-0 px-5 py-3 sm:px-6">
                  <a
                    href={href}
                    onClick={(e) => {
                      e.preventDefault();
                      e.stopPropagation();
                      navigate(href);
                    }}
                    className="block truncate font-medium text-slate-900 hover:text-indigo-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
                  >
                    {ticket.subject}
                  </a>
                  <span className="text-xs text-slate-500">ID: #{ticket.id}</span>
                  {/* Narrow containers: the other columns stack under the subject. */}
                  <span className="mt-0.5 block text-xs break-words text-slate-500 @2xl:hidden">
                    {showUser && ticket.username ? `${ticket.username} · ` : ''}
                    {ticket.project_name || 'General'} · {formatTicketDate(ticket.created_at)} · {ticket.message_count}{' '}
                    {ticket.message_count === 1 ? 'message' : 'messages'}
                  </span>
                </td>
                {showUser && (
                  <td className="hidden px-3 py-3 text-slate-700 @2xl:table-cell">{ticket.username ?? '—'}</td>
                )}
                <td className="hidden max-w-[12rem] truncate px-3 py-3 text-slate-700 @2xl:table-cell">
                  {ticket.project_name || 'General'}
                </td>
                <td className="hidden px-3 py-3 whitespace-nowrap text-slate-600 @2xl:table-cell">
                  <time dateTime={ticket.created_at}>{formatTicketDate(ticket.created_at)}</time>
                </td>
                <td className="px-3 py-3">
                  <TicketStatusBadge ticket={ticket} />
                </td>
                <td className="hidden px-5 py-3 text-right text-slate-700 tabular-nums sm:px-6 @2xl:table-cell">
                  {ticket.message_count}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
