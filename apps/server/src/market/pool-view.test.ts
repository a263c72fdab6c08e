import { describe, expect, it } from 'vitest';
import { eventView, percentChange, priceFromSqrt } from './pool-view';

const side = { projectIsToken0: true, projectDecimals: 18, pairedDecimals: 6 };

describe('eventView', () => {
  it('a swap that takes project tokens out of the pool is a Buy, priced from its legs', () => {
    // 100 DEMO out, 250 USDC in → 2.5 USDC per DEMO
    const v = eventView(side, {
      type: 'swap',
      amount0: (-100n * 10n ** 18n).toString(),
      amount1: (250n * 10n ** 6n).toString(),
      sqrtPriceX96: null,
    });
    expect(v).toMatchObject({ kind: 'buy', projectRaw: 100n * 10n ** 18n, pairedRaw: 250n * 10n ** 6n, price: '2.5' });
  });
  it('the same from the other side of the pool is a Sell', () => {
    const v = eventView(
      { ...side, projectIsToken0: false, projectDecimals: 6, pairedDecimals: 18 },
      { type: 'swap', amount0: '-5', amount1: '7', sqrtPriceX96: null },
    );
    expect(v?.kind).toBe('sell');
  });
  it('mints and burns are liquidity changes; a zero burn is nothing', () => {
    expect(eventView(side, { type: 'mint', amount0: '10', amount1: '20', sqrtPriceX96: null })?.kind).toBe(
      'add_liquidity',
    );
    expect(eventView(side, { type: 'burn', amount0: '-10', amount1: '-20', sqrtPriceX96: null })?.kind).toBe(
      'remove_liquidity',
    );
    expect(eventView(side, { type: 'burn', amount0: '0', amount1: '0', sqrtPriceX96: null })).toBeNull();
  });
});

describe('prices', () => {
  it('sqrtPriceX96 of 2^96 with equal decimals is 1', () => {
    expect(priceFromSqrt({ projectIsToken0: true, projectDecimals: 18, pairedDecimals: 18 }, 2n ** 96n)).toBe('1');
    expect(priceFromSqrt({ projectIsToken0: false, projectDecimals: 18, pairedDecimals: 18 }, 2n ** 97n)).toBe('0.25');
  });
  it('percentChange is exact and signed', () => {
    expect(percentChange('2', '2.5')).toBe('25');
    expect(percentChange('4', '3')).toBe('-25');
    expect(percentChange('0', '3')).toBeNull();
    expect(percentChange(null, '3')).toBeNull();
  });
});
