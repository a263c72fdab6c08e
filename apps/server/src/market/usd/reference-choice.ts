import type { ReferencePool } from '../../chain/reference-pools';
import type { TokenConfig } from '../../chain/networks';
import { normalizeAddress } from '../../lib/addresses';
import { priceFromAmounts, priceFromSqrt } from '../../chain/prices';
import { cmp, dec, decOf, mul, type Dec } from './decimal-math';

export interface ReferenceChoice {
  pool: ReferencePool;
  stable: TokenConfig;
  /** Stable units per wrapped native, at the read block. */
  rate: Dec;
  /** "WETH/USDC on Uniswap V3": the route's leg as the live USD figures name it. */
  label: string;
}

/**
 * The wrapped native's reference pool among those read (decision 0032): the deepest by its stable
 * side, held to the same minimum liquidity (stable side × 2) as any price-setting pool, so a dust
 * pool never sets a rate. null when none qualifies. The live rate and the recorded rate history
 * (decision 0064) choose with this one rule.
 */
export function deepestReferencePool(
  pools: readonly ReferencePool[],
  native: TokenConfig,
  stables: readonly TokenConfig[],
  minLiquidityUsd: number,
): ReferenceChoice | null {
  const min = decOf(BigInt(minLiquidityUsd));
  let best: (ReferenceChoice & { depth: Dec }) | null = null;
  for (const pool of pools) {
    const stable = stables.find((s) => normalizeAddress(s.address) === normalizeAddress(pool.stable.address));
    if (!stable) continue;
    const side = {
      projectIsToken0: pool.baseIsToken0,
      projectDecimals: native.decimals,
      pairedDecimals: stable.decimals,
    };
    const price =
      pool.sqrtPriceX96 !== null
        ? priceFromSqrt(side, pool.sqrtPriceX96)
        : priceFromAmounts(side, pool.baseReserve, pool.stableReserve);
    if (price === null) continue;
    const depth = decOf(pool.stableReserve, stable.decimals);
    if (cmp(mul(depth, decOf(2n)), min) < 0) continue;
    if (!best || cmp(depth, best.depth) > 0)
      best = { pool, stable, rate: dec(price), depth, label: `${native.symbol}/${stable.symbol} on ${pool.dex.name}` };
  }
  if (!best) return null;
  const { depth: _depth, ...choice } = best;
  return choice;
}
