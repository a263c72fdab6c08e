import { describe, expect, it } from 'vitest';
import { formatRatio, formatUnits } from './decimal';

describe('formatUnits', () => {
  it('is exact for any size', () => {
    expect(formatUnits(123456789012345678901234567890n, 18)).toBe('123456789012.34567890123456789');
    expect(formatUnits(1n, 18)).toBe('0.000000000000000001');
    expect(formatUnits(1_000_000n, 6)).toBe('1');
    expect(formatUnits(0n, 6)).toBe('0');
    expect(formatUnits(-1500n, 3)).toBe('-1.5');
    expect(formatUnits(42n, 0)).toBe('42');
  });
});

describe('formatRatio', () => {
  it('truncates to the given digits without floats', () => {
    expect(formatRatio(1n, 3n, 10)).toBe('0.3333333333');
    expect(formatRatio(10n, 4n)).toBe('2.5');
    expect(formatRatio(2n ** 200n, 2n ** 199n)).toBe('2');
    expect(formatRatio(1n, 0n)).toBeNull();
    expect(formatRatio(-1n, 4n)).toBe('-0.25');
  });

  it('prices a V2 pool: 1,000 USDC (6 dec) against 500 DEMO (18 dec) is 2 USDC per DEMO', () => {
    const paired = 1000n * 10n ** 6n;
    const project = 500n * 10n ** 18n;
    expect(formatRatio(paired * 10n ** 18n, project * 10n ** 6n)).toBe('2');
  });
});
