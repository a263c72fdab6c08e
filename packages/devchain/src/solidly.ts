import {
  concat,
  encodeAbiParameters,
  encodeFunctionData,
  encodePacked,
  getContractAddress,
  keccak256,
  parseAbi,
  parseEther,
  parseUnits,
  type Abi,
  type Address,
  type Hex,
} from 'viem';
import { erc20Abi } from './abis.js';
import {
  demoAccounts,
  devnetAddresses as A,
  SLIPSTREAM_TICK_SPACING,
  SOLIDLY_DEPLOYER,
  type SOLIDLY_DEPLOYER_NONCES,
} from './addresses.js';
import { mined, type DevnetClients } from './client.js';
import { demoERC20 } from './generated/contracts.js';
import { clFactory, clPool, clPositionManager, clSwapRouter } from './generated/slipstream.js';
import {
  devnetSolidlyVoter,
  solidlyFactoryRegistry,
  solidlyPool,
  solidlyPoolFactory,
  solidlyRouter,
} from './generated/solidly.js';

// Aerodrome's Solidly V2 and Slipstream on the devnet (docs/decisions/0060). Only what this package
// calls or reads is in these ABIs; the full ones are in src/generated/.

export const solidlyPoolFactoryAbi = parseAbi([
  'function getPool(address tokenA, address tokenB, bool stable) view returns (address)',
  'function createPool(address tokenA, address tokenB, bool stable) returns (address pool)',
  'function isPool(address pool) view returns (bool)',
  'function implementation() view returns (address)',
  'function getFee(address pool, bool stable) view returns (uint256)',
  'function allPoolsLength() view returns (uint256)',
  'event PoolCreated(address indexed token0, address indexed token1, bool indexed stable, address pool, uint256)',
]);

export const solidlyPoolAbi = parseAbi([
  'function token0() view returns (address)',
  'function token1() view returns (address)',
  'function stable() view returns (bool)',
  'function factory() view returns (address)',
  'function getReserves() view returns (uint256 reserve0, uint256 reserve1, uint256 blockTimestampLast)',
  'function getAmountOut(uint256 amountIn, address tokenIn) view returns (uint256)',
  'function balanceOf(address) view returns (uint256)',
  'function approve(address spender, uint256 amount) returns (bool)',
  'event Swap(address indexed sender, address indexed to, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out)',
  'event Sync(uint256 reserve0, uint256 reserve1)',
  'event Mint(address indexed sender, uint256 amount0, uint256 amount1)',
  'event Burn(address indexed sender, address indexed to, uint256 amount0, uint256 amount1)',
]);

const ROUTE = 'struct Route { address from; address to; bool stable; address factory; }';
export const solidlyRouterAbi = parseAbi([
  ROUTE,
  'function getAmountsOut(uint256 amountIn, Route[] routes) view returns (uint256[] amounts)',
  'function addLiquidity(address tokenA, address tokenB, bool stable, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256 amountA, uint256 amountB, uint256 liquidity)',
  'function addLiquidityETH(address token, bool stable, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256 amountToken, uint256 amountETH, uint256 liquidity)',
  'function removeLiquidityETH(address token, bool stable, uint256 liquidity, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) returns (uint256 amountToken, uint256 amountETH)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, Route[] routes, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, Route[] routes, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, Route[] routes, address to, uint256 deadline) returns (uint256[] amounts)',
  'function defaultFactory() view returns (address)',
  'function weth() view returns (address)',
]);

export const slipstreamFactoryAbi = parseAbi([
  'function getPool(address tokenA, address tokenB, int24 tickSpacing) view returns (address)',
  'function createPool(address tokenA, address tokenB, int24 tickSpacing, uint160 sqrtPriceX96) returns (address pool)',
  'function poolImplementation() view returns (address)',
  'function tickSpacingToFee(int24 tickSpacing) view returns (uint24)',
  'function allPoolsLength() view returns (uint256)',
  'event PoolCreated(address indexed token0, address indexed token1, int24 indexed tickSpacing, address pool)',
]);

