import type { PoolShape, PoolVersion } from '@tokendesk/contract';
import { formatFeeTier } from './format';

/**
 * What the web app knows about each DEX family, in one place (docs/decisions/0059, 0067): the
 * screens ask these rules instead of comparing pool_version themselves, so a new family is one row
 * here. Pools are stored per family under the names of contract POOL_VERSIONS (Uniswap's keep v2,
 * v3, v4).
 */
interface FamilyRules {
  /** How a found pool is described in the Add Pool dialog ('Slipstream pool'). */
  name: string;
  /**
   * Liquidity sits in price ranges (ticks or bins): a liquidity change's two amounts follow the
   * position's range, so their ratio is not a price (a constant-product pool's is).
   */
  concentrated: boolean;
  /** The pool is named by its id, not an address: a singleton contract holds it (Uniswap V4). */
  poolId: boolean;
  /** The tick spacing names the pool next to its tokens (Slipstream's factory keys pools by it, not by fee). */
  tickSpacingNamesPool: boolean;
  /** The title of the pool page's card of family facts; null where the page has none (Uniswap V2/V3) or its own (V4). */
  factsTitle: string | null;
  /** Its pools may name a plugin contract that can change fees (Algebra Integral). */
  plugins: boolean;
}

const FAMILIES: Record<PoolVersion, FamilyRules> = {
  v2: {
    name: 'Uniswap V2-style pool',
    concentrated: false,
    poolId: false,
    tickSpacingNamesPool: false,
    factsTitle: null,
    plugins: false,
  },
  v3: {
    name: 'Uniswap V3-style pool',
    concentrated: true,
    poolId: false,
    tickSpacingNamesPool: false,
    factsTitle: null,
    plugins: false,
  },
  v4: {
    name: 'Uniswap V4 pool ID',
    concentrated: true,
    poolId: true,
    tickSpacingNamesPool: false,
    factsTitle: null,
    plugins: false,
  },
  solidly: {
    name: 'Solidly pool',
    concentrated: false,
    poolId: false,
    tickSpacingNamesPool: false,
    factsTitle: 'Solidly pool',
    plugins: false,
  },
  'camelot-v2': {
    name: 'Camelot V2 pool',
    concentrated: false,
    poolId: false,
    tickSpacingNamesPool: false,
    factsTitle: 'Camelot V2 pool',
    plugins: false,
  },
  slipstream: {
    name: 'Slipstream pool',
    concentrated: true,
    poolId: false,
    tickSpacingNamesPool: true,
    factsTitle: 'Slipstream pool',
    plugins: false,
  },
  algebra: {
    name: 'Algebra pool',
    concentrated: true,
    poolId: false,
    tickSpacingNamesPool: false,
    factsTitle: 'Algebra pool',
    plugins: true,
  },
  'liquidity-book': {
    name: 'Liquidity Book pair',
    concentrated: true,
    poolId: false,
    tickSpacingNamesPool: false,
    factsTitle: 'Liquidity Book pair',
    plugins: false,
  },
};

/** An unknown version (a newer server) reads as a plain address-named pool: nothing is claimed about it. */
const UNKNOWN: FamilyRules = {
  name: 'Pool',
  concentrated: false,
  poolId: false,
  tickSpacingNamesPool: false,
  factsTitle: null,
  plugins: false,
};

export const familyRules = (version: string): FamilyRules => FAMILIES[version as PoolVersion] ?? UNKNOWN;

/** True where a liquidity change's amounts are not a price (V3, V4, Slipstream, Algebra, Liquidity Book). */
export const isConcentratedPool = (version: string): boolean => familyRules(version).concentrated;

/** True when the pool is named by a pool id rather than a contract address (Uniswap V4). */
export const isPoolIdVersion = (version: string): boolean => familyRules(version).poolId;

/** What the screens need of a pool to describe it: the found pool, a discovered one or an attached one. */
export interface PoolFactsInput {
  pool_version: string;
  fee: number | null;
  /** Absent on answers from a server older than the families (then only the version and fee speak). */
  shape?: PoolShape | null;
  v4?: { dynamic_fee: boolean } | null;
}

