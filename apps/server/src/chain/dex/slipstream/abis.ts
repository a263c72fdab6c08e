import { parseAbi } from 'viem';

/*
 * Slipstream's reads, as aerodrome-finance/slipstream declares them (contracts/core/interfaces/
 * ICLFactory.sol and pool/ICLPoolState.sol; the same at v1.0.0, Base's first factory, and at HEAD).
 */

export const clFactoryAbi = parseAbi([
  'function getPool(address tokenA, address tokenB, int24 tickSpacing) view returns (address)',
  'function tickSpacings() view returns (int24[])',
  'function tickSpacingToFee(int24 tickSpacing) view returns (uint24)',
  'function swapFeeModule() view returns (address)',
  'function getSwapFee(address pool) view returns (uint24)',
]);

export const clPoolAbi = parseAbi([
  'function factory() view returns (address)',
  'function token0() view returns (address)',
  'function token1() view returns (address)',
  'function tickSpacing() view returns (int24)',
  /** The factory's getSwapFee(pool): the fee module's answer when one is set, else the tick spacing's fee. */
  'function fee() view returns (uint24)',
  'function liquidity() view returns (uint128)',
  // Six fields: Uniswap V3's slot0 without feeProtocol (Slipstream takes no protocol fee there).
  'function slot0() view returns (uint160 sqrtPriceX96, int24 tick, uint16 observationIndex, uint16 observationCardinality, uint16 observationCardinalityNext, bool unlocked)',
]);

export const clEvents = parseAbi([
  'event PoolCreated(address indexed token0, address indexed token1, int24 indexed tickSpacing, address pool)',
]);
