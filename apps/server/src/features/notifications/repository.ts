import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import { notifications, type NotificationRow } from '../../db/schema';

export function listNotifications(db: Db, userId: number, limit: number): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

/**
 * `user_id = ? and is_read = false` matches the partial index notifications_user_unread_idx
 * exactly, so the count reads only the user's unread entries of that small index.
 */
export async function countUnread(db: Db, userId: number): Promise<number> {
  const [row] = await unreadOf(db, 0).execute({ userId });
  return Number(row?.n ?? 0);
}

/** Polled by every open tab: prepared once (decision 0086). */
const unreadOf = preparedPerDb((db: Db) =>
  db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, sql.placeholder('userId')), eq(notifications.isRead, false)))
    .prepare('notifications-unread-count'),
);

/** Marks the user's unread notifications among `ids` read; ids of other users match nothing. */
export async function markRead(db: Db, userId: number, ids: readonly number[] | 'all'): Promise<number> {
  const conditions = [eq(notifications.userId, userId), eq(notifications.isRead, false)];
  if (ids !== 'all') conditions.push(inArray(notifications.id, [...ids]));
  const updated = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(...conditions))
    .returning({ id: notifications.id });
  return updated.length;
}
