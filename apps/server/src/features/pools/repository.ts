import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
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
const firstRows = (db: Db) => db.select({ pool: pools, project: projects }).from(pools).innerJoin(projects, eq(projects.id, pools.projectId));

/** Newest first; `limit` keeps the first rows of that order (the dashboard's five). */
export async function listUserPools(db: Db, userId: number, limit?: number): Promise<PoolWithProject[]> {
  const order = [desc(pools.createdAt), desc(pools.id)] as const;
  if (limit === undefined) return base(db).where(eq(pools.userId, userId)).orderBy(...order);
  return firstRows(db).where(eq(pools.userId, userId)).orderBy(...order).limit(limit);
}

export async function countUserPools(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(pools).where(eq(pools.userId, userId));
  return row?.n ?? 0;
}

export function listProjectPools(db: Db, userId: number, projectId: number): Promise<PoolWithProject[]> {
  return base(db)
    .where(and(eq(pools.userId, userId), eq(pools.projectId, projectId)))
    .orderBy(desc(pools.createdAt), desc(pools.id));
}

/** Tenant-scoped: another user's pool id finds nothing. */
export async function findUserPool(db: Db, userId: number, poolId: number): Promise<PoolWithProject | undefined> {
  const [row] = await base(db).where(and(eq(pools.id, poolId), eq(pools.userId, userId))).limit(1);
  return row;
}

export { findOwnProject } from '../../db/own-project';

/** The alerts that go with the pool when it is deleted (they cascade); null when it is not the user's pool. */
export async function countPoolAlerts(db: Db, userId: number, poolId: number): Promise<number | null> {
  const [pool] = await db.select({ id: pools.id }).from(pools).where(and(eq(pools.id, poolId), eq(pools.userId, userId))).limit(1);
  if (!pool) return null;
  const [row] = await db.select({ n: count() }).from(alerts).where(eq(alerts.poolId, poolId));
  return row?.n ?? 0;
}
