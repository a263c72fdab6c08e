import type { Pool } from '@tokendesk/contract';
import { and, eq, sql } from 'drizzle-orm';
import { formatUnits } from '../chain/decimal';
import { queryRows, type Db } from '../db/client';
import { pools, projects, type PoolRow, type ProjectRow } from '../db/schema';
import { basePriceColumns, basePriceJoins, basePricePoint, pointPrice, type BasePriceRow } from '../market/base-price';
import { percentChange, poolSide } from '../market/pool-view';
import { decText } from '../market/usd/decimal-math';
import { apiUsdSource, type ProjectPrice } from '../market/usd/valuation';

/*
 * What a weekly report says (docs/decisions/0040), gathered the way the screens gather it: the pool
 * answers of the Funds screens (live reserves, price, 24 h change and volume, USD with its route and
 * block, handed in by the pools feature), the project's USD price from its price-setting pool, and
 * from stored history the 7-day change, the 7-day volume, the holder count a week ago and the
 * alerts that fired. A figure that cannot be known is null with the reason, never 0.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
export const WEEK_MS = 7 * DAY_MS;

/** The pools feature's answer for one project (features do not import each other: main.ts passes it in). */
export type ProjectPoolsSource = (
  userId: number,
  projectId: number,
) => Promise<{ pools: Pool[]; projectPrice: ProjectPrice | undefined }>;

export interface PricePointFigure {
  price: string;
  blockNumber: string;
  time: string;
}

export interface PoolWeekFigures {
  pool: Pool;
  /** The stored price at or before the week's start, and the change from it to the live price. */
  weekBase: PricePointFigure | null;
  change7d: string | null;
  /** Paired-token volume of the swaps stored after the week's start; `since` when history begins later. */
  volume7d: string | null;
  volumeSince: string | null;
}

export interface HolderWeekFigures {
  count: number | null;
  blockNumber: string | null;
  /** The count at the end of the last UTC day before the week began. */
  before: number | null;
  beforeDay: string | null;
  /** Why the count is missing, in words; null when it is known. */
  reason: string | null;
}

export interface FiredAlert {
  alertId: number;
  label: string;
  kind: string;
  message: string;
  firedAt: string;
  blockNumber: string | null;
}

export interface WeeklyFigures {
  project: { id: number; name: string; symbol: string; networkId: number };
  from: Date;
  to: Date;
  priceUsd: { value: string; route: string; blockNumber: string; time: string; stale: boolean } | { reason: string };
  pools: PoolWeekFigures[];
  holders: HolderWeekFigures;
  alerts: FiredAlert[];
  /** All firings of the week; `alerts` lists at most ALERTS_LISTED of them. */
  alertsTotal: number;
}

export const ALERTS_LISTED = 20;

interface BaseRow extends BasePriceRow {
  pool_address: string;
  first_ms: number | null;
  volume0: string;
  volume1: string;
}

/**
 * Per pool address: the base price at `cutoff` (market/base-price.ts, the rule of the pool answers'
 * 24 h change), the swap volume after the cutoff, and the first stored swap's time.
 */
async function weekHistory(
  db: Db,
  networkId: number,
  addresses: readonly string[],
  cutoff: Date,
): Promise<Map<string, BaseRow>> {
  if (addresses.length === 0) return new Map();
  const at = cutoff.toISOString();
  const list = sql.join(
    addresses.map((a) => sql`(${a}::text)`),
    sql`, `,
  );
  const rows = await queryRows<BaseRow>(
    db,
    sql`
      select k.pool_address, ${basePriceColumns},
        (select (extract(epoch from min(f.block_time)) * 1000)::float8 from pool_events f
          where f.network_id = ${networkId} and f.pool_address = k.pool_address) as first_ms,
        coalesce(v.volume0, 0)::text as volume0, coalesce(v.volume1, 0)::text as volume1
      from (values ${list}) as k(pool_address)
      ${basePriceJoins(sql`${networkId}::int`, sql`k.pool_address`, at)}
      left join lateral (
        select sum(abs(e.amount0)) as volume0, sum(abs(e.amount1)) as volume1 from pool_events e
        where e.network_id = ${networkId} and e.pool_address = k.pool_address and e.type = 'swap' and e.block_time > ${at}::timestamptz
      ) v on true`,
  );
  return new Map(rows.map((r) => [r.pool_address, r]));
}

/** The base price of the week, from the user's side of the pool. */
function basePrice(pool: PoolRow, project: ProjectRow, r: BaseRow | undefined): PricePointFigure | null {
  const point = r ? basePricePoint(r) : null;
  const price = point ? pointPrice(poolSide(pool, project), point) : null;
  if (!point || price === null) return null;
  return { price, blockNumber: point.blockNumber.toString(), time: point.blockTime.toISOString() };
}

interface HolderRow {
  holder_count: number | null;
  to_block: string | null;
  target_block: string | null;
  no_logs: boolean | null;
  before: number | null;
  before_day: string | null;
  synced: boolean | null;
}

