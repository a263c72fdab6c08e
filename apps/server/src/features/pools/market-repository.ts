import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { poolSnapshots, type PoolSnapshotRow } from '../../db/schema';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Stored rows are keyed by network and pool address (lower case, like every stored address). */
export const marketKey = (networkId: number, poolAddress: string) => `${networkId}:${poolAddress}`;

export type SnapshotPoint = Pick<PoolSnapshotRow, 'blockTime' | 'blockNumber' | 'reserve0' | 'reserve1' | 'sqrtPriceX96'>;

/**
 * A stored price at a block: a snapshot (reserves, and V3's sqrtPriceX96), or a V3 swap's
 * sqrtPriceX96 after the swap, which has no reserves (null).
 */
export interface PricePoint {
  blockNumber: bigint;
  blockTime: Date;
  reserve0: string | null;
  reserve1: string | null;
  sqrtPriceX96: string | null;
}

/** What stored history says about one pool address over the last 24 h, before a user's side is applied. */
export interface MarketFigures {
  /**
   * The last price at or before now − 24 h: the newest snapshot, or for a V3 pool its last swap when
   * that is newer; null when history does not reach back that far.
   */
  base: PricePoint | null;
  /** Sums of |amount0| and |amount1| of the swaps after now − 24 h, raw units. */
  volume0: bigint;
  volume1: bigint;
  /** Swaps after now − 24 h, and how many of them took token0 / token1 out of the pool (a Buy on that side). */
  swaps: number;
  out0: number;
  out1: number;
  /** Distinct senders of those swaps, and how many swaps have none read yet (decision 0033). */
  traders: number;
  unreadTraders: number;
  /** The indexer has stored at least one block range for this pool (indexed_pools.to_block set). */
  covered: boolean;
}

interface FiguresRow {
  network_id: number;
  pool_address: string;
  base_block: string | null;
  base_ms: number | null;
  reserve0: string | null;
  reserve1: string | null;
  sqrt_price_x96: string | null;
  swap_block: string | null;
  swap_ms: number | null;
  swap_sqrt_price_x96: string | null;
  covered: boolean;
  volume0: string;
  volume1: string;
  swaps: number | string;
  out0: number | string;
  out1: number | string;
  traders: number | string;
  unread_traders: number | string;
}

/**
 * 24 h figures for many pool addresses in one statement. Per address: the base snapshot walks the
 * snapshot key index backwards from the cutoff; the volume sums swaps after the cutoff, bounded
 * below by the base's block so the event index does the range (a block before the base block is no
 * later than the base block's time, which is at or before the cutoff).
 *
 * V3 and V4 pools (decision 0042) also look at their last swap at or before the cutoff: a V2 pool gets a snapshot from
 * every Sync log it backfills, but a V3 pool only from the indexer's own state reads, so a V3 pool
 * attached with a day of backfill would otherwise have no 24 h change for a day. The swap's
 * sqrtPriceX96 is the pool's price after it. The lookup walks the (network, pool, block_time) index
 * backwards from the cutoff and is skipped for V2 pools, whose swaps carry no sqrtPriceX96.
 */
