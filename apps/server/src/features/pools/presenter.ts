import type { Pool, PoolV4, PriceItem } from '@tokendesk/contract';
import { zeroAddress, type Address } from 'viem';
import type { ChainService, CachedPoolState } from '../../chain/chain-service';
import { formatUnits } from '../../chain/decimal';
import { DEVNET_ID, type NetworkConfig, type NetworkRegistry } from '../../chain/networks';
import type { PoolRef } from '../../chain/pools';
import type { Db } from '../../db/client';
import { presentPoolAddress, toChecksumAddress } from '../../lib/addresses';
import { hookFlags } from '../../chain/v4-pools';
import { launchpadOf } from '../../chain/launchpads';
import { pointPrice } from '../../market/base-price';
import { factsOf, feeOf, shapeOf, type StoredPool } from '../../market/pool-shape';
import { percentChange, poolSide } from '../../market/pool-view';
import { loadMarketFigures, marketKey, type MarketFigures } from '../../market/pool-figures';
import type { PoolWithProject } from './repository';
import type { UsdEngine } from '../../market/usd/engine';
import type { ProjectPrice, PoolUsd } from '../../market/usd/valuation';
import { loadRates, valueUsd, withProjectPools, withUsd } from './usd';

export function poolRef({ pool, project }: PoolWithProject): PoolRef {
  return {
    address: pool.poolAddress as Address,
    version: pool.poolVersion,
    projectIsToken0: pool.projectIsToken0,
    projectToken: project.contractAddress as Address,
    pairedToken: pool.pairedTokenAddress as Address,
    projectDecimals: project.tokenDecimal,
    pairedDecimals: pool.pairedTokenDecimals,
  };
}

/**
 * Figures older than 3 poll intervals are stale. On a real network the age is the age of the block
 * read (a lagging node shows here as well as an unreachable one). The local devnet mines only when a
 * transaction arrives, so an old head block is normal there and only the age of the read counts.
 */
export function isStale(network: NetworkConfig | undefined, live: CachedPoolState | null, nowMs: number): boolean {
  if (!network || !live) return true;
  const limit = 3 * network.pollIntervalMs;
  if (nowMs - live.fetchedAt > limit) return true;
  return network.id !== DEVNET_ID && nowMs - live.blockTime.getTime() > limit;
}

/** change_24h and volume_24h of one user's pool from the stored figures of its address. */
export function dayFigures(
  { pool, project }: PoolWithProject,
  currentPrice: string | null,
  figures: MarketFigures | undefined,
): {
  change_24h: string | null;
  volume_24h: string | null;
  buys_24h: number | null;
  sells_24h: number | null;
  traders_24h: number | null;
} {
  const side = poolSide(pool, project);
  const basePrice = figures?.base ? pointPrice(side, figures.base) : null;
  const pairedVolume = figures ? (pool.projectIsToken0 ? figures.volume1 : figures.volume0) : 0n;
  return {
    change_24h: percentChange(basePrice, currentPrice),
    volume_24h: figures?.covered ? formatUnits(pairedVolume, pool.pairedTokenDecimals) : null,
    ...dayTrades(pool.projectIsToken0, figures),
  };
}

/**
 * A Buy takes the project token out of the pool (as the activity list counts it), a Sell puts it in;
 * each is a transaction (decision 0078). Traders only once all are read (decision 0033).
 */
function dayTrades(
  projectIsToken0: boolean,
  figures: MarketFigures | undefined,
): { buys_24h: number | null; sells_24h: number | null; traders_24h: number | null } {
  if (!figures?.covered) return { buys_24h: null, sells_24h: null, traders_24h: null };
  const buys = projectIsToken0 ? figures.out0 : figures.out1;
  const sells = projectIsToken0 ? figures.in0 : figures.in1;
  return { buys_24h: buys, sells_24h: sells, traders_24h: figures.unreadTraders > 0 ? null : figures.traders };
}

/**
 * A V4 pool's key beyond its currencies (docs/decisions/0042), with the launchpad its hook belongs
 * to (decision 0063); null for V2/V3 pools.
 */
export function v4View(row: StoredPool, network: NetworkConfig | undefined): PoolV4 | null {
  if (row.poolVersion !== 'v4') return null;
  const facts = factsOf(row);
  const hooks = facts.hooks ?? zeroAddress;
  return {
    pool_id: row.poolAddress,
    hooks: toChecksumAddress(hooks),
    hook_flags: hookFlags(hooks),
    launchpad: launchpadOf(network?.launchpadHooks, hooks),
    tick_spacing: facts.tickSpacing ?? 0,
    dynamic_fee: facts.dynamicFee === true,
  };
}

/** The fee shown: a fee that is no tier (a V4 hook sets each swap's) is null beside v4.dynamic_fee. */

