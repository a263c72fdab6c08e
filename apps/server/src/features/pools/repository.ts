import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { preparedPerDb } from '../../db/prepared';
import type { LowerAddress } from '../../lib/addresses';
import { afterNewest, createdMicros, likePattern, type NewestKey } from '../../db/newest-first';
import { alerts, pools, projects, type PoolRow, type ProjectRow } from '../../db/schema';

export interface PoolWithProject {
  pool: PoolRow;
  project: ProjectRow;
}

// The owner condition is implied (a pool's user is its project's user) but lets PostgreSQL read only
// the user's projects by index instead of scanning all projects to join a user with many pools.
const base = (db: Db) =>
  db
    .select({ pool: pools, project: projects })
    .from(pools)
    .innerJoin(projects, and(eq(projects.id, pools.projectId), eq(projects.userId, pools.userId)));

// For the first few rows the redundant condition backfires: PostgreSQL takes it as selective,
// expects ~50 rows, and hash-joins all of a user's pools to sort them (9 ms for 5,000 pools)
// instead of walking pools_user_idx backwards and joining N projects by key (1 ms).
const firstRows = (db: Db) =>
  db.select({ pool: pools, project: projects }).from(pools).innerJoin(projects, eq(projects.id, pools.projectId));

/** Newest first; `limit` keeps the first rows of that order (the dashboard's five). */
export async function listUserPools(db: Db, userId: number, limit?: number): Promise<PoolWithProject[]> {
  const order = [desc(pools.createdAt), desc(pools.id)] as const;
  if (limit === undefined)
    return base(db)
      .where(eq(pools.userId, userId))
      .orderBy(...order);
  return firstRows(db)
    .where(eq(pools.userId, userId))
    .orderBy(...order)
    .limit(limit);
}

/**
 * One page of the user's pools, newest first, after `after`: optionally one project's, and only
 * those whose paired or project token symbol, pool address or DEX contains `q` (case-insensitive).
 * Projects are joined by key (see firstRows); `limit + 1` rows tell whether another page follows.
 */
/** The first page without a filter (the funds and pools screens open with it): prepared once per page size (decision 0086). */
const firstPoolsPage = preparedPerDb((db: Db, rows: number) =>
  db
    .select({ pool: pools, project: projects, createdUs: createdMicros(pools.createdAt) })
    .from(pools)
    .innerJoin(projects, eq(projects.id, pools.projectId))
    .where(eq(pools.userId, sql.placeholder('userId')))
    .orderBy(desc(pools.createdAt), desc(pools.id))
    .limit(rows)
    .prepare(`pools-first-page-${rows}`),
);

export async function pageUserPools(
  db: Db,
  userId: number,
  page: { q?: string | undefined; projectId?: number | undefined; after: NewestKey | null; limit: number },
): Promise<{ rows: PoolWithProject[]; next: NewestKey | null }> {
  const conditions = [eq(pools.userId, userId)];
  if (page.projectId !== undefined) conditions.push(eq(pools.projectId, page.projectId));
  const q = page.q?.trim();
  if (q) {
    const pattern = likePattern(q);
    conditions.push(
      or(
        ilike(pools.pairedTokenSymbol, pattern),
        ilike(projects.tokenSymbol, pattern),
        ilike(projects.name, pattern),
        ilike(pools.poolAddress, pattern),
        ilike(pools.dexId, pattern),
      )!,
    );
  }
  if (page.after) conditions.push(afterNewest(pools.createdAt, pools.id, page.after));
  const rows =
    conditions.length === 1
      ? await firstPoolsPage(db, page.limit + 1).execute({ userId })
      : await db
          .select({ pool: pools, project: projects, createdUs: createdMicros(pools.createdAt) })
          .from(pools)
          .innerJoin(projects, eq(projects.id, pools.projectId))
          .where(and(...conditions))
          .orderBy(desc(pools.createdAt), desc(pools.id))
          .limit(page.limit + 1);
  const kept = rows.slice(0, page.limit);
  const last = kept.at(-1);
  return {
    rows: kept.map((r) => ({ pool: r.pool, project: r.project })),
    next: rows.length > page.limit && last ? { createdUs: last.createdUs, id: last.pool.id } : null,
  };
}

export async function countUserPools(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(pools).where(eq(pools.userId, userId));
  return row?.n ?? 0;
}

/** A project's pools, newest first; `limit` keeps the first rows (projects/{id}/pools/ answers PROJECT_POOLS_LIMIT). */
export function listProjectPools(
  db: Db,
  userId: number,
  projectId: number,
  limit?: number,
): Promise<PoolWithProject[]> {
  const query = base(db)
    .where(and(eq(pools.userId, userId), eq(pools.projectId, projectId)))
    .orderBy(desc(pools.createdAt), desc(pools.id));
  return limit === undefined ? query : query.limit(limit);
}

/** Whether the project already has a pool at this address. */
export async function projectHasPool(
  db: Db,
  userId: number,
  projectId: number,
  address: LowerAddress,
): Promise<boolean> {
  const [row] = await db
    .select({ id: pools.id })
    .from(pools)
    .where(and(eq(pools.userId, userId), eq(pools.projectId, projectId), eq(pools.poolAddress, address)))
    .limit(1);
  return row !== undefined;
}

export type NewPool = Omit<typeof pools.$inferInsert, 'id' | 'createdAt' | 'poolAddress' | 'pairedTokenAddress'> & {
  poolAddress: LowerAddress;
  pairedTokenAddress: LowerAddress;
};

/** The new pool, or null when the project already has a pool at this address (the unique key said so). */
export async function insertPool(db: Db, values: NewPool): Promise<PoolRow | null> {
  try {
    const [row] = await db.insert(pools).values(values).returning();
    return row!;
  } catch (err) {
    if (uniqueViolation(err) !== null) return null;
    throw err;
  }
}

/** Detaches one of the user's pools (its alerts cascade); false when it is not theirs (or gone). */
export async function deletePool(db: Db, userId: number, poolId: number): Promise<boolean> {
  const deleted = await db
    .delete(pools)
    .where(and(eq(pools.id, poolId), eq(pools.userId, userId)))
    .returning({ id: pools.id });
  return deleted.length > 0;
}

/** The alerts that go with the pool when it is deleted (they cascade). The caller checked that the pool is the user's. */
export async function countPoolAlerts(db: Db, poolId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(alerts).where(eq(alerts.poolId, poolId));
  return row?.n ?? 0;
}
