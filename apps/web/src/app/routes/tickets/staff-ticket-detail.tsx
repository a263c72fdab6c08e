import { CheckCircle2, RotateCcw } from 'lucide-react';
import { useParams } from 'react-router';
import { toast } from 'sonner';
import { DetailPage } from '../../../components/detail-page';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useStaffTicket } from '../../../features/tickets/api/get-staff-ticket';
import { useReopenTicket } from '../../../features/tickets/api/reopen-ticket';
import { useResolveTicket } from '../../../features/tickets/api/resolve-ticket';
import { useStaffReplyTicket } from '../../../features/tickets/api/staff-reply-ticket';
import { BackLink } from '../../../features/tickets/components/back-link';
import { Conversation } from '../../../features/tickets/components/conversation';
import { ReplyForm } from '../../../features/tickets/components/reply-form';
import { TicketFacts } from '../../../features/tickets/components/ticket-facts';
import { TicketStatusBadge } from '../../../features/tickets/components/ticket-status-badge';
import { paths } from '../../../lib/paths';

/** Product §2.13: a ticket in the staff console: the whole conversation, reply as Support Team, Resolve / Reopen. */
export function StaffTicketDetailRoute() {
  const id = Number(useParams().id);
  const ticket = useStaffTicket(id);
  const reply = useStaffReplyTicket();
  const resolve = useResolveTicket();
  const reopen = useReopenTicket();
  useDocumentTitle(ticket.data ? ticket.data.subject : 'Support Desk');
  const busy = resolve.isPending || reopen.isPending;

  return (
    <DetailPage
      back={<BackLink to={paths.staffTickets}>Back to Support Desk</BackLink>}
      width="4xl"
      query={ticket}
      loadingText="Loading ticket details..."
      errorMessage="Failed to load ticket details. Please try again."
      keepDataOnError
    >
      {(data) => (
        <div className="flex flex-col gap-6">
          <div className="flex flex-wrap items-start justify-between gap-4">
            <div className="min-w-0">
              <div className="flex flex-wrap items-center gap-3">
                <h1 className="min-w-0 text-2xl font-semibold tracking-tight break-words text-slate-900">
                  {data.subject}
                </h1>
                <TicketStatusBadge ticket={data} />
              </div>
              <TicketFacts ticket={data} showUser />
            </div>
            {data.is_resolved ? (
              <Button
                variant="outline"
                disabled={busy}
                loading={reopen.isPending}
                onClick={() =>
                  reopen.mutate(
                    { id },
                    {
                      onSuccess: () => toast.success('Ticket reopened.'),
                      onError: () => toast.error('Failed to reopen the ticket. Please try again.'),
                    },
                  )
                }
              >
                <RotateCcw className="h-4 w-4" aria-hidden="true" />
                Reopen
              </Button>
            ) : (
              <Button
                disabled={busy}
                loading={resolve.isPending}
                onClick={() =>
                  resolve.mutate(
                    { id },
                    {
                      onSuccess: () => toast.success('Ticket resolved.'),
                      onError: () => toast.error('Failed to resolve the ticket. Please try again.'),
                    },
                  )
                }
              >
                <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
                Resolve
              </Button>
            )}
          </div>
          <Card aria-labelledby="conversation">
            <CardHeader title="Conversation" titleId="conversation" />
            <Conversation messages={data.messages} viewer="staff" authorName={data.username} />
            <div className="border-t border-slate-100 px-5 py-4 sm:px-6">
              {data.is_resolved ? (
                <Alert tone="info">This ticket is resolved. Reopen it to reply.</Alert>
              ) : (
                <ReplyForm
                  label="Reply as Support Team"
                  sending={reply.isPending}
                  onSend={(message, done) => reply.mutate({ id, message }, done)}
                />
              )}
            </div>
          </Card>
        </div>
      )}
    </DetailPage>
  );
}
