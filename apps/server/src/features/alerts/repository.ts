import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { alerts, alertTriggers, pools, projects, type AlertRow, type AlertTriggerRow, type PoolRow, type ProjectRow } from '../../db/schema';

export interface AlertWithPool {
  alert: AlertRow;
  pool: PoolRow;
  project: ProjectRow;
}

const base = (db: Db) =>
  db
    .select({ alert: alerts, pool: pools, project: projects })
    .from(alerts)
    .innerJoin(pools, eq(pools.id, alerts.poolId))
    .innerJoin(projects, eq(projects.id, pools.projectId));

/** Newest first; the dashboard asks for the first few active ones. */
export async function listAlerts(db: Db, userId: number, options: { activeOnly?: boolean; limit?: number } = {}): Promise<AlertWithPool[]> {
  const query = base(db)
    .where(options.activeOnly ? and(eq(alerts.userId, userId), eq(alerts.isActive, true)) : eq(alerts.userId, userId))
    .orderBy(desc(alerts.createdAt), desc(alerts.id));
  return options.limit === undefined ? query : query.limit(options.limit);
}

export async function countAlerts(db: Db, userId: number): Promise<{ total: number; active: number }> {
  const [row] = await db
    .select({ total: count(), active: count(sql`case when ${alerts.isActive} then 1 end`) })
    .from(alerts)
    .where(eq(alerts.userId, userId));
  return { total: row?.total ?? 0, active: row?.active ?? 0 };
}

/** Tenant-scoped: another user's alert id finds nothing, exactly like a missing one. */
export async function findAlert(db: Db, userId: number, alertId: number): Promise<AlertWithPool | undefined> {
  const [row] = await base(db).where(and(eq(alerts.id, alertId), eq(alerts.userId, userId))).limit(1);
  return row;
}

export async function findUserPool(db: Db, userId: number, poolId: number): Promise<{ pool: PoolRow; project: ProjectRow } | undefined> {
  const [row] = await db
    .select({ pool: pools, project: projects })
    .from(pools)
    .innerJoin(projects, eq(projects.id, pools.projectId))
    .where(and(eq(pools.id, poolId), eq(pools.userId, userId)))
    .limit(1);
  return row;
}

/** Updates one of the user's alerts; undefined when it is not theirs (or gone). */
export async function updateAlert(db: Db, userId: number, alertId: number, values: Partial<typeof alerts.$inferInsert>): Promise<AlertRow | undefined> {
  const [row] = await db
    .update(alerts)
    .set(values)
    .where(and(eq(alerts.id, alertId), eq(alerts.userId, userId)))
    .returning();
  return row;
}

export function listTriggers(db: Db, alertId: number, limit: number): Promise<AlertTriggerRow[]> {
  return db
    .select()
    .from(alertTriggers)
    .where(eq(alertTriggers.alertId, alertId))
    .orderBy(desc(alertTriggers.triggeredAt), desc(alertTriggers.id))
    .limit(limit);
}
