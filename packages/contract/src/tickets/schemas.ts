import { z } from 'zod';
import { strictId, strictNumber } from '../numbers';

export const ticketMessages = {
  subjectRequired: 'Please enter a subject',
  messageRequired: 'Please enter a message',
  projectRequired: 'Please select a project',
  subjectTooLong: 'Subject must be at most 200 characters long',
  messageTooLong: 'Message must be at most 10000 characters long',
  resolvedNoReplies: 'This ticket has been resolved. If you need further assistance, please create a new ticket.',
  ticketNotFound: 'Ticket not found.',
  supportReplied: 'Support replied to your ticket',
  ticketResolved: 'Your ticket was resolved',
  /** Staff notices (docs/decisions/0040): a bell notification to every staff account. */
  staffNewTicket: 'New support ticket',
  staffUserReplied: 'A user replied to a ticket',
} as const;

/** The staff console header: '1 ticket awaits a reply', '3 tickets await a reply'. */
export function awaitingReplyText(count: number): string {
  if (count === 0) return 'No ticket awaits a reply';
  return count === 1 ? '1 ticket awaits a reply' : `${count.toLocaleString('en-US')} tickets await a reply`;
}

export const MESSAGE_MAX = 10_000;
const m = ticketMessages;

export const ticketMessageSchema = z
  .object({ message: z.string(), is_admin: z.boolean(), created_at: z.string() })
  .meta({ id: 'TicketMessage' });
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

export const ticketSchema = z
  .object({
    id: z.number().int(),
    subject: z.string(),
    project: z.number().int(),
    project_name: z.string(),
    created_at: z.string(),
    is_resolved: z.boolean(),
    waiting_answer: z.boolean(),
    message_count: z.number().int(),
    messages: z.array(ticketMessageSchema).describe('Oldest first; the first is the original request. Empty in lists.'),
    /** Staff views only: who opened it. */
    username: z.string().optional(),
  })
  .meta({ id: 'Ticket' });
export type Ticket = z.infer<typeof ticketSchema>;

export const ticketPageSchema = z
  .object({ tickets: z.array(ticketSchema), next_cursor: z.string().nullable() })
  .meta({ id: 'TicketPage' });

export const staffTicketPageSchema = ticketPageSchema
  .extend({
    awaiting_reply: z
      .number()
      .int()
      .describe(
        'Open tickets whose last message is the user’s (Awaiting Reply), over all pages and whatever the status filter.',
      ),
  })
  .meta({ id: 'StaffTicketPage' });
export type StaffTicketPage = z.infer<typeof staffTicketPageSchema>;

export const ticketListQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: strictNumber(z.number().int().min(1).max(200)).default(50),
});

export const staffTicketStatuses = ['awaiting', 'in_progress', 'resolved', 'all'] as const;
export const staffTicketListQuerySchema = ticketListQuerySchema.extend({
  status: z.enum(staffTicketStatuses).default('awaiting'),
});

// Product §4 order: subject, message, project.
export const createTicketFieldOrder = ['subject', 'message', 'project'] as const;
export const createTicketBodySchema = z
  .strictObject({
    // null: a general question, about no project (a user who cannot add one can still ask for help).
    project: strictId(m.projectRequired).nullable(),
    subject: z.string({ error: m.subjectRequired }).trim().min(1, m.subjectRequired).max(200, m.subjectTooLong),
    message: z.string({ error: m.messageRequired }).trim().min(1, m.messageRequired).max(MESSAGE_MAX, m.messageTooLong),
  })
  .meta({ id: 'CreateTicketBody' });
export type CreateTicketBody = z.input<typeof createTicketBodySchema>;

export const replyBodySchema = z
  .strictObject({
    message: z.string({ error: m.messageRequired }).trim().min(1, m.messageRequired).max(MESSAGE_MAX, m.messageTooLong),
  })
  .meta({ id: 'ReplyBody' });

/** Product §2.13: 'Resolved' if is_resolved, else 'Awaiting Reply' if waiting_answer, else 'In Progress'. */
export function ticketStatusLabel(
  t: Pick<Ticket, 'is_resolved' | 'waiting_answer'>,
): 'Resolved' | 'Awaiting Reply' | 'In Progress' {
  if (t.is_resolved) return 'Resolved';
  return t.waiting_answer ? 'Awaiting Reply' : 'In Progress';
}
