import { formatUnits, maxUint256, parseUnits, type Abi, type Address, type Hash, type TransactionReceipt } from 'viem';
import { erc20Abi, swapRouterAbi, uniswapV2RouterAbi } from './abis.js';
import { devnetAddresses as A, LFJ_BIN_STEP, REFERENCE_V3_FEE, SLIPSTREAM_TICK_SPACING, V3_FEE } from './addresses.js';
import { assertDevnet, gasWithMargin, mined, type DevnetClients } from './client.js';
import { algebraRouterAbi, LB_VERSION_V2_2, lbRouterAbi } from './algebra-lfj.js';
import { slipstreamSwapRouterAbi, solidlyRouterAbi } from './solidly.js';
import { V4_MAX_SQRT_PRICE_LIMIT, V4_MIN_SQRT_PRICE_LIMIT, v4SwapRouterAbi } from './v4.js';

/** The seeded pools; the V4 ones are demo-eth-v4 (native ETH) and demo-usdc-v4 (the hooked pool). */
export type DevnetPool =
  | 'demo-weth'
  | 'demo-usdc'
  | 'smpl-weth'
  | 'weth-usdc'
  | DevnetV4PoolName
  | 'demo-weth-algebra'
  | 'demo-usdc-lfj'
  | DevnetSolidlyPoolName;
export type DevnetV4PoolName = 'demo-eth-v4' | 'demo-usdc-v4';
/** Aerodrome's Solidly V2 volatile and stable pools and its Slipstream pool (docs/decisions/0060). */
export type DevnetSolidlyPoolName = 'demo-weth-solidly' | 'usdc-dai-stable' | 'demo-weth-slipstream';
export const DEVNET_POOLS: readonly DevnetPool[] = [
  'demo-weth',
  'demo-usdc',
  'smpl-weth',
  'weth-usdc',
  'demo-eth-v4',
  'demo-usdc-v4',
  'demo-weth-algebra',
  'demo-usdc-lfj',
  'demo-weth-solidly',
  'usdc-dai-stable',
  'demo-weth-slipstream',
];

/** V4's native currency: address 0 in a PoolKey. */
const NATIVE: Address = '0x0000000000000000000000000000000000000000';

interface PoolInfo {
  version: 'v2' | 'v3' | 'v4' | 'algebra' | 'lfj' | 'solidly' | 'slipstream';
  /** Solidly only: the stable curve (x³y + y³x = k) or the volatile one (x·y = k). */
  stable?: boolean;
  /** V3 only: the pool's fee tier. */
  fee?: number;
  /** V4 only: which of devnetAddresses.v4.pools. */
  v4?: 'demoEthV4' | 'hookedV4';
  /** The project token: `buy` acquires it, `sell` gives it up. */
  token: { address: Address; symbol: string; decimals: number };
  /** What a buy spends and a sell receives. ETH pools spend native ETH on buys. */
  quote: { address: Address; symbol: string; decimals: number };
}

