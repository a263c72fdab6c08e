import type { LiquiditySummary, Pool, ProjectMarket } from '@tokendesk/contract';
import { formatUnits } from '../../chain/decimal';
import type { NetworkConfig } from '../../chain/networks';
import { dec, decText, type Dec } from '../../market/usd/decimal-math';
import type { SupplySnapshot, UsdEngine } from '../../market/usd/engine';
import { apiUsdSource, circulating, sum, supplyValue, type ProjectPrice } from '../../market/usd/valuation';
import type { ProjectWithHolders } from '../../domain/projects';

/*
 * The project market answers (docs/decisions/0032): the project's USD price from its price-setting
 * pool, sums over its pools' USD figures, and market cap / FDV from the supply read on the chain.
 */

const usdSum = (values: readonly (string | null)[]): Dec | null => sum(values.map((v) => (v === null ? null : dec(v))));
const text = (value: Dec | null): string | null => (value === null ? null : decText(value));

export function toProjectMarket(
  engine: UsdEngine,
  project: ProjectWithHolders,
  network: NetworkConfig | undefined,
  pools: readonly Pool[],
  price: ProjectPrice | undefined,
  supply: SupplySnapshot | null,
  nowMs: number,
): ProjectMarket {
  const own = pools.filter((p) => p.project.id === project.id);
  const priced = price ?? { ok: false as const, reason: `No USD price: ${project.tokenSymbol} has no pools attached.` };
  const priceUsd = priced.ok ? priced.priceUsd : null;

  let totalSupply: string | null = null;
  let circulatingSupply: string | null = null;
  let supplyReason: string | null = null;
  let marketCap: Dec | null = null;
  let fdv: Dec | null = null;
  if (!supply) supplyReason = `The ${network?.name ?? 'network'} node did not answer the token's totalSupply().`;
  else {
    const figures = circulating(supply);
    supplyReason = figures.reason;
    if (supply.totalSupply !== null) {
      totalSupply = formatUnits(supply.totalSupply, project.tokenDecimal);
      if (priceUsd) fdv = supplyValue(supply.totalSupply, project.tokenDecimal, priceUsd);
    }
    if (figures.circulating !== null) {
      circulatingSupply = formatUnits(figures.circulating, project.tokenDecimal);
      if (priceUsd) marketCap = supplyValue(figures.circulating, project.tokenDecimal, priceUsd);
    }
  }
  const supplyStale = !supply || !network || nowMs - supply.fetchedAt > engine.cacheMs + 3 * network.pollIntervalMs;
  const source = priced.ok ? apiUsdSource(priced.source) : null;
  return {
    project_id: project.id,
    price_usd: text(priceUsd),
    change_24h: priced.ok ? (own.find((p) => p.id === priced.poolId)?.change_24h ?? null) : null,
    liquidity_usd: text(usdSum(own.map((p) => p.liquidity_usd))),
    market_cap_usd: text(marketCap),
    fdv_usd: text(fdv),
    circulating_supply: circulatingSupply,
    total_supply: totalSupply,
    supply_unavailable_reason: supplyReason,
    volume_24h_usd: text(usdSum(own.map((p) => p.volume_24h_usd))),
    holders: project.holderCount ?? null,
    price_pool_id: priced.ok ? priced.poolId : null,
    usd: source,
    usd_unavailable_reason: priced.ok ? null : priced.reason,
    block_number: supply ? supply.blockNumber.toString() : null,
    stale: supplyStale || (source?.stale ?? false),
  };
}

/** The Dashboard's total: every pool with a USD liquidity counts; the newest block among them is the provenance. */
export function toLiquiditySummary(pools: readonly Pool[]): LiquiditySummary {
  const valued = pools.filter((p) => p.liquidity_usd !== null);
  const newest = valued.reduce<Pool | null>(
    (best, p) => (p.usd && (!best?.usd || BigInt(p.usd.block_number) > BigInt(best.usd.block_number)) ? p : best),
    null,
  );
  return {
    total_liquidity_usd: text(usdSum(valued.map((p) => p.liquidity_usd))),
    pools_valued: valued.length,
    pools_not_valued: pools.length - valued.length,
    usd: newest?.usd ?? null,
    stale: valued.some((p) => p.usd?.stale ?? true),
  };
}
