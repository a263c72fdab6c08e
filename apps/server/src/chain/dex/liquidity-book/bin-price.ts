/*
 * Liquidity Book's bin prices, as the pair computes them: bin `id` trades at
 * (1 + binStep / 10,000) ^ (id - 2^23) raw token Y per raw token X, a 128.128 fixed-point number
 * (joe-v2 src/libraries/PriceHelper.sol getPriceFromId, math/Uint128x128Math.sol pow). Ported bit
 * for bit, so a price computed here equals the pair's own getPriceFromId(id) (test/dex-liquidity-book).
 */

const SCALE_OFFSET = 128n;
const SCALE = 1n << SCALE_OFFSET;
const BASIS_POINT_MAX = 10_000n;
const REAL_ID_SHIFT = 1n << 23n;
const MAX_U128 = (1n << 128n) - 1n;
const MAX_U256 = (1n << 256n) - 1n;
/** Every Liquidity Book id is a uint24. */
export const MAX_BIN_ID = (1 << 24) - 1;

/** Uint128x128Math.pow: x^y for a 128.128 x, null where the contract reverts (|y| ≥ 2^20 or an underflow to 0). */
function pow(x: bigint, y: bigint): bigint | null {
  if (y === 0n) return SCALE;
  let invert = y < 0n;
  const absY = invert ? -y : y;
  if (absY >= 0x100000n) return null;
  let result = SCALE;
  let squared = x;
  if (x > MAX_U128) {
    squared = MAX_U256 / squared;
    invert = !invert;
  }
  // The assembly's mul wraps at 2^256; with squared < 2^128 and result ≤ 2^128 it never does, but
  // the mask keeps the port exact should an input ever make it.
  for (let bit = 0n; bit < 20n; bit++) {
    if ((absY >> bit) & 1n) result = ((result * squared) & MAX_U256) >> 128n;
    squared = ((squared * squared) & MAX_U256) >> 128n;
  }
  if (result === 0n) return null;
  return invert ? MAX_U256 / result : result;
}

/** PriceHelper.getPriceFromId: the 128.128 price of a bin, or null where the pair would revert. */
export function priceFromId(id: number, binStep: number): bigint | null {
  if (
    !Number.isInteger(id) ||
    id < 0 ||
    id > MAX_BIN_ID ||
    !Number.isInteger(binStep) ||
    binStep <= 0 ||
    binStep > 0xffff
  )
    return null;
  const base = SCALE + (BigInt(binStep) << SCALE_OFFSET) / BASIS_POINT_MAX;
  return pow(base, BigInt(id) - REAL_ID_SHIFT);
}

/** Integer square root (floor), Newton's method on bigints. */
function sqrt(n: bigint): bigint {
  if (n < 2n) return n;
  let x = 1n << BigInt((n.toString(2).length + 1) >> 1);
  for (;;) {
    const y = (x + n / x) >> 1n;
    if (y >= x) return x;
    x = y;
  }
}

/**
 * A 128.128 price (token Y per token X, raw units) as the Q64.96 square root TokenDesk stores:
 * sqrt(p / 2^128) · 2^96 = sqrt(p · 2^64), floored (the unit lost is the only difference).
 */
export const sqrtPriceX96FromPrice128 = (price: bigint): bigint => sqrt(price << 64n);
