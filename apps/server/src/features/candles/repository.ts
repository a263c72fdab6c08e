import { sql } from 'drizzle-orm';
import { CANDLE_ALERT_MARKERS_MAX, CANDLE_LARGE_SWAP_MARKERS, CANDLE_LIQUIDITY_MARKERS_MAX } from '@tokendesk/contract';
import { queryRows, type Db } from '../../db/client';
import type { PoolRow } from '../../db/schema';
import type { PoolSide } from '../../market/pool-view';

/**
 * Candles and chart markers of one pool from the stored events (decision 0034). The OHLC
 * aggregation runs in SQL over the (network_id, pool_address, block_time) index, in exact numeric:
 * a swap's price is computed there as the same truncated integer that chain/prices.ts
 * priceFromAmounts formats (|paired| · 10^(projectDecimals + PRICE_DIGITS) div |project| ·
 * 10^pairedDecimals), so a candle's open/high/low/close is, digit for digit, the price the activity
 * list shows for that swap.
 */

/** Fraction digits of a price: formatRatio's default, which priceFromAmounts uses. */
export const PRICE_DIGITS = 30;

export interface CandleRow {
  /** Bucket start, seconds since the epoch. */
  bucket: string;
  /** Prices as integers scaled by 10^PRICE_DIGITS. */
  open: string;
  high: string;
  low: string;
  close: string;
  /** Raw token units. */
  volume_paired: string;
  volume_project: string;
  /** Transactions with a swap in the bucket, with a buy fill, with a sell fill (decision 0078: trades, not fills). */
  trades: number;
  buys: number;
  sells: number;
}

const legs = (side: PoolSide) =>
  side.projectIsToken0
    ? { project: sql`e.amount0`, paired: sql`e.amount1` }
    : { project: sql`e.amount1`, paired: sql`e.amount0` };

type PoolKey = Pick<PoolRow, 'networkId' | 'poolAddress'>;

/**
 * Swaps since `from` in buckets of `intervalSeconds` (whole multiples since the epoch, UTC), oldest
 * first; buckets without swaps do not exist. A swap without a project leg has no price and is left
 * out (eventView prices it null too).
 */
export async function loadCandles(
  db: Db,
  pool: PoolKey,
  side: PoolSide,
  intervalSeconds: number,
  from: Date,
): Promise<CandleRow[]> {
  const { project, paired } = legs(side);
  const num = (10n ** BigInt(side.projectDecimals + PRICE_DIGITS)).toString();
  const den = (10n ** BigInt(side.pairedDecimals)).toString();
  const price = sql`div(abs(${paired}) * ${num}::numeric, abs(${project}) * ${den}::numeric)`;
  // First and last swap of a bucket by one sortable key, (block, log index) as block · 2^32 + log
  // index in numeric (no overflow at any block height): min/max of it run in the same hash
  // aggregate as the sums, where array_agg(… order by …) sorted every row of the range twice. The
  // two prices are then read back by that key through the (network, pool, block, log) index.
  return queryRows<CandleRow>(
    db,
    sql`
      with t as (
        select
          floor(extract(epoch from e.block_time) / ${intervalSeconds}::int)::bigint * ${intervalSeconds}::int as bucket,
          e.block_number::numeric * 4294967296 + e.log_index as key,
          ${price} as price,
          e.tx_hash, abs(${paired}) as paired, abs(${project}) as project, ${project} < 0 as is_buy
        from pool_events e
        where e.network_id = ${pool.networkId} and e.pool_address = ${pool.poolAddress} and e.type = 'swap'
          and e.block_time >= ${from.toISOString()}::timestamptz and ${project} <> 0
      ),
      agg as (
        select bucket, min(key) as first_key, max(key) as last_key, max(price) as high, min(price) as low,
          sum(paired) as volume_paired, sum(project) as volume_project,
          count(distinct tx_hash)::int as trades, (count(distinct tx_hash) filter (where is_buy))::int as buys,
          (count(distinct tx_hash) filter (where not is_buy))::int as sells
        from t
        group by bucket
      )
      select agg.bucket::text as bucket,
        (select ${price} from pool_events e
          where e.network_id = ${pool.networkId} and e.pool_address = ${pool.poolAddress}
            and e.block_number = div(agg.first_key, 4294967296)::bigint and e.log_index = mod(agg.first_key, 4294967296)::int)::text as open,
        agg.high::text as high, agg.low::text as low,
        (select ${price} from pool_events e
          where e.network_id = ${pool.networkId} and e.pool_address = ${pool.poolAddress}
            and e.block_number = div(agg.last_key, 4294967296)::bigint and e.log_index = mod(agg.last_key, 4294967296)::int)::text as close,
        agg.volume_paired::text as volume_paired, agg.volume_project::text as volume_project,
        agg.trades, agg.buys, agg.sells
      from agg
      order by agg.bucket
    `,
  );
}

