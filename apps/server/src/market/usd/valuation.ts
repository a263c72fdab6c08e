import type { UsdSource as ApiUsdSource } from '@tokendesk/contract';
import { add, cmp, dec, decOf, mul, truncate, type Dec } from './decimal-math';

/*
 * Which pool sets a token's USD price, and what each pool is worth in USD (docs/decisions/0032).
 * Pure functions over figures already read: the chain reads are in chain/, the caching in engine.ts.
 */

/** One pool of a route, named as a trader would: "DEMO/WETH on Uniswap V2". */
export interface RouteLeg {
  label: string;
  blockNumber: bigint;
  blockTime: Date;
  stale: boolean;
}

/** The paired token's USD rate: 1 for a usdPegged token, the wrapped native's price from its reference pool, or why there is none. */
export type PairedRate = { ok: true; rate: Dec; legs: RouteLeg[] } | { ok: false; reason: string };

export interface UsdSource {
  route: string;
  blockNumber: bigint;
  blockTime: Date;
  stale: boolean;
}

/** A pool as the valuation sees it: its live reserves and price (decimal strings) and its paired token's rate. */
export interface PoolUsdInput {
  poolId: number;
  projectId: number;
  leg: RouteLeg | null;
  state: { projectReserve: string; pairedReserve: string; price: string | null } | null;
  rate: PairedRate;
}

export type ProjectPrice =
  | { ok: true; poolId: number; priceUsd: Dec; source: UsdSource }
  | { ok: false; reason: string };

export interface PoolUsd {
  priceUsd: Dec | null;
  liquidityUsd: Dec | null;
  /** The paired token's current rate, to value the pool's stored 24 h volume. */
  rate: Dec | null;
  source: UsdSource | null;
  reason: string | null;
}

/** How a missing wrapped-native rate's reason starts (engine.ts writes it). */
export const NO_NATIVE_RATE = 'No USD rate for';

/** "$10,000": the minimum liquidity as the reasons say it. */
export function dollars(amount: number): string {
  return `$${amount.toLocaleString('en-US')}`;
}

/** "WETH, USDC or USDT": the network's reference tokens, for the no-route reason. */
export function referenceList(symbols: readonly string[]): string {
  if (symbols.length <= 1) return symbols[0] ?? 'a USD reference token';
  return `${symbols.slice(0, -1).join(', ')} or ${symbols.at(-1)}`;
}

export function sourceOf(legs: readonly RouteLeg[]): UsdSource | null {
  const first = legs[0];
  if (!first) return null;
  // The older block of the legs: the figure is no newer than its oldest part.
  const oldest = legs.reduce((a, b) => (b.blockNumber < a.blockNumber ? b : a), first);
  return {
    route: legs.map((l) => l.label).join(' × '),
    blockNumber: oldest.blockNumber,
    blockTime: oldest.blockTime,
    stale: legs.some((l) => l.stale),
  };
}

/** The provenance as the API answers it (usdSourceSchema). */
export function apiUsdSource(source: UsdSource): ApiUsdSource {
  return {
    route: source.route,
    block_number: source.blockNumber.toString(),
    updated_at: source.blockTime.toISOString(),
    stale: source.stale,
  };
}

/** The USD value of a pool's paired side × 2: how deep the pool is for choosing the price-setting pool. */
export function pairedDepthUsd(pool: PoolUsdInput): Dec | null {
  if (!pool.rate.ok || !pool.state) return null;
  return mul(mul(dec(pool.state.pairedReserve), pool.rate.rate), decOf(2n));
}

/**
 * The project token's USD price: from its deepest pool (paired side in USD × 2) whose paired token
 * has a USD rate and that holds at least `minLiquidityUsd`. A pool below the minimum never sets the
 * price, so a dust pool with an absurd price moves nothing. Ties go to the lower pool id (stable answer).
 */
