import {
  concat,
  encodeAbiParameters,
  getContractAddress,
  keccak256,
  numberToHex,
  pad,
  parseAbi,
  type Abi,
  type Address,
  type Hex,
} from 'viem';
import {
  CREATE2_DEPLOYER,
  V4_DEPLOYER,
  V4_HOOK_SALT,
  devnetAddresses as A,
  type DevnetV4Pool,
  type DevnetV4PoolKey,
  type V4_DEPLOYER_NONCES,
} from './addresses.js';
import { mined, type DevnetClients } from './client.js';
import { devnetV4Hook } from './generated/v4-hook.js';
import { uniswapV4Artifacts } from './v4-artifacts.js';

// Only what this package calls or reads; the full ABIs are in the artifacts.
const POOL_KEY =
  'struct PoolKey { address currency0; address currency1; uint24 fee; int24 tickSpacing; address hooks; }';

export const v4PoolManagerAbi = parseAbi([
  POOL_KEY,
  'function initialize(PoolKey key, uint160 sqrtPriceX96) returns (int24 tick)',
  'function owner() view returns (address)',
  'event Initialize(bytes32 indexed id, address indexed currency0, address indexed currency1, uint24 fee, int24 tickSpacing, address hooks, uint160 sqrtPriceX96, int24 tick)',
  'event ModifyLiquidity(bytes32 indexed id, address indexed sender, int24 tickLower, int24 tickUpper, int256 liquidityDelta, bytes32 salt)',
  'event Swap(bytes32 indexed id, address indexed sender, int128 amount0, int128 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick, uint24 fee)',
  'event Donate(bytes32 indexed id, address indexed sender, uint256 amount0, uint256 amount1)',
]);

export const v4StateViewAbi = parseAbi([
  'function getSlot0(bytes32 poolId) view returns (uint160 sqrtPriceX96, int24 tick, uint24 protocolFee, uint24 lpFee)',
  'function getLiquidity(bytes32 poolId) view returns (uint128 liquidity)',
  'function getPositionInfo(bytes32 poolId, address owner, int24 tickLower, int24 tickUpper, bytes32 salt) view returns (uint128 liquidity, uint256 feeGrowthInside0LastX128, uint256 feeGrowthInside1LastX128)',
  'function poolManager() view returns (address)',
]);

export const v4SwapRouterAbi = parseAbi([
  POOL_KEY,
  'struct SwapParams { bool zeroForOne; int256 amountSpecified; uint160 sqrtPriceLimitX96; }',
  'struct TestSettings { bool takeClaims; bool settleUsingBurn; }',
  'function swap(PoolKey key, SwapParams params, TestSettings testSettings, bytes hookData) payable returns (int256 delta)',
]);

export const v4LiquidityRouterAbi = parseAbi([
  POOL_KEY,
  'struct ModifyLiquidityParams { int24 tickLower; int24 tickUpper; int256 liquidityDelta; bytes32 salt; }',
  'function modifyLiquidity(PoolKey key, ModifyLiquidityParams params, bytes hookData) payable returns (int256 delta)',
]);

export const v4HookAbi = devnetV4Hook.abi as Abi;

/** TickMath.MIN_SQRT_PRICE + 1 and MAX_SQRT_PRICE - 1: "no price limit" for a swap either way. */
export const V4_MIN_SQRT_PRICE_LIMIT = 4295128739n + 1n;
export const V4_MAX_SQRT_PRICE_LIMIT = 1461446703485210103287273052203988822378723970342n - 1n;

/** Full range for tick spacing 60 (both seeded V4 pools). */
export const V4_MIN_TICK = -887220;
export const V4_MAX_TICK = 887220;

/** PoolId = keccak256(abi.encode(PoolKey)), as PoolIdLibrary computes it. */
export function v4PoolId(key: DevnetV4PoolKey): Hex {
  return keccak256(
    encodeAbiParameters(
      [{ type: 'address' }, { type: 'address' }, { type: 'uint24' }, { type: 'int24' }, { type: 'address' }],
      [key.currency0, key.currency1, key.fee, key.tickSpacing, key.hooks],
    ),
  );
}

/** The hook's creation code: its bytecode and constructor arguments (PoolManager, owner). */
export function v4HookInitCode(poolManager: Address = A.v4.poolManager, owner: Address = V4_DEPLOYER): Hex {
  return concat([
    devnetV4Hook.bytecode as Hex,
    encodeAbiParameters([{ type: 'address' }, { type: 'address' }], [poolManager, owner]),
  ]);
}

/** Where the deterministic deployer puts the hook for a salt. */
export function v4HookAddress(salt: Hex, initCode: Hex = v4HookInitCode()): Address {
  return getContractAddress({ opcode: 'CREATE2', from: CREATE2_DEPLOYER, salt, bytecodeHash: keccak256(initCode) });
}

