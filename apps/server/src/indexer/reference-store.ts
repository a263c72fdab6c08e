import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { referencePools, type ReferencePoolRow } from '../db/schema';

/*
 * The reference pools' rows (decision 0064), as the indexer reads and writes them. System data:
 * no user column, so no tenant's query can reach it and no tenant's deletion removes it.
 */

export async function storedReferencePool(db: Db, networkId: number): Promise<ReferencePoolRow | null> {
  const [row] = await db.select().from(referencePools).where(eq(referencePools.networkId, networkId));
  return row ?? null;
}

/** The first choice stays: a second server choosing at the same time (a takeover) keeps the row it finds. */
export async function recordReferencePool(db: Db, row: typeof referencePools.$inferInsert): Promise<ReferencePoolRow> {
  await db.insert(referencePools).values(row).onConflictDoNothing();
  return (await storedReferencePool(db, row.networkId))!;
}
