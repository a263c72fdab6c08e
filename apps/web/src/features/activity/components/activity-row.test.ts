import type { ActivityEvent, Pool } from '@tokendesk/contract';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { TRADER_NOT_READ } from '../../../components/trader-address';
import { TRADER_HINT, TraderFilter, traderFilterError, traderSummary } from './activity-filters';
import { ActivityRow } from './activity-row';

const pool = (version: Pool['pool_version']) =>
  ({
    id: 1,
    pool_version: version,
    project: { token_symbol: 'SMPL' },
    token: { symbol: 'WETH' },
    dex: { name: version === 'v3' ? 'Uniswap V3' : 'Uniswap V2', dex_logo: '' },
    network: { network_explorer: 'https://etherscan.io' },
  }) as unknown as Pool;

const event = (kind: ActivityEvent['kind'], price: string | null): ActivityEvent => ({
  id: 1,
  pool_id: 1,
  pool_label: 'SMPL/WETH - Uniswap V2',
  kind,
  amount_project_token: '1000',
  amount_token: '0.00327',
  price,
  tx_hash: `0x${'ab'.repeat(32)}`,
  block_number: '42',
  log_index: 0,
  occurred_at: '2025-01-01T00:00:00.000Z',
  trader: null,
});

const render = (e: ActivityEvent, p: Pool | undefined) =>
  renderToStaticMarkup(createElement(ActivityRow, { event: e, pool: p, now: new Date('2025-01-01T00:01:00Z') }));

describe('ActivityRow price', () => {
  it("shows '—' and says why on a V3 liquidity row, which has no price of its own", () => {
    const html = render(event('add_liquidity', null), pool('v3'));
    expect(html).toContain('data-testid="no-price"');
    expect(html).toContain('—');
    expect(html).toContain('No price: the two amounts of a concentrated-liquidity change');
    expect(html).not.toContain('3.27');
  });

  it.each(['v4', 'slipstream', 'algebra', 'liquidity-book'] as const)(
    'says the same of a %s liquidity row (ticks or bins, like V3)',
    (version) => {
      const html = render(event('remove_liquidity', null), pool(version));
      expect(html).toContain('data-testid="no-price"');
      expect(html).toContain('concentrated-liquidity change');
    },
  );

  it("shows a Solidly or Camelot V2 liquidity row's price, the reserve ratio as V2's", () => {
    for (const version of ['solidly', 'camelot-v2'] as const) {
      const html = render(event('add_liquidity', '0.00000446'), pool(version));
      expect(html).not.toContain('no-price');
      expect(html).toContain('title="0.00000446"');
    }
  });

  it('shows the trade price of a swap and the pool ratio of a V2 liquidity row', () => {
    expect(render(event('buy', '0.00000327'), pool('v3'))).not.toContain('no-price');
    const v2 = render(event('add_liquidity', '0.00000446'), pool('v2'));
    expect(v2).not.toContain('no-price');
    expect(v2).toContain('title="0.00000446"');
  });
});

describe('ActivityRow pool', () => {
  it("names a pool that is not loaded from the event's own label, never 'Pool #id'", () => {
    const html = render(
      { ...event('buy', '0.0000033'), pool_id: 4242, pool_label: 'OLD - X/W/ETH - Uniswap V3' },
      undefined,
    );
    expect(html).toContain('OLD - X/W/ETH');
    expect(html).toContain('Uniswap V3');
    expect(html).not.toContain('Pool #');
    // The paired token's symbol (the unit of the amounts and the price) from the label too.
    expect(html).toContain('W/ETH');
  });
});

describe('ActivityRow trader', () => {
  const trader = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
  const inRouter = (e: ActivityEvent) =>
    renderToStaticMarkup(
      createElement(
        MemoryRouter,
        null,
        createElement(ActivityRow, { event: e, pool: pool('v2'), now: new Date('2025-01-01T00:01:00Z') }),
      ),
    );

  it('shows the sender shortened, with its full address, a copy button, its activity and the explorer', () => {
    const html = inRouter({ ...event('buy', '0.0000033'), trader });
    expect(html).toContain('0x3C44...93BC');
    expect(html).toContain(`title="${trader}: show this trader&#x27;s activity"`);
    expect(html).toContain(`href="/activities?trader=${trader}"`);
    expect(html).toContain(`href="https://etherscan.io/address/${trader}"`);
    expect(html).toContain('aria-label="Copy trader address"');
    expect(html).not.toContain('trader-unread');
  });

  it('says a trader not read yet is not known, instead of showing an address', () => {
    const html = inRouter(event('buy', '0.0000033'));
    expect(html).toContain('data-testid="trader-unread"');
    expect(html).toContain(TRADER_NOT_READ);
    expect(html).not.toContain('Copy trader address');
  });
});

describe('the trader filter', () => {
  it('accepts an address or its start (4+ hex digits, 0x optional) in any case, or nothing, and says what is wrong otherwise', () => {
    expect(traderFilterError('')).toBeNull();
    expect(traderFilterError('  0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc ')).toBeNull();
    expect(traderFilterError('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC')).toBeNull();
    // Issue 35 item 2: '0x7099' is a prefix search, not a filter silently dropped.
    expect(traderFilterError('0x7099')).toBeNull();
    expect(traderFilterError('70997970')).toBeNull();
    for (const bad of ['0x123', '709', 'alice', `0x${'g'.repeat(40)}`, `0x${'a'.repeat(41)}`]) {
      expect(traderFilterError(bad), bad).toBe(
        'Please enter an address or its start (0x and at least 4 hex characters)',
      );
    }
  });

  it('names a prefix as the start the shown traders share, a whole address shortened', () => {
    expect(traderSummary('0x7099')).toBe('traders starting 0x7099');
    expect(traderSummary('7099AB')).toBe('traders starting 0x7099ab');
    expect(traderSummary('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC')).toBe('trader 0x3C44...93BC');
  });

  it('shows a trader from the address that is no filter in the field, with its error, instead of dropping it', () => {
    const html = renderToStaticMarkup(
      createElement(TraderFilter, { trader: undefined, initialText: '0x70', onChange: () => {} }),
    );
    expect(html).toContain('value="0x70"');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('Please enter an address or its start (0x and at least 4 hex characters)');
    const valid = renderToStaticMarkup(createElement(TraderFilter, { trader: '0x7099', onChange: () => {} }));
    expect(valid).toContain('value="0x7099"');
    expect(valid).not.toContain('aria-invalid');
    expect(valid).toContain(TRADER_HINT);
  });
});
