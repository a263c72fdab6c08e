import { ticketMessages } from '@tokendesk/contract';
import { MessageSquareOff } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../../components/status-message';
import { Alert } from '../../../components/ui/alert';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useTicket } from '../../../features/tickets/api/get-ticket';
import { useReplyTicket } from '../../../features/tickets/api/reply-ticket';
import { BackLink } from '../../../features/tickets/components/back-link';
import { Conversation } from '../../../features/tickets/components/conversation';
import { MessageText } from '../../../features/tickets/components/message-text';
import { ReplyForm } from '../../../features/tickets/components/reply-form';
import { formatMessageTime } from '../../../features/tickets/components/ticket-dates';
import { TicketFacts } from '../../../features/tickets/components/ticket-facts';
import { TicketStatusBadge } from '../../../features/tickets/components/ticket-status-badge';
import { paths } from '../../../lib/paths';

/** A path id the server could know; anything else is 'not found' without asking. */
function parseId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2 ** 31 - 1 ? id : null;
}

/** Product §2.13: one of the user's tickets, its conversation and the reply form. */
export function TicketDetailRoute() {
  const id = parseId(useParams().id);
  return id === null ? <TicketNotFound /> : <TicketDetail key={id} id={id} />;
}

/** An unknown id and another user's ticket look the same (both answer 404), like projects and alerts. */
function TicketNotFound() {
  useDocumentTitle('Ticket not found');
  return (
    <div className="mx-auto max-w-4xl">
      <BackLink to={paths.tickets}>Back to Tickets</BackLink>
      <Card>
        <EmptyState
          icon={MessageSquareOff}
          title={ticketMessages.ticketNotFound}
          description="It does not exist, or it belongs to another account."
          action={
            <Link to={paths.tickets} className={buttonClasses('outline', 'sm')}>
              View all tickets
            </Link>
          }
        />
      </Card>
    </div>
  );
}

function TicketDetail({ id }: { id: number }) {
  const ticket = useTicket(id);
  const reply = useReplyTicket();
  useDocumentTitle(ticket.data ? ticket.data.subject : 'Support Ticket');

  if (ticket.isError && !ticket.data && ticket.error instanceof ApiError && ticket.error.status === 404) return <TicketNotFound />;

  return (
    <div className="mx-auto max-w-4xl">
      <BackLink to={paths.tickets}>Back to Tickets</BackLink>
      {ticket.isPending ? (
        <Card>
          <LoadingState>Loading ticket details...</LoadingState>
        </Card>
      ) : ticket.isError && !ticket.data ? (
        <Card>
          <ErrorState
            message="Failed to load ticket details. Please try again."
            onRetry={() => void ticket.refetch()}
            retrying={ticket.isFetching}
          />
        </Card>
      ) : (
        (() => {
          const t = ticket.data;
          const [original, ...rest] = t.messages;
          return (
            <div className="flex flex-col gap-6">
              <div>
                <div className="flex flex-wrap items-center gap-3">
                  <h1 className="min-w-0 text-2xl font-semibold tracking-tight break-words text-slate-900">{t.subject}</h1>
                  <TicketStatusBadge ticket={t} />
                </div>
                <TicketFacts ticket={t} />
              </div>
              {original && (
                <Card aria-labelledby="original-request">
                  <CardHeader title="Original Request" titleId="original-request" />
                  <CardBody className="px-5 py-4 sm:px-6">
                    <p className="mb-2 flex items-baseline gap-2 text-xs text-slate-500">
                      <span className="font-medium text-slate-700">You</span>
                      <time dateTime={original.created_at}>{formatMessageTime(original.created_at)}</time>
                    </p>
                    <MessageText text={original.message} className="text-slate-800" />
                  </CardBody>
                </Card>
              )}
              <Card aria-labelledby="conversation">
                <CardHeader title="Conversation" titleId="conversation" />
                {rest.length > 0 ? (
                  <Conversation messages={rest} viewer="user" />
                ) : (
                  <p className="px-5 py-6 text-sm text-slate-500 sm:px-6">No replies yet. Our support team will get back to you soon.</p>
                )}
                <div className="border-t border-slate-100 px-5 py-4 sm:px-6">
                  {t.is_resolved ? (
                    <Alert tone="success">
                      {ticketMessages.resolvedNoReplies}
                    </Alert>
                  ) : (
                    <ReplyForm
                      sending={reply.isPending}
                      onSend={(message, done) => reply.mutate({ id: t.id, message }, done)}
                    />
                  )}
                </div>
              </Card>
            </div>
          );
        })()
      )}
    </div>
  );
}