export function toApiPool(
  registry: NetworkRegistry,
  row: PoolWithProject,
  live: CachedPoolState | null | undefined,
  figures: MarketFigures | undefined,
  nowMs: number,
  usd?: PoolUsd,
): Pool {
  const { pool, project } = row;
  const network = registry.get(pool.networkId);
  const dex = network?.dexes.find((d) => d.id === pool.dexId);
  const token = network?.tokens.find((t) => t.id === pool.tokenId);
  return {
    id: pool.id,
    pool_address: presentPoolAddress(pool.poolAddress),
    pool_version: pool.poolVersion,
    fee: feeOf(pool),
    shape: shapeOf(pool),
    v4: v4View(pool, network),
    // A network or DEX removed from the registry still shows its stored ids rather than failing.
    dex: { id: pool.dexId, name: dex?.name ?? pool.dexId, dex_logo: dex?.logo ?? '' },
    token: {
      id: pool.tokenId,
      name: pool.pairedTokenName,
      symbol: pool.pairedTokenSymbol,
      token_logo: token?.logo ?? '',
      address: toChecksumAddress(pool.pairedTokenAddress),
      decimals: pool.pairedTokenDecimals,
    },
    project: {
      id: project.id,
      name: project.name,
      token_symbol: project.tokenSymbol,
      contract_address: toChecksumAddress(project.contractAddress),
      token_decimal: project.tokenDecimal,
    },
    network: {
      id: pool.networkId,
      name: network?.name ?? `Chain ${pool.networkId}`,
      network_logo: network?.logo ?? '',
      network_explorer: network?.explorer ?? '',
    },
    pool_funds:
      live === undefined
        ? null
        : {
            amount_token: live?.state?.pairedReserve ?? null,
            amount_project_token: live?.state?.projectReserve ?? null,
            block_number: live ? live.blockNumber.toString() : null,
            updated_at: live ? live.blockTime.toISOString() : null,
            stale: isStale(network, live ?? null, nowMs),
          },
    price: live?.state?.price ?? null,
    ...withUsd(dayFigures(row, live?.state?.price ?? null, figures), usd),
    created_at: pool.createdAt.toISOString(),
  };
}

/**
 * Every pool answer goes through here: live reserves and price (unless `live` is false, for lists
 * that must not touch the chain) and the 24 h figures from stored history, read in one statement
 * for all the pools, in parallel with the chain reads.
 */
export async function presentPools(
  deps: { db: Db; chain: ChainService; usd: UsdEngine },
  rows: readonly PoolWithProject[],
  options: { live: boolean; nowMs?: number } = { live: true },
): Promise<Pool[]> {
  return (await presentPoolsValued(deps, rows, options)).pools;
}

/**
 * presentPools and the USD price of each project of the pools (docs/decisions/0032). A live answer
 * also reads the projects' other pools (one more statement; the same multicall per network): a
 * project's USD price comes from its deepest pool, whichever pools are shown.
 */
export async function presentPoolsValued(
  deps: { db: Db; chain: ChainService; usd: UsdEngine },
  rows: readonly PoolWithProject[],
  options: { live: boolean; nowMs?: number } = { live: true },
): Promise<{ pools: Pool[]; projectPrices: Map<number, ProjectPrice> }> {
  const nowMs = options.nowMs ?? Date.now();
  const [states, figures] = await Promise.all([
    options.live
      ? withProjectPools(deps.db, rows).then(async (all) => {
          const [read, rates] = await Promise.all([
            loadStates(deps.chain, all),
            loadRates(deps.usd, deps.chain.registry, all, nowMs),
          ]);
          return { all, read, rates };
        })
      : Promise.resolve(undefined),
    loadMarketFigures(
      deps.db,
      rows.map((r) => r.pool),
      nowMs,
    ),
  ]);
  const usd = states && valueUsd(deps.usd, deps.chain.registry, states.all, states.read, states.rates, isStale, nowMs);
  const pools = rows.map((r) =>
    toApiPool(
      deps.chain.registry,
      r,
      states ? states.read.get(r.pool.id) : undefined,
      figures.get(marketKey(r.pool.networkId, r.pool.poolAddress)),
      nowMs,
      usd?.pools.get(r.pool.id),
    ),
  );
  return { pools, projectPrices: usd?.projects ?? new Map() };
}

/** Live states for pools across networks: one multicall per network. */
export async function loadStates(
  chain: ChainService,
  rows: readonly PoolWithProject[],
): Promise<Map<number, CachedPoolState | null>> {
  const byNetwork = new Map<number, PoolWithProject[]>();
  for (const row of rows) {
    const list = byNetwork.get(row.pool.networkId) ?? [];
    list.push(row);
    byNetwork.set(row.pool.networkId, list);
  }
  const result = new Map<number, CachedPoolState | null>();
  await Promise.all(
    [...byNetwork].map(async ([networkId, list]) => {
      const network = chain.registry.get(networkId);
      if (!network) {
        for (const r of list) result.set(r.pool.id, null);
        return;
      }
      const states = await chain.poolStates(network, list.map(poolRef));
      for (const r of list) result.set(r.pool.id, states.get(r.pool.poolAddress) ?? null);
    }),
  );
  return result;
}

export function toPriceItem(apiPool: Pool): PriceItem {
  return {
    pool_id: apiPool.id,
    token: apiPool.project.token_symbol,
    pair: apiPool.token.symbol,
    dex: apiPool.dex.name,
    price: apiPool.price,
    price_usd: apiPool.price_usd,
    change_24h: apiPool.change_24h,
    updated_at: apiPool.pool_funds?.updated_at ?? null,
  };
}
