/*
 * Concentrated-liquidity math shared by V3 and V4 (v4-core TickMath.getSqrtPriceAtTick and
 * SqrtPriceMath, exact in bigint): the amounts a liquidity change moved, which a V4
 * ModifyLiquidity log does not carry, and the amounts the in-range liquidity stands for.
 */

const Q96 = 2n ** 96n;
const MAX_UINT256 = 2n ** 256n - 1n;
export const MIN_TICK = -887272;
export const MAX_TICK = 887272;

const TICK_FACTORS: readonly [number, bigint][] = [
  [0x2, 0xfff97272373d413259a46990580e213an],
  [0x4, 0xfff2e50f5f656932ef12357cf3c7fdccn],
  [0x8, 0xffe5caca7e10e4e61c3624eaa0941cd0n],
  [0x10, 0xffcb9843d60f6159c9db58835c926644n],
  [0x20, 0xff973b41fa98c081472e6896dfb254c0n],
  [0x40, 0xff2ea16466c96a3843ec78b326b52861n],
  [0x80, 0xfe5dee046a99a2a811c461f1969c3053n],
  [0x100, 0xfcbe86c7900a88aedcffc83b479aa3a4n],
  [0x200, 0xf987a7253ac413176f2b074cf7815e54n],
  [0x400, 0xf3392b0822b70005940c7a398e4b70f3n],
  [0x800, 0xe7159475a2c29b7443b29c7fa6e889d9n],
  [0x1000, 0xd097f3bdfd2022b8845ad8f792aa5825n],
  [0x2000, 0xa9f746462d870fdf8a65dc1f90e061e5n],
  [0x4000, 0x70d869a156d2a1b890bb3df62baf32f7n],
  [0x8000, 0x31be135f97d08fd981231505542fcfa6n],
  [0x10000, 0x9aa508b5b7a84e1c677de54f3e99bc9n],
  [0x20000, 0x5d6af8dedb81196699c329225ee604n],
  [0x40000, 0x2216e584f5fa1ea926041bedfe98n],
  [0x80000, 0x48a170391f7dc42444e8fa2n],
];

/** sqrt(1.0001^tick) · 2^96, rounded as TickMath rounds it. */
export function sqrtPriceAtTick(tick: number): bigint {
  const absTick = Math.abs(tick);
  if (!Number.isInteger(tick) || absTick > MAX_TICK) throw new RangeError(`tick out of range: ${tick}`);
  let price = absTick & 0x1 ? 0xfffcb933bd6fad37aa2d162d1a594001n : 1n << 128n;
  for (const [bit, factor] of TICK_FACTORS) if (absTick & bit) price = (price * factor) >> 128n;
  if (tick > 0) price = MAX_UINT256 / price;
  return (price + (1n << 32n) - 1n) >> 32n;
}

const divUp = (a: bigint, b: bigint) => (a + b - 1n) / b;

/** SqrtPriceMath.getAmount0Delta: token0 between two prices for `liquidity`. */
function amount0Delta(sqrtA: bigint, sqrtB: bigint, liquidity: bigint, roundUp: boolean): bigint {
  const [lo, hi] = sqrtA < sqrtB ? [sqrtA, sqrtB] : [sqrtB, sqrtA];
  const numerator1 = liquidity << 96n;
  const numerator2 = hi - lo;
  return roundUp ? divUp(divUp(numerator1 * numerator2, hi), lo) : (numerator1 * numerator2) / hi / lo;
}

/** SqrtPriceMath.getAmount1Delta: token1 between two prices for `liquidity`. */
function amount1Delta(sqrtA: bigint, sqrtB: bigint, liquidity: bigint, roundUp: boolean): bigint {
  const [lo, hi] = sqrtA < sqrtB ? [sqrtA, sqrtB] : [sqrtB, sqrtA];
  return roundUp ? divUp(liquidity * (hi - lo), Q96) : (liquidity * (hi - lo)) / Q96;
}

/**
 * The principal a liquidity change moved, from the pool's side (positive into the pool), as V3's
 * Mint/Burn log it: Pool.modifyLiquidity's own arithmetic (rounded up when added, down when
 * removed). Fees the position collected at the same time are not in it, as they are not in V3's.
 */
export function liquidityAmounts(
  sqrtPriceX96: bigint,
  tickLower: number,
  tickUpper: number,
  liquidityDelta: bigint,
): { amount0: bigint; amount1: bigint } {
  const sqrtA = sqrtPriceAtTick(tickLower);
  const sqrtB = sqrtPriceAtTick(tickUpper);
  const adding = liquidityDelta > 0n;
  const l = adding ? liquidityDelta : -liquidityDelta;
  let amount0 = 0n;
  let amount1 = 0n;
  if (sqrtPriceX96 <= sqrtA) amount0 = amount0Delta(sqrtA, sqrtB, l, adding);
  else if (sqrtPriceX96 < sqrtB) {
    amount0 = amount0Delta(sqrtPriceX96, sqrtB, l, adding);
    amount1 = amount1Delta(sqrtA, sqrtPriceX96, l, adding);
  } else amount1 = amount1Delta(sqrtA, sqrtB, l, adding);
  return adding ? { amount0, amount1 } : { amount0: -amount0, amount1: -amount1 };
}

/**
 * What the in-range liquidity stands for at the current price (the "virtual reserves" x = L/√P,
 * y = L·√P): the depth a trade meets now. A V4 pool has no balance of its own to read (the
 * PoolManager holds every pool's tokens together), so this is its reserves-equivalent; it is not
 * the sum of all positions, whose out-of-range parts it leaves out (docs/decisions/0042).
 */
export function inRangeAmounts(sqrtPriceX96: bigint, liquidity: bigint): { amount0: bigint; amount1: bigint } {
  if (sqrtPriceX96 === 0n) return { amount0: 0n, amount1: 0n };
  return { amount0: (liquidity * Q96) / sqrtPriceX96, amount1: (liquidity * sqrtPriceX96) / Q96 };
}
