import type { Pool } from '@tokendesk/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { CachedPoolState } from '../../chain/chain-service';
import type { NetworkConfig, NetworkRegistry } from '../../chain/networks';
import type { Db } from '../../db/client';
import { pools, projects } from '../../db/schema';
import { dec, decText, mul } from '../../market/usd/decimal-math';
import type { UsdEngine } from '../../market/usd/engine';
import {
  apiUsdSource,
  chooseProjectPrice,
  poolUsd,
  type PairedRate,
  type PoolUsd,
  type PoolUsdInput,
  type ProjectPrice,
} from '../../market/usd/valuation';
import type { PoolWithProject } from './repository';

/*
 * The pools feature's side of the USD engine (docs/decisions/0032): which rows it needs, and the
 * USD fields of the pool answer. The choice of pool and the maths are market/usd/.
 */

export type PoolUsdFields = Pick<
  Pool,
  'price_usd' | 'liquidity_usd' | 'volume_24h_usd' | 'usd' | 'usd_unavailable_reason'
>;

export interface UsdValuation {
  pools: Map<number, PoolUsd>;
  projects: Map<number, ProjectPrice>;
}

/**
 * The presented pools and the other pools of their projects: a project's USD price comes from its
 * deepest pool, which need not be among the pools of one page or one answer.
 */
export async function withProjectPools(db: Db, rows: readonly PoolWithProject[]): Promise<PoolWithProject[]> {
  const projectIds = [...new Set(rows.map((r) => r.project.id))];
  if (projectIds.length === 0) return [...rows];
  const userIds = [...new Set(rows.map((r) => r.project.userId))];
  const all = await db
    .select({ pool: pools, project: projects })
    .from(pools)
    .innerJoin(projects, and(eq(projects.id, pools.projectId), eq(projects.userId, pools.userId)))
    .where(and(inArray(pools.userId, userIds), inArray(pools.projectId, projectIds)));
  const seen = new Set(rows.map((r) => r.pool.id));
  return [...rows, ...all.filter((r) => !seen.has(r.pool.id))];
}

const rateKey = (networkId: number, pairedToken: string) => `${networkId}:${pairedToken}`;

/**
 * The USD rate of every paired token of `rows`, one read per network at most (the engine caches and
 * shares them). Needs no pool state, so it runs alongside the pool reads: a stalled node costs one
 * deadline, not two.
 */
export async function loadRates(
  engine: UsdEngine,
  registry: NetworkRegistry,
  rows: readonly PoolWithProject[],
  nowMs: number,
): Promise<Map<string, PairedRate>> {
  const keys = new Map<string, { networkId: number; pairedToken: string }>();
  for (const { pool } of rows)
    keys.set(rateKey(pool.networkId, pool.pairedTokenAddress), {
      networkId: pool.networkId,
      pairedToken: pool.pairedTokenAddress,
    });
  const rates = await Promise.all(
    [...keys].map(async ([key, { networkId, pairedToken }]): Promise<[string, PairedRate]> => {
      const network = registry.get(networkId);
      if (!network) return [key, { ok: false, reason: 'No USD route: this network is no longer configured.' }];
      return [key, await engine.pairedRate(network, pairedToken, nowMs)];
    }),
  );
  return new Map(rates);
}

/** USD price, liquidity and provenance of every pool in `rows`, and each of their projects' USD price. */
export function valueUsd(
  engine: UsdEngine,
  registry: NetworkRegistry,
  rows: readonly PoolWithProject[],
  states: Map<number, CachedPoolState | null>,
  rates: Map<string, PairedRate>,
  isStale: (network: NetworkConfig | undefined, live: CachedPoolState | null, nowMs: number) => boolean,
  nowMs: number,
): UsdValuation {
  const inputs = rows.map(({ pool, project }): PoolUsdInput => {
    const network = registry.get(pool.networkId);
    const live = states.get(pool.id) ?? null;
    const dex = network?.dexes.find((d) => d.id === pool.dexId)?.name ?? pool.dexId;
    return {
      poolId: pool.id,
      projectId: project.id,
      leg: live?.state
        ? {
            label: `${project.tokenSymbol}/${pool.pairedTokenSymbol} on ${dex}`,
            blockNumber: live.blockNumber,
            blockTime: live.blockTime,
            stale: isStale(network, live, nowMs),
          }
        : null,
      state: live?.state ?? null,
      rate: rates.get(rateKey(pool.networkId, pool.pairedTokenAddress)) ?? {
        ok: false,
        reason: 'No USD route: the rate was not read.',
      },
    };
  });
  const byProject = new Map<number, PoolUsdInput[]>();
  for (const input of inputs) byProject.set(input.projectId, [...(byProject.get(input.projectId) ?? []), input]);
  const projectPrices = new Map<number, ProjectPrice>();
  for (const [projectId, list] of byProject) {
    const row = rows.find((r) => r.project.id === projectId)!;
    const network = registry.get(row.pool.networkId);
    projectPrices.set(
      projectId,
      chooseProjectPrice(list, engine.minLiquidityUsd, {
        symbol: row.project.tokenSymbol,
        references: network ? engine.referenceSymbols(network) : [],
      }),
    );
  }
  const poolValues = new Map<number, PoolUsd>();
  for (const input of inputs) poolValues.set(input.poolId, poolUsd(input, projectPrices.get(input.projectId)!));
  return { pools: poolValues, projects: projectPrices };
}

const NOT_READ: PoolUsdFields = {
  price_usd: null,
  liquidity_usd: null,
  volume_24h_usd: null,
  usd: null,
  usd_unavailable_reason: 'Not valued: this answer does not read the chain.',
};

/** The 24 h figures with the USD fields; the stored volume is valued at the paired token's current rate. */
export function withUsd<T extends { volume_24h: string | null }>(day: T, usd: PoolUsd | undefined): T & PoolUsdFields {
  if (!usd) return { ...day, ...NOT_READ };
  return {
    ...day,
    price_usd: usd.priceUsd && decText(usd.priceUsd),
    liquidity_usd: usd.liquidityUsd && decText(usd.liquidityUsd),
    volume_24h_usd: usd.rate && day.volume_24h !== null ? decText(mul(dec(day.volume_24h), usd.rate)) : null,
    usd: usd.source && apiUsdSource(usd.source),
    usd_unavailable_reason: usd.reason,
  };
}
