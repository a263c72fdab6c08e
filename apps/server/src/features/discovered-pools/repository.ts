import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { discoveredPools, type DiscoveredPoolRow } from '../../db/schema';

/**
 * The pools the new-pool watch found for a project's token (the indexer writes them): listed and
 * forgotten here; domain/tenancy.ts finds one of the user's.
 */

/** The found pools of one of the user's projects that are not attached to it, newest first. */
export function listDiscoveredPools(db: Db, userId: number, projectId: number): Promise<DiscoveredPoolRow[]> {
  return db
    .select()
    .from(discoveredPools)
    .where(
      and(
        eq(discoveredPools.userId, userId),
        eq(discoveredPools.projectId, projectId),
        sql`not exists (select 1 from pools p where p.project_id = ${discoveredPools.projectId} and p.pool_address = ${discoveredPools.poolAddress})`,
      ),
    )
    .orderBy(desc(discoveredPools.id));
}

/** Forgets a found pool (dismissed, or attached: the pools row takes over). */
export async function deleteDiscoveredPool(db: Db, id: number): Promise<void> {
  await db.delete(discoveredPools).where(eq(discoveredPools.id, id));
}
