import type { PoolShape } from '@tokendesk/contract';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { renderStatic, textOf } from '../test/static-render';
import { isV4Pool, PoolFactBadges, poolFeeLabel, poolIdentityLabel, poolLaunchpadLabel } from './pool-identity';

const v2 = { pool_address: '0x34221076D77AE2aEe654b62CB0ce79f22202B0dF', pool_version: 'v2', fee: null, v4: null };
const v3 = { pool_address: '0xe61cc4B85E8b7fc79c2b72E6c8cca2D9C6A45CD4', pool_version: 'v3', fee: 3000, v4: null };
const id = '0x017ba77ad9921f21540f49c5d274a85e2d6051f3605408cc20f57cda153166ea';
const v4 = { pool_address: id, pool_version: 'v4', fee: 3000, v4: { dynamic_fee: false } };
const v4Dynamic = { pool_address: id, pool_version: 'v4', fee: null, v4: { dynamic_fee: true } };

describe('pool identity', () => {
  it('a V4 pool is named by its pool id, others by their address', () => {
    expect([v2, v3, v4].map(isV4Pool)).toEqual([false, false, true]);
    expect(poolIdentityLabel(v3)).toBe('Pool address');
    expect(poolIdentityLabel(v4)).toBe('Pool ID');
  });

  it('fee: the tier for V3 and V4, "Dynamic fee" when the hook sets it, nothing for V2', () => {
    expect(poolFeeLabel(v2)).toBeNull();
    expect(poolFeeLabel(v3)).toBe('0.3%');
    expect(poolFeeLabel(v4)).toBe('0.3%');
    expect(poolFeeLabel(v4Dynamic)).toBe('Dynamic fee');
    expect(poolFeeLabel({ ...v4, fee: 100 })).toBe('0.01%');
  });

  it('launchpad: "Clanker pool" for a V4 pool whose hook is a launchpad\'s, attached or found; nothing otherwise', () => {
    expect(poolLaunchpadLabel({ ...v4Dynamic, v4: { dynamic_fee: true, launchpad: 'Clanker' } })).toBe('Clanker pool');
    expect(poolLaunchpadLabel({ pool_version: 'v4', launchpad: 'Zora' })).toBe('Zora pool');
    expect(poolLaunchpadLabel({ ...v4, v4: { dynamic_fee: false, launchpad: null } })).toBeNull();
    expect(poolLaunchpadLabel(v3)).toBeNull();
  });
});

const none: PoolShape = { stable: null, tick_spacing: null, bin_step: null, dynamic_fee: false, plugin: null };
const badges = (pool: Parameters<typeof PoolFactBadges>[0]['pool']) =>
  textOf(renderStatic(createElement(PoolFactBadges, { pool })));
const address = '0xF96f0DB0a2B4e9C0Bd2DcA4e5B6a4a2D1C6b4d11';

/** The badges of a pool row (project page, discovered pools) for each family (issue 30). */
describe('pool fact badges', () => {
  it('Uniswap: the fee tier, nothing for V2', () => {
    expect(badges({ ...v2, shape: none })).toBe('');
    expect(badges({ ...v3, shape: { ...none, tick_spacing: 60 } })).toBe('0.3%');
    expect(badges({ ...v4Dynamic, shape: { ...none, dynamic_fee: true } })).toBe('Dynamic fee');
  });

  it('Solidly: stable or volatile with its fee', () => {
    expect(badges({ pool_address: address, pool_version: 'solidly', fee: 500, shape: { ...none, stable: true } })).toBe(
      '0.05% Stable pool',
    );
    expect(
      badges({ pool_address: address, pool_version: 'solidly', fee: 3000, shape: { ...none, stable: false } }),
    ).toBe('0.3% Volatile pool');
  });

  it('Slipstream: the tick spacing that names the pool', () => {
    expect(
      badges({ pool_address: address, pool_version: 'slipstream', fee: 3000, shape: { ...none, tick_spacing: 200 } }),
    ).toBe('0.3% Tick spacing 200');
  });

  it('Algebra: dynamic fee, and "Plugin" when it has one', () => {
    const shape = { ...none, tick_spacing: 60, dynamic_fee: true };
    expect(badges({ pool_address: address, pool_version: 'algebra', fee: null, shape })).toBe('Dynamic fee');
    expect(
      badges({ pool_address: address, pool_version: 'algebra', fee: null, shape: { ...shape, plugin: address } }),
    ).toBe('Dynamic fee Plugin');
  });

  it('Liquidity Book: the bin step in basis points and percent', () => {
    expect(
      badges({ pool_address: address, pool_version: 'liquidity-book', fee: 2000, shape: { ...none, bin_step: 25 } }),
    ).toBe('0.2% Bin step 25 (0.25%)');
  });
});