const POOLS: Record<DevnetPool, PoolInfo> = {
  'demo-weth': {
    version: 'v2',
    token: { address: A.demo, symbol: 'DEMO', decimals: 18 },
    quote: { address: A.weth, symbol: 'ETH', decimals: 18 },
  },
  'demo-usdc': {
    version: 'v2',
    token: { address: A.demo, symbol: 'DEMO', decimals: 18 },
    quote: { address: A.usdc, symbol: 'USDC', decimals: 6 },
  },
  'smpl-weth': {
    version: 'v3',
    fee: V3_FEE,
    token: { address: A.smpl, symbol: 'SMPL', decimals: 9 },
    quote: { address: A.weth, symbol: 'ETH', decimals: 18 },
  },
  // The reference pool: `buy` spends USDC on WETH, `sell` pays ETH (wrapped by the router) for USDC.
  'weth-usdc': {
    version: 'v3',
    fee: REFERENCE_V3_FEE,
    token: { address: A.weth, symbol: 'ETH', decimals: 18 },
    quote: { address: A.usdc, symbol: 'USDC', decimals: 6 },
  },
  // V4 through v4-core's PoolSwapTest: ETH is native both ways (no WETH).
  'demo-eth-v4': {
    version: 'v4',
    v4: 'demoEthV4',
    token: { address: A.demo, symbol: 'DEMO', decimals: 18 },
    quote: { address: NATIVE, symbol: 'ETH', decimals: 18 },
  },
  'demo-usdc-v4': {
    version: 'v4',
    v4: 'hookedV4',
    token: { address: A.demo, symbol: 'DEMO', decimals: 18 },
    quote: { address: A.usdc, symbol: 'USDC', decimals: 6 },
  },
  // Algebra through DevnetAlgebraRouter: a buy pays ETH (the router wraps it), a sell receives WETH.
  'demo-weth-algebra': {
    version: 'algebra',
    token: { address: A.demo, symbol: 'DEMO', decimals: 18 },
    quote: { address: A.weth, symbol: 'ETH', decimals: 18 },
  },
  // LFJ through its LBRouter (v2.2 path, bin step 25).
  'demo-usdc-lfj': {
    version: 'lfj',
    token: { address: A.demo, symbol: 'DEMO', decimals: 18 },
    quote: { address: A.usdc, symbol: 'USDC', decimals: 6 },
  },
  // Aerodrome's Router (routes through PoolFactory) pays ETH in and out like Uniswap V2's.
  'demo-weth-solidly': {
    version: 'solidly',
    stable: false,
    token: { address: A.demo, symbol: 'DEMO', decimals: 18 },
    quote: { address: A.weth, symbol: 'ETH', decimals: 18 },
  },
  // The stable pool: `buy` spends USDC on DAI, `sell` gives DAI for USDC.
  'usdc-dai-stable': {
    version: 'solidly',
    stable: true,
    token: { address: A.solidly.dai, symbol: 'DAI', decimals: 18 },
    quote: { address: A.usdc, symbol: 'USDC', decimals: 6 },
  },
  // Slipstream's SwapRouter wraps ETH paid in; a sell receives WETH, as on the V3 router.
  'demo-weth-slipstream': {
    version: 'slipstream',
    token: { address: A.demo, symbol: 'DEMO', decimals: 18 },
    quote: { address: A.weth, symbol: 'ETH', decimals: 18 },
  },
};

export interface DevnetSwap {
  from: Address;
  pool: DevnetPool;
  side: 'buy' | 'sell';
  /** Decimal string: on a buy, what is spent of the quote (ETH or USDC); on a sell, of the token. */
  amount: string;
}

export interface DevnetSwapResult {
  hash: Hash;
  receipt: TransactionReceipt;
  description: string;
}

/**
 * One swap on the local devnet from one of anvil's unlocked dev accounts — the seeded history and
 * swap-cli both use it. It refuses any chain but 31337.
 */
export async function swapOnDevnet(clients: DevnetClients, swap: DevnetSwap): Promise<DevnetSwapResult> {
  await assertDevnet(clients);
  const pool = POOLS[swap.pool];
  const { tokenIn, tokenOut, amountIn, payWithEth } = swapLegs(swap);
  const balance = payWithEth
    ? await clients.public.getBalance({ address: swap.from })
    : await clients.public.readContract({
        address: tokenIn.address,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [swap.from],
      });
  if (balance < amountIn) {
    const symbol = payWithEth ? 'ETH' : tokenIn.symbol;
    throw new Error(`${swap.from} holds ${formatUnits(balance, tokenIn.decimals)} ${symbol}, less than ${swap.amount}`);
  }
  const router = ROUTERS[pool.version];
  if (!payWithEth) await ensureAllowance(clients, swap.from, tokenIn.address, router, amountIn);

  let minOut = 0n;
  if (pool.version === 'v2') {
    const quoted = await clients.public.readContract({
      address: A.uniswapV2Router,
      abi: uniswapV2RouterAbi,
      functionName: 'getAmountsOut',
      args: [amountIn, [tokenIn.address, tokenOut.address]],
    });
    minOut = ((quoted[1] ?? 0n) * 99n) / 100n;
  }
  if (pool.version === 'solidly') {
    const quoted = await clients.public.readContract({
      address: A.solidly.router,
      abi: solidlyRouterAbi,
      functionName: 'getAmountsOut',
      args: [amountIn, [solidlyRoute(tokenIn.address, tokenOut.address, pool.stable === true)]],
    });
    minOut = ((quoted[1] ?? 0n) * 99n) / 100n;
  }
  const hash = await sendContractTx(clients, swap.from, swapRequest(swap, minOut));
  const receipt = await mined(clients, hash);
  const inSymbol = tokenIn.symbol;
  // The V3, Algebra and Slipstream routers pay out WETH as WETH (none unwraps here).
  const outSymbol =
    (pool.version === 'v3' || pool.version === 'algebra' || pool.version === 'slipstream') && tokenOut.symbol === 'ETH'
      ? 'WETH'
      : tokenOut.symbol;
  return {
    hash,
    receipt,
    description: `${swap.pool} ${swap.side}: ${formatUnits(amountIn, tokenIn.decimals)} ${inSymbol} → ${outSymbol}`,
  };
}

