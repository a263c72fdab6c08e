import { describe, expect, it } from 'vitest';
import { sqrtBig, stableSqrtPriceX96 } from './stable-math';

const Q96 = 2 ** 96;
/** token1 per token0 (raw) from a Q64.96 square root. */
const priceOf = (sqrt: bigint) => (Number(sqrt) / Q96) ** 2;
/** The curve x³y + y³x on 18-decimal amounts, as Pool.sol's _k (in floating point). */
const k = (x: number, y: number) => x * x * x * y + y * y * y * x;

describe('stable curve price', () => {
  it('is 1 (scaled by the decimals) where the pool is balanced', () => {
    // 20,000 USDC (6 decimals) against 20,000 DAI (18 decimals): 1 DAI-wei per 1e-12 USDC-unit.
    const sqrt = stableSqrtPriceX96(20_000n * 10n ** 6n, 20_000n * 10n ** 18n, 10n ** 6n, 10n ** 18n)!;
    expect(priceOf(sqrt) / 1e12).toBeCloseTo(1, 12);
  });

  it("is the curve's slope -dy/dx off balance, not the reserve ratio", () => {
    const [x, y] = [35_000, 5_000];
    const sqrt = stableSqrtPriceX96(BigInt(x) * 10n ** 18n, BigInt(y) * 10n ** 18n, 10n ** 18n, 10n ** 18n)!;
    // The slope by a central difference along the curve k(x, y) = const.
    const h = 1e-3;
    const dkdx = (k(x + h, y) - k(x - h, y)) / (2 * h);
    const dkdy = (k(x, y + h) - k(x, y - h)) / (2 * h);
    expect(priceOf(sqrt) / (dkdx / dkdy)).toBeCloseTo(1, 6);
    expect(Math.abs(priceOf(sqrt) / (y / x) - 1)).toBeGreaterThan(0.5);
  });

  it('has no price for an empty pool', () => {
    expect(stableSqrtPriceX96(0n, 10n, 1n, 1n)).toBeNull();
    expect(stableSqrtPriceX96(10n, 0n, 1n, 1n)).toBeNull();
  });

  it('sqrtBig is the integer square root', () => {
    for (const n of [0n, 1n, 2n, 3n, 4n, 15n, 16n, 17n, 2n ** 192n, 2n ** 255n + 12345n]) {
      const r = sqrtBig(n);
      expect(r * r <= n && (r + 1n) * (r + 1n) > n).toBe(true);
    }
  });
});
