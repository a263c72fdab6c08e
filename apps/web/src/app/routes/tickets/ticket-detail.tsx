import { ticketMessages } from '@tokendesk/contract';
import { MessageSquareOff } from 'lucide-react';
import { DetailNotFound, DetailPage, useRecordId } from '../../../components/detail-page';
import { Alert } from '../../../components/ui/alert';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
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

const back = <BackLink to={paths.tickets}>Back to Tickets</BackLink>;

/** Product §2.13: one of the user's tickets, its conversation and the reply form. */
export function TicketDetailRoute() {
  const id = useRecordId();
  return id === null ? <TicketNotFound /> : <TicketDetail key={id} id={id} />;
}

/** An unknown id and another user's ticket look the same (both answer 404), like projects and alerts. */
function TicketNotFound() {
  return (
    <DetailNotFound
      back={back}
      width="4xl"
      documentTitle="Ticket not found"
      icon={MessageSquareOff}
      title={ticketMessages.ticketNotFound}
      listLink={{ to: paths.tickets, label: 'View all tickets' }}
    />
  );
}

function TicketDetail({ id }: { id: number }) {
  const ticket = useTicket(id);
  const reply = useReplyTicket();
  useDocumentTitle(ticket.data ? ticket.data.subject : 'Support Ticket');

  return (
    <DetailPage
      back={back}
      width="4xl"
      query={ticket}
      notFound={<TicketNotFound />}
      loadingText="Loading ticket details..."
      errorMessage="Failed to load ticket details. Please try again."
      keepDataOnError
    >
      {(t) => {
        const [original, ...rest] = t.messages;
        return (
          <div className="flex flex-col gap-6">
            <div>
              <div className="flex flex-wrap items-center gap-3">
                <h1 className="min-w-0 text-2xl font-semibold tracking-tight break-words text-slate-900">
                  {t.subject}
                </h1>
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
                <p className="px-5 py-6 text-sm text-slate-500 sm:px-6">
                  No replies yet. Our support team will get back to you soon.
                </p>
              )}
              <div className="border-t border-slate-100 px-5 py-4 sm:px-6">
                {t.is_resolved ? (
                  <Alert tone="success">{ticketMessages.resolvedNoReplies}</Alert>
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
      }}
    </DetailPage>
  );
}
