import type { ActivityKind } from '@tokendesk/contract';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import type { PoolEventRow } from '../../db/schema';
import { cursorParts, encodeCursor as encodeKey, parseCursor } from '../../lib/cursor';
import type { PoolSide } from '../../market/pool-view';
import type { DexVersion } from '../../chain/networks';

export interface ActivityFilter {
  userId: number;
  projectId?: number | undefined;
  poolId?: number | undefined;
  kind?: ActivityKind | undefined;
  /**
   * Lower-case sender of the events' transactions (decision 0033), with '0x': 42 characters are one
   * address, fewer the start of one (every trader whose address starts so).
   */
  trader?: string | undefined;
  /** Block time, inclusive. */
  from?: Date | undefined;
  /** Block time, exclusive. */
  to?: Date | undefined;
}

/**
 * The sort key of an activity row: newest first by block, log index and event id; the pool id
 * last, because one pool address tracked in two of the user's projects yields one row per pool.
 */
export interface ActivityKey {
  blockNumber: bigint;
  logIndex: number;
  eventId: number;
  poolId: number;
}

export interface ActivityRow {
  poolId: number;
  poolAddress: string;
  dexId: string;
  networkId: number;
  /** The configured paired token (networks.ts): whether it is counted at 1 USD. */
  tokenId: string;
  /** V3 liquidity rows carry no price of their own (see eventView). */
  poolVersion: DexVersion;
  /** A Solidly/Camelot pool's curve: a stable pool's liquidity rows are priced on it (see eventView). */
  poolStable: boolean | null;
  projectSymbol: string;
  pairedSymbol: string;
  side: PoolSide;
  event: PoolEventRow;
}

interface RawRow {
  pool_id: number;
  pool_address: string;
  dex_id: string;
  network_id: number;
  token_id: string;
  pool_version: DexVersion;
  stable: boolean | null;
  project_is_token0: boolean;
  paired_token_decimals: number;
  paired_token_symbol: string;
  token_decimal: number;
  token_symbol: string;
  id: number | string;
  tx_hash: string;
  log_index: number;
  block_number: string;
  block_ms: number;
  type: PoolEventRow['type'];
  amount0: string;
  amount1: string;
  sqrt_price_x96: string | null;
  event_pool_address: string;
  trader: string | null;
}

/** The project side's signed amount of an event row `e` for the pool row `p`. */
const projectAmount = sql`(case when p.project_is_token0 then e.amount0 else e.amount1 end)`;

/** Kinds as eventView derives them (a swap whose project amount is negative left the pool: Buy). */
function kindCondition(kind: ActivityKind): SQL {
  switch (kind) {
    case 'buy':
      return sql`e.type = 'swap' and ${projectAmount} < 0`;
    case 'sell':
      return sql`e.type = 'swap' and ${projectAmount} >= 0`;
    case 'add_liquidity':
      return sql`e.type = 'mint'`;
    case 'remove_liquidity':
      return sql`e.type = 'burn'`;
  }
}

/**
 * One trader, or every trader whose address starts with `trader`. The prefix is a range of the
 * trader index ('0x7099' ≤ t < '0x7099g': 'g' sorts after every hex digit), so it reads only those
 * traders' events; the LIKE states the match exactly whatever the database's collation. Only hex
 * digits reach here (the contract's check), so nothing needs escaping.
 */
function traderCondition(trader: string): SQL {
  if (trader.length === 42) return sql`e.trader = ${trader}`;
  return sql`e.trader >= ${trader} and e.trader < ${`${trader}g`} and e.trader like ${`${trader}%`}`;
}

/**
 * Up to this many pools, each pool's newest events are read from its own index range; above it, one
 * backward scan of all events in activity order, joined to the user's pools, is cheaper (see
 * docs/decisions/0010-activity-query-by-pool-count.md).
 */
export const PER_POOL_SCAN_MAX = 64;

/**
 * One page of the user's activity, newest first, after `after` (exclusive). With few pools, each
 * pool takes its newest `limit` matching events from the (network, address, block, log index)
 * index in a lateral subquery and the union is cut to `limit`: the cost follows the number of pools
 * and the page size. With many pools that union alone is pools × limit rows, so the events are read
 * instead in activity order from the (block, log index, id) index and kept when they belong to one
 * of the user's pools: the cost follows the page size and how much of the stored activity is the user's.
 */