/**
 * The first salt (0, 1, 2 …) whose CREATE2 address has exactly `flags` in its low 14 bits: V4 reads
 * a hook's permissions from its address. About 16,000 tries on average; run once, the result is
 * V4_HOOK_SALT (a test recomputes it).
 */
export function mineHookSalt(flags: number, initCode: Hex = v4HookInitCode()): { salt: Hex; address: Address } {
  const bytecodeHash = keccak256(initCode);
  for (let i = 0n; ; i++) {
    const salt = numberToHex(i, { size: 32 });
    const address = getContractAddress({ opcode: 'CREATE2', from: CREATE2_DEPLOYER, salt, bytecodeHash });
    if ((Number.parseInt(address.slice(-4), 16) & 0x3fff) === flags) return { salt, address };
  }
}

/** Names of the permission bits, bit 13 down to bit 0 (Hooks.sol). */
export const V4_HOOK_PERMISSIONS = [
  'beforeInitialize',
  'afterInitialize',
  'beforeAddLiquidity',
  'afterAddLiquidity',
  'beforeRemoveLiquidity',
  'afterRemoveLiquidity',
  'beforeSwap',
  'afterSwap',
  'beforeDonate',
  'afterDonate',
  'beforeSwapReturnDelta',
  'afterSwapReturnDelta',
  'afterAddLiquidityReturnDelta',
  'afterRemoveLiquidityReturnDelta',
] as const;

export function v4HookPermissions(hooks: Address): string[] {
  const bits = Number.parseInt(hooks.slice(-4), 16) & 0x3fff;
  return V4_HOOK_PERMISSIONS.filter((_, i) => (bits & (1 << (13 - i))) !== 0);
}

/** The initial prices: DEMO at 0.0001 ETH and at 0.30 USDC, as in the V2 pools at launch. */
const Q96 = 2n ** 96n;
export const V4_INITIAL_SQRT_PRICE = {
  // currency0 ETH, currency1 DEMO: 10,000 DEMO per ETH.
  demoEthV4: 100n * Q96,
  // currency0 DEMO (18 decimals), currency1 USDC (6): 0.30e6 / 1e18 per raw unit.
  hookedV4: sqrtBig((3n * 10n ** 5n * 2n ** 192n) / 10n ** 18n),
} as const;

function sqrtBig(n: bigint): bigint {
  if (n < 2n) return n;
  let x = n;
  let y = (x + 1n) / 2n;
  while (y < x) {
    x = y;
    y = (x + n / x) / 2n;
  }
  return x;
}

/** V4_DEPLOYER's nonce once the V4 deployment is complete (four CREATEs, the hook, two initialize). */
export const V4_DEPLOYER_FINAL_NONCE = 7;

export type V4SeedStatus = 'empty' | 'complete' | 'partial';

function v4Contracts(): Address[] {
  return [A.v4.poolManager, A.v4.stateView, A.v4.swapRouter, A.v4.liquidityRouter, A.v4.hook];
}

/**
 * Complete: code at every V4 address, V4_DEPLOYER past its last nonce and liquidity in both pools
 * (the seed's last V4 step before the history). Empty: none of it.
 */
export async function v4SeedStatus(clients: DevnetClients): Promise<V4SeedStatus> {
  const [nonce, codes] = await Promise.all([
    clients.public.getTransactionCount({ address: V4_DEPLOYER }),
    Promise.all(v4Contracts().map(async (address) => ((await clients.public.getCode({ address })) ?? '0x') !== '0x')),
  ]);
  if (nonce === 0 && !codes.some(Boolean)) return 'empty';
  if (!codes.every(Boolean) || nonce < V4_DEPLOYER_FINAL_NONCE) return 'partial';
  const liquidity = await Promise.all(
    Object.values(A.v4.pools).map((pool) =>
      clients.public.readContract({
        address: A.v4.stateView,
        abi: v4StateViewAbi,
        functionName: 'getLiquidity',
        args: [pool.id],
      }),
    ),
  );
  return liquidity.every((l) => l > 0n) ? 'complete' : 'partial';
}

/**
 * Deploys the PoolManager, StateView and v4-core's two test routers from V4_DEPLOYER, the hook by
 * CREATE2 through the deterministic deployer, and initialises both pools. Each address is checked
 * against devnetAddresses.v4 as it lands.
 */
