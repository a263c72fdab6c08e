import type { ActivityEvent, ActivityKind } from '@tokendesk/contract';
import { formatRatio, formatUnits } from '../chain/decimal';
import { adapterOf } from '../chain/dex/registry';
import { priceFromAmounts, priceFromSqrt, type PoolSide } from '../chain/prices';
import type { DexVersion } from '../chain/networks';
import type { PoolEventRow, PoolRow, PoolSnapshotRow, ProjectRow } from '../db/schema';

export type { PoolSide };
export { priceFromAmounts, priceFromSqrt };

export const poolSide = (pool: PoolRow, project: ProjectRow): PoolSide => ({
  projectIsToken0: pool.projectIsToken0,
  projectDecimals: project.tokenDecimal,
  pairedDecimals: pool.pairedTokenDecimals,
});

const abs = (v: bigint) => (v < 0n ? -v : v);

export interface SnapshotView {
  time: Date;
  blockNumber: bigint;
  price: string | null;
  projectReserve: string;
  pairedReserve: string;
  pairedRaw: bigint;
}

export function snapshotView(
  side: PoolSide,
  s: Pick<PoolSnapshotRow, 'blockTime' | 'blockNumber' | 'reserve0' | 'reserve1' | 'sqrtPriceX96'>,
): SnapshotView {
  const r0 = BigInt(s.reserve0);
  const r1 = BigInt(s.reserve1);
  const projectRaw = side.projectIsToken0 ? r0 : r1;
  const pairedRaw = side.projectIsToken0 ? r1 : r0;
  const price =
    s.sqrtPriceX96 !== null
      ? priceFromSqrt(side, BigInt(s.sqrtPriceX96))
      : priceFromAmounts(side, projectRaw, pairedRaw);
  return {
    time: s.blockTime,
    blockNumber: s.blockNumber,
    price,
    projectReserve: formatUnits(projectRaw, side.projectDecimals),
    pairedReserve: formatUnits(pairedRaw, side.pairedDecimals),
    pairedRaw,
  };
}

export interface EventView {
  kind: ActivityKind;
  projectRaw: bigint;
  pairedRaw: bigint;
  price: string | null;
}

/**
 * A raw event from the project token's side (product §2.9): a swap in which the pool gives out
 * project tokens is a Buy, one that takes them in is a Sell; mints add liquidity, burns remove it.
 * Amounts are absolute. Null for events with nothing in them (V3 collect() logs a zero Burn).
 *
 * Price: a swap's two legs are a trade, so their ratio is its price. A V2 Burn pays out both
 * balances pro rata, so its ratio is exactly the pool's; the V2 router adds liquidity at the
 * reserve ratio (its quote()), so a V2 Mint's ratio is the pool's up to rounding. Two exceptions
 * a Mint cannot tell apart: a hand-made mint at another ratio (the excess is donated), and a token
 * with a fee on transfer, where the pool books the token leg less the fee. A V3 Mint/Burn's two
 * amounts depend on where the position's range sits around the price (one of them is 0 outside
 * it): their ratio is no price, so it has none (null), as have liquidity rows of an unknown version.
 */
export function eventView(
  side: PoolSide,
  e: Pick<PoolEventRow, 'type' | 'amount0' | 'amount1' | 'sqrtPriceX96'>,
  version?: DexVersion,
  stable?: boolean | null,
): EventView | null {
  const a0 = BigInt(e.amount0);
  const a1 = BigInt(e.amount1);
  if (a0 === 0n && a1 === 0n) return null;
  const projectSigned = side.projectIsToken0 ? a0 : a1;
  const pairedSigned = side.projectIsToken0 ? a1 : a0;
  let kind: ActivityKind;
  if (e.type === 'swap') kind = projectSigned < 0n ? 'buy' : 'sell';
  else kind = e.type === 'mint' ? 'add_liquidity' : 'remove_liquidity';
  return {
    kind,
    projectRaw: abs(projectSigned),
    pairedRaw: abs(pairedSigned),
    price:
      e.type === 'swap'
        ? priceFromAmounts(side, projectSigned, pairedSigned)
        : liquidityPrice(side, a0, a1, version, stable),
  };
}

/**
 * A Mint's or Burn's price by its family (see eventView): the ratio where it is the price, a stable
 * curve's marginal price at the amounts where the family says so (Solidly, Camelot V2: decision
 * 0078; the amounts are in the reserves' proportion and the curve's price depends only on that
 * proportion), else none.
 */
function liquidityPrice(
  side: PoolSide,
  a0: bigint,
  a1: bigint,
  version: DexVersion | undefined,
  stable: boolean | null | undefined,
): string | null {
  if (version === undefined) return null;
  const adapter = adapterOf({ version });
  const projectSigned = side.projectIsToken0 ? a0 : a1;
  const pairedSigned = side.projectIsToken0 ? a1 : a0;
  if (!adapter.liquidityPrice)
    return adapter.liquidityRatioIsPrice ? priceFromAmounts(side, projectSigned, pairedSigned) : null;
  const [decimals0, decimals1] = side.projectIsToken0
    ? [side.projectDecimals, side.pairedDecimals]
    : [side.pairedDecimals, side.projectDecimals];
  const sqrt = adapter.liquidityPrice(abs(a0), abs(a1), { stable, decimals0, decimals1 });
  if (sqrt === undefined) return null;
  return sqrt === null ? priceFromAmounts(side, projectSigned, pairedSigned) : priceFromSqrt(side, sqrt);
}

export function toActivityEvent(
  side: PoolSide,
  poolId: number,
  e: PoolEventRow,
  version: DexVersion,
  stable?: boolean | null,
): Omit<ActivityEvent, 'pool_label' | 'trader'> | null {
  const view = eventView(side, e, version, stable);
  if (!view) return null;
  return {
    id: e.id,
    pool_id: poolId,
    kind: view.kind,
    amount_project_token: formatUnits(view.projectRaw, side.projectDecimals),
    amount_token: formatUnits(view.pairedRaw, side.pairedDecimals),
    price: view.price,
    tx_hash: e.txHash,
    block_number: e.blockNumber.toString(),
    log_index: e.logIndex,
    occurred_at: e.blockTime.toISOString(),
  };
}

/** Percent change from `from` to `to` as a decimal string (4 fraction digits), null if unknown. */
export function percentChange(from: string | null, to: string | null): string | null {
  if (from === null || to === null) return null;
  const scale = 10n ** 30n;
  const f = toScaled(from, scale);
  const t = toScaled(to, scale);
  if (f === 0n) return null;
  return formatRatio((t - f) * 100n, f, 4);
}

function toScaled(decimal: string, scale: bigint): bigint {
  const negative = decimal.startsWith('-');
  const [whole = '0', fraction = ''] = decimal.replace('-', '').split('.');
  const digits = scale.toString().length - 1;
  const value = BigInt(whole) * scale + BigInt((fraction + '0'.repeat(digits)).slice(0, digits) || '0');
  return negative ? -value : value;
}
