import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pools, projects, type PoolRow, type ProjectRow } from '../../db/schema';

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

/** Newest first; `limit` keeps the first rows of that order (the dashboard's five). */
export async function listUserPools(db: Db, userId: number, limit?: number): Promise<PoolWithProject[]> {
  const query = base(db).where(eq(pools.userId, userId)).orderBy(desc(pools.createdAt), desc(pools.id));
  return limit === undefined ? query : query.limit(limit);
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