export async function deployV4(clients: DevnetClients): Promise<void> {
  const { wallet } = clients;
  const chain = wallet.chain;
  const v4 = uniswapV4Artifacts();
  const deploy = async (
    key: keyof typeof V4_DEPLOYER_NONCES,
    artifact: { abi: Abi; bytecode: Hex },
    args: readonly unknown[],
  ) => {
    const hash = await wallet.deployContract({
      abi: artifact.abi,
      bytecode: artifact.bytecode,
      args,
      account: V4_DEPLOYER,
      chain,
    } as never);
    const receipt = await mined(clients, hash);
    if (receipt.contractAddress?.toLowerCase() !== A.v4[key].toLowerCase()) {
      throw new Error(
        `V4 ${key} deployed at ${receipt.contractAddress}, expected ${A.v4[key]}: V4_DEPLOYER's nonce order changed`,
      );
    }
  };
  await deploy('poolManager', v4.poolManager, [V4_DEPLOYER]);
  await deploy('stateView', v4.stateView, [A.v4.poolManager]);
  await deploy('swapRouter', v4.poolSwapTest, [A.v4.poolManager]);
  await deploy('liquidityRouter', v4.poolModifyLiquidityTest, [A.v4.poolManager]);

  // The deterministic deployer takes salt ++ creation code as calldata and CREATE2s it.
  const initCode = v4HookInitCode();
  if (v4HookAddress(V4_HOOK_SALT, initCode).toLowerCase() !== A.v4.hook.toLowerCase()) {
    throw new Error(
      'the hook would not land at devnetAddresses.v4.hook: its bytecode changed, mine a new V4_HOOK_SALT',
    );
  }
  const gas = 3_000_000n;
  await mined(
    clients,
    await wallet.sendTransaction({
      account: V4_DEPLOYER,
      chain,
      to: CREATE2_DEPLOYER,
      data: concat([V4_HOOK_SALT, initCode]),
      gas,
    }),
  );
  const hookCode = await clients.public.getCode({ address: A.v4.hook });
  if (!hookCode || hookCode === '0x') throw new Error(`the hook has no code at ${A.v4.hook}`);

  for (const name of ['demoEthV4', 'hookedV4'] as const) {
    const pool = A.v4.pools[name];
    const hash = await wallet.writeContract({
      address: A.v4.poolManager,
      abi: v4PoolManagerAbi,
      functionName: 'initialize',
      args: [pool.key, V4_INITIAL_SQRT_PRICE[name]],
      account: V4_DEPLOYER,
      chain,
      gas: 500_000n,
    });
    await mined(clients, hash);
  }
}

/** Which of the two seeded V4 pools, by the names DevnetPool uses. */
export const V4_POOL_NAMES = { 'demo-eth-v4': 'demoEthV4', 'demo-usdc-v4': 'hookedV4' } as const;

/** The test router's liquidity of one LP: positions belong to the router, told apart by salt = the LP's address. */
export function v4PositionSalt(owner: Address): Hex {
  return pad(owner, { size: 32 });
}

/**
 * Full-range liquidity that the given amounts cover at the pool's current price (each side needs a
 * little less than given; the router refunds unused ETH, and ERC-20s are pulled to the exact amount).
 */
export function v4FullRangeLiquidity(sqrtPriceX96: bigint, amount0: bigint, amount1: bigint): bigint {
  const from0 = (amount0 * sqrtPriceX96) / Q96;
  const from1 = (amount1 * Q96) / sqrtPriceX96;
  return ((from0 < from1 ? from0 : from1) * 999n) / 1000n;
}

/** One modifyLiquidity call on the test router (positive delta adds, negative removes). */
export function v4ModifyLiquidityRequest(pool: DevnetV4Pool, owner: Address, liquidityDelta: bigint, value = 0n) {
  return {
    address: A.v4.liquidityRouter,
    abi: v4LiquidityRouterAbi as Abi,
    functionName: 'modifyLiquidity',
    args: [
      pool.key,
      { tickLower: V4_MIN_TICK, tickUpper: V4_MAX_TICK, liquidityDelta, salt: v4PositionSalt(owner) },
      '0x',
    ] as readonly unknown[],
    value,
  };
}

/** The full-range liquidity `owner` holds in a seeded V4 pool through the test router. */
export async function v4PositionLiquidity(clients: DevnetClients, pool: DevnetV4Pool, owner: Address): Promise<bigint> {
  const [liquidity] = await clients.public.readContract({
    address: A.v4.stateView,
    abi: v4StateViewAbi,
    functionName: 'getPositionInfo',
    args: [pool.id, A.v4.liquidityRouter, V4_MIN_TICK, V4_MAX_TICK, v4PositionSalt(owner)],
  });
  return liquidity;
}

export async function v4SqrtPrice(clients: DevnetClients, pool: DevnetV4Pool): Promise<bigint> {
  const [sqrtPriceX96] = await clients.public.readContract({
    address: A.v4.stateView,
    abi: v4StateViewAbi,
    functionName: 'getSlot0',
    args: [pool.id],
  });
  return sqrtPriceX96;
}
