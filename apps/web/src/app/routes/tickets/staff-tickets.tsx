import { Inbox, KeyRound, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { LoadMoreRow } from '../../../components/list-page';
import { PageHeader } from '../../../components/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../../components/status-message';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSearchParams } from 'react-router';
import { useStaffTickets, type StaffTicketStatus } from '../../../features/tickets/api/get-staff-tickets';
import { TicketsTable } from '../../../features/tickets/components/tickets-table';
import { AwaitingReplyCount } from '../../../features/tickets/components/awaiting-reply-count';
import { paths } from '../../../lib/paths';
import { AuditEventsCard } from '../../../features/staff-accounts/components/audit-events-card';
import { ResetLinkDialog } from '../../../features/staff-accounts/components/reset-link-dialog';

const STATUS_FILTERS: { value: StaffTicketStatus; label: string }[] = [
  { value: 'awaiting', label: 'Awaiting Reply' },
  { value: 'in_progress', label: 'In Progress' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'all', label: 'All' },
];

const isStatus = (value: string | null): value is StaffTicketStatus => STATUS_FILTERS.some((f) => f.value === value);

/** Product §2.13: the staff console, every user's tickets by status (awaiting: oldest first, from the API). */
export function StaffTicketsRoute() {
  useDocumentTitle('Support Desk');
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status: StaffTicketStatus = isStatus(raw) ? raw : 'awaiting';
  const tickets = useStaffTickets(status);
  const all = tickets.data?.pages.flatMap((page) => page.tickets) ?? [];
  const refreshing = tickets.isFetching && !tickets.isFetchingNextPage;
  const [resetLinkOpen, setResetLinkOpen] = useState(false);

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Support Desk"
        description={
          <>
            Every user's support tickets <AwaitingReplyCount count={tickets.data?.pages[0]?.awaiting_reply} />
          </>
        }
        actions={
          <>
            {/* A user who cannot sign in cannot open a ticket: staff issue a reset link here (decision 0058). */}
            <Button variant="outline" onClick={() => setResetLinkOpen(true)}>
              <KeyRound className="h-4 w-4" aria-hidden="true" />
              Password Reset Link
            </Button>
            <Button variant="outline" onClick={() => void tickets.refetch()} disabled={refreshing}>
              <RefreshCw className={refreshing ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden="true" />
              Refresh
            </Button>
          </>
        }
      />
      <Card>
        <div
          role="group"
          aria-label="Status"
          className="flex flex-wrap gap-2 border-b border-slate-100 px-5 py-4 sm:px-6"
        >
          {STATUS_FILTERS.map((filter) => (
            <button
              key={filter.value}
              type="button"
              aria-pressed={status === filter.value}
              onClick={() => setParams(filter.value === 'awaiting' ? {} : { status: filter.value }, { replace: true })}
              className={cn(
                'cursor-pointer rounded-full px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500',
                status === filter.value ? 'bg-indigo-600 text-white' : 'bg-slate-100 text-slate-700 hover:bg-slate-200',
              )}
            >
              {filter.label}
            </button>
          ))}
        </div>
        {tickets.isPending ? (
          <LoadingState>Loading tickets...</LoadingState>
        ) : tickets.isError && !tickets.data ? (
          <ErrorState
            message="Failed to load tickets. Please try again."
            onRetry={() => void tickets.refetch()}
            retrying={tickets.isFetching}
          />
        ) : all.length === 0 ? (
          <EmptyState icon={Inbox} title="No tickets found" description="No tickets have this status." />
        ) : (
          <TicketsTable tickets={all} hrefFor={(ticket) => paths.staffTicket(ticket.id)} showUser />
        )}
        <LoadMoreRow list={tickets} />
      </Card>
      <AuditEventsCard />
      <ResetLinkDialog open={resetLinkOpen} onOpenChange={setResetLinkOpen} />
    </div>
  );
}