export const slipstreamPoolAbi = parseAbi([
  'function token0() view returns (address)',
  'function token1() view returns (address)',
  'function tickSpacing() view returns (int24)',
  'function factory() view returns (address)',
  'function fee() view returns (uint24)',
  'function liquidity() view returns (uint128)',
  // Six fields: Uniswap V3's slot0 without feeProtocol.
  'function slot0() view returns (uint160 sqrtPriceX96, int24 tick, uint16 observationIndex, uint16 observationCardinality, uint16 observationCardinalityNext, bool unlocked)',
  'event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick)',
  'event Mint(address sender, address indexed owner, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount, uint256 amount0, uint256 amount1)',
  'event Burn(address indexed owner, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount, uint256 amount0, uint256 amount1)',
]);

const MINT_PARAMS =
  'struct MintParams { address token0; address token1; int24 tickSpacing; int24 tickLower; int24 tickUpper; uint256 amount0Desired; uint256 amount1Desired; uint256 amount0Min; uint256 amount1Min; address recipient; uint256 deadline; uint160 sqrtPriceX96; }';
export const slipstreamPositionManagerAbi = parseAbi([
  MINT_PARAMS,
  'struct DecreaseLiquidityParams { uint256 tokenId; uint128 liquidity; uint256 amount0Min; uint256 amount1Min; uint256 deadline; }',
  'struct CollectParams { uint256 tokenId; address recipient; uint128 amount0Max; uint128 amount1Max; }',
  'function mint(MintParams params) payable returns (uint256 tokenId, uint128 liquidity, uint256 amount0, uint256 amount1)',
  'function decreaseLiquidity(DecreaseLiquidityParams params) payable returns (uint256 amount0, uint256 amount1)',
  'function collect(CollectParams params) payable returns (uint256 amount0, uint256 amount1)',
  'function positions(uint256 tokenId) view returns (uint96 nonce, address operator, address token0, address token1, int24 tickSpacing, int24 tickLower, int24 tickUpper, uint128 liquidity, uint256 feeGrowthInside0LastX128, uint256 feeGrowthInside1LastX128, uint128 tokensOwed0, uint128 tokensOwed1)',
  'function tokenOfOwnerByIndex(address owner, uint256 index) view returns (uint256)',
  'function multicall(bytes[] data) payable returns (bytes[] results)',
  'function refundETH() payable',
  'function factory() view returns (address)',
  'function WETH9() view returns (address)',
]);

export const slipstreamSwapRouterAbi = parseAbi([
  'struct ExactInputSingleParams { address tokenIn; address tokenOut; int24 tickSpacing; address recipient; uint256 deadline; uint256 amountIn; uint256 amountOutMinimum; uint160 sqrtPriceLimitX96; }',
  'function exactInputSingle(ExactInputSingleParams params) payable returns (uint256 amountOut)',
]);

const ZERO: Address = '0x0000000000000000000000000000000000000000';
const MAX = 2n ** 256n - 1n;
const Q96 = 2n ** 96n;

/** Full range for tick spacing 200: TickMath's ±887272 rounded in to a multiple of 200. */
export const SLIPSTREAM_MIN_TICK = -887200;
export const SLIPSTREAM_MAX_TICK = 887200;

/** The EIP-1167 creation code OpenZeppelin's Clones deploys for `implementation`. */
function cloneInitCode(implementation: Address): Hex {
  return concat(['0x3d602d80600a3d3981f3363d3d373d3d3d363d73', implementation, '0x5af43d82803e903d91602b57fd5bf3']);
}

const sorted = (x: Address, y: Address) => (x.toLowerCase() < y.toLowerCase() ? ([x, y] as const) : ([y, x] as const));

/** PoolFactory.createPool: a clone at CREATE2 salt keccak256(abi.encodePacked(token0, token1, stable)). */
export function solidlyPoolAddress(tokenA: Address, tokenB: Address, stable: boolean): Address {
  return getContractAddress({
    opcode: 'CREATE2',
    from: A.solidly.poolFactory,
    salt: keccak256(encodePacked(['address', 'address', 'bool'], [...sorted(tokenA, tokenB), stable])),
    bytecodeHash: keccak256(cloneInitCode(A.solidly.poolImplementation)),
  });
}

