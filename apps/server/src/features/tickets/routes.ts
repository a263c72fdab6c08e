import {
  apiErrorSchema,
  createTicketBodySchema,
  createTicketFieldOrder,
  idParamSchema,
  MESSAGE_MAX,
  replyBodySchema,
  staffTicketListQuerySchema,
  staffTicketPageSchema,
  ticketListQuerySchema,
  ticketMessageSchema,
  ticketMessages as m,
  ticketPageSchema,
  ticketSchema,
} from '@tokendesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentAuth } from '../../auth/plugin';
import { cursorParts, encodeCursor, parseCursor } from '../../lib/cursor';
import type { Db } from '../../db/client';
import { emailConfigured } from '../../domain/outbox';
import { ownedProject } from '../../domain/tenancy';
import { HttpError, notFound } from '../../lib/http-errors';
import { toApiMessage, toApiTicket } from './presenter';
import { addReply, countAwaitingReply, createTicket, findTicket, listStaffTickets, listUserTickets, setResolved, type ReplyOutcome } from './repository';
import type { StaffMail } from './staff-notices';

const userTags = ['Support tickets'];
const staffTags = ['Support staff'];
const security: Record<string, string[]>[] = [{ bearerAuth: [] }, { basicAuth: [] }];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 503: apiErrorSchema };
const staffErrors = { ...errors, 403: apiErrorSchema };
/** The staff queue's rank: 0 awaiting, 1 in progress, 2 resolved. */
const staffCursor = [cursorParts.oneOf(0, 1, 2), cursorParts.epochMs, cursorParts.int4] as const;
const textNote = `Messages are plain text, trimmed, 1–${MESSAGE_MAX} characters.`;

/** The ticket with its conversation, or the 404 a missing (or another user's) ticket answers. */
async function ticketOr404(db: Db, ticketId: number, userId: number | null) {
  const found = await findTicket(db, ticketId, userId);
  if (!found) throw notFound(m.ticketNotFound);
  return found;
}

/** The added message, or the refusal as the API answers it. */
function addedMessage(outcome: ReplyOutcome) {
  if (outcome === 'not-found') throw notFound(m.ticketNotFound);
  if (outcome === 'resolved') throw new HttpError(409, m.resolvedNoReplies, [{ field: 'message', message: m.resolvedNoReplies }]);
  return toApiMessage(outcome);
}

/** Both reply routes answer the new message alone: a caller that wants the ticket reads it again. */
const replyAnswerNote = 'Answers the new message (message, is_admin, created_at); GET the ticket for its new status and conversation.';

