import { parseAbi, toEventSelector, type Hex } from 'viem';

/*
 * Uniswap V4 as TokenDesk reads it (docs/decisions/0042): the PoolManager's events and the
 * periphery's StateView (v4-core 1.0.2 IPoolManager.sol, v4-periphery 1.0.3 StateView.sol).
 * Every parameter is named: viem decodes a partly unnamed event into an array, not an object.
 */

export const v4PoolManagerEvents = parseAbi([
  'event Initialize(bytes32 indexed id, address indexed currency0, address indexed currency1, uint24 fee, int24 tickSpacing, address hooks, uint160 sqrtPriceX96, int24 tick)',
  'event ModifyLiquidity(bytes32 indexed id, address indexed sender, int24 tickLower, int24 tickUpper, int256 liquidityDelta, bytes32 salt)',
  // amount0/amount1 are the SWAPPER's balance deltas (negative = paid into the pool), whatever
  // IPoolManager's comment says: PoolManager.swap emits the caller's BalanceDelta.
  'event Swap(bytes32 indexed id, address indexed sender, int128 amount0, int128 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick, uint24 fee)',
  'event Donate(bytes32 indexed id, address indexed sender, uint256 amount0, uint256 amount1)',
]);

export const V4_INITIALIZE_TOPIC: Hex = toEventSelector(v4PoolManagerEvents[0]);
/** topic0 of the events a tracked V4 pool's activity is read from (Initialize is the new-pool watch's). */
export const V4_POOL_EVENT_TOPICS: Hex[] = [
  toEventSelector(v4PoolManagerEvents[1]),
  toEventSelector(v4PoolManagerEvents[2]),
  toEventSelector(v4PoolManagerEvents[3]),
];

export const v4StateViewAbi = parseAbi([
  'function getSlot0(bytes32 poolId) view returns (uint160 sqrtPriceX96, int24 tick, uint24 protocolFee, uint24 lpFee)',
  'function getLiquidity(bytes32 poolId) view returns (uint128 liquidity)',
]);