/** CLFactory.createPool: a clone at CREATE2 salt keccak256(abi.encode(token0, token1, tickSpacing)). */
export function slipstreamPoolAddress(tokenA: Address, tokenB: Address, tickSpacing: number): Address {
  return getContractAddress({
    opcode: 'CREATE2',
    from: A.slipstream.factory,
    salt: keccak256(
      encodeAbiParameters(
        [{ type: 'address' }, { type: 'address' }, { type: 'int24' }],
        [...sorted(tokenA, tokenB), tickSpacing],
      ),
    ),
    bytecodeHash: keccak256(cloneInitCode(A.slipstream.poolImplementation)),
  });
}

/** DAI's supply (18 decimals), all minted to SOLIDLY_DEPLOYER. */
export const DAI_SUPPLY = parseUnits('1000000000', 18);
/** DAI each demo account receives from SOLIDLY_DEPLOYER in the funding block. */
export const DAI_PER_DEMO_ACCOUNT = parseUnits('50000', 18);

/** 10,000 DEMO per WETH (DEMO at 0.0001 ETH, as the other DEMO/WETH pools at launch); token0 is WETH. */
export const SLIPSTREAM_INITIAL_SQRT_PRICE = 100n * Q96;

/** SOLIDLY_DEPLOYER's nonce once its part is seeded: ten contracts, three createPool, four DAI transfers. */
export const SOLIDLY_DEPLOYER_FINAL_NONCE = 17;

const [, A2, A3, A4] = demoAccounts as [Address, Address, Address, Address];

/**
 * The pools' first liquidity, from demo accounts (as V4's, docs/decisions/0041): smaller than the
 * Uniswap V2 pools (those stay DEMO's deepest markets), at the V2 launch price; the stable pool at 1:1.
 */
export const SOLIDLY_INITIAL_LIQUIDITY = {
  demoWethVolatile: { from: A4, demo: '40000', eth: '4' },
  usdcDaiStable: { from: A3, usdc: '20000', dai: '20000' },
  demoWeth200: { from: A2, demo: '30000', eth: '3' },
} as const;

/** Liquidity changes of the history on these pools (deploy.ts runs them with runSolidlyStep). */
export type SolidlyStep =
  | { kind: 'solidly-add-liquidity'; from: Address; eth: string; maxDemo: string }
  | { kind: 'solidly-remove-half'; from: Address }
  | { kind: 'solidly-stable-add-liquidity'; from: Address; usdc: string; dai: string }
  | { kind: 'slipstream-mint-narrow'; from: Address }
  | { kind: 'slipstream-remove-half'; from: Address };

export type SolidlySeedStatus = 'empty' | 'complete' | 'partial';

function solidlyContracts(): Address[] {
  const { pools: sp, ...s } = A.solidly;
  const { pools: cp, ...c } = A.slipstream;
  return [...Object.values(s), ...Object.values(sp), ...Object.values(c), ...Object.values(cp)];
}

/**
 * Complete: code at every address, SOLIDLY_DEPLOYER past its last nonce and liquidity in all three
 * pools (the last step before the history). Empty: none of it.
 */
export async function solidlySeedStatus(clients: DevnetClients): Promise<SolidlySeedStatus> {
  const [nonce, codes] = await Promise.all([
    clients.public.getTransactionCount({ address: SOLIDLY_DEPLOYER }),
    Promise.all(
      solidlyContracts().map(async (address) => ((await clients.public.getCode({ address })) ?? '0x') !== '0x'),
    ),
  ]);
  if (nonce === 0 && !codes.some(Boolean)) return 'empty';
  if (!codes.every(Boolean) || nonce < SOLIDLY_DEPLOYER_FINAL_NONCE) return 'partial';
  const p = A.solidly.pools;
  const [[v0, v1], [s0, s1], cl] = await Promise.all([
    clients.public.readContract({ address: p.demoWethVolatile, abi: solidlyPoolAbi, functionName: 'getReserves' }),
    clients.public.readContract({ address: p.usdcDaiStable, abi: solidlyPoolAbi, functionName: 'getReserves' }),
    clients.public.readContract({
      address: A.slipstream.pools.demoWeth200,
      abi: slipstreamPoolAbi,
      functionName: 'liquidity',
    }),
  ]);
  return v0 > 0n && v1 > 0n && s0 > 0n && s1 > 0n && cl > 0n ? 'complete' : 'partial';
}