export const ticketRoutes: FastifyPluginAsyncZod = async (app) => {
  // Staff hear of new tickets and user replies by e-mail only when the server can send one.
  const staffMail: StaffMail | null = emailConfigured(app.config) ? { publicUrl: app.config.PUBLIC_URL.replace(/\/+$/, '') } : null;
  // ---- The user's own tickets -------------------------------------------------------------

  app.get(
    '/user/tickets',
    {
      preHandler: app.requireUser,
      config: { fieldOrder: ['cursor', 'limit'] },
      schema: {
        tags: userTags,
        security,
        summary: "The user's tickets, newest first",
        description:
          'Each with message_count; messages is empty in lists. Page with `cursor` = `next_cursor` of the previous page ' +
          '(null on the last page); `limit` 1–200, default 50. `project` is 0 when the project has since been deleted ' +
          '(the ticket stays, with the project_name it was opened under).',
        querystring: ticketListQuerySchema,
        response: { 200: ticketPageSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = currentAuth(request);
      const { cursor, limit } = request.query;
      const before = cursor === undefined ? null : parseCursor(cursor, [cursorParts.int4])[0];
      const rows = await listUserTickets(app.db, user.id, before, limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return { tickets: page.map((r) => toApiTicket(r)), next_cursor: rows.length > limit && last ? encodeCursor([last.ticket.id]) : null };
    },
  );

  app.get(
    '/user/tickets/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: userTags,
        security,
        summary: 'One of the user’s tickets with its conversation',
        description: 'Messages oldest first; the first is the original request. Another user’s ticket answers 404, like a missing one.',
        params: idParamSchema,
        response: { 200: ticketSchema, ...errors },
      },
    },
    async (request) => {
      const { row, messages } = await ticketOr404(app.db, request.params.id, currentAuth(request).user.id);
      return toApiTicket({ ticket: row.ticket, messageCount: row.messageCount }, messages);
    },
  );

  app.post(
    '/user/tickets/create',
    {
      preHandler: app.requireUser,
      config: { fieldOrder: createTicketFieldOrder },
      schema: {
        tags: userTags,
        security,
        summary: 'Open a ticket about one of the user’s projects, or a general one',
        description: `The message is the original request; the ticket starts as Awaiting Reply. Every staff account is notified ('${m.staffNewTicket}'), and staff with a verified address get an e-mail when e-mail is configured. Subject 1–200 characters. ${textNote} A project that is not the user’s answers 404. project null opens a general ticket (no project): it reads back with project 0 and an empty project_name.`,
        body: createTicketBodySchema,
        response: { 201: ticketSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user } = currentAuth(request);
      const { project: projectId, subject, message } = request.body;
      const project = projectId === null ? null : await ownedProject(app.db, user.id, projectId);
      if (projectId !== null && !project) throw notFound('Project not found.');
      const id = await createTicket(app.db, user.id, project, subject, message, staffMail);
      const { row, messages } = await ticketOr404(app.db, id, user.id);
      return reply.code(201).send(toApiTicket({ ticket: row.ticket, messageCount: row.messageCount }, messages));
    },
  );

  app.post(
    '/user/tickets/:id/reply',
    {
      preHandler: app.requireUser,
      config: { fieldOrder: ['message'] },
      schema: {
        tags: userTags,
        security,
        summary: 'Reply to one of the user’s tickets',
        description: `Sets the ticket to Awaiting Reply and notifies every staff account ('${m.staffUserReplied}'; e-mail too, as for a new ticket). ${textNote} A resolved ticket accepts no replies (409). ${replyAnswerNote}`,
        params: idParamSchema,
        body: replyBodySchema,
        response: { 201: ticketMessageSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { user } = currentAuth(request);
      const added = addedMessage(await addReply(app.db, request.params.id, user.id, { id: user.id, isAdmin: false }, request.body.message, staffMail));
      return reply.code(201).send(added);
    },
  );

  // ---- Staff console ----------------------------------------------------------------------

  app.get(
    '/staff/tickets',
    {
      preHandler: app.requireStaff,
      config: { fieldOrder: ['status', 'cursor', 'limit'] },
      schema: {
        tags: staffTags,
        security,
        summary: 'Every user’s tickets (staff only)',
        description:
          'status: awaiting (default), in_progress, resolved or all. Ordered awaiting, then in progress, then resolved; ' +
          'within each, the oldest last activity first, so the longest-waiting ticket leads. Each with the owner’s username. ' +
          'Paged like GET user/tickets/. awaiting_reply counts every ticket awaiting a staff reply, whatever the filter. Non-staff answer 403.',
        querystring: staffTicketListQuerySchema,
        response: { 200: staffTicketPageSchema, ...staffErrors },
      },
    },
    async (request) => {
      const { status, cursor, limit } = request.query;
      const after = cursor === undefined ? null : parseCursor(cursor, staffCursor);
      const [rows, awaiting] = await Promise.all([listStaffTickets(app.db, status, after, limit + 1), countAwaitingReply(app.db)]);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        awaiting_reply: awaiting,
        tickets: page.map((r) => toApiTicket(r)),
        next_cursor: rows.length > limit && last ? encodeCursor([last.rank, last.ticket.updatedAt.getTime(), last.ticket.id]) : null,
      };
    },
  );

  const staffDetail = async (id: number) => {
    const { row, messages } = await ticketOr404(app.db, id, null);
    return toApiTicket(row, messages);
  };

  app.get(
    '/staff/tickets/:id',
    {
      preHandler: app.requireStaff,
      schema: {
        tags: staffTags,
        security,
        summary: 'Any ticket with its conversation (staff only)',
        description: 'Messages oldest first, with the owner’s username.',
        params: idParamSchema,
        response: { 200: ticketSchema, ...staffErrors },
      },
    },
    async (request) => staffDetail(request.params.id),
  );

  app.post(
    '/staff/tickets/:id/reply',
    {
      preHandler: app.requireStaff,
      config: { fieldOrder: ['message'] },
      schema: {
        tags: staffTags,
        security,
        summary: 'Reply as Support Team (staff only)',
        description: `Sets the ticket In Progress and notifies its owner ('${m.supportReplied}', linking to /support/{id}), in one transaction. ${textNote} A resolved ticket accepts no replies (409): reopen it first. ${replyAnswerNote}`,
        params: idParamSchema,
        body: replyBodySchema,
        response: { 201: ticketMessageSchema, ...staffErrors, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { user } = currentAuth(request);
      const added = addedMessage(await addReply(app.db, request.params.id, null, { id: user.id, isAdmin: true }, request.body.message));
      return reply.code(201).send(added);
    },
  );

  app.post(
    '/staff/tickets/:id/resolve',
    {
      preHandler: app.requireStaff,
      schema: {
        tags: staffTags,
        security,
        summary: 'Resolve a ticket (staff only)',
        description: `Notifies the owner ('${m.ticketResolved}'), in the same transaction. Resolving a resolved ticket changes nothing.`,
        params: idParamSchema,
        response: { 200: ticketSchema, ...staffErrors },
      },
    },
    async (request) => {
      if (!(await setResolved(app.db, request.params.id, true))) throw notFound(m.ticketNotFound);
      return staffDetail(request.params.id);
    },
  );

  app.post(
    '/staff/tickets/:id/reopen',
    {
      preHandler: app.requireStaff,
      schema: {
        tags: staffTags,
        security,
        summary: 'Reopen a resolved ticket (staff only)',
        description: 'It returns to the queue as Awaiting Reply. Reopening an open ticket changes nothing.',
        params: idParamSchema,
        response: { 200: ticketSchema, ...staffErrors },
      },
    },
    async (request) => {
      if (!(await setResolved(app.db, request.params.id, false))) throw notFound(m.ticketNotFound);
      return staffDetail(request.params.id);
    },
  );
};
