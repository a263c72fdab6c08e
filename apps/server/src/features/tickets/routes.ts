import { api, ticketMessages as m } from '@tokendesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentAuth } from '../../auth/plugin';
import { cursorParts, encodeCursor, parseCursor } from '../../lib/cursor';
import type { Db } from '../../db/client';
import { emailConfigured } from '../../domain/outbox';
import { ownedProject } from '../../domain/tenancy';
import { HttpError, notFound } from '../../lib/http-errors';
import { toApiMessage, toApiTicket } from './presenter';
import {
  addReply,
  countAwaitingReply,
  createTicket,
  findTicket,
  listStaffTickets,
  listUserTickets,
  setResolved,
  type ReplyOutcome,
} from './repository';
import type { StaffMail } from './staff-notices';
import { route } from '../../plugins/endpoint-routes';

/** The staff queue's rank: 0 awaiting, 1 in progress, 2 resolved. */
const staffCursor = [cursorParts.oneOf(0, 1, 2), cursorParts.epochMs, cursorParts.int4] as const;

/** The ticket with its conversation, or the 404 a missing (or another user's) ticket answers. */
async function ticketOr404(db: Db, ticketId: number, userId: number | null) {
  const found = await findTicket(db, ticketId, userId);
  if (!found) throw notFound(m.ticketNotFound);
  return found;
}

/** The added message, or the refusal as the API answers it. */
function addedMessage(outcome: ReplyOutcome) {
  if (outcome === 'not-found') throw notFound(m.ticketNotFound);
  if (outcome === 'resolved')
    throw new HttpError(409, m.resolvedNoReplies, [{ field: 'message', message: m.resolvedNoReplies }]);
  return toApiMessage(outcome);
}

export const ticketRoutes: FastifyPluginAsyncZod = async (app) => {
  // Staff hear of new tickets and user replies by e-mail only when the server can send one.
  const staffMail: StaffMail | null = emailConfigured(app.config)
    ? { publicUrl: app.config.PUBLIC_URL.replace(/\/+$/, '') }
    : null;
  // ---- The user's own tickets -------------------------------------------------------------

  route(app, api.tickets.list, async (request) => {
    const { user } = currentAuth(request);
    const { cursor, limit } = request.query;
    const before = cursor === undefined ? null : parseCursor(cursor, [cursorParts.int4])[0];
    const rows = await listUserTickets(app.db, user.id, before, limit + 1);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      tickets: page.map((r) => toApiTicket(r)),
      next_cursor: rows.length > limit && last ? encodeCursor([last.ticket.id]) : null,
    };
  });

  route(app, api.tickets.get, async (request) => {
    const { row, messages } = await ticketOr404(app.db, request.params.id, currentAuth(request).user.id);
    return toApiTicket({ ticket: row.ticket, messageCount: row.messageCount }, messages);
  });

  route(app, api.tickets.create, async (request, reply) => {
    const { user } = currentAuth(request);
    const { project: projectId, subject, message } = request.body;
    const project = projectId === null ? null : await ownedProject(app.db, user.id, projectId);
    if (projectId !== null && !project) throw notFound('Project not found.');
    const id = await createTicket(app.db, user.id, project, subject, message, staffMail);
    const { row, messages } = await ticketOr404(app.db, id, user.id);
    return reply.code(201).send(toApiTicket({ ticket: row.ticket, messageCount: row.messageCount }, messages));
  });

  route(app, api.tickets.reply, async (request, reply) => {
    const { user } = currentAuth(request);
    const added = addedMessage(
      await addReply(
        app.db,
        request.params.id,
        user.id,
        { id: user.id, isAdmin: false },
        request.body.message,
        staffMail,
      ),
    );
    return reply.code(201).send(added);
  });

  // ---- Staff console ----------------------------------------------------------------------

  route(app, api.staffTickets.list, async (request) => {
    const { status, cursor, limit } = request.query;
    const after = cursor === undefined ? null : parseCursor(cursor, staffCursor);
    const [rows, awaiting] = await Promise.all([
      listStaffTickets(app.db, status, after, limit + 1),
      countAwaitingReply(app.db),
    ]);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      awaiting_reply: awaiting,
      tickets: page.map((r) => toApiTicket(r)),
      next_cursor:
        rows.length > limit && last ? encodeCursor([last.rank, last.ticket.updatedAt.getTime(), last.ticket.id]) : null,
    };
  });

  const staffDetail = async (id: number) => {
    const { row, messages } = await ticketOr404(app.db, id, null);
    return toApiTicket(row, messages);
  };

  route(app, api.staffTickets.get, async (request) => staffDetail(request.params.id));

  route(app, api.staffTickets.reply, async (request, reply) => {
    const { user } = currentAuth(request);
    const added = addedMessage(
      await addReply(app.db, request.params.id, null, { id: user.id, isAdmin: true }, request.body.message),
    );
    return reply.code(201).send(added);
  });

  route(app, api.staffTickets.resolve, async (request) => {
    if (!(await setResolved(app.db, request.params.id, true))) throw notFound(m.ticketNotFound);
    return staffDetail(request.params.id);
  });

  route(app, api.staffTickets.reopen, async (request) => {
    if (!(await setResolved(app.db, request.params.id, false))) throw notFound(m.ticketNotFound);
    return staffDetail(request.params.id);
  });
};
