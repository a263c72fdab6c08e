import { sql, type SQL } from 'drizzle-orm';
import { priceFromSqrt, snapshotView, type PoolSide } from './pool-view';

/*
 * The price a pool had at a cutoff, from stored history. One rule for the 24 h change of the pool
 * answers (market/pool-figures.ts) and the 7-day change of the weekly report
 * (delivery/weekly-report-figures.ts): the newest snapshot at or before the cutoff and, for V3 and
 * V4 pools, the newest swap at or before it, whose sqrtPriceX96 is the pool's price after the swap;
 * the newer of the two. A V2 pool gets a snapshot from every Sync log it backfills, a V3 pool only
 * from the indexer's own state reads, so without the swap a V3 pool attached with a day of
 * backfill would have no base for a day (decision 0042 for V4).
 */

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

/** The columns `basePriceColumns` selects, as the driver returns them. */
export interface BasePriceRow {
  base_block: string | null;
  base_ms: number | null;
  reserve0: string | null;
  reserve1: string | null;
  sqrt_price_x96: string | null;
  swap_block: string | null;
  swap_ms: number | null;
  swap_sqrt_price_x96: string | null;
}

/** The select list of what `basePriceJoins` found (aliases b and sw). */
export const basePriceColumns = sql`
  b.block_number::text as base_block, (extract(epoch from b.block_time) * 1000)::float8 as base_ms,
  b.reserve0::text as reserve0, b.reserve1::text as reserve1, b.sqrt_price_x96::text as sqrt_price_x96,
  sw.block_number::text as swap_block, (extract(epoch from sw.block_time) * 1000)::float8 as swap_ms,
  sw.sqrt_price_x96::text as swap_sqrt_price_x96`;

/**
 * Two lateral joins for the pool at (`networkId`, `poolAddress`), expressions of the outer query:
 * `b`, the newest snapshot at or before the cutoff (walking the snapshot key index backwards; the
 * bucket is the minute of the block time, so its bound is implied and lets the index do the range),
 * and `sw`, the newest priced swap at or before it (the (network, pool, block_time) index).
 * `swapsPriced` may skip the swap lookup for pools whose swaps carry no price (V2).
 */
export function basePriceJoins(networkId: SQL, poolAddress: SQL, cutoffIso: string, swapsPriced: SQL = sql`true`): SQL {
  return sql`
      left join lateral (
        select s.block_number, s.block_time, s.reserve0, s.reserve1, s.sqrt_price_x96
        from pool_snapshots s
        where s.network_id = ${networkId} and s.pool_address = ${poolAddress}
          and s.bucket <= ${cutoffIso}::timestamptz and s.block_time <= ${cutoffIso}::timestamptz
        order by s.bucket desc, s.block_time desc
        limit 1
      ) b on true
      left join lateral (
        select e.block_number, e.block_time, e.sqrt_price_x96
        from pool_events e
        where ${swapsPriced} and e.network_id = ${networkId} and e.pool_address = ${poolAddress}
          and e.block_time <= ${cutoffIso}::timestamptz and e.type = 'swap' and e.sqrt_price_x96 is not null
        order by e.block_time desc, e.block_number desc, e.log_index desc
        limit 1
      ) sw on true`;
}

/** The newer of the base snapshot and the last priced swap; null when history has neither. */
export function basePricePoint(r: BasePriceRow): PricePoint | null {
  const snapshot: PricePoint | null =
    r.base_block === null || r.reserve0 === null || r.reserve1 === null || r.base_ms === null
      ? null
      : {
          blockNumber: BigInt(r.base_block),
          blockTime: new Date(Number(r.base_ms)),
          reserve0: r.reserve0,
          reserve1: r.reserve1,
          sqrtPriceX96: r.sqrt_price_x96,
        };
  const swap: PricePoint | null =
    r.swap_block === null || r.swap_ms === null || r.swap_sqrt_price_x96 === null
      ? null
      : {
          blockNumber: BigInt(r.swap_block),
          blockTime: new Date(Number(r.swap_ms)),
          reserve0: null,
          reserve1: null,
          sqrtPriceX96: r.swap_sqrt_price_x96,
        };
  // A snapshot is the state at the end of its block, so on the same block it is the later price.
  if (swap && (!snapshot || swap.blockNumber > snapshot.blockNumber)) return swap;
  return snapshot;
}

/** A stored price point from the user's side: V3's sqrtPriceX96 where there is one, else the reserves. */
export function pointPrice(side: PoolSide, point: PricePoint): string | null {
  if (point.sqrtPriceX96 !== null) return priceFromSqrt(side, BigInt(point.sqrtPriceX96));
  if (point.reserve0 === null || point.reserve1 === null) return null;
  return snapshotView(side, { ...point, reserve0: point.reserve0, reserve1: point.reserve1 }).price;
}