export async function loadMarketFigures(
  db: Db,
  pools: readonly { networkId: number; poolAddress: string }[],
  nowMs: number,
): Promise<Map<string, MarketFigures>> {
  const keys = new Map<string, { networkId: number; address: string }>();
  for (const p of pools) keys.set(marketKey(p.networkId, p.poolAddress), { networkId: p.networkId, address: p.poolAddress });
  const result = new Map<string, MarketFigures>();
  if (keys.size === 0) return result;

  const cutoff = new Date(nowMs - DAY_MS).toISOString();
  const values = sql.join(
    [...keys.values()].map((k) => sql`(${k.networkId}::int, ${k.address}::text)`),
    sql`, `,
  );
  const rows = await queryRows<FiguresRow>(
    db,
    sql`
      select k.network_id, k.pool_address,
        b.block_number::text as base_block,
        (extract(epoch from b.block_time) * 1000)::float8 as base_ms,
        b.reserve0::text as reserve0, b.reserve1::text as reserve1, b.sqrt_price_x96::text as sqrt_price_x96,
        sw.block_number::text as swap_block,
        (extract(epoch from sw.block_time) * 1000)::float8 as swap_ms,
        sw.sqrt_price_x96::text as swap_sqrt_price_x96,
        (ip.to_block is not null) as covered,
        coalesce(v.volume0, 0)::text as volume0, coalesce(v.volume1, 0)::text as volume1,
        v.swaps, v.out0, v.out1, v.traders, v.unread_traders
      from (values ${values}) as k(network_id, pool_address)
      left join indexed_pools ip on ip.network_id = k.network_id and ip.pool_address = k.pool_address
      left join lateral (
        select s.block_number, s.block_time, s.reserve0, s.reserve1, s.sqrt_price_x96
        from pool_snapshots s
        where s.network_id = k.network_id and s.pool_address = k.pool_address
          and s.bucket <= ${cutoff}::timestamptz and s.block_time <= ${cutoff}::timestamptz
        order by s.bucket desc, s.block_time desc
        limit 1
      ) b on true
      left join lateral (
        select e.block_number, e.block_time, e.sqrt_price_x96
        from pool_events e
        where ip.version in ('v3', 'v4') and e.network_id = k.network_id and e.pool_address = k.pool_address
          and e.block_time <= ${cutoff}::timestamptz and e.type = 'swap' and e.sqrt_price_x96 is not null
        order by e.block_time desc, e.block_number desc, e.log_index desc
        limit 1
      ) sw on true
      left join lateral (
        select sum(abs(e.amount0)) as volume0, sum(abs(e.amount1)) as volume1,
          -- Buys and sells are the user's side (which token is the project's): counted for both
          -- tokens here, picked per pool row by the presenter.
          count(*) as swaps, count(*) filter (where e.amount0 < 0) as out0, count(*) filter (where e.amount1 < 0) as out1,
          count(distinct e.trader) as traders, count(*) filter (where e.trader is null) as unread_traders
        from pool_events e
        where e.network_id = k.network_id and e.pool_address = k.pool_address and e.type = 'swap'
          and e.block_number >= greatest(coalesce(b.block_number, 0), coalesce(sw.block_number, 0)) and e.block_time > ${cutoff}::timestamptz
      ) v on true`,
  );
  for (const r of rows) {
    result.set(marketKey(Number(r.network_id), r.pool_address), {
      base: basePoint(r),
      volume0: BigInt(r.volume0),
      volume1: BigInt(r.volume1),
      swaps: Number(r.swaps),
      out0: Number(r.out0),
      out1: Number(r.out1),
      traders: Number(r.traders),
      unreadTraders: Number(r.unread_traders),
      covered: r.covered === true,
    });
  }
  return result;
}

/** The newer of the base snapshot and (V3) the last swap at or before the cutoff. */
function basePoint(r: FiguresRow): PricePoint | null {
  const snapshot: PricePoint | null =
    r.base_block === null || r.reserve0 === null || r.reserve1 === null || r.base_ms === null
      ? null
      : { blockNumber: BigInt(r.base_block), blockTime: new Date(Number(r.base_ms)), reserve0: r.reserve0, reserve1: r.reserve1, sqrtPriceX96: r.sqrt_price_x96 };
  const swap: PricePoint | null =
    r.swap_block === null || r.swap_ms === null || r.swap_sqrt_price_x96 === null
      ? null
      : { blockNumber: BigInt(r.swap_block), blockTime: new Date(Number(r.swap_ms)), reserve0: null, reserve1: null, sqrtPriceX96: r.swap_sqrt_price_x96 };
  // A snapshot is the state at the end of its block, so on the same block it is the later price.
  if (swap && (!snapshot || swap.blockNumber > snapshot.blockNumber)) return swap;
  return snapshot;
}

/**
 * Snapshots of one pool address since a time, oldest first. The indexer keys snapshots by the
 * minute of their block time, so the bucket bound is implied by the time bound and lets the
 * (network, address, bucket) index do the range.
 */
export function listSnapshotsSince(db: Db, networkId: number, poolAddress: string, sinceMs: number): Promise<SnapshotPoint[]> {
  return db
    .select({
      blockTime: poolSnapshots.blockTime,
      blockNumber: poolSnapshots.blockNumber,
      reserve0: poolSnapshots.reserve0,
      reserve1: poolSnapshots.reserve1,
      sqrtPriceX96: poolSnapshots.sqrtPriceX96,
    })
    .from(poolSnapshots)
    .where(
      and(
        eq(poolSnapshots.networkId, networkId),
        eq(poolSnapshots.poolAddress, poolAddress),
        gte(poolSnapshots.bucket, new Date(Math.floor(sinceMs / 60_000) * 60_000)),
        gte(poolSnapshots.blockTime, new Date(sinceMs)),
      ),
    )
    .orderBy(asc(poolSnapshots.blockTime), asc(poolSnapshots.blockNumber), asc(poolSnapshots.bucket));
}
