import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format';
import { usdMissingText, usdSourceText } from './usd-text';

const source = {
  route: 'DEMO/WETH on Uniswap V2 × WETH/USDC on Uniswap V3',
  block_number: '1234567',
  updated_at: '2026-11-24T19:20:00.000Z',
  stale: false,
};

describe('usdSourceText', () => {
  it('names the route, the block (grouped) and the time it was read', () => {
    expect(usdSourceText(source)).toBe(
      `DEMO/WETH on Uniswap V2 × WETH/USDC on Uniswap V3, block 1,234,567, read ${formatDateTime(source.updated_at)}.`,
    );
  });
  it('says so when the figure is stale', () => {
    expect(usdSourceText({ ...source, stale: true })).toMatch(/\. Stale: the network has not answered for a while/);
  });
});

describe('usdMissingText', () => {
  it("keeps the server's reason and never leaves the note empty", () => {
    expect(usdMissingText('DEMO has no pool with at least $10,000 of liquidity.')).toBe(
      'DEMO has no pool with at least $10,000 of liquidity.',
    );
    expect(usdMissingText(null)).toMatch(/^No USD value/);
    expect(usdMissingText('  ')).toMatch(/^No USD value/);
  });
});
