/*
 * The price of a Solidly stable pool (Aerodrome/Velodrome V2 Pool.sol, Camelot V2's stableSwap
 * pairs): the curve x³y + y³x = k on reserves scaled to 18 decimals, as the contracts' _k scales
 * them (reserve · 1e18 / 10^decimals). Its price is the curve's marginal rate, not the reserve
 * ratio: dy/dx = (3x²y + y³) / (x³ + 3xy²) in scaled units, so in raw units
 * token1 per token0 = dy/dx · 10^decimals1 / 10^decimals0.
 */

const Q192 = 1n << 192n;

/** ⌊√n⌋ of a non-negative bigint (Newton's method). */
export function sqrtBig(n: bigint): bigint {
  if (n < 0n) throw new RangeError('sqrt of a negative number');
  if (n < 2n) return n;
  let x = 1n << BigInt(Math.ceil(n.toString(2).length / 2));
  for (;;) {
    const y = (x + n / x) >> 1n;
    if (y >= x) return x;
    x = y;
  }
}

/**
 * The marginal price of the stable curve at these raw reserves as a Q64.96 square root of raw
 * token1 per raw token0; null when the pool is empty (no price). `unit0`/`unit1` are 10^decimals,
 * what the pools' metadata() answers as dec0/dec1.
 */
export function stableSqrtPriceX96(reserve0: bigint, reserve1: bigint, unit0: bigint, unit1: bigint): bigint | null {
  if (reserve0 <= 0n || reserve1 <= 0n || unit0 <= 0n || unit1 <= 0n) return null;
  const x = (reserve0 * 10n ** 18n) / unit0;
  const y = (reserve1 * 10n ** 18n) / unit1;
  if (x === 0n || y === 0n) return null;
  const num = (3n * x * x * y + y * y * y) * unit1;
  const den = (x * x * x + 3n * x * y * y) * unit0;
  return sqrtBig((num * Q192) / den);
}