export interface MarkerEventRow {
  type: 'swap' | 'mint' | 'burn';
  tx_hash: string;
  block_ms: number;
  amount0: string;
  amount1: string;
}

/**
 * The largest swaps of the range by paired amount, and the newest liquidity changes (a V3
 * collect()'s zero Burn is no change and is left out, as in the activity list).
 */
export async function loadMarkerEvents(
  db: Db,
  pool: PoolKey,
  side: PoolSide,
  from: Date,
): Promise<{ largest: MarkerEventRow[]; liquidity: MarkerEventRow[] }> {
  const { paired } = legs(side);
  const base = sql`e.network_id = ${pool.networkId} and e.pool_address = ${pool.poolAddress} and e.block_time >= ${from.toISOString()}::timestamptz`;
  const columns = sql`e.type, e.tx_hash, (extract(epoch from e.block_time) * 1000)::float8 as block_ms, e.amount0::text as amount0, e.amount1::text as amount1`;
  const [largest, liquidity] = await Promise.all([
    queryRows<MarkerEventRow>(
      db,
      sql`select ${columns} from pool_events e where ${base} and e.type = 'swap'
          order by abs(${paired}) desc, e.block_number desc, e.log_index desc limit ${CANDLE_LARGE_SWAP_MARKERS}`,
    ),
    queryRows<MarkerEventRow>(
      db,
      sql`select ${columns} from pool_events e where ${base} and e.type in ('mint', 'burn') and not (e.amount0 = 0 and e.amount1 = 0)
          order by e.block_number desc, e.log_index desc limit ${CANDLE_LIQUIDITY_MARKERS_MAX}`,
    ),
  ]);
  return { largest, liquidity };
}

export interface AlertMarkerRow {
  triggered_ms: number;
  message: string;
}

/** The newest firings of this user's alerts on this pool (the pool row is the user's: tenancy). */
export async function loadAlertFirings(db: Db, userId: number, poolId: number, from: Date): Promise<AlertMarkerRow[]> {
  return queryRows<AlertMarkerRow>(
    db,
    sql`
      select (extract(epoch from t.triggered_at) * 1000)::float8 as triggered_ms, t.message
      from alert_triggers t
      join alerts a on a.id = t.alert_id
      where a.pool_id = ${poolId} and a.user_id = ${userId} and t.triggered_at >= ${from.toISOString()}::timestamptz
      order by t.triggered_at desc, t.id desc
      limit ${CANDLE_ALERT_MARKERS_MAX}
    `,
  );
}

/** The last block of this pool's stored events (indexed_pools.to_block), null before the first read. */
export async function coveredToBlock(db: Db, pool: PoolKey): Promise<bigint | null> {
  const [row] = await queryRows<{ to_block: string | null }>(
    db,
    sql`select to_block::text as to_block from indexed_pools where network_id = ${pool.networkId} and pool_address = ${pool.poolAddress}`,
  );
  return row?.to_block ? BigInt(row.to_block) : null;
}
