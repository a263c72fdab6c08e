import { parseAbi } from 'viem';

export const erc20Abi = parseAbi([
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function totalSupply() view returns (uint256)',
  'function balanceOf(address) view returns (uint256)',
]);

/** Old tokens (MKR, SAI…) return name and symbol as bytes32. */
export const erc20Bytes32Abi = parseAbi([
  'function name() view returns (bytes32)',
  'function symbol() view returns (bytes32)',
]);

export const v2FactoryAbi = parseAbi(['function getPair(address, address) view returns (address)']);
export const v3FactoryAbi = parseAbi(['function getPool(address, address, uint24) view returns (address)']);

export const v2PairAbi = parseAbi([
  'function factory() view returns (address)',
  'function token0() view returns (address)',
  'function token1() view returns (address)',
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
]);

/**
 * Only the first two fields of slot0: PancakeSwap V3 widens feeProtocol to uint32, so a full
 * Uniswap slot0 ABI would misread its pools. sqrtPriceX96 and tick sit at the same offsets in both.
 */
export const v3PoolAbi = parseAbi([
  'function factory() view returns (address)',
  'function token0() view returns (address)',
  'function token1() view returns (address)',
  'function fee() view returns (uint24)',
  'function liquidity() view returns (uint128)',
  'function slot0() view returns (uint160 sqrtPriceX96, int24 tick)',
]);
