import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { afterNewest, createdMicros, likePattern, type NewestKey } from '../../db/newest-first';
import {
  alertChannels,
  alerts,
  alertTriggers,
  notificationChannels,
  pools,
  projects,
  users,
  type AlertRow,
  type AlertTriggerRow,
  type PoolRow,
  type ProjectRow,
} from '../../db/schema';

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
export async function listAlerts(
  db: Db,
  userId: number,
  options: { activeOnly?: boolean; limit?: number } = {},
): Promise<AlertWithPool[]> {
  const query = base(db)
    .where(options.activeOnly ? and(eq(alerts.userId, userId), eq(alerts.isActive, true)) : eq(alerts.userId, userId))
    .orderBy(desc(alerts.createdAt), desc(alerts.id));
  return options.limit === undefined ? query : query.limit(options.limit);
}

/**
 * One page of the /alerts screen: newest first after `after`, optionally one pool's alerts, and
 * only those whose pool label 'PROJECT/PAIR - DEX' contains `q` (case-insensitive). The DEX part
 * of the label is a name from the network registry, not a column: `dexIds` are the (network, dex)
 * pairs whose name matches, found by the caller. One statement, read in the order of
 * alerts_user_idx; `limit + 1` rows tell whether another page follows.
 */
export async function pageAlerts(
  db: Db,
  userId: number,
  page: {
    q?: string | undefined;
    dexIds?: readonly { networkId: number; dexId: string }[];
    poolId?: number | undefined;
    after: NewestKey | null;
    limit: number;
  },
): Promise<{ rows: AlertWithPool[]; next: NewestKey | null }> {
  const conditions: SQL[] = [eq(alerts.userId, userId)];
  if (page.poolId !== undefined) conditions.push(eq(alerts.poolId, page.poolId));
  const q = page.q?.trim();
  if (q) {
    const pattern = likePattern(q);
    const matches: SQL[] = [
      ilike(projects.name, pattern),
      ilike(projects.tokenSymbol, pattern),
      ilike(pools.pairedTokenSymbol, pattern),
      ilike(pools.dexId, pattern),
      // 'DEMO/WETH' as the label shows it.
      ilike(sql`${projects.tokenSymbol} || '/' || ${pools.pairedTokenSymbol}`, pattern),
    ];
    const byNetwork = new Map<number, string[]>();
    for (const d of page.dexIds ?? []) byNetwork.set(d.networkId, [...(byNetwork.get(d.networkId) ?? []), d.dexId]);
    for (const [networkId, ids] of byNetwork)
      matches.push(and(eq(pools.networkId, networkId), inArray(pools.dexId, ids))!);
    conditions.push(or(...matches)!);
  }
  if (page.after) conditions.push(afterNewest(alerts.createdAt, alerts.id, page.after));
  const rows = await db
    .select({ alert: alerts, pool: pools, project: projects, createdUs: createdMicros(alerts.createdAt) })
    .from(alerts)
    .innerJoin(pools, eq(pools.id, alerts.poolId))
    .innerJoin(projects, eq(projects.id, pools.projectId))
    .where(and(...conditions))
    .orderBy(desc(alerts.createdAt), desc(alerts.id))
    .limit(page.limit + 1);
  const kept = rows.slice(0, page.limit);
  const last = kept.at(-1);
  return {
    rows: kept.map((r) => ({ alert: r.alert, pool: r.pool, project: r.project })),
    next: rows.length > page.limit && last ? { createdUs: last.createdUs, id: last.alert.id } : null,
  };
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
  const [row] = await base(db)
    .where(and(eq(alerts.id, alertId), eq(alerts.userId, userId)))
    .limit(1);
  return row;
}

export type NewAlert = Omit<typeof alerts.$inferInsert, 'id' | 'createdAt' | 'lastTriggeredAt' | 'triggerCount'>;

export async function insertAlert(db: Db, values: NewAlert): Promise<AlertRow> {
  const [row] = await db.insert(alerts).values(values).returning();
  return row!;
}

/** Deletes one of the user's alerts (its triggers cascade); false when it is not theirs (or gone). */
export async function deleteAlert(db: Db, userId: number, alertId: number): Promise<boolean> {
  const deleted = await db
    .delete(alerts)
    .where(and(eq(alerts.id, alertId), eq(alerts.userId, userId)))
    .returning({ id: alerts.id });
  return deleted.length > 0;
}

