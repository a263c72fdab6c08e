import type { AuditEvent } from '@tokendesk/contract';
import { LoadingState } from '../../../components/status-message';
import { Card, CardHeader } from '../../../components/ui/card';
import { formatDateTime } from '../../../lib/format';
import { useAuditEvents } from '../api/get-audit-events';

/** 'Staff: ann' or 'Operator (CLI): root': who issued a link, in the audit list. */
export function auditActor(event: Pick<AuditEvent, 'actor_kind' | 'actor_name'>): string {
  return event.actor_kind === 'staff' ? `Staff: ${event.actor_name}` : `Operator (CLI): ${event.actor_name}`;
}

/** The audit trail of reset links (decision 0058): who issued one, for whom, when. Never the link. */
export function AuditEventsList({ events }: { events: AuditEvent[] }) {
  if (events.length === 0)
    return <p className="px-5 py-4 text-sm text-slate-500 sm:px-6">No reset links have been issued.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          <tr>
            <th scope="col" className="hidden px-5 py-3 sm:table-cell sm:px-6">
              When
            </th>
            <th scope="col" className="px-5 py-3 sm:px-3">
              For
            </th>
            <th scope="col" className="px-5 py-3 sm:px-6">
              Issued by
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {events.map((event) => (
            <tr key={event.id}>
              <td className="hidden px-5 py-3 whitespace-nowrap text-slate-700 sm:table-cell sm:px-6">
                {formatDateTime(event.created_at)}
              </td>
              <td className="px-5 py-3 sm:px-3">
                <span className="font-medium [overflow-wrap:anywhere] text-slate-900">{event.subject_name}</span>
                {/* Narrow screens: the time under the name instead of a column of its own. */}
                <span className="mt-0.5 block text-xs text-slate-500 sm:hidden">
                  {formatDateTime(event.created_at)}
                </span>
              </td>
              <td className="px-5 py-3 [overflow-wrap:anywhere] text-slate-700 sm:px-6">{auditActor(event)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function AuditEventsCard() {
  const audit = useAuditEvents();
  return (
    <Card className="mt-6" aria-labelledby="audit-events-title">
      <CardHeader
        titleId="audit-events-title"
        title="Reset Links Issued"
        description="The newest 50, by support staff and the operator's command line"
      />
      {audit.isPending ? (
        <LoadingState>Loading...</LoadingState>
      ) : audit.isError ? (
        <p className="px-5 py-4 text-sm text-red-700 sm:px-6">Failed to load the reset links issued.</p>
      ) : (
        <AuditEventsList events={audit.data.events} />
      )}
    </Card>
  );
}
