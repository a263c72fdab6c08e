import { describe, expect, it } from 'vitest';
import { MAX_BIN_ID, priceFromId, sqrtPriceX96FromPrice128 } from './bin-price';
import { unpack } from './index';

const ONE = 1n << 128n;

describe('Liquidity Book bin prices (the pair’s own math, ported)', () => {
  it('prices the reference bin at 1 and each step above by (1 + binStep/10,000) in 128.128', () => {
    expect(priceFromId(2 ** 23, 25)).toBe(ONE);
    const base = ONE + (25n << 128n) / 10_000n;
    expect(priceFromId(2 ** 23 + 1, 25)).toBe(base);
    // Below the reference bin the pair inverts: type(uint256).max / x^|y|.
    expect(priceFromId(2 ** 23 - 1, 25)).toBe(((1n << 256n) - 1n) / base);
  });

  it('answers null where the pair would revert or for ids no pair has', () => {
    expect(priceFromId(0, 25)).toBeNull(); // |id − 2^23| ≥ 2^20
    expect(priceFromId(MAX_BIN_ID + 1, 25)).toBeNull();
    expect(priceFromId(2 ** 23, 0)).toBeNull();
    expect(priceFromId(1.5, 25)).toBeNull();
  });

  it('turns a 128.128 price into the Q64.96 root TokenDesk stores', () => {
    expect(sqrtPriceX96FromPrice128(ONE)).toBe(1n << 96n);
    expect(sqrtPriceX96FromPrice128(4n * ONE)).toBe(2n << 96n);
    const p = priceFromId(2 ** 23 - 4_000, 25)!;
    const root = sqrtPriceX96FromPrice128(p);
    expect(root * root <= p << 64n && (root + 1n) * (root + 1n) > p << 64n).toBe(true);
  });

  it('unpacks X from the low 128 bits and Y from the high ones', () => {
    const packed = `0x${((7n << 128n) | 5n).toString(16).padStart(64, '0')}` as const;
    expect(unpack(packed)).toEqual([5n, 7n]);
  });
});
