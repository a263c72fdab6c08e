import { describe, expect, it } from 'vitest';
import { liquidityDropText, priceMoveText, windowText } from './alert-messages';

/** Issue 35 item 3: an alert says what its change is measured from. */
describe('alert messages', () => {
  it('a fall is measured from the window’s high, a rise from its low, and says so', () => {
    const base = { label: 'DEMO/WETH', pair: 'WETH', windowMinutes: 60 };
    expect(priceMoveText({ ...base, changePct: '-3.5087', from: '0.000107', to: '0.000103' })).toBe(
      'DEMO/WETH fell 3.51% from its high of the last hour (0.000107 → 0.000103 WETH).',
    );
    expect(priceMoveText({ ...base, changePct: '3.8835', from: '0.000103', to: '0.000107' })).toBe(
      'DEMO/WETH rose 3.88% from its low of the last hour (0.000103 → 0.000107 WETH).',
    );
    // Tiny prices keep the screens' format (decision 0035).
    expect(priceMoveText({ ...base, changePct: '-20', from: '0.0001', to: '0.00008' })).toBe(
      'DEMO/WETH fell 20.00% from its high of the last hour (0.000100 → 0.0₄8 WETH).',
    );
  });

  it('a liquidity drop is measured from the reserve’s high', () => {
    expect(
      liquidityDropText({
        label: 'DEMO/USDC',
        dropPct: 42.5,
        from: '1000',
        to: '575',
        pair: 'USDC',
        windowMinutes: 90,
      }),
    ).toBe('DEMO/USDC liquidity fell 42.50% from its high of the last 90 min (1,000 → 575 USDC).');
  });

  it('names the window in words', () => {
    expect([1, 60, 90, 120, 1440, 2880, 10080].map(windowText)).toEqual([
      'the last 1 min',
      'the last hour',
      'the last 90 min',
      'the last 2 hours',
      'the last day',
      'the last 2 days',
      'the last 7 days',
    ]);
  });
});
