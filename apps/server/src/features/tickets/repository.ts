import { ticketMessages as m } from '@tokendesk/contract';
import { and, asc, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ticketMessages, tickets, users, type TicketMessageRow } from '../../db/schema';
import { raiseNotification } from '../../domain/notifications';
import type { ListedRow } from './presenter';
import { tellStaff, type StaffMail } from './staff-notices';

export type StaffStatus = 'awaiting' | 'in_progress' | 'resolved' | 'all';

// Spelled out with table names: in a one-table select drizzle leaves columns unqualified, and an
// unqualified "id" inside the subquery would be the message's id.
const messageCount = sql<number>`(select count(*) from "ticket_messages" tm where tm."ticket_id" = "tickets"."id")::int`;
/** The staff queue's order: awaiting, then in progress, then resolved; oldest last activity first in each. */
const queueRank = sql<number>`(case when "tickets"."is_resolved" then 2 when "tickets"."waiting_answer" then 0 else 1 end)`;

/** The user's tickets, newest first; `before` is the id the previous page ended on. */
export function listUserTickets(db: Db, userId: number, before: number | null, limit: number): Promise<ListedRow[]> {
  const where = [eq(tickets.userId, userId)];
  if (before !== null) where.push(lt(tickets.id, before));
  return db
    .select({ ticket: tickets, messageCount })
    .from(tickets)
    .where(and(...where))
    .orderBy(desc(tickets.id))
    .limit(limit);
}

const statusFilter: Record<StaffStatus, SQL | undefined> = {
  awaiting: and(eq(tickets.isResolved, false), eq(tickets.waitingAnswer, true)),
  in_progress: and(eq(tickets.isResolved, false), eq(tickets.waitingAnswer, false)),
  resolved: eq(tickets.isResolved, true),
  all: undefined,
};

/** Every user's tickets in queue order; `after` is [rank, updated_at, id] of the previous page's last row. */
export async function listStaffTickets(
  db: Db,
  status: StaffStatus,
  after: readonly [number, Date, number] | null,
  limit: number,
) {
  const where: (SQL | undefined)[] = [statusFilter[status]];
  if (after) {
    const [rank, updatedAt, id] = after;
    where.push(
      sql`(${queueRank}, ${tickets.updatedAt}, ${tickets.id}) > (${rank}, ${updatedAt.toISOString()}::timestamptz, ${id})`,
    );
  }
  return db
    .select({ ticket: tickets, messageCount, username: users.username, rank: queueRank })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.userId))
    .where(and(...where))
    .orderBy(queueRank, asc(tickets.updatedAt), asc(tickets.id))
    .limit(limit);
}

/** One ticket with its messages, oldest first; `userId` null for staff (any user's ticket). Null when not found (or not the user's). */
export async function findTicket(db: Db, ticketId: number, userId: number | null) {
  const where = [eq(tickets.id, ticketId)];
  if (userId !== null) where.push(eq(tickets.userId, userId));
  const [row] = await db
    .select({ ticket: tickets, messageCount, username: users.username })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.userId))
    .where(and(...where))
    .limit(1);
  if (!row) return null;
  const messages = await db
    .select()
    .from(ticketMessages)
    .where(eq(ticketMessages.ticketId, ticketId))
    .orderBy(asc(ticketMessages.id));
  return { row, messages };
}

/** Tickets awaiting a staff reply (open, the last word the user's): the staff console's count. */
export async function countAwaitingReply(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tickets)
    .where(statusFilter.awaiting);
  return Number(row?.n ?? 0);
}

/** Opens a ticket and tells staff (bell, and e-mail when `staffMail` is set), in one transaction. */
export async function createTicket(
  db: Db,
  userId: number,
  project: { id: number; name: string } | null,
  subject: string,
  message: string,
  staffMail: StaffMail | null = null,
): Promise<number> {
  // Timestamps from one JS clock, at millisecond precision, so keyset cursors compare exactly.
  const now = new Date();
  return db.transaction(async (tx) => {
    const [ticket] = await tx
      .insert(tickets)
      .values({
        userId,
        projectId: project?.id ?? null,
        projectName: project?.name ?? '',
        subject,
        isResolved: false,
        waitingAnswer: true,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: tickets.id });
    await tx
      .insert(ticketMessages)
      .values({ ticketId: ticket!.id, authorUserId: userId, isAdmin: false, message, createdAt: now });
    await tellStaff(tx, staffMail, {
      kind: 'new',
      ticketId: ticket!.id,
      subject,
      projectName: project?.name ?? '',
      authorId: userId,
      message,
      at: now,
    });
    return ticket!.id;
  });
}

