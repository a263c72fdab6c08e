import { formatUnits, maxUint256, parseUnits, type Abi, type Address, type Hash, type TransactionReceipt } from 'viem';
import { erc20Abi, swapRouterAbi, uniswapV2RouterAbi } from './abis.js';
import { devnetAddresses as A, V3_FEE } from './addresses.js';
import { assertDevnet, gasWithMargin, mined, type DevnetClients } from './client.js';

export type DevnetPool = 'demo-weth' | 'demo-usdc' | 'smpl-weth';
export const DEVNET_POOLS: readonly DevnetPool[] = ['demo-weth', 'demo-usdc', 'smpl-weth'];

interface PoolInfo {
  version: 'v2' | 'v3';
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
    token: { address: A.smpl, symbol: 'SMPL', decimals: 9 },
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
  const buying = swap.side === 'buy';
  const tokenIn = buying ? pool.quote : pool.token;
  const tokenOut = buying ? pool.token : pool.quote;
  const amountIn = parseUnits(swap.amount, tokenIn.decimals);
  if (amountIn <= 0n) throw new Error('amount must be positive');
  const payWithEth = buying && pool.quote.address === A.weth;
  const balance = payWithEth
    ? await clients.public.getBalance({ address: swap.from })
    : await clients.public.readContract({ address: tokenIn.address, abi: erc20Abi, functionName: 'balanceOf', args: [swap.from] });
  if (balance < amountIn) {
    const symbol = payWithEth ? 'ETH' : tokenIn.symbol;
    throw new Error(`${swap.from} holds ${formatUnits(balance, tokenIn.decimals)} ${symbol}, less than ${swap.amount}`);
  }
  const router = pool.version === 'v2' ? A.uniswapV2Router : A.uniswapV3Router;
  if (!payWithEth) await ensureAllowance(clients, swap.from, tokenIn.address, router, amountIn);

  const deadline = maxUint256;
  let request: { address: Address; abi: Abi; functionName: string; args: readonly unknown[]; value: bigint };
  if (pool.version === 'v2') {
    const path = [tokenIn.address, tokenOut.address];
    const quoted = await clients.public.readContract({
      address: A.uniswapV2Router,
      abi: uniswapV2RouterAbi,
      functionName: 'getAmountsOut',
      args: [amountIn, path],
    });
    const minOut = ((quoted[1] ?? 0n) * 99n) / 100n;
    const base = { address: A.uniswapV2Router, abi: uniswapV2RouterAbi as Abi };
    if (payWithEth) {
      request = { ...base, functionName: 'swapExactETHForTokens', args: [minOut, path, swap.from, deadline], value: amountIn };
    } else if (tokenOut.address === A.weth) {
      request = { ...base, functionName: 'swapExactTokensForETH', args: [amountIn, minOut, path, swap.from, deadline], value: 0n };
    } else {
      request = { ...base, functionName: 'swapExactTokensForTokens', args: [amountIn, minOut, path, swap.from, deadline], value: 0n };
    }
  } else {
    // No quoter is deployed, so no slippage bound: the only trades on this chain are the demo's own.
    // Paying ETH works because SwapRouter wraps msg.value when tokenIn is WETH9; a sell receives WETH.
    request = {
      address: A.uniswapV3Router,
      abi: swapRouterAbi as Abi,
      functionName: 'exactInputSingle',
      args: [
        {
          tokenIn: tokenIn.address,
          tokenOut: tokenOut.address,
          fee: V3_FEE,
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
  const hash = await sendContractTx(clients, swap.from, request);
  const receipt = await mined(clients, hash);
  const inSymbol = buying ? pool.quote.symbol : pool.token.symbol;
  const outSymbol = buying ? pool.token.symbol : pool.version === 'v3' && pool.quote.symbol === 'ETH' ? 'WETH' : pool.quote.symbol;
  return {
    hash,
    receipt,
    description: `${swap.pool} ${swap.side}: ${formatUnits(amountIn, tokenIn.decimals)} ${inSymbol} → ${outSymbol}`,
  };
}

export async function ensureAllowance(
  clients: DevnetClients,
  owner: Address,
  token: Address,
  spender: Address,
  amount: bigint,
): Promise<void> {
  const allowance = await clients.public.readContract({ address: token, abi: erc20Abi, functionName: 'allowance', args: [owner, spender] });
  if (allowance >= amount) return;
  await mined(clients, await sendContractTx(clients, owner, { address: token, abi: erc20Abi as Abi, functionName: 'approve', args: [spender, maxUint256], value: 0n }));
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
