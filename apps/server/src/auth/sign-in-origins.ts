import { and, desc, eq, gt, lt, notInArray, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { signInOrigins } from '../db/schema';
import { originKey } from '../lib/ip-prefix';

/**
 * Where a user signed in from (decision 0054), in PostgreSQL rather than in each server's memory:
 * behind a load balancer the owner's next sign-in may reach another server, and after a restart
 * (every deploy) an in-memory list would be empty exactly when an attacker might strike. One
 * primary-key read per attempt on an existing username is small beside the scrypt hash it decides.
 */

/** How long a sign-in keeps its origin known, and how many origins one user keeps. */
export const ORIGIN_TTL_MS = 90 * 24 * 60 * 60 * 1000;
export const ORIGINS_PER_USER = 10;

/** Whether the user signed in from this address (its IPv6 /64) within ORIGIN_TTL_MS. */
export async function isKnownOrigin(db: Db, userId: number, ip: string, now: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: signInOrigins.userId })
    .from(signInOrigins)
    .where(
      and(
        eq(signInOrigins.userId, userId),
        eq(signInOrigins.origin, originKey(ip)),
        gt(signInOrigins.lastSignedInAt, new Date(now - ORIGIN_TTL_MS)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Records a successful sign-in's origin; keeps the user's ORIGINS_PER_USER most recent, within ORIGIN_TTL_MS. */
export async function rememberOrigin(db: Db, userId: number, ip: string, now: number): Promise<void> {
  const at = new Date(now);
  await db
    .insert(signInOrigins)
    .values({ userId, origin: originKey(ip), lastSignedInAt: at })
    .onConflictDoUpdate({ target: [signInOrigins.userId, signInOrigins.origin], set: { lastSignedInAt: at } });
  const keep = db
    .select({ origin: signInOrigins.origin })
    .from(signInOrigins)
    .where(eq(signInOrigins.userId, userId))
    .orderBy(desc(signInOrigins.lastSignedInAt))
    .limit(ORIGINS_PER_USER);
  await db
    .delete(signInOrigins)
    .where(
      and(
        eq(signInOrigins.userId, userId),
        or(lt(signInOrigins.lastSignedInAt, new Date(now - ORIGIN_TTL_MS)), notInArray(signInOrigins.origin, keep)),
      ),
    );
}