export const isDynamicFee = (pool: PoolFactsInput): boolean => Boolean(pool.shape?.dynamic_fee || pool.v4?.dynamic_fee);

/**
 * The fee as shown next to a pool: its tier ('0.3%'), 'Dynamic fee' when the pool sets it per swap
 * (a V4 hook, an Algebra pool, a factory-set Solidly fee), null where the API gives none (a Uniswap V2
 * fork: the DEX fixes it).
 */
export function poolFeeText(pool: PoolFactsInput): string | null {
  if (isDynamicFee(pool)) return 'Dynamic fee';
  return formatFeeTier(pool.fee);
}

/** 'Bin step 25 (0.25%)': a Liquidity Book bin step is in basis points, each bin that far from the next. */
export const binStepText = (binStep: number): string => `Bin step ${binStep} (${Number((binStep / 100).toFixed(4))}%)`;

/**
 * The family's facts beyond the fee, each a short label for a badge: 'Stable pool' or 'Volatile
 * pool' (Solidly, Camelot V2), 'Tick spacing 200' where the spacing names the pool (Slipstream),
 * 'Bin step 25 (0.25%)' (Liquidity Book). A V3/V4/Algebra tick spacing is a detail of the pool page,
 * not its name; hooks and plugins have their own badge.
 */
export function poolShapeLabels(pool: PoolFactsInput): string[] {
  const shape = pool.shape;
  if (!shape) return [];
  const labels: string[] = [];
  if (shape.stable !== null) labels.push(shape.stable ? 'Stable pool' : 'Volatile pool');
  if (shape.tick_spacing !== null && familyRules(pool.pool_version).tickSpacingNamesPool)
    labels.push(`Tick spacing ${shape.tick_spacing}`);
  if (shape.bin_step !== null) labels.push(binStepText(shape.bin_step));
  return labels;
}

/** The fee then the shape, as the pool rows show them ('0.05%', 'Stable pool'). */
export function poolFactLabels(pool: PoolFactsInput): string[] {
  const fee = poolFeeText(pool);
  return [...(fee ? [fee] : []), ...poolShapeLabels(pool)];
}

const NO_CONTRACT = /^0x0{40}$/i;

/** An Algebra pool's plugin contract, or null when it has none (address 0 or not an Algebra pool). */
export function poolPlugin(pool: PoolFactsInput): string | null {
  const plugin = pool.shape?.plugin ?? null;
  return plugin && !NO_CONTRACT.test(plugin) ? plugin : null;
}

/**
 * How the Add Pool dialog describes the pool its lookup found: 'Uniswap V3-style pool, fee tier 0.3%',
 * 'Solidly stable pool, fee tier 0.05%', 'Slipstream pool, tick spacing 200, fee tier 0.3%',
 * 'Liquidity Book pair, bin step 25 (0.25%), fee tier 0.2%', 'Algebra pool, dynamic fee, plugin 0x1234…'.
 * Null for a pool that nothing beyond its tokens names (a Uniswap V2 pair).
 */
export function foundPoolDescription(pool: PoolFactsInput, shorten: (address: string) => string): string | null {
  const rules = familyRules(pool.pool_version);
  const shape = pool.shape;
  const stable = shape?.stable ?? null;
  const name = stable === null ? rules.name : rules.name.replace(/ pool$/, stable ? ' stable pool' : ' volatile pool');
  const parts: string[] = [];
  if (shape?.tick_spacing != null && rules.tickSpacingNamesPool) parts.push(`tick spacing ${shape.tick_spacing}`);
  if (shape?.bin_step != null) parts.push(binStepText(shape.bin_step).replace('Bin step', 'bin step'));
  const fee = formatFeeTier(pool.fee);
  if (isDynamicFee(pool)) parts.push('dynamic fee');
  else if (fee) parts.push(`fee tier ${fee}`);
  const plugin = poolPlugin(pool);
  if (plugin) parts.push(`plugin ${shorten(plugin)}`);
  if (parts.length === 0 && stable === null && !rules.poolId) return null;
  return [name, ...parts].join(', ');
}