/** Updates one of the user's alerts; undefined when it is not theirs (or gone). */
export type AlertChanges = Partial<
  Pick<NewAlert, 'thresholdPct' | 'windowMinutes' | 'minAmount' | 'cooldownMinutes' | 'isActive' | 'sinceBlock'>
>;

export async function updateAlert(
  db: Db,
  userId: number,
  alertId: number,
  values: AlertChanges,
): Promise<AlertRow | undefined> {
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

/** What makes two alerts the same alert: cooldown and status aside, every field that decides a firing. */
export interface AlertRule {
  poolId: number;
  kind: AlertRow['kind'];
  thresholdPct: string | null;
  windowMinutes: number | null;
  minAmount: string | null;
}

export const ruleOf = (alert: AlertRow): AlertRule => ({
  poolId: alert.poolId,
  kind: alert.kind,
  thresholdPct: alert.thresholdPct,
  windowMinutes: alert.windowMinutes,
  minAmount: alert.minAmount,
});

/**
 * Holds the user's alert writes in this transaction until it ends, so two requests cannot both
 * find "no identical alert" and both insert one (docs/decisions/0038). A row lock on the user, not
 * a unique index: databases made before the rule may hold identical alerts, which an index would
 * refuse to build over. NO KEY UPDATE does not block the inserts elsewhere that reference the user.
 */
export async function lockUserAlerts(tx: Pick<Db, 'execute'>, userId: number): Promise<void> {
  await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for no key update`);
}

/**
 * The id of an active alert of the user with the same rule (other than `exceptId`), or null.
 * Numbers compare as numbers ('10' and '10.0' are one threshold); a field the kind lacks is null
 * on both sides.
 */
export async function identicalActiveAlert(
  db: Pick<Db, 'select'>,
  userId: number,
  rule: AlertRule,
  exceptId?: number,
): Promise<number | null> {
  const conditions: SQL[] = [
    eq(alerts.userId, userId),
    eq(alerts.isActive, true),
    eq(alerts.poolId, rule.poolId),
    eq(alerts.kind, rule.kind),
    sql`${alerts.thresholdPct} is not distinct from ${rule.thresholdPct}::numeric`,
    sql`${alerts.windowMinutes} is not distinct from ${rule.windowMinutes}::integer`,
    sql`${alerts.minAmount} is not distinct from ${rule.minAmount}::numeric`,
  ];
  if (exceptId !== undefined) conditions.push(sql`${alerts.id} <> ${exceptId}`);
  const [row] = await db
    .select({ id: alerts.id })
    .from(alerts)
    .where(and(...conditions))
    .orderBy(alerts.id)
    .limit(1);
  return row?.id ?? null;
}

/** Each alert's channel ids, in id order (alerts without channels map to nothing). */
export async function channelIdsOf(
  db: Pick<Db, 'select'>,
  alertIds: readonly number[],
): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (alertIds.length === 0) return out;
  const rows = await db
    .select({ alertId: alertChannels.alertId, channelId: alertChannels.channelId })
    .from(alertChannels)
    .where(inArray(alertChannels.alertId, [...alertIds]))
    .orderBy(alertChannels.alertId, alertChannels.channelId);
  for (const r of rows) out.set(r.alertId, [...(out.get(r.alertId) ?? []), r.channelId]);
  return out;
}

/** Which of `ids` are channels of the user: another user's channel is as unknown as a missing one. */
export async function ownChannelIds(
  db: Pick<Db, 'select'>,
  userId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: notificationChannels.id })
    .from(notificationChannels)
    .where(and(eq(notificationChannels.userId, userId), inArray(notificationChannels.id, [...ids])));
  return new Set(rows.map((r) => r.id));
}

/** Makes `ids` the alert's whole set of channels (inside the caller's transaction). */
export async function setAlertChannels(
  tx: Pick<Db, 'delete' | 'insert'>,
  alertId: number,
  ids: readonly number[],
): Promise<void> {
  await tx.delete(alertChannels).where(eq(alertChannels.alertId, alertId));
  if (ids.length > 0) await tx.insert(alertChannels).values(ids.map((channelId) => ({ alertId, channelId })));
}
