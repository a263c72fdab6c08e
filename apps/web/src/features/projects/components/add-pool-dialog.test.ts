import { projectMessages } from '@tokendesk/contract';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { renderStatic, textOf } from '../../../test/static-render';
import { addPoolReady, DexFactoryHint, dexOptionLabel, dexOptionTitle, foundPoolHint } from './add-pool-dialog';

const address = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const poolId = `0x${'ab'.repeat(32)}`;

/** Issue 35 item 5: 'Add Pool' stayed enabled after 'No pool found for this pair on Uniswap V3'. */
describe("the Add Pool dialog's action", () => {
  it('waits for a DEX, a token and a finished lookup', () => {
    expect(addPoolReady({ dexId: '', tokenId: '', lookingUp: false, address: '' })).toBe(false);
    expect(addPoolReady({ dexId: 'uniswap-v3', tokenId: '', lookingUp: false, address })).toBe(false);
    expect(addPoolReady({ dexId: 'uniswap-v3', tokenId: 'weth', lookingUp: true, address })).toBe(false);
  });

  it('stays disabled after no pool was found (the field is empty) and while the address is incomplete', () => {
    expect(addPoolReady({ dexId: 'uniswap-v3', tokenId: 'usdt', lookingUp: false, address: '' })).toBe(false);
    expect(addPoolReady({ dexId: 'uniswap-v3', tokenId: 'usdt', lookingUp: false, address: '0x1234' })).toBe(false);
  });

  it('sends a found or typed pool address, or a V4 pool id', () => {
    expect(addPoolReady({ dexId: 'uniswap-v3', tokenId: 'weth', lookingUp: false, address })).toBe(true);
    expect(
      addPoolReady({ dexId: 'uniswap-v3', tokenId: 'weth', lookingUp: false, address: ` ${address.toLowerCase()} ` }),
    ).toBe(true);
    expect(addPoolReady({ dexId: 'uniswap-v4', tokenId: 'weth', lookingUp: false, address: poolId })).toBe(true);
  });
});

/** Issue 30: a DEX option names the contract TokenDesk reads, and the found pool its family's shape. */
describe("the Add Pool dialog's DEX options and found pool", () => {
  const factory = '0x420DD381b31aEf6683db6B902084cB0FFECe40Da';
  const none = { stable: null, tick_spacing: null, bin_step: null, dynamic_fee: false, plugin: null };

  it('an option shows the factory shortened and has it in full on hover', () => {
    expect(dexOptionLabel({ name: 'Aerodrome', factory })).toBe('Aerodrome · 0x420D...40Da');
    expect(dexOptionTitle({ version: 'solidly', factory })).toBe(`Factory ${factory}`);
    expect(dexOptionTitle({ version: 'v4', factory })).toBe(`PoolManager ${factory}`);
  });

  it('the chosen DEX names its factory in full under the select', () => {
    expect(textOf(renderStatic(createElement(DexFactoryHint, { dex: { version: 'algebra', factory } })))).toBe(
      `Reads the factory ${factory}`,
    );
    expect(textOf(renderStatic(createElement(DexFactoryHint, { dex: { version: 'v4', factory } })))).toBe(
      `Reads the PoolManager ${factory}`,
    );
  });

  it("the found pool's hint says what it is, per family", () => {
    const auto = projectMessages.poolAutoFillHint;
    expect(foundPoolHint(undefined)).toBe(auto);
    expect(foundPoolHint({ pool_version: 'v2', fee: null, shape: none })).toBe(auto);
    expect(foundPoolHint({ pool_version: 'v3', fee: 3000, shape: { ...none, tick_spacing: 60 } })).toBe(
      `${auto} (Uniswap V3-style pool, fee tier 0.3%)`,
    );
    expect(foundPoolHint({ pool_version: 'solidly', fee: 500, shape: { ...none, stable: true } })).toBe(
      `${auto} (Solidly stable pool, fee tier 0.05%)`,
    );
    expect(foundPoolHint({ pool_version: 'slipstream', fee: 3000, shape: { ...none, tick_spacing: 200 } })).toBe(
      `${auto} (Slipstream pool, tick spacing 200, fee tier 0.3%)`,
    );
    expect(
      foundPoolHint({ pool_version: 'algebra', fee: null, shape: { ...none, tick_spacing: 60, dynamic_fee: true } }),
    ).toBe(`${auto} (Algebra pool, dynamic fee)`);
    expect(foundPoolHint({ pool_version: 'liquidity-book', fee: 2000, shape: { ...none, bin_step: 25 } })).toBe(
      `${auto} (Liquidity Book pair, bin step 25 (0.25%), fee tier 0.2%)`,
    );
  });
});
