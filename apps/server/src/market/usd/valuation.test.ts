import { describe, expect, it } from 'vitest';
import { dec, decOf, decText } from './decimal-math';
import { chooseProjectPrice, circulating, poolUsd, type PairedRate, type PoolUsdInput } from './valuation';

const at = new Date('2026-11-24T12:00:00Z');
const leg = (label: string, blockNumber = 100n, stale = false) => ({ label, blockNumber, blockTime: at, stale });
const ONE: PairedRate = { ok: true, rate: decOf(1n), legs: [] };
const WETH: PairedRate = { ok: true, rate: dec('3000'), legs: [leg('WETH/USDC on Uniswap V3', 99n)] };
const texts = { symbol: 'DEMO', references: ['WETH', 'USDC', 'USDT'] };

function pool(
  poolId: number,
  pairedReserve: string,
  projectReserve: string,
  price: string | null,
  rate: PairedRate = ONE,
): PoolUsdInput {
  return {
    poolId,
    projectId: 1,
    leg: leg(`DEMO/X${poolId} on Uniswap V2`),
    state: { projectReserve, pairedReserve, price },
    rate,
  };
}

describe('chooseProjectPrice', () => {
  it('takes the deepest pool by USD value of its paired side, across paired tokens', () => {
    const choice = chooseProjectPrice(
      [pool(1, '20000', '100000', '0.2'), pool(2, '10', '100000', '0.0001', WETH)],
      10_000,
      texts,
    );
    // 10 WETH × 3000 = $30,000 beats 20,000 USDC.
    expect(choice.ok && choice.poolId).toBe(2);
    expect(choice.ok && decText(choice.priceUsd)).toBe('0.3');
    expect(choice.ok && choice.source).toEqual({
      route: 'DEMO/X2 on Uniswap V2 × WETH/USDC on Uniswap V3',
      blockNumber: 99n,
      blockTime: at,
      stale: false,
    });
  });

  it('a pool below the minimum never sets the price, however absurd its price; equal depth goes to the lower id', () => {
    expect(chooseProjectPrice([pool(1, '4999.99', '1', '5000')], 10_000, texts)).toEqual({
      ok: false,
      reason: 'No pool of DEMO holds at least $10,000 of liquidity.',
    });
    const tie = chooseProjectPrice([pool(7, '5000', '1', '1'), pool(3, '5000', '1', '2')], 10_000, texts);
    expect(tie.ok && tie.poolId).toBe(3);
  });

  it('says why there is no route', () => {
    const none: PairedRate = {
      ok: false,
      reason: 'No USD route: ABC is not one of the USD references of Ethereum (WETH, USDC or USDT).',
    };
    expect(chooseProjectPrice([pool(1, '1', '1', '1', none)], 0, texts)).toEqual({
      ok: false,
      reason: 'No USD route: DEMO has no pool with WETH, USDC or USDT.',
    });
    const noNative: PairedRate = { ok: false, reason: 'No USD rate for WETH: the Ethereum node did not answer.' };
    expect(chooseProjectPrice([pool(1, '1', '1', '1', noNative)], 0, texts)).toEqual({
      ok: false,
      reason: noNative.reason,
    });
  });
});

describe('poolUsd', () => {
  it("values the project side at the project's price, never the pool's own", () => {
    const project = chooseProjectPrice([pool(1, '20000', '100000', '0.2')], 10_000, texts);
    const dust = poolUsd(pool(2, '10', '0.000001', '10000000'), project);
    expect(decText(dust.priceUsd!)).toBe('10000000');
    expect(decText(dust.liquidityUsd!)).toBe('10.0000002');
  });
});

describe('circulating', () => {
  it('is the total less the burn balances, unknown when they exceed it or the total is unknown', () => {
    expect(circulating({ totalSupply: 100n, burnBalances: [10n, null] })).toEqual({ circulating: 90n, reason: null });
    expect(circulating({ totalSupply: 100n, burnBalances: [60n, 50n] }).circulating).toBeNull();
    expect(circulating({ totalSupply: null, burnBalances: [0n, 0n] }).reason).toMatch(/totalSupply\(\) reverted/);
  });
});
