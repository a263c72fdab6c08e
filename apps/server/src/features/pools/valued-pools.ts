import type { FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { pools, projects } from '../../db/schema';
import { presentPoolsValued } from './presenter';
import { listUserPools, type PoolWithProject } from './repository';

/**
 * The user's pools (of these projects, or all of them) presented live, with each project's USD
 * price: what the project market routes sum (app.ts hands this to them, as features do not import
 * each other).
 */
export async function valuedPools(
  app: Pick<FastifyInstance, 'db' | 'chain' | 'usd'>,
  userId: number,
  projectIds: readonly number[] | null,
) {
  let rows: PoolWithProject[];
  if (projectIds === null) rows = await listUserPools(app.db, userId);
  else if (projectIds.length === 0) rows = [];
  else {
    rows = await app.db
      .select({ pool: pools, project: projects })
      .from(pools)
      .innerJoin(projects, and(eq(projects.id, pools.projectId), eq(projects.userId, pools.userId)))
      .where(and(eq(pools.userId, userId), inArray(pools.projectId, [...projectIds])));
  }
  return presentPoolsValued(app, rows);
}
