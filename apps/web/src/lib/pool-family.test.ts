import type { PoolShape } from '@tokendesk/contract';
import { shortenAddress } from '@tokendesk/contract';
import { describe, expect, it } from 'vitest';
import {
  foundPoolDescription,
  isConcentratedPool,
  isPoolIdVersion,
  poolFactLabels,
  poolFeeText,
  poolPlugin,
  poolShapeLabels,
} from './pool-family';

const none: PoolShape = { stable: null, tick_spacing: null, bin_step: null, dynamic_fee: false, plugin: null };
const plugin = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

/** One pool of each family as the API describes it (shape as apps/server's adapters fill it). */
const pools = {
  v2: { pool_version: 'v2', fee: null, shape: none },
  v3: { pool_version: 'v3', fee: 3000, shape: { ...none, tick_spacing: 60 } },
  v4: { pool_version: 'v4', fee: 3000, shape: { ...none, tick_spacing: 60 }, v4: { dynamic_fee: false } },
  solidlyVolatile: { pool_version: 'solidly', fee: 3000, shape: { ...none, stable: false } },
  solidlyStable: { pool_version: 'solidly', fee: 500, shape: { ...none, stable: true } },
  camelotStable: { pool_version: 'camelot-v2', fee: null, shape: { ...none, stable: true, dynamic_fee: true } },
  slipstream: { pool_version: 'slipstream', fee: 3000, shape: { ...none, tick_spacing: 200 } },
  algebra: { pool_version: 'algebra', fee: null, shape: { ...none, tick_spacing: 60, dynamic_fee: true } },
  algebraPlugin: {
    pool_version: 'algebra',
    fee: null,
    shape: { ...none, tick_spacing: 60, dynamic_fee: true, plugin },
  },
  lb: { pool_version: 'liquidity-book', fee: 2000, shape: { ...none, bin_step: 25 } },
};

describe('DEX family rules', () => {
  it('concentrated liquidity (ticks or bins) for V3, V4, Slipstream, Algebra and Liquidity Book; not for V2, Solidly, Camelot V2', () => {
    const concentrated = Object.values(pools)
      .filter((p) => isConcentratedPool(p.pool_version))
      .map((p) => p.pool_version);
    expect([...new Set(concentrated)]).toEqual(['v3', 'v4', 'slipstream', 'algebra', 'liquidity-book']);
    expect(isConcentratedPool('something-new')).toBe(false);
  });

  it('only a V4 pool is named by its pool id', () => {
    expect(
      Object.values(pools)
        .filter((p) => isPoolIdVersion(p.pool_version))
        .map((p) => p.pool_version),
    ).toEqual(['v4']);
  });

  it("fee: the tier, 'Dynamic fee' whenever the shape says so, nothing for a V2 pair", () => {
    expect(poolFeeText(pools.v2)).toBeNull();
    expect(poolFeeText(pools.solidlyStable)).toBe('0.05%');
    expect(poolFeeText(pools.slipstream)).toBe('0.3%');
    expect(poolFeeText(pools.algebra)).toBe('Dynamic fee');
    expect(poolFeeText(pools.camelotStable)).toBe('Dynamic fee');
    expect(poolFeeText(pools.lb)).toBe('0.2%');
  });

  it("each family's shape: stable or volatile, the tick spacing where it names the pool, the bin step", () => {
    expect(poolShapeLabels(pools.v2)).toEqual([]);
    expect(poolShapeLabels(pools.v3)).toEqual([]);
    expect(poolShapeLabels(pools.v4)).toEqual([]);
    expect(poolShapeLabels(pools.solidlyVolatile)).toEqual(['Volatile pool']);
    expect(poolShapeLabels(pools.solidlyStable)).toEqual(['Stable pool']);
    expect(poolShapeLabels(pools.slipstream)).toEqual(['Tick spacing 200']);
    expect(poolShapeLabels(pools.algebra)).toEqual([]);
    expect(poolShapeLabels(pools.lb)).toEqual(['Bin step 25 (0.25%)']);
    expect(poolShapeLabels({ ...pools.lb, shape: { ...none, bin_step: 1 } })).toEqual(['Bin step 1 (0.01%)']);
    expect(poolFactLabels(pools.solidlyStable)).toEqual(['0.05%', 'Stable pool']);
    expect(poolFactLabels(pools.algebra)).toEqual(['Dynamic fee']);
    // A server older than the families sends no shape: only the fee speaks.
    expect(poolFactLabels({ pool_version: 'v3', fee: 500 })).toEqual(['0.05%']);
  });

  it("an Algebra pool's plugin, never address 0", () => {
    expect(poolPlugin(pools.algebraPlugin)).toBe(plugin);
    expect(
      poolPlugin({ ...pools.algebra, shape: { ...pools.algebra.shape, plugin: `0x${'0'.repeat(40)}` } }),
    ).toBeNull();
    expect(poolPlugin(pools.algebra)).toBeNull();
  });

  it('describes the pool a lookup found in its family’s terms', () => {
    const describe = (p: Parameters<typeof foundPoolDescription>[0]) => foundPoolDescription(p, shortenAddress);
    expect(describe(pools.v2)).toBeNull();
    expect(describe(pools.v3)).toBe('Uniswap V3-style pool, fee tier 0.3%');
    expect(describe(pools.v4)).toBe('Uniswap V4 pool ID, fee tier 0.3%');
    expect(describe({ ...pools.v4, fee: null, shape: { ...none, dynamic_fee: true } })).toBe(
      'Uniswap V4 pool ID, dynamic fee',
    );
    expect(describe(pools.solidlyVolatile)).toBe('Solidly volatile pool, fee tier 0.3%');
    expect(describe(pools.solidlyStable)).toBe('Solidly stable pool, fee tier 0.05%');
    expect(describe(pools.camelotStable)).toBe('Camelot V2 stable pool, dynamic fee');
    expect(describe(pools.slipstream)).toBe('Slipstream pool, tick spacing 200, fee tier 0.3%');
    expect(describe(pools.algebra)).toBe('Algebra pool, dynamic fee');
    expect(describe(pools.algebraPlugin)).toBe(`Algebra pool, dynamic fee, plugin ${shortenAddress(plugin)}`);
    expect(describe(pools.lb)).toBe('Liquidity Book pair, bin step 25 (0.25%), fee tier 0.2%');
  });
});