/**
 * Deploys Solidly V2 and Slipstream from SOLIDLY_DEPLOYER and creates the three pools (no liquidity
 * yet). Each address is checked against devnetAddresses as it lands.
 *
 * What the real contracts require and the devnet passes: FactoryRegistry wants a voting-rewards,
 * gauge and managed-rewards factory beside the pool factory — SOLIDLY_DEPLOYER's own address for all
 * three (they are called only to create gauges and managed veNFT rewards, which nothing here does);
 * the Router takes a trusted forwarder (address 0: no meta-transactions) and a voter (ours, called
 * only when zapping into a gauge); CLFactory reads `factoryRegistry()` from its voter (ours); the
 * position manager gets no token descriptor (tokenURI reverts, which nothing needs).
 */
export async function deploySolidly(clients: DevnetClients): Promise<void> {
  const { wallet } = clients;
  const chain = wallet.chain;
  const deploy = async (
    key: keyof typeof SOLIDLY_DEPLOYER_NONCES,
    expected: Address,
    artifact: { abi: readonly unknown[]; bytecode: string },
    args: readonly unknown[],
  ) => {
    const hash = await wallet.deployContract({
      abi: artifact.abi as Abi,
      bytecode: artifact.bytecode as Hex,
      args,
      account: SOLIDLY_DEPLOYER,
      chain,
    } as never);
    const receipt = await mined(clients, hash);
    if (receipt.contractAddress?.toLowerCase() !== expected.toLowerCase()) {
      throw new Error(
        `${key} deployed at ${receipt.contractAddress}, expected ${expected}: SOLIDLY_DEPLOYER's nonce order changed`,
      );
    }
  };
  const s = A.solidly;
  const cl = A.slipstream;
  await deploy('dai', s.dai, demoERC20, ['Dai Stablecoin', 'DAI', 18, DAI_SUPPLY, SOLIDLY_DEPLOYER]);
  await deploy('poolImplementation', s.poolImplementation, solidlyPool, []);
  await deploy('poolFactory', s.poolFactory, solidlyPoolFactory, [s.poolImplementation]);
  await deploy('factoryRegistry', s.factoryRegistry, solidlyFactoryRegistry, [
    s.poolFactory,
    SOLIDLY_DEPLOYER,
    SOLIDLY_DEPLOYER,
    SOLIDLY_DEPLOYER,
  ]);
  await deploy('voter', s.voter, devnetSolidlyVoter, [s.factoryRegistry]);
  await deploy('router', s.router, solidlyRouter, [ZERO, s.factoryRegistry, s.poolFactory, s.voter, A.weth]);
  await deploy('clPoolImplementation', cl.poolImplementation, clPool, []);
  await deploy('clFactory', cl.factory, clFactory, [s.voter, cl.poolImplementation]);
  await deploy('clPositionManager', cl.positionManager, clPositionManager, [
    cl.factory,
    A.weth,
    ZERO,
    'Slipstream Position NFT v1',
    'AERO-CL-POS',
  ]);
  await deploy('clSwapRouter', cl.swapRouter, clSwapRouter, [cl.factory, A.weth]);

  const write = async (address: Address, abi: Abi, functionName: string, args: readonly unknown[]) =>
    mined(
      clients,
      await wallet.writeContract({
        address,
        abi,
        functionName,
        args,
        account: SOLIDLY_DEPLOYER,
        chain,
        gas: 6_000_000n,
      } as never),
    );
  await write(s.poolFactory, solidlyPoolFactoryAbi, 'createPool', [A.demo, A.weth, false]);
  await write(s.poolFactory, solidlyPoolFactoryAbi, 'createPool', [A.usdc, s.dai, true]);
  await write(cl.factory, slipstreamFactoryAbi, 'createPool', [
    A.weth,
    A.demo,
    SLIPSTREAM_TICK_SPACING,
    SLIPSTREAM_INITIAL_SQRT_PRICE,
  ]);
  const pools = [s.pools.demoWethVolatile, s.pools.usdcDaiStable, cl.pools.demoWeth200];
  for (const pool of pools) {
    const code = await clients.public.getCode({ address: pool });
    if (!code || code === '0x') throw new Error(`no pool at ${pool}: its address in devnetAddresses is stale`);
  }
}

