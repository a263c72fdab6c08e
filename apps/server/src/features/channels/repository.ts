import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  alertChannels,
  notificationChannels,
  outbox,
  users,
  type ChannelConfig,
  type NotificationChannelRow,
  type OutboxRow,
} from '../../db/schema';
import { cursorParts, encodeCursor, parseCursor } from '../../lib/cursor';

type Reader = Pick<Db, 'select'>;

export interface ChannelWithCount {
  channel: NotificationChannelRow;
  alertCount: number;
}

const alertCount = sql<number>`(select count(*)::int from ${alertChannels} where ${alertChannels.channelId} = ${notificationChannels.id})`;

/** The user's channels, oldest first (the order they were set up in), each with how many alerts use it. */
export function listChannels(db: Reader, userId: number): Promise<ChannelWithCount[]> {
  return db
    .select({ channel: notificationChannels, alertCount })
    .from(notificationChannels)
    .where(eq(notificationChannels.userId, userId))
    .orderBy(asc(notificationChannels.createdAt), asc(notificationChannels.id));
}

/** Tenant-scoped: another user's channel id finds nothing, exactly like a missing one. */
export async function findChannel(
  db: Reader,
  userId: number,
  channelId: number,
): Promise<ChannelWithCount | undefined> {
  const [row] = await db
    .select({ channel: notificationChannels, alertCount })
    .from(notificationChannels)
    .where(and(eq(notificationChannels.id, channelId), eq(notificationChannels.userId, userId)))
    .limit(1);
  return row;
}

export async function channelCounts(db: Reader, userId: number): Promise<{ total: number; email: number }> {
  const [row] = await db
    .select({ total: count(), email: count(sql`case when ${notificationChannels.kind} = 'email' then 1 end`) })
    .from(notificationChannels)
    .where(eq(notificationChannels.userId, userId));
  return { total: row?.total ?? 0, email: row?.email ?? 0 };
}

/**
 * Holds the user's channel and alert writes in this transaction until it ends: two requests cannot
 * both pass the per-user checks (one e-mail channel, the cap) and both insert, and an alert cannot
 * be linked to a channel being deleted. The same lock the alerts feature takes (docs/decisions/0038).
 */
export async function lockUserChannels(tx: Pick<Db, 'execute'>, userId: number): Promise<void> {
  await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for no key update`);
}

/**
 * The account's address and whether it is verified. Read through to_jsonb so this works whether or
 * not the verification column (migration 0015) is there yet: without it, nothing is verified.
 */
export async function accountEmail(
  db: Pick<Db, 'execute'>,
  userId: number,
): Promise<{ email: string; verified: boolean } | null> {
  const result = (await db.execute(
    sql`select u.email, (to_jsonb(u) ->> 'email_verified_at') is not null as verified from ${users} u where u.id = ${userId}`,
  )) as unknown as {
    rows: { email: string; verified: boolean }[];
  };
  return result.rows[0] ?? null;
}

export type NewChannel = Pick<
  typeof notificationChannels.$inferInsert,
  'userId' | 'kind' | 'name' | 'config' | 'secret'
>;

export async function insertChannel(tx: Pick<Db, 'insert'>, values: NewChannel): Promise<NotificationChannelRow> {
  const [row] = await tx.insert(notificationChannels).values(values).returning();
  return row!;
}

export type ChannelChanges = Partial<{ name: string; config: ChannelConfig; secret: string; resume: true }>;

/** Updates one of the user's channels; undefined when it is not theirs (or gone). */
export async function updateChannel(
  db: Pick<Db, 'update'>,
  userId: number,
  channelId: number,
  changes: ChannelChanges,
): Promise<NotificationChannelRow | undefined> {
  const set: Partial<typeof notificationChannels.$inferInsert> = {};
  if (changes.name !== undefined) set.name = changes.name;
  if (changes.config !== undefined) set.config = changes.config;
  if (changes.secret !== undefined) set.secret = changes.secret;
  if (changes.resume)
    Object.assign(set, { status: 'active', consecutiveFailures: 0, pausedAt: null, pausedReason: null });
  const [row] = await db
    .update(notificationChannels)
    .set(set)
    .where(and(eq(notificationChannels.id, channelId), eq(notificationChannels.userId, userId)))
    .returning();
  return row;
}

/**
 * Deletes one of the user's channels; its alert links go with it (the alerts stay, with the bell
 * and their other channels), and so do its messages, sent or waiting. False when it is not theirs.
 */
export async function deleteChannel(tx: Pick<Db, 'delete'>, userId: number, channelId: number): Promise<boolean> {
  const deleted = await tx
    .delete(notificationChannels)
    .where(and(eq(notificationChannels.id, channelId), eq(notificationChannels.userId, userId)))
    .returning({ id: notificationChannels.id });
  return deleted.length > 0;
}

/** A message's state as the worker last recorded it; undefined when it is gone. */
export async function messageState(
  db: Reader,
  messageId: string,
): Promise<Pick<OutboxRow, 'status' | 'lastResponseCode' | 'lastError'> | undefined> {
  const [row] = await db
    .select({ status: outbox.status, lastResponseCode: outbox.lastResponseCode, lastError: outbox.lastError })
    .from(outbox)
    .where(eq(outbox.messageId, messageId))
    .limit(1);
  return row;
}

/**
 * Delivery log cursors: (created_at in microseconds, outbox id). The id is a bigserial, so the
 * cursor takes any safe integer, not just an int4.
 */
interface LogKey {
  createdUs: string;
  id: number;
}
const encodeLogCursor = (key: LogKey) => encodeCursor([key.createdUs, key.id]);
export function parseLogCursor(cursor: string): LogKey {
  const [createdUs, id] = parseCursor(cursor, [cursorParts.int8String, cursorParts.int8]);
  return { createdUs: createdUs.toString(), id };
}

/** One page of a channel's messages, newest first, in the order of outbox_channel_idx. */
export async function pageDeliveries(
  db: Reader,
  channelId: number,
  page: { after: LogKey | null; limit: number },
): Promise<{ rows: OutboxRow[]; nextCursor: string | null }> {
  const conditions: SQL[] = [eq(outbox.channelId, channelId)];
  if (page.after) {
    conditions.push(
      sql`(${outbox.createdAt}, ${outbox.id}) < (timestamptz 'epoch' + ${page.after.createdUs}::bigint * interval '1 microsecond', ${page.after.id})`,
    );
  }
  const rows = await db
    .select({ row: outbox, createdUs: sql<string>`(extract(epoch from ${outbox.createdAt}) * 1000000)::bigint::text` })
    .from(outbox)
    .where(and(...conditions))
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(page.limit + 1);
  const kept = rows.slice(0, page.limit);
  const last = kept.at(-1);
  return {
    rows: kept.map((r) => r.row),
    nextCursor:
      rows.length > page.limit && last ? encodeLogCursor({ createdUs: last.createdUs, id: last.row.id }) : null,
  };
}
