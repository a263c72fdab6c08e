import { Filter, LifeBuoy, Plus, RefreshCw, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { LoadMoreRow } from '../../../components/list-page';
import { PageHeader } from '../../../components/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../../components/status-message';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useTickets } from '../../../features/tickets/api/get-tickets';
import { CreateTicketDialog } from '../../../features/tickets/components/create-ticket-dialog';
import {
  filterTickets,
  nextTicketFilter,
  TICKET_FILTER_LABEL,
  type TicketFilter,
} from '../../../features/tickets/components/ticket-filter';
import { TicketsTable } from '../../../features/tickets/components/tickets-table';
import { paths } from '../../../lib/paths';

/** Product §2.13: the user's tickets, searched and filtered over the loaded ones. */
export function TicketsRoute() {
  useDocumentTitle('Support');
  const tickets = useTickets();
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<TicketFilter>('all');
  const [creating, setCreating] = useState(false);

  const all = useMemo(() => tickets.data?.pages.flatMap((page) => page.tickets) ?? [], [tickets.data]);
  const shown = filterTickets(all, filter, query);
  const narrowed = filter !== 'all' || query.trim() !== '';
  const nextFilter = () => setFilter(nextTicketFilter);
  const refreshing = tickets.isFetching && !tickets.isFetchingNextPage;

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Support Tickets"
        description="Manage your support requests"
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            New Ticket
          </Button>
        }
      />
      <Card>
        <div className="flex flex-col gap-3 border-b border-slate-100 px-5 py-4 sm:flex-row sm:items-center sm:px-6">
          <div className="relative min-w-0 flex-1">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400"
              aria-hidden="true"
            />
            <Input
              type="search"
              aria-label="Search tickets"
              placeholder="Search tickets by subject or project..."
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              className="pl-9"
            />
          </div>
          <div className="flex shrink-0 gap-2">
            <Button variant="outline" onClick={nextFilter} className="flex-1 sm:flex-none">
              <Filter className="h-4 w-4" aria-hidden="true" />
              {TICKET_FILTER_LABEL[filter]}
            </Button>
            <Button
              variant="outline"
              onClick={() => void tickets.refetch()}
              disabled={refreshing}
              className="flex-1 sm:flex-none"
            >
              <RefreshCw className={refreshing ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden="true" />
              Refresh
            </Button>
          </div>
        </div>
        {tickets.isPending ? (
          <LoadingState>Loading tickets...</LoadingState>
        ) : tickets.isError && !tickets.data ? (
          <ErrorState
            message="Failed to load tickets. Please try again."
            onRetry={() => void tickets.refetch()}
            retrying={tickets.isFetching}
          />
        ) : shown.length === 0 ? (
          <EmptyState
            icon={LifeBuoy}
            title="No tickets found"
            description={
              narrowed
                ? 'No tickets match your search criteria. Try adjusting your filters.'
                : "You haven't created any support tickets yet. Create one when you need help."
            }
            action={!narrowed && <Button onClick={() => setCreating(true)}>Create Your First Ticket</Button>}
          />
        ) : (
          <TicketsTable tickets={shown} hrefFor={(ticket) => paths.ticket(ticket.id)} />
        )}
        <LoadMoreRow list={tickets} />
      </Card>
      <CreateTicketDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}
