import type { FactoryDexConfig } from '../../networks';

/*
 * Algebra's globalState() changed shape with every version (docs/decisions/0070), each read from
 * cryptoalgebra/Algebra's own interface (src/core/contracts/interfaces/pool/IAlgebraPoolState.sol):
 * - v1 (tag v1.0.0, QuickSwap V3): (uint160 price, int24 tick, uint16 fee, uint16 timepointIndex,
 *   uint8 communityFeeToken0, uint8 communityFeeToken1, bool unlocked)
 * - v1.9 (branch direction-based-fee-v2, Camelot V3): (uint160 price, int24 tick, uint16 feeZtO,
 *   uint16 feeOtZ, uint16 timepointIndex, uint8 communityFee, bool unlocked)
 * - Integral (tag v1.2-integral, the devnet): (uint160 price, int24 tick, uint16 lastFee,
 *   uint8 pluginConfig, uint16 communityFee, bool unlocked)
 * Only the first four words are decoded, each as a whole uint256 word, and range-checked here: a
 * contract answering with fewer words fails the read (viem refuses short data), one answering
 * out-of-range words is "not a pool", and nothing it says can overflow what we store.
 */

const MAX_SQRT_PRICE = 2n ** 160n;
/**
 * Integral's pluginConfig flags that let the plugin set a swap's fee (libraries/Plugins.sol):
 * DYNAMIC_FEE (1 << 7) replaces lastFee, BEFORE_SWAP_FLAG (1) may return an overrideFee per swap.
 */
const FEE_SETTING_FLAGS = (1n << 7n) | 1n;
/** Fees are hundredths of a bip in a uint16 in every version. */
const MAX_FEE = 2n ** 16n;

export type AlgebraVersion = NonNullable<FactoryDexConfig['algebraVersion']>;

/** The price (a Q64.96 sqrt of raw token1 per raw token0), or null for an uninitialised pool or a nonsense word. */
export function priceOf(word: unknown): bigint | null {
  return typeof word === 'bigint' && word > 0n && word < MAX_SQRT_PRICE ? word : null;
}

/**
 * The pool's fee where it is one exact number, else null (dynamic). v1's fee is the adaptive fee of
 * its DataStorageOperator, recomputed from volatility at every block; v1.9 charges a fee per
 * direction; Integral's lastFee is the fee only while no pluginConfig flag lets the plugin set a
 * swap's fee (DYNAMIC_FEE, or a beforeSwap hook that may return an overrideFee). An unknown version is taken as dynamic: null is never a wrong number.
 */
export function exactFeeOf(version: AlgebraVersion | undefined, words: readonly unknown[]): number | null {
  if (version !== 'integral') return null;
  const [, , lastFee, pluginConfig] = words;
  if (typeof lastFee !== 'bigint' || typeof pluginConfig !== 'bigint') return null;
  if (lastFee >= MAX_FEE || (pluginConfig & FEE_SETTING_FLAGS) !== 0n) return null;
  return Number(lastFee);
}
