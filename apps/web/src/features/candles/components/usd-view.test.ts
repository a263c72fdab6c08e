import type { Candles } from '@tokendesk/contract';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TooltipProvider } from '../../../components/ui/tooltip';
import { formatDateTime } from '../../../lib/format';
import { CurrencySwitch, UsdRateNote, usdLinePoints, usdRateNote } from './usd-view';

/**
 * The pool chart's USD parts (decision 0064) rendered to markup as React renders them: the
 * currency switch, enabled or inert with its reason, and the note that names the rates and says
 * where a period has no rate. (No DOM library is installed: the markup is what is checked.)
 */

const answer = (extra: Partial<Candles>): Candles => ({
  interval: '1h',
  range: '7d',
  currency: 'usd',
  quote_symbol: 'USD',
  candles: [],
  markers: [],
  usd_unavailable_reason: null,
  usd_route: 'WETH/USDC on Uniswap V3',
  usd_rates_from: '2026-11-26T02:00:00.000Z',
  usd_candles_without_rate: 0,
  covered_to_block: '100',
  ...extra,
});

const html = (el: Parameters<typeof renderToStaticMarkup>[0]) =>
  renderToStaticMarkup(createElement(TooltipProvider, null, el));
const switchOf = (usdReason: string | null, currency: 'usd' | 'quote' = 'quote') =>
  html(createElement(CurrencySwitch, { currency, pairSymbol: 'WETH', usdReason, reasonId: 'r', onChange: () => {} }));

describe('the currency switch', () => {
  it('offers USD when the pool has USD history, pressed when chosen', () => {
    const off = switchOf(null);
    expect(off).toMatch(/<button type="button" aria-pressed="true"[^>]*>WETH<\/button>/);
    expect(off).toMatch(/<button type="button" aria-pressed="false"[^>]*>USD<\/button>/);
    expect(off).not.toContain('aria-disabled');
    const on = switchOf(null, 'usd');
    expect(on).toMatch(/aria-pressed="true"[^>]*>USD<\/button>/);
  });

  it('keeps USD focusable but inert, pointing at its reason, when there is none', () => {
    const out = switchOf(
      "USD candles need XYZ's past USD prices, which TokenDesk does not record; the XYZ view is exact.",
    );
    expect(out).toMatch(/aria-pressed="false" aria-disabled="true" aria-describedby="r"[^>]*>USD<\/button>/);
  });
});

describe('the USD rate note', () => {
  it('names the rates that value the swaps, and says nothing of gaps when every period has a rate', () => {
    const out = html(createElement(UsdRateNote, { answer: answer({}), pairSymbol: 'WETH' }));
    expect(out).toContain(
      'WETH valued at WETH/USDC on Uniswap V3: each swap at the rate of the latest WETH/USDC swap at or before its block.',
    );
    expect(out).not.toContain('usd-no-rate');
  });

  it('says where a period has no rate: before the recorded rates start, with how many periods are left out', () => {
    const out = html(
      createElement(UsdRateNote, { answer: answer({ usd_candles_without_rate: 3 }), pairSymbol: 'WETH' }),
    );
    expect(out).toContain('data-testid="usd-no-rate"');
    expect(out).toContain(
      `No USD rate before ${formatDateTime('2026-11-26T02:00:00.000Z')}, when TokenDesk&#x27;s record of WETH/USDC on Uniswap V3 starts: 3 periods with trades before it are left out.`,
    );
    expect(usdRateNote(answer({ usd_candles_without_rate: 1 }), 'WETH')!.gap).toMatch(
      /: 1 period with trades before it is left out\.$/,
    );
  });

  it('says when no rate is recorded at all yet', () => {
    expect(usdRateNote(answer({ usd_rates_from: null }), 'ETH')!.gap).toBe(
      'No USD rate recorded yet: TokenDesk has not stored a swap of WETH/USDC on Uniswap V3, so no ETH price can be valued.',
    );
  });

  it('is absent in the quote view and for a stablecoin pair (exactly 1 USD, no route)', () => {
    expect(html(createElement(UsdRateNote, { answer: answer({ currency: 'quote' }), pairSymbol: 'WETH' }))).toBe('');
    expect(
      html(
        createElement(UsdRateNote, { answer: answer({ usd_route: null, usd_rates_from: null }), pairSymbol: 'USDC' }),
      ),
    ).toBe('');
  });
});

describe('the USD line', () => {
  it('is the close of each USD candle, at its start', () => {
    const c = {
      open: '1',
      high: '2',
      low: '0.5',
      volume: '1',
      volume_project_token: '1',
      trades: 1,
      buys: 1,
      sells: 0,
    };
    expect(
      usdLinePoints([
        { ...c, time: '2026-11-28T00:00:00.000Z', close: '0.31' },
        { ...c, time: '2026-11-28T01:00:00.000Z', close: '0.32' },
      ]),
    ).toEqual([
      { time: Date.parse('2026-11-28T00:00:00.000Z') / 1000, value: 0.31 },
      { time: Date.parse('2026-11-28T01:00:00.000Z') / 1000, value: 0.32 },
    ]);
  });
});