const ROUTERS: Record<PoolInfo['version'], Address> = {
  v2: A.uniswapV2Router,
  v3: A.uniswapV3Router,
  v4: A.v4.swapRouter,
  algebra: A.algebra.router,
  lfj: A.lfj.router,
  solidly: A.solidly.router,
  slipstream: A.slipstream.swapRouter,
};

/** One hop through Aerodrome's PoolFactory (the Router's default factory, named explicitly). */
function solidlyRoute(from: Address, to: Address, stable: boolean) {
  return { from, to, stable, factory: A.solidly.poolFactory };
}

function swapLegs(swap: DevnetSwap) {
  const pool = POOLS[swap.pool];
  const buying = swap.side === 'buy';
  const tokenIn = buying ? pool.quote : pool.token;
  const tokenOut = buying ? pool.token : pool.quote;
  const amountIn = parseUnits(swap.amount, tokenIn.decimals);
  if (amountIn <= 0n) throw new Error('amount must be positive');
  // What goes in as WETH is paid in ETH: the V2 router's ETH functions, or the V3 router's wrapping;
  // V4 takes native ETH itself.
  return { tokenIn, tokenOut, amountIn, payWithEth: tokenIn.address === A.weth || tokenIn.address === NATIVE };
}

/** A swap on one of the seeded V4 pools (what the e2e tests and the server's V4 tests use). */
export type DevnetV4Swap = DevnetSwap & { pool: DevnetV4PoolName };

/** One swap on a seeded V4 pool from an anvil dev account (swapOnDevnet for the V4 pools). */
export async function swapV4OnDevnet(clients: DevnetClients, swap: DevnetV4Swap): Promise<DevnetSwapResult> {
  if (POOLS[swap.pool]?.version !== 'v4') throw new Error(`${String(swap.pool)} is not a V4 pool`);
  return swapOnDevnet(clients, swap);
}

/**
 * The router call of a swap. minOut bounds a V2, LFJ or Solidly swap's output; V3, V4, Algebra and
 * Slipstream have none, as no quoter is deployed: the only trades on this chain are the demo's own.
 */