export async function listActivity(
  db: Db,
  filter: ActivityFilter,
  after: ActivityKey | null,
  limit: number,
): Promise<ActivityRow[]> {
  const join = sql`e.network_id = p.network_id and e.pool_address = p.pool_address`;
  const inner: SQL[] = [
    // V3 collect() logs a Burn of nothing; such events are not activity (eventView drops them too).
    sql`not (e.amount0 = 0 and e.amount1 = 0)`,
  ];
  if (filter.kind) inner.push(kindCondition(filter.kind));
  if (filter.trader) inner.push(traderCondition(filter.trader));
  if (filter.from) inner.push(sql`e.block_time >= ${filter.from.toISOString()}::timestamptz`);
  if (filter.to) inner.push(sql`e.block_time < ${filter.to.toISOString()}::timestamptz`);
  if (after) {
    const block = after.blockNumber.toString();
    // The first bound lets the index range-scan; the second is the exact keyset condition.
    inner.push(sql`(e.block_number, e.log_index) <= (${block}::bigint, ${after.logIndex}::int)`);
    inner.push(
      sql`(e.block_number, e.log_index, e.id, p.id) < (${block}::bigint, ${after.logIndex}::int, ${after.eventId}::bigint, ${after.poolId}::int)`,
    );
  }
  const outer: SQL[] = [sql`p.user_id = ${filter.userId}`];
  if (filter.projectId !== undefined) outer.push(sql`p.project_id = ${filter.projectId}`);
  if (filter.poolId !== undefined) outer.push(sql`p.id = ${filter.poolId}`);

  // The event columns come from the lateral subquery `x` (per pool) or straight from `e` (merged).
  const columns = (
    x: SQL,
  ) => sql`p.id as pool_id, p.pool_address, p.dex_id, p.network_id, p.token_id, p.pool_version, p.stable, p.project_is_token0, p.paired_token_decimals,
        p.paired_token_symbol, pr.token_decimal, pr.token_symbol,
        ${x}.id, ${x}.tx_hash, ${x}.log_index, ${x}.block_number::text as block_number,
        (extract(epoch from ${x}.block_time) * 1000)::float8 as block_ms, ${x}.type,
        ${x}.amount0::text as amount0, ${x}.amount1::text as amount1, ${x}.sqrt_price_x96::text as sqrt_price_x96,
        ${x}.pool_address as event_pool_address, ${x}.trader`;
  // A trader filter reads that trader's events in activity order from its own index (decision
  // 0033): few of all events, whatever the pools; per pool it would read each pool's history.
  const perPool = !filter.trader && (filter.poolId !== undefined || (await countPools(db, outer)) <= PER_POOL_SCAN_MAX);
  const x = sql.raw(perPool ? 'x' : 'e');
  const rows = await queryRows<RawRow>(
    db,
    perPool
      ? sql`
      select ${columns(x)}
      from pools p
      join projects pr on pr.id = p.project_id
      cross join lateral (
        select e.* from pool_events e
        where ${join} and ${sql.join(inner, sql` and `)}
        order by e.block_number desc, e.log_index desc, e.id desc
        limit ${limit}
      ) x
      where ${sql.join(outer, sql` and `)}
      order by x.block_number desc, x.log_index desc, x.id desc, p.id desc
      limit ${limit}`
      : sql`
      select ${columns(x)}
      from pool_events e
      cross join lateral (
        select p.* from pools p
        where ${join} and ${sql.join(outer, sql` and `)}
        -- A fence: without it the planner flattens this into a hash join of all the user's events
        -- and sorts them, because it cannot know that most events are this user's.
        offset 0
      ) p
      join projects pr on pr.id = p.project_id
      where ${sql.join(inner, sql` and `)}
      order by e.block_number desc, e.log_index desc, e.id desc, p.id desc
      limit ${limit}`,
  );
  return rows.map((r) => ({
    poolId: Number(r.pool_id),
    poolAddress: r.pool_address,
    dexId: r.dex_id,
    networkId: Number(r.network_id),
    tokenId: r.token_id,
    poolVersion: r.pool_version,
    poolStable: r.stable,
    projectSymbol: r.token_symbol,
    pairedSymbol: r.paired_token_symbol,
    side: {
      projectIsToken0: r.project_is_token0,
      projectDecimals: Number(r.token_decimal),
      pairedDecimals: Number(r.paired_token_decimals),
    },
    event: {
      id: Number(r.id),
      networkId: Number(r.network_id),
      poolAddress: r.event_pool_address,
      txHash: r.tx_hash,
      logIndex: Number(r.log_index),
      blockNumber: BigInt(r.block_number),
      blockTime: new Date(Number(r.block_ms)),
      type: r.type,
      amount0: r.amount0,
      amount1: r.amount1,
      sqrtPriceX96: r.sqrt_price_x96,
      trader: r.trader,
    },
  }));
}

async function countPools(db: Db, conditions: SQL[]): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from pools p where ${sql.join(conditions, sql` and `)}`,
  );
  return Number(row?.n ?? 0);
}

export const keyOf = (row: ActivityRow): ActivityKey => ({
  blockNumber: row.event.blockNumber,
  logIndex: row.event.logIndex,
  eventId: row.event.id,
  poolId: row.poolId,
});

/** The cursor of a page that ended on `key`: [block number as a string, log index, event id, pool id]. */
export const encodeCursor = (key: ActivityKey): string =>
  encodeKey([key.blockNumber.toString(), key.logIndex, key.eventId, key.poolId]);

/** The key a client's cursor carries; 400 for anything this server did not write. */
export function parseActivityCursor(cursor: string): ActivityKey {
  const [blockNumber, logIndex, eventId, poolId] = parseCursor(cursor, [
    cursorParts.int8String,
    cursorParts.int4,
    cursorParts.int8,
    cursorParts.int4,
  ]);
  return { blockNumber, logIndex, eventId, poolId };
}
