import { formatRatio } from './decimal';

/**
 * Which side of a pool is the project token, and both decimals. Pool state is stored and read
 * per pool address; every price a user sees is derived through these two functions.
 */
export interface PoolSide {
  projectIsToken0: boolean;
  projectDecimals: number;
  pairedDecimals: number;
}

const Q192 = 2n ** 192n;
const abs = (v: bigint) => (v < 0n ? -v : v);

/** The project token priced in the paired token from raw amounts (reserves or a trade's legs). */
export function priceFromAmounts(side: PoolSide, projectRaw: bigint, pairedRaw: bigint): string | null {
  if (projectRaw === 0n) return null;
  return formatRatio(
    abs(pairedRaw) * 10n ** BigInt(side.projectDecimals),
    abs(projectRaw) * 10n ** BigInt(side.pairedDecimals),
  );
}

/** The same from a V3 sqrtPriceX96 (token1 per token0 in raw units is sqrtP² / 2^192). */
export function priceFromSqrt(side: PoolSide, sqrtPriceX96: bigint): string | null {
  const sq = sqrtPriceX96 * sqrtPriceX96;
  if (sq === 0n) return null;
  const p = 10n ** BigInt(side.projectDecimals);
  const q = 10n ** BigInt(side.pairedDecimals);
  return side.projectIsToken0 ? formatRatio(sq * p, Q192 * q) : formatRatio(Q192 * p, sq * q);
}