/** A call for one block of the funding (deploy.ts: mineBlock). */
export interface SolidlyBlockCall {
  from: Address;
  address: Address;
  abi: Abi;
  functionName: string;
  args: readonly unknown[];
}

/**
 * The funding block's part: DAI for every demo account, and their approvals of the Solidly router
 * (DEMO, USDC, DAI, and the volatile pool's LP token for removals), Slipstream's swap router and
 * position manager (DEMO).
 */
export function solidlyFundingCalls(): SolidlyBlockCall[] {
  const calls: SolidlyBlockCall[] = [];
  for (const account of demoAccounts) {
    calls.push({
      from: SOLIDLY_DEPLOYER,
      address: A.solidly.dai,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [account, DAI_PER_DEMO_ACCOUNT],
    });
  }
  for (const account of demoAccounts) {
    for (const token of [A.demo, A.usdc, A.solidly.dai]) {
      calls.push({
        from: account,
        address: token,
        abi: erc20Abi,
        functionName: 'approve',
        args: [A.solidly.router, MAX],
      });
    }
    calls.push({
      from: account,
      address: A.solidly.pools.demoWethVolatile,
      abi: solidlyPoolAbi,
      functionName: 'approve',
      args: [A.solidly.router, MAX],
    });
    calls.push({
      from: account,
      address: A.demo,
      abi: erc20Abi,
      functionName: 'approve',
      args: [A.slipstream.swapRouter, MAX],
    });
    calls.push({
      from: account,
      address: A.demo,
      abi: erc20Abi,
      functionName: 'approve',
      args: [A.slipstream.positionManager, MAX],
    });
  }
  return calls;
}

type Write = (
  from: Address,
  address: Address,
  abi: Abi,
  functionName: string,
  args: readonly unknown[],
  value?: bigint,
) => Promise<unknown>;

/** The three pools' first liquidity (SOLIDLY_INITIAL_LIQUIDITY). */
export async function addSolidlyInitialLiquidity(clients: DevnetClients, write: Write): Promise<void> {
  const v = SOLIDLY_INITIAL_LIQUIDITY.demoWethVolatile;
  await runSolidlyStep(clients, { kind: 'solidly-add-liquidity', from: v.from, eth: v.eth, maxDemo: v.demo }, write);
  const st = SOLIDLY_INITIAL_LIQUIDITY.usdcDaiStable;
  await runSolidlyStep(
    clients,
    { kind: 'solidly-stable-add-liquidity', from: st.from, usdc: st.usdc, dai: st.dai },
    write,
  );
  const c = SOLIDLY_INITIAL_LIQUIDITY.demoWeth200;
  await mintSlipstream(
    write,
    c.from,
    SLIPSTREAM_MIN_TICK,
    SLIPSTREAM_MAX_TICK,
    parseEther(c.eth),
    parseUnits(c.demo, 18),
  );
}

/** A Slipstream position in DEMO/WETH (token0 WETH, paid in ETH and wrapped by the manager, the rest refunded). */
async function mintSlipstream(
  write: Write,
  from: Address,
  tickLower: number,
  tickUpper: number,
  eth: bigint,
  demo: bigint,
): Promise<void> {
  const params = {
    token0: A.weth,
    token1: A.demo,
    tickSpacing: SLIPSTREAM_TICK_SPACING,
    tickLower,
    tickUpper,
    amount0Desired: eth,
    amount1Desired: demo,
    amount0Min: 0n,
    amount1Min: 0n,
    recipient: from,
    deadline: MAX,
    sqrtPriceX96: 0n,
  };
  const calls = [
    encodeFunctionData({ abi: slipstreamPositionManagerAbi, functionName: 'mint', args: [params] }),
    encodeFunctionData({ abi: slipstreamPositionManagerAbi, functionName: 'refundETH' }),
  ];
  await write(from, A.slipstream.positionManager, slipstreamPositionManagerAbi as Abi, 'multicall', [calls], eth);
}

