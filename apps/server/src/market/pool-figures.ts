import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { PRICED_SWAP_VERSIONS } from '../chain/dex/registry';
import { queryRows, type Db } from '../db/client';
import { poolSnapshots, type PoolSnapshotRow } from '../db/schema';
import { basePriceColumns, basePriceJoins, basePricePoint, type BasePriceRow, type PricePoint } from './base-price';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Stored rows are keyed by network and pool address (lower case, like every stored address). */
export const marketKey = (networkId: number, poolAddress: string) => `${networkId}:${poolAddress}`;

export type SnapshotPoint = Pick<
  PoolSnapshotRow,
  'blockTime' | 'blockNumber' | 'reserve0' | 'reserve1' | 'sqrtPriceX96'
>;

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
  /**
   * Trades after now − 24 h, counted per transaction (decision 0078: a Liquidity Book swap logs once
   * per bin it crosses, an aggregator may route twice through one pool): the transactions with a
   * swap, those with a swap that took token0 / token1 out of the pool (a Buy on that side), and those
   * with a swap that put it in (a Sell on that side).
   */
  swaps: number;
  out0: number;
  out1: number;
  in0: number;
  in1: number;
  /** Distinct senders of those swaps, and how many transactions have none read yet (decision 0033). */
  traders: number;
  unreadTraders: number;
  /** The indexer has stored at least one block range for this pool (indexed_pools.to_block set). */
  covered: boolean;
}

interface FiguresRow extends BasePriceRow {
  network_id: number;
  pool_address: string;
  covered: boolean;
  volume0: string;
  volume1: string;
  swaps: number | string;
  out0: number | string;
  out1: number | string;
  in0: number | string;
  in1: number | string;
  traders: number | string;
  unread_traders: number | string;
}

/**
 * 24 h figures for many pool addresses in one statement. Per address: the base price at the cutoff
 * (market/base-price.ts; the swap lookup only for the families whose swaps carry sqrtPriceX96: V3
 * and V4, decisions 0042 and 0059), and the volume of the swaps after the cutoff, bounded below by the base's block so
 * the event index does the range (a block before the base block is no later than the base block's
 * time, which is at or before the cutoff).
 */
export async function loadMarketFigures(
  db: Db,
  pools: readonly { networkId: number; poolAddress: string }[],
  nowMs: number,
): Promise<Map<string, MarketFigures>> {
  const keys = new Map<string, { networkId: number; address: string }>();
  for (const p of pools)
    keys.set(marketKey(p.networkId, p.poolAddress), { networkId: p.networkId, address: p.poolAddress });
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
      select k.network_id, k.pool_address, ${basePriceColumns},
        (ip.to_block is not null) as covered,
        coalesce(v.volume0, 0)::text as volume0, coalesce(v.volume1, 0)::text as volume1,
        v.swaps, v.out0, v.out1, v.in0, v.in1, v.traders, v.unread_traders
      from (values ${values}) as k(network_id, pool_address)
      left join indexed_pools ip on ip.network_id = k.network_id and ip.pool_address = k.pool_address
      ${basePriceJoins(
        sql`k.network_id`,
        sql`k.pool_address`,
        cutoff,
        sql`ip.version in (${sql.join(
          PRICED_SWAP_VERSIONS.map((v) => sql`${v}`),
          sql`, `,
        )})`,
      )}
      left join lateral (
        select sum(abs(e.amount0)) as volume0, sum(abs(e.amount1)) as volume1,
          -- Buys and sells are the user's side (which token is the project's): counted for both
          -- tokens here, picked per pool row by the presenter. Trades are transactions, volumes
          -- are fills (decision 0078).
          count(distinct e.tx_hash) as swaps,
          count(distinct e.tx_hash) filter (where e.amount0 < 0) as out0, count(distinct e.tx_hash) filter (where e.amount1 < 0) as out1,
          count(distinct e.tx_hash) filter (where e.amount0 >= 0) as in0, count(distinct e.tx_hash) filter (where e.amount1 >= 0) as in1,
          count(distinct e.trader) as traders, count(distinct e.tx_hash) filter (where e.trader is null) as unread_traders
        from pool_events e
        where e.network_id = k.network_id and e.pool_address = k.pool_address and e.type = 'swap'
          and e.block_number >= greatest(coalesce(b.block_number, 0), coalesce(sw.block_number, 0)) and e.block_time > ${cutoff}::timestamptz
      ) v on true`,
  );
  for (const r of rows) {
    result.set(marketKey(Number(r.network_id), r.pool_address), {
      base: basePricePoint(r),
      volume0: BigInt(r.volume0),
      volume1: BigInt(r.volume1),
      swaps: Number(r.swaps),
      out0: Number(r.out0),
      out1: Number(r.out1),
      in0: Number(r.in0),
      in1: Number(r.in1),
      traders: Number(r.traders),
      unreadTraders: Number(r.unread_traders),
      covered: r.covered === true,
    });
  }
  return result;
}

/**
 * Snapshots of one pool address since a time, oldest first. The indexer keys snapshots by the
 * minute of their block time, so the bucket bound is implied by the time bound and lets the
 * (network, address, bucket) index do the range.
 */
export function listSnapshotsSince(
  db: Db,
  networkId: number,
  poolAddress: string,
  sinceMs: number,
): Promise<SnapshotPoint[]> {
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
