import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  alerts,
  discoveredPools,
  pools,
  projects,
  tickets,
  type AlertRow,
  type DiscoveredPoolRow,
  type PoolRow,
  type ProjectRow,
  type TicketRow,
} from '../db/schema';

/**
 * "Does this user own it", once per entity (decision 0028). Each answers the row when it is the
 * user's and null otherwise: another user's id and an id that does not exist are the same answer,
 * so a route turns null into the same 404 and nothing reveals what other tenants have.
 */

type Reader = Pick<Db, 'select'>;

export async function ownedProject(db: Reader, userId: number, projectId: number): Promise<ProjectRow | null> {
  const [row] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function ownedPool(db: Reader, userId: number, poolId: number): Promise<PoolRow | null> {
  const [row] = await db
    .select()
    .from(pools)
    .where(and(eq(pools.id, poolId), eq(pools.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** The user's pool with its project (alerts judge a pool's price against its project's token). */
export async function ownedPoolWithProject(
  db: Reader,
  userId: number,
  poolId: number,
): Promise<{ pool: PoolRow; project: ProjectRow } | null> {
  const [row] = await db
    .select({ pool: pools, project: projects })
    .from(pools)
    .innerJoin(projects, eq(projects.id, pools.projectId))
    .where(and(eq(pools.id, poolId), eq(pools.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function ownedAlert(db: Reader, userId: number, alertId: number): Promise<AlertRow | null> {
  const [row] = await db
    .select()
    .from(alerts)
    .where(and(eq(alerts.id, alertId), eq(alerts.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** A pool the new-pool watch found for one of the user's projects. */
export async function ownedDiscoveredPool(
  db: Reader,
  userId: number,
  projectId: number,
  discoveredId: number,
): Promise<DiscoveredPoolRow | null> {
  const [row] = await db
    .select()
    .from(discoveredPools)
    .where(
      and(
        eq(discoveredPools.id, discoveredId),
        eq(discoveredPools.projectId, projectId),
        eq(discoveredPools.userId, userId),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function ownedTicket(db: Reader, userId: number, ticketId: number): Promise<TicketRow | null> {
  const [row] = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.id, ticketId), eq(tickets.userId, userId)))
    .limit(1);
  return row ?? null;
}
