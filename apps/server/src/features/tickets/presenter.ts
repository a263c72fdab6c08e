import type { Ticket, TicketMessage } from '@tokendesk/contract';
import type { TicketMessageRow, TicketRow } from '../../db/schema';

/** A ticket as the lists read it: with its message count, and for staff the owner's username. */
export interface ListedRow {
  ticket: TicketRow;
  messageCount: number;
  username?: string;
}

export function toApiTicket(row: ListedRow, messages: TicketMessageRow[] = []): Ticket {
  const t = row.ticket;
  return {
    id: t.id,
    subject: t.subject,
    // 0 once the project was deleted: the ticket stays, under the name it was opened with.
    project: t.projectId ?? 0,
    project_name: t.projectName,
    created_at: t.createdAt.toISOString(),
    is_resolved: t.isResolved,
    waiting_answer: t.waitingAnswer,
    message_count: row.messageCount,
    messages: messages.map(toApiMessage),
    ...(row.username !== undefined ? { username: row.username } : {}),
  };
}

export function toApiMessage(msg: TicketMessageRow): TicketMessage {
  return { message: msg.message, is_admin: msg.isAdmin, created_at: msg.createdAt.toISOString() };
}