export function swapRequest(
  swap: DevnetSwap,
  minOut: bigint,
): { address: Address; abi: Abi; functionName: string; args: readonly unknown[]; value: bigint } {
  const pool = POOLS[swap.pool];
  const { tokenIn, tokenOut, amountIn, payWithEth } = swapLegs(swap);
  const deadline = maxUint256;
  if (pool.version === 'v2') {
    const path = [tokenIn.address, tokenOut.address];
    const base = { address: A.uniswapV2Router, abi: uniswapV2RouterAbi as Abi };
    if (payWithEth)
      return {
        ...base,
        functionName: 'swapExactETHForTokens',
        args: [minOut, path, swap.from, deadline],
        value: amountIn,
      };
    if (tokenOut.address === A.weth)
      return {
        ...base,
        functionName: 'swapExactTokensForETH',
        args: [amountIn, minOut, path, swap.from, deadline],
        value: 0n,
      };
    return {
      ...base,
      functionName: 'swapExactTokensForTokens',
      args: [amountIn, minOut, path, swap.from, deadline],
      value: 0n,
    };
  }
  if (pool.version === 'solidly') {
    const routes = [solidlyRoute(tokenIn.address, tokenOut.address, pool.stable === true)];
    const base = { address: A.solidly.router, abi: solidlyRouterAbi as Abi };
    if (payWithEth)
      return {
        ...base,
        functionName: 'swapExactETHForTokens',
        args: [minOut, routes, swap.from, deadline],
        value: amountIn,
      };
    if (tokenOut.address === A.weth)
      return {
        ...base,
        functionName: 'swapExactTokensForETH',
        args: [amountIn, minOut, routes, swap.from, deadline],
        value: 0n,
      };
    return {
      ...base,
      functionName: 'swapExactTokensForTokens',
      args: [amountIn, minOut, routes, swap.from, deadline],
      value: 0n,
    };
  }
  if (pool.version === 'slipstream') {
    // Like V3: no quoter deployed, so no minimum out; only the demo trades on this chain.
    return {
      address: A.slipstream.swapRouter,
      abi: slipstreamSwapRouterAbi as Abi,
      functionName: 'exactInputSingle',
      args: [
        {
          tokenIn: tokenIn.address,
          tokenOut: tokenOut.address,
          tickSpacing: SLIPSTREAM_TICK_SPACING,
          recipient: swap.from,
          deadline,
          amountIn,
          amountOutMinimum: 0n,
          sqrtPriceLimitX96: 0n,
        },
      ],
      value: payWithEth ? amountIn : 0n,
    };
  }
  if (pool.version === 'v4') {
    const key = A.v4.pools[pool.v4!].key;
    // Exact input: a negative amountSpecified. No price limit (the far end of the range) and no
    // minimum out, as on V3: only the demo trades on this chain.
    const zeroForOne = tokenIn.address.toLowerCase() === key.currency0.toLowerCase();
    return {
      address: A.v4.swapRouter,
      abi: v4SwapRouterAbi as Abi,
      functionName: 'swap',
      args: [
        key,
        {
          zeroForOne,
          amountSpecified: -amountIn,
          sqrtPriceLimitX96: zeroForOne ? V4_MIN_SQRT_PRICE_LIMIT : V4_MAX_SQRT_PRICE_LIMIT,
        },
        { takeClaims: false, settleUsingBurn: false },
        '0x',
      ],
      value: payWithEth ? amountIn : 0n,
    };
  }
  if (pool.version === 'algebra') {
    // Exact input, no price limit and no minimum out (as on V3); ETH in is wrapped by the router.
    const zeroToOne = BigInt(tokenIn.address) < BigInt(tokenOut.address);
    return {
      address: A.algebra.router,
      abi: algebraRouterAbi as Abi,
      functionName: 'swapExactIn',
      args: [A.algebra.pools.demoWeth, zeroToOne, amountIn, swap.from],
      value: payWithEth ? amountIn : 0n,
    };
  }
  if (pool.version === 'lfj') {
    const path = {
      pairBinSteps: [BigInt(LFJ_BIN_STEP)],
      versions: [LB_VERSION_V2_2],
      tokenPath: [tokenIn.address, tokenOut.address],
    };
    return {
      address: A.lfj.router,
      abi: lbRouterAbi as Abi,
      functionName: 'swapExactTokensForTokens',
      args: [amountIn, minOut, path, swap.from, deadline],
      value: 0n,
    };
  }
  // Paying ETH works because SwapRouter wraps msg.value when tokenIn is WETH9; a sell receives WETH.
  return {
    address: A.uniswapV3Router,
    abi: swapRouterAbi as Abi,
    functionName: 'exactInputSingle',
    args: [
      {
        tokenIn: tokenIn.address,
        tokenOut: tokenOut.address,
        fee: pool.fee ?? V3_FEE,
        recipient: swap.from,
        deadline,
        amountIn,
        amountOutMinimum: 0n,
        sqrtPriceLimitX96: 0n,
      },
    ],
    value: payWithEth ? amountIn : 0n,
  };
}

export async function ensureAllowance(
  clients: DevnetClients,
  owner: Address,
  token: Address,
  spender: Address,
  amount: bigint,
): Promise<void> {
  const allowance = await clients.public.readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'allowance',
    args: [owner, spender],
  });
  if (allowance >= amount) return;
  await mined(
    clients,
    await sendContractTx(clients, owner, {
      address: token,
      abi: erc20Abi as Abi,
      functionName: 'approve',
      args: [spender, maxUint256],
      value: 0n,
    }),
  );
}

/** Estimates, adds a margin and sends one contract call from an anvil dev account. */
export async function sendContractTx(
  clients: DevnetClients,
  from: Address,
  call: { address: Address; abi: Abi; functionName: string; args: readonly unknown[]; value?: bigint },
): Promise<Hash> {
  const request = { ...call, account: from, chain: clients.wallet.chain, value: call.value ?? 0n } as never;
  const estimate = await clients.public.estimateContractGas(request);
  return clients.wallet.writeContract({ ...(request as object), gas: gasWithMargin(estimate) } as never);
}