export function chooseProjectPrice(
  pools: readonly PoolUsdInput[],
  minLiquidityUsd: number,
  texts: { symbol: string; references: readonly string[] },
): ProjectPrice {
  const routed = pools.filter((p) => p.rate.ok);
  if (routed.length === 0) {
    // A pool paired with the wrapped native whose own rate is missing says why; better than "no route".
    const nativeMissing = pools.map((p) => p.rate).find((r) => !r.ok && r.reason.startsWith(NO_NATIVE_RATE));
    return {
      ok: false,
      reason:
        nativeMissing && !nativeMissing.ok
          ? nativeMissing.reason
          : `No USD route: ${texts.symbol} has no pool with ${referenceList(texts.references)}.`,
    };
  }
  const priced = routed.filter((p) => p.state?.price != null && p.leg);
  if (priced.length === 0)
    return {
      ok: false,
      reason: `No USD price: the pools of ${texts.symbol} with a USD route could not be read or are empty.`,
    };
  const min = decOf(BigInt(minLiquidityUsd));
  let best: { pool: PoolUsdInput; depth: Dec } | null = null;
  for (const pool of priced) {
    const depth = pairedDepthUsd(pool)!;
    if (cmp(depth, min) < 0) continue;
    if (!best || cmp(depth, best.depth) > 0 || (cmp(depth, best.depth) === 0 && pool.poolId < best.pool.poolId))
      best = { pool, depth };
  }
  if (!best)
    return { ok: false, reason: `No pool of ${texts.symbol} holds at least ${dollars(minLiquidityUsd)} of liquidity.` };
  const { pool } = best;
  const rate = pool.rate as Extract<PairedRate, { ok: true }>;
  // Truncated as the API writes it, so that liquidity, market cap and FDV follow from the price shown.
  return {
    ok: true,
    poolId: pool.poolId,
    priceUsd: truncate(mul(dec(pool.state!.price!), rate.rate)),
    source: sourceOf([pool.leg!, ...rate.legs])!,
  };
}

/**
 * One pool in USD. price: this pool's own price × the paired rate. liquidity: the project-token
 * reserve at the PROJECT's USD price (from its price-setting pool, never this pool's own price, so a
 * dust pool's absurd price inflates nothing) + the paired reserve × the paired rate.
 */
export function poolUsd(pool: PoolUsdInput, project: ProjectPrice): PoolUsd {
  const none = (reason: string): PoolUsd => ({ priceUsd: null, liquidityUsd: null, rate: null, source: null, reason });
  if (!pool.state || !pool.leg) return none("No USD figures: the pool's reserves could not be read.");
  if (!pool.rate.ok) return none(pool.rate.reason);
  const { rate, legs } = pool.rate;
  const source = sourceOf([pool.leg, ...legs]);
  const priceUsd = pool.state.price === null ? null : truncate(mul(dec(pool.state.price), rate));
  const pairedUsd = mul(dec(pool.state.pairedReserve), rate);
  if (!project.ok)
    return { priceUsd, liquidityUsd: null, rate, source, reason: `No liquidity in USD: ${project.reason}` };
  const liquidityUsd = add(mul(dec(pool.state.projectReserve), project.priceUsd), pairedUsd);
  return {
    priceUsd,
    liquidityUsd,
    rate,
    source,
    reason: priceUsd === null ? 'No USD price: the pool is empty.' : null,
  };
}

export interface SupplyFigures {
  totalSupply: bigint | null;
  burnBalances: readonly (bigint | null)[];
}

/**
 * Circulating supply = totalSupply less what the burn addresses hold. A token is untrusted: a burn
 * balance it cannot answer counts as nothing burned at that address; balances that add up to more
 * than the total supply are nonsense and leave the circulating supply unknown.
 */
export function circulating(s: SupplyFigures): { circulating: bigint | null; reason: string | null } {
  if (s.totalSupply === null)
    return { circulating: null, reason: "The token's totalSupply() reverted or did not answer a number." };
  const burned = s.burnBalances.reduce<bigint>((sum, b) => sum + (b ?? 0n), 0n);
  if (burned > s.totalSupply)
    return { circulating: null, reason: 'The burn addresses hold more than the total supply the token reports.' };
  return { circulating: s.totalSupply - burned, reason: null };
}

export const supplyValue = (raw: bigint, decimals: number, priceUsd: Dec): Dec => mul(decOf(raw, decimals), priceUsd);

export function sum(values: readonly (Dec | null)[]): Dec | null {
  const known = values.filter((v): v is Dec => v !== null);
  return known.length === 0 ? null : known.reduce((a, b) => add(a, b));
}