/** The holder count as the project screen shows it (only once the history is read), and a week before. */
async function holderFigures(db: Db, project: ProjectRow, from: Date): Promise<HolderWeekFigures> {
  // The daily count is the count at the end of that UTC day: the day before the week began.
  const dayBefore = new Date(from.getTime() - DAY_MS).toISOString().slice(0, 10);
  const [row] = await queryRows<HolderRow>(
    db,
    sql`
      select greatest(0, s.holder_count + coalesce(s.holder_count_adjustment, 0)) as holder_count, s.to_block::text as to_block, s.target_block::text as target_block, (s.network_id is not null) as synced,
        exists (select 1 from token_holder_reconciliation r where r.network_id = ${project.networkId} and r.token_address = ${project.contractAddress} and r.status = 'no_logs') as no_logs,
        d.holder_count as before, d.day as before_day
      from (select 1) one
      left join token_holder_sync s on s.network_id = ${project.networkId} and s.token_address = ${project.contractAddress}
      left join lateral (
        select day, holder_count from token_holder_daily
        where network_id = ${project.networkId} and token_address = ${project.contractAddress} and day <= ${dayBefore}
        order by day desc limit 1
      ) d on true`,
  );
  if (!row || !row.synced)
    return { count: null, blockNumber: null, before: null, beforeDay: null, reason: 'Holders are not indexed yet.' };
  if (row.no_logs)
    return {
      count: null,
      blockNumber: null,
      before: null,
      beforeDay: null,
      reason: 'Holders not available: the token emits no Transfer logs of its own.',
    };
  const complete =
    row.to_block !== null && row.target_block !== null && BigInt(row.to_block) >= BigInt(row.target_block);
  if (!complete)
    return {
      count: null,
      blockNumber: null,
      before: null,
      beforeDay: null,
      reason: "Holders are still being indexed: the token's history is not read to the end yet.",
    };
  return {
    count: Number(row.holder_count),
    blockNumber: row.to_block,
    before: row.before === null ? null : Number(row.before),
    beforeDay: row.before_day,
    reason: null,
  };
}

interface AlertRowOut {
  alert_id: number;
  kind: string;
  message: string;
  fired_ms: number;
  block_number: string | null;
  pair: string;
  dex_id: string;
  total: number;
}

async function firedAlerts(
  db: Db,
  userId: number,
  projectId: number,
  symbol: string,
  from: Date,
  to: Date,
): Promise<{ alerts: FiredAlert[]; total: number }> {
  const rows = await queryRows<AlertRowOut>(
    db,
    sql`
      select a.id as alert_id, a.kind, t.message, (extract(epoch from t.triggered_at) * 1000)::float8 as fired_ms, t.block_number::text as block_number,
        p.paired_token_symbol as pair, p.dex_id, count(*) over ()::int as total
      from alert_triggers t
      join alerts a on a.id = t.alert_id and a.user_id = ${userId}
      join pools p on p.id = a.pool_id and p.project_id = ${projectId} and p.user_id = ${userId}
      where t.triggered_at > ${from.toISOString()}::timestamptz and t.triggered_at <= ${to.toISOString()}::timestamptz
      order by t.triggered_at, t.id
      limit ${ALERTS_LISTED}`,
  );
  return {
    total: rows[0] ? Number(rows[0].total) : 0,
    alerts: rows.map((r) => ({
      alertId: Number(r.alert_id),
      label: `${symbol}/${r.pair}`,
      kind: r.kind,
      message: r.message,
      firedAt: new Date(Number(r.fired_ms)).toISOString(),
      blockNumber: r.block_number,
    })),
  };
}

/** Everything one project's report says, for the 7 days up to `to`. Null when the project is gone. */
export async function collectWeeklyFigures(
  db: Db,
  projectPools: ProjectPoolsSource,
  userId: number,
  projectId: number,
  to: Date,
): Promise<WeeklyFigures | null> {
  const [project] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.userId, userId)))
    .limit(1);
  if (!project) return null;
  const from = new Date(to.getTime() - WEEK_MS);
  const [answer, rows, holders, fired] = await Promise.all([
    projectPools(userId, projectId),
    db
      .select()
      .from(pools)
      .where(and(eq(pools.projectId, projectId), eq(pools.userId, userId))),
    holderFigures(db, project, from),
    firedAlerts(db, userId, projectId, project.tokenSymbol, from, to),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const byNetwork = new Map<number, string[]>();
  for (const r of rows) byNetwork.set(r.networkId, [...(byNetwork.get(r.networkId) ?? []), r.poolAddress]);
  const history = new Map<string, BaseRow>();
  for (const [networkId, addresses] of byNetwork) {
    for (const [address, row] of await weekHistory(db, networkId, addresses, from))
      history.set(`${networkId}:${address}`, row);
  }

  const poolFigures = answer.pools.map((pool): PoolWeekFigures => {
    const row = byId.get(pool.id);
    const h = row ? history.get(`${row.networkId}:${row.poolAddress}`) : undefined;
    const base = row ? basePrice(row, project, h) : null;
    let volume7d: string | null = null;
    let volumeSince: string | null = null;
    if (row && h) {
      volume7d = formatUnits(BigInt(row.projectIsToken0 ? h.volume1 : h.volume0), row.pairedTokenDecimals);
      // Without a stored price from before the week, history starts inside it: the sum is only since then.
      if (!base) volumeSince = h.first_ms === null ? null : new Date(Number(h.first_ms)).toISOString();
      if (!base && h.first_ms === null) volume7d = null;
    }
    return { pool, weekBase: base, change7d: percentChange(base?.price ?? null, pool.price), volume7d, volumeSince };
  });

  const price = answer.projectPrice;
  let priceUsd: WeeklyFigures['priceUsd'];
  if (price?.ok) {
    const source = apiUsdSource(price.source);
    priceUsd = {
      value: decText(price.priceUsd),
      route: source.route,
      blockNumber: source.block_number,
      time: source.updated_at,
      stale: source.stale,
    };
  } else {
    priceUsd = { reason: price?.reason ?? `No USD price: ${project.tokenSymbol} has no pools attached.` };
  }
  return {
    project: { id: project.id, name: project.name, symbol: project.tokenSymbol, networkId: project.networkId },
    from,
    to,
    priceUsd,
    pools: poolFigures,
    holders,
    alerts: fired.alerts,
    alertsTotal: fired.total,
  };
}