/** What a reply came to: the added message, or refused because the ticket is missing (or not the user's) or resolved. */
export type ReplyOutcome = TicketMessageRow | 'not-found' | 'resolved';

/** Notification text for a staff reply: its first ~140 characters. */
export function replyPreview(message: string): string {
  const flat = message.replace(/\s+/g, ' ').trim();
  return flat.length <= 140 ? flat : `${flat.slice(0, 139).trimEnd()}…`;
}

/**
 * Adds a message to an open ticket. The status change and the message (and, for staff, the owner's
 * notification) are one transaction; the resolved check is part of the update, so a reply racing a
 * resolve cannot slip in. `ownerId` restricts the ticket to that user (null for staff). A user's
 * reply tells staff (bell, and e-mail when `staffMail` is set); a staff reply tells no staff.
 */
export async function addReply(
  db: Db,
  ticketId: number,
  ownerId: number | null,
  author: { id: number; isAdmin: boolean },
  message: string,
  staffMail: StaffMail | null = null,
): Promise<ReplyOutcome> {
  const now = new Date();
  return db.transaction(async (tx): Promise<ReplyOutcome> => {
    const where = [eq(tickets.id, ticketId), eq(tickets.isResolved, false)];
    if (ownerId !== null) where.push(eq(tickets.userId, ownerId));
    const [updated] = await tx
      .update(tickets)
      .set({ waitingAnswer: !author.isAdmin, updatedAt: now })
      .where(and(...where))
      .returning({
        id: tickets.id,
        userId: tickets.userId,
        subject: tickets.subject,
        projectName: tickets.projectName,
      });
    if (!updated) {
      const ownerWhere = [eq(tickets.id, ticketId)];
      if (ownerId !== null) ownerWhere.push(eq(tickets.userId, ownerId));
      const [exists] = await tx
        .select({ id: tickets.id })
        .from(tickets)
        .where(and(...ownerWhere))
        .limit(1);
      // Nothing was written: the transaction ends empty.
      return exists ? 'resolved' : 'not-found';
    }
    const [added] = await tx
      .insert(ticketMessages)
      .values({ ticketId, authorUserId: author.id, isAdmin: author.isAdmin, message, createdAt: now })
      .returning();
    if (author.isAdmin) {
      await raiseNotification(tx, {
        userId: updated.userId,
        title: m.supportReplied,
        message: replyPreview(message),
        navigationUrl: `/support/${ticketId}`,
        createdAt: now,
      });
    } else {
      await tellStaff(tx, staffMail, {
        kind: 'reply',
        ticketId,
        subject: updated.subject,
        projectName: updated.projectName,
        authorId: author.id,
        message,
        at: now,
      });
    }
    return added!;
  });
}

/**
 * Staff: resolve (notifies the owner) or reopen. Resolving a resolved ticket changes nothing and
 * notifies no one. False when there is no such ticket.
 */
export async function setResolved(db: Db, ticketId: number, resolved: boolean): Promise<boolean> {
  const now = new Date();
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(tickets).where(eq(tickets.id, ticketId)).limit(1).for('update');
    if (!current) return false;
    if (current.isResolved === resolved) return true;
    await tx
      .update(tickets)
      // Reopened, the ticket is back in the queue as awaiting an answer.
      .set(
        resolved
          ? { isResolved: true, waitingAnswer: false, updatedAt: now }
          : { isResolved: false, waitingAnswer: true, updatedAt: now },
      )
      .where(eq(tickets.id, ticketId));
    if (resolved) {
      await raiseNotification(tx, {
        userId: current.userId,
        title: m.ticketResolved,
        message: `Ticket #${ticketId} '${current.subject}' was marked resolved.`,
        navigationUrl: `/support/${ticketId}`,
        createdAt: now,
      });
    }
    return true;
  });
}
