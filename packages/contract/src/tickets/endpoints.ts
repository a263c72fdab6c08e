import { idParamSchema } from '../fields';
import {
  createTicketBodySchema,
  createTicketFieldOrder,
  replyBodySchema,
  staffTicketListQuerySchema,
  staffTicketPageSchema,
  ticketListQuerySchema,
  ticketMessageSchema,
  ticketPageSchema,
  ticketSchema,
  MESSAGE_MAX,
  ticketMessages as m,
} from './schemas';
import { endpointGroup } from '../endpoint';

const textNote = `Messages are plain text, trimmed, 1–${MESSAGE_MAX} characters.`;
/** Both reply routes answer the new message alone: a caller that wants the ticket reads it again. */
const replyAnswerNote =
  'Answers the new message (message, is_admin, created_at); GET the ticket for its new status and conversation.';

export const ticketEndpoints = endpointGroup(
  { tags: ['Support tickets'], access: 'user', workspace: 'personal', errors: [400, 401, 404, 503] },
  {
    list: {
      method: 'GET',
      path: '/user/tickets',
      summary: "The user's tickets, newest first",
      description:
        'Each with message_count; messages is empty in lists. Page with `cursor` = `next_cursor` of the previous page ' +
        '(null on the last page); `limit` 1–200, default 50. `project` is 0 when the project has since been deleted ' +
        '(the ticket stays, with the project_name it was opened under).',
      query: ticketListQuerySchema,
      fieldOrder: ['cursor', 'limit'],
      responses: { 200: ticketPageSchema },
    },
    get: {
      method: 'GET',
      path: '/user/tickets/:id',
      summary: 'One of the user’s tickets with its conversation',
      description:
        'Messages oldest first; the first is the original request. Another user’s ticket answers 404, like a missing one.',
      params: idParamSchema,
      responses: { 200: ticketSchema },
    },
    create: {
      method: 'POST',
      path: '/user/tickets/create',
      summary: 'Open a ticket about one of the user’s projects, or a general one',
      description: `The message is the original request; the ticket starts as Awaiting Reply. Every staff account is notified ('${m.staffNewTicket}'), and staff with a verified address get an e-mail when e-mail is configured. Subject 1–200 characters. ${textNote} A project that is not the user’s answers 404. project null opens a general ticket (no project): it reads back with project 0 and an empty project_name.`,
      body: createTicketBodySchema,
      fieldOrder: createTicketFieldOrder,
      responses: { 201: ticketSchema },
    },
    reply: {
      method: 'POST',
      path: '/user/tickets/:id/reply',
      summary: 'Reply to one of the user’s tickets',
      description: `Sets the ticket to Awaiting Reply and notifies every staff account ('${m.staffUserReplied}'; e-mail too, as for a new ticket). ${textNote} A resolved ticket accepts no replies (409). ${replyAnswerNote}`,
      params: idParamSchema,
      body: replyBodySchema,
      fieldOrder: ['message'],
      responses: { 201: ticketMessageSchema },
      errors: [409],
    },
  },
);

export const staffTicketEndpoints = endpointGroup(
  { tags: ['Support staff'], access: 'staff', errors: [400, 401, 403, 404, 503] },
  {
    list: {
      method: 'GET',
      path: '/staff/tickets',
      summary: 'Every user’s tickets (staff only)',
      description:
        'status: awaiting (default), in_progress, resolved or all. Ordered awaiting, then in progress, then resolved; ' +
        'within each, the oldest last activity first, so the longest-waiting ticket leads. Each with the owner’s username. ' +
        'Paged like GET user/tickets/. awaiting_reply counts every ticket awaiting a staff reply, whatever the filter. Non-staff answer 403.',
      query: staffTicketListQuerySchema,
      fieldOrder: ['status', 'cursor', 'limit'],
      responses: { 200: staffTicketPageSchema },
    },
    get: {
      method: 'GET',
      path: '/staff/tickets/:id',
      summary: 'Any ticket with its conversation (staff only)',
      description: 'Messages oldest first, with the owner’s username.',
      params: idParamSchema,
      responses: { 200: ticketSchema },
    },
    reply: {
      method: 'POST',
      path: '/staff/tickets/:id/reply',
      summary: 'Reply as Support Team (staff only)',
      description: `Sets the ticket In Progress and notifies its owner ('${m.supportReplied}', linking to /support/{id}), in one transaction. ${textNote} A resolved ticket accepts no replies (409): reopen it first. ${replyAnswerNote}`,
      params: idParamSchema,
      body: replyBodySchema,
      fieldOrder: ['message'],
      responses: { 201: ticketMessageSchema },
      errors: [409],
    },
    resolve: {
      method: 'POST',
      path: '/staff/tickets/:id/resolve',
      summary: 'Resolve a ticket (staff only)',
      description: `Notifies the owner ('${m.ticketResolved}'), in the same transaction. Resolving a resolved ticket changes nothing.`,
      params: idParamSchema,
      responses: { 200: ticketSchema },
    },
    reopen: {
      method: 'POST',
      path: '/staff/tickets/:id/reopen',
      summary: 'Reopen a resolved ticket (staff only)',
      description: 'It returns to the queue as Awaiting Reply. Reopening an open ticket changes nothing.',
      params: idParamSchema,
      responses: { 200: ticketSchema },
    },
  },
);