export async function runSolidlyStep(clients: DevnetClients, step: SolidlyStep, write: Write): Promise<void> {
  const router = A.solidly.router;
  switch (step.kind) {
    case 'solidly-add-liquidity':
      await write(
        step.from,
        router,
        solidlyRouterAbi as Abi,
        'addLiquidityETH',
        [A.demo, false, parseUnits(step.maxDemo, 18), 0n, 0n, step.from, MAX],
        parseEther(step.eth),
      );
      return;
    case 'solidly-remove-half': {
      const lp = await clients.public.readContract({
        address: A.solidly.pools.demoWethVolatile,
        abi: solidlyPoolAbi,
        functionName: 'balanceOf',
        args: [step.from],
      });
      await write(step.from, router, solidlyRouterAbi as Abi, 'removeLiquidityETH', [
        A.demo,
        false,
        lp / 2n,
        0n,
        0n,
        step.from,
        MAX,
      ]);
      return;
    }
    case 'solidly-stable-add-liquidity':
      await write(step.from, router, solidlyRouterAbi as Abi, 'addLiquidity', [
        A.usdc,
        A.solidly.dai,
        true,
        parseUnits(step.usdc, 6),
        parseUnits(step.dai, 18),
        0n,
        0n,
        step.from,
        MAX,
      ]);
      return;
    case 'slipstream-mint-narrow': {
      // ±6,000 ticks (about ±45 % in price) around the current tick, on the 200 grid.
      const [, tick] = await clients.public.readContract({
        address: A.slipstream.pools.demoWeth200,
        abi: slipstreamPoolAbi,
        functionName: 'slot0',
      });
      const grid = (t: number) => Math.floor(t / SLIPSTREAM_TICK_SPACING) * SLIPSTREAM_TICK_SPACING;
      await mintSlipstream(
        write,
        step.from,
        grid(tick - 6000),
        grid(tick + 6000),
        parseEther('1'),
        parseUnits('10000', 18),
      );
      return;
    }
    case 'slipstream-remove-half': {
      const pm = A.slipstream.positionManager;
      const tokenId = await clients.public.readContract({
        address: pm,
        abi: slipstreamPositionManagerAbi,
        functionName: 'tokenOfOwnerByIndex',
        args: [step.from, 0n],
      });
      const position = await clients.public.readContract({
        address: pm,
        abi: slipstreamPositionManagerAbi,
        functionName: 'positions',
        args: [tokenId],
      });
      const max128 = 2n ** 128n - 1n;
      // decreaseLiquidity and collect in one transaction: the pool's Burn and Collect in one block.
      const calls = [
        encodeFunctionData({
          abi: slipstreamPositionManagerAbi,
          functionName: 'decreaseLiquidity',
          args: [{ tokenId, liquidity: position[7] / 2n, amount0Min: 0n, amount1Min: 0n, deadline: MAX }],
        }),
        encodeFunctionData({
          abi: slipstreamPositionManagerAbi,
          functionName: 'collect',
          args: [{ tokenId, recipient: step.from, amount0Max: max128, amount1Max: max128 }],
        }),
      ];
      await write(step.from, pm, slipstreamPositionManagerAbi as Abi, 'multicall', [calls]);
      return;
    }
  }
}

/** The swap-cli names of the Solidly V2 and Slipstream pools (src/swap.ts). */
export const SOLIDLY_POOLS: ReadonlySet<string> = new Set([
  'demo-weth-solidly',
  'usdc-dai-stable',
  'demo-weth-slipstream',
]);

export function isSolidlyStep(step: { kind: string }): step is SolidlyStep {
  return step.kind.startsWith('solidly-') || step.kind.startsWith('slipstream-');
}
