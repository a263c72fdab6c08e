import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users, type UserRow } from '../db/schema';

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  // No username holds U+0000, and PostgreSQL text cannot carry it (the query would fail, not miss).
  if (username.includes('\u0000')) return undefined;
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return row;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}
