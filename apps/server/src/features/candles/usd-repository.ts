import { sql } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { referencePools, type PoolRow, type ReferencePoolRow } from '../../db/schema';
import type { PoolSide } from '../../market/pool-view';
import { PRICE_DIGITS } from './repository';

/**
 * USD candles of a pool paired with the wrapped native (decision 0064): each swap valued at the
 * reference pool's rate in force at its block, the rate of the latest reference swap at or before
 * that block (from pool_events: the reference pool is indexed like any pool, so a reorganisation
 * that removes its swaps removes their rates). A reference swap's rate is its own trade price,
 * |stable| / |base| in whole tokens, truncated to 30 digits like every swap price; a swap's USD
 * price is its quote price × that rate, truncated again, so both factors are the figures the
 * activity lists of the two pools show.
 */

type PoolKey = Pick<PoolRow, 'networkId' | 'poolAddress'>;

export interface UsdCandleRow {
  bucket: string;
  /** USD prices scaled by 10^PRICE_DIGITS. */
  open: string;
  high: string;
  low: string;
  close: string;
  /** Σ |paired raw| × rate scaled by 10^PRICE_DIGITS: divide by 10^(pairedDecimals + PRICE_DIGITS) for USD. */
  volume_usd_scaled: string;
  volume_project: string;
  /** Transactions with a swap in the bucket, with a buy fill, with a sell fill (decision 0078: trades, not fills). */
  trades: number;
  buys: number;
  sells: number;
}

export async function referencePoolOf(db: Db, networkId: number): Promise<ReferencePoolRow | null> {
  const [row] = await db.select().from(referencePools).where(eq(referencePools.networkId, networkId));
  return row ?? null;
}

const SCALE = (10n ** BigInt(PRICE_DIGITS)).toString();

/** The reference swap's rate as a scaled integer, in SQL over alias `r`. */
function rateOf(ref: ReferencePoolRow) {
  const base = ref.baseIsToken0 ? sql`r.amount0` : sql`r.amount1`;
  const stable = ref.baseIsToken0 ? sql`r.amount1` : sql`r.amount0`;
  const num = (10n ** BigInt(ref.baseDecimals + PRICE_DIGITS)).toString();
  const den = (10n ** BigInt(ref.stableDecimals)).toString();
  return { base, rate: sql`div(abs(${stable}) * ${num}::numeric, abs(${base}) * ${den}::numeric)` };
}

/** When the recorded rates start, and the block the reference pool has been read to. */
export async function referenceCoverage(
  db: Db,
  ref: ReferencePoolRow,
): Promise<{ firstTime: Date | null; toBlock: bigint | null }> {
  const { base } = rateOf(ref);
  const [row] = await queryRows<{ first_time: string | Date | null; to_block: string | null }>(
    db,
    sql`select
        (select r.block_time from pool_events r
          where r.network_id = ${ref.networkId} and r.pool_address = ${ref.poolAddress} and r.type = 'swap' and ${base} <> 0
          order by r.block_number, r.log_index limit 1) as first_time,
        (select to_block::text from indexed_pools where network_id = ${ref.networkId} and pool_address = ${ref.poolAddress}) as to_block`,
  );
  return {
    firstTime: row?.first_time ? new Date(row.first_time) : null,
    toBlock: row?.to_block ? BigInt(row.to_block) : null,
  };
}

/**
 * USD candles since `from`, oldest first, and how many candles were left out: a candle any of whose
 * swaps has no rate (before the first reference swap, or above `rateToBlock`, the block the
 * reference pool has been read to) is left out whole, since a candle without some of its trades
 * would be one no market drew.
 */
export async function loadUsdCandles(
  db: Db,
  pool: PoolKey,
  side: PoolSide,
  ref: ReferencePoolRow,
  rateToBlock: bigint,
  intervalSeconds: number,
  from: Date,
): Promise<{ candles: UsdCandleRow[]; withoutRate: number }> {
  const project = side.projectIsToken0 ? sql`e.amount0` : sql`e.amount1`;
  const paired = side.projectIsToken0 ? sql`e.amount1` : sql`e.amount0`;
  const num = (10n ** BigInt(side.projectDecimals + PRICE_DIGITS)).toString();
  const den = (10n ** BigInt(side.pairedDecimals)).toString();
  const price = sql`div(abs(${paired}) * ${num}::numeric, abs(${project}) * ${den}::numeric)`;
  const { base, rate } = rateOf(ref);
  const rows = await queryRows<UsdCandleRow & { unrated: number }>(
    db,
    sql`
      with t as (
        select
          floor(extract(epoch from e.block_time) / ${intervalSeconds}::int)::bigint * ${intervalSeconds}::int as bucket,
          e.block_number, e.log_index,
          ${price} as price, rr.rate,
          e.tx_hash, abs(${paired}) as paired, abs(${project}) as project, ${project} < 0 as is_buy
        from pool_events e
        left join lateral (
          select ${rate} as rate from pool_events r
          where r.network_id = ${ref.networkId} and r.pool_address = ${ref.poolAddress} and r.type = 'swap' and ${base} <> 0
            and r.block_number <= e.block_number and e.block_number <= ${rateToBlock}
          order by r.block_number desc, r.log_index desc
          limit 1
        ) rr on true
        where e.network_id = ${pool.networkId} and e.pool_address = ${pool.poolAddress} and e.type = 'swap'
          and e.block_time >= ${from.toISOString()}::timestamptz and ${project} <> 0
      ),
      v as (select t.*, div(t.price * t.rate, ${SCALE}::numeric) as usd from t),
      agg as (
        select bucket, max(usd) as high, min(usd) as low, sum(paired * rate) as volume_usd_scaled, sum(project) as volume_project,
          count(distinct tx_hash)::int as trades, (count(distinct tx_hash) filter (where is_buy))::int as buys,
          (count(distinct tx_hash) filter (where not is_buy))::int as sells, (count(*) filter (where rate is null))::int as unrated
        from v group by bucket
      ),
      opens as (select distinct on (bucket) bucket, usd from v order by bucket, block_number, log_index),
      closes as (select distinct on (bucket) bucket, usd from v order by bucket, block_number desc, log_index desc)
      select agg.bucket::text as bucket, opens.usd::text as open, agg.high::text as high, agg.low::text as low, closes.usd::text as close,
        agg.volume_usd_scaled::text as volume_usd_scaled, agg.volume_project::text as volume_project, agg.trades, agg.buys, agg.sells, agg.unrated
      from agg join opens using (bucket) join closes using (bucket)
      order by agg.bucket
    `,
  );
  const rated = rows.filter((r) => r.unrated === 0);
  return { candles: rated.map(({ unrated: _u, ...c }) => c), withoutRate: rows.length - rated.length };
}
