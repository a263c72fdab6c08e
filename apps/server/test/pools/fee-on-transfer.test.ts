import { createPoolOnDevnet, demoAccounts, deployTestContract, devnetClients } from '@tokendesk/devchain';
import type { ActivityPage } from '@tokendesk/contract';
import { and, eq } from 'drizzle-orm';
import {
  decodeEventLog,
  formatUnits,
  maxUint256,
  parseAbi,
  type Address,
  type Hash,
  type TransactionReceipt,
} from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poolEvents } from '../../src/db/schema';
import { NetworkIndexer } from '../../src/indexer/indexer';
import { bearer, createTestContext, devnetChain, signUp, type TestContext } from '../helpers';
import { claimSharedChain, type SharedChain } from '@tokendesk/testkit/shared-chain';

/**
 * A token that takes a fee on every transfer (FeeOnTransferToken, 5 %), paired with WETH on the
 * devnet's Uniswap V2 and traded through the router's *SupportingFeeOnTransferTokens functions.
 * The amounts TokenDesk stores and shows are what the pool booked: its Swap/Mint events and its
 * reserve change, not what the wallet sent. Devnet only: the run's shared devnet, held (lock,
 * snapshot) for this file and reverted after it (@tokendesk/testkit/shared-chain).
 */

let devnet: SharedChain;
let ctx: TestContext;
let user: Awaited<ReturnType<typeof signUp>>;
let token: Address;
let pair: Address;
let poolId: number;

const [owner, trader] = demoAccounts as [Address, Address];
const E18 = 10n ** 18n;
const FEE_BPS = 500n;
const DEADLINE = 2n ** 40n;
const clients = () => devnetClients(devnet.rpcUrl);

const tokenAbi = parseAbi([
  'function approve(address, uint256) returns (bool)',
  'function transfer(address, uint256) returns (bool)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
]);
const routerAbi = parseAbi([
  'function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256, uint256, uint256)',
  'function swapExactTokensForETHSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function swapExactETHForTokensSupportingFeeOnTransferTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable',
  'function swapExactTokensForTokensSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
]);
const pairAbi = parseAbi([
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
  'function token0() view returns (address)',
  'event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)',
  'event Mint(address indexed sender, uint256 amount0, uint256 amount1)',
]);

async function send(
  from: Address,
  address: Address,
  abi: typeof tokenAbi | typeof routerAbi,
  functionName: string,
  args: readonly unknown[],
  value = 0n,
): Promise<TransactionReceipt> {
  const c = clients();
  // A fixed gas limit, not the estimate: the estimate runs in the latest block's time, and a pair
  // that sees a second pass when the transaction is mined writes its price accumulators (more gas
  // than estimated, an out-of-gas revert now and then). 3M is far above any of these calls.
  const hash: Hash = await c.wallet.writeContract({
    address,
    abi,
    functionName,
    args,
    account: from,
    chain: c.wallet.chain,
    value,
    gas: 3_000_000n,
  } as never);
  const receipt = await c.public.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`${functionName} reverted`);
  return receipt;
}

/** The pool's own account of a transaction: its event's signed amounts (into the pool positive). */
function poolEventAmounts(receipt: TransactionReceipt): { type: 'swap' | 'mint'; amount0: bigint; amount1: bigint } {
  for (const log of receipt.logs) {
    if (log.address.toLowerCase() !== pair.toLowerCase()) continue;
    try {
      const e = decodeEventLog({ abi: pairAbi, topics: log.topics, data: log.data });
      if (e.eventName === 'Swap')
        return {
          type: 'swap',
          amount0: e.args.amount0In - e.args.amount0Out,
          amount1: e.args.amount1In - e.args.amount1Out,
        };
      if (e.eventName === 'Mint') return { type: 'mint', amount0: e.args.amount0, amount1: e.args.amount1 };
    } catch {
      // Sync and others
    }
  }
  throw new Error('no pool event in the receipt');
}

async function reserveChange(blockNumber: bigint): Promise<[bigint, bigint]> {
  const read = (b: bigint) =>
    clients().public.readContract({ address: pair, abi: pairAbi, functionName: 'getReserves', blockNumber: b });
  const [b0, b1] = await read(blockNumber - 1n);
  const [a0, a1] = await read(blockNumber);
  return [a0 - b0, a1 - b1];
}

/** What the token contract says moved between two addresses in a receipt (net of the fee). */
function transferred(receipt: TransactionReceipt, from: Address, to: Address): bigint {
  let sum = 0n;
  for (const log of receipt.logs) {
    if (log.address.toLowerCase() !== token.toLowerCase()) continue;
    const e = decodeEventLog({ abi: tokenAbi, topics: log.topics, data: log.data });
    if (
      e.eventName === 'Transfer' &&
      e.args.from.toLowerCase() === from.toLowerCase() &&
      e.args.to.toLowerCase() === to.toLowerCase()
    )
      sum += e.args.value;
  }
  return sum;
}

beforeAll(async () => {
  devnet = await claimSharedChain('fee-on-transfer.test.ts');
  ctx = await createTestContext({}, { chain: devnetChain({ rpcUrl: devnet.rpcUrl }) });
  user = await signUp(ctx.app);
  // The deployer is the token's owner and pays no fee; the trader does.
  ({ address: token } = await deployTestContract(clients(), owner, 'feeOnTransferToken', [10n ** 24n, FEE_BPS]));
  await send(owner, token, tokenAbi, 'transfer', [trader, 100_000n * E18]);
  ({ address: pair } = await createPoolOnDevnet(clients(), {
    version: 'v2',
    tokenA: token,
    tokenB: devnet.addresses.weth,
  }));
  await send(trader, token, tokenAbi, 'approve', [devnet.addresses.uniswapV2Router, maxUint256]);

  const auth = { authorization: bearer(user.token) };
  const project = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/projects/create/',
    headers: auth,
    payload: { network: 31337, contract_address: token, name: 'Fee Token', token_symbol: 'FEE', token_decimal: 18 },
  });
  expect(project.statusCode).toBe(201);
  const attached = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/projects/pool/${project.json().id}/`,
    headers: auth,
    payload: { dex: 'uniswap-v2', token: 'weth', pool_address: pair },
  });
  expect(attached.statusCode).toBe(201);
  poolId = attached.json().id;
}, 600_000); // includes waiting for the chain-writer lock

afterAll(async () => {
  await ctx?.close();
  await devnet?.release();
});

describe('a fee-on-transfer token', () => {
  it('is stored and shown with the amounts the pool booked, equal to its events and its reserve change', async () => {
    const router = devnet.addresses.uniswapV2Router;
    const weth = devnet.addresses.weth;
    const receipts = [
      await send(
        trader,
        router,
        routerAbi,
        'addLiquidityETH',
        [token, 10_000n * E18, 0n, 0n, trader, DEADLINE],
        10n * E18,
      ),
      await send(trader, router, routerAbi, 'swapExactTokensForETHSupportingFeeOnTransferTokens', [
        1_000n * E18,
        0n,
        [token, weth],
        trader,
        DEADLINE,
      ]),
      await send(
        trader,
        router,
        routerAbi,
        'swapExactETHForTokensSupportingFeeOnTransferTokens',
        [0n, [weth, token], trader, DEADLINE],
        E18 / 2n,
      ),
    ];

    const indexer = new NetworkIndexer(ctx.database.db, ctx.app.chain, ctx.app.chain.registry.get(31337)!, {});
    for (let i = 0; !(await indexer.tick()).caughtUp; i++) if (i > 50) throw new Error('indexer did not catch up');

    const token0 = await clients().public.readContract({ address: pair, abi: pairAbi, functionName: 'token0' });
    const tokenIs0 = token0.toLowerCase() === token.toLowerCase();
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/projects/activity/?pool=${poolId}`,
      headers: { authorization: bearer(user.token) },
    });
    expect(res.statusCode).toBe(200);
    const shown = res.json<ActivityPage>().events;
    expect(shown).toHaveLength(3);

    for (const receipt of receipts) {
      const booked = poolEventAmounts(receipt);
      const [d0, d1] = await reserveChange(receipt.blockNumber);
      // The pool's event and its reserves agree: that is what the pool booked.
      expect([booked.amount0, booked.amount1]).toEqual([d0, d1]);

      const [stored] = await ctx.database.db
        .select()
        .from(poolEvents)
        .where(
          and(
            eq(poolEvents.poolAddress, pair.toLowerCase()),
            eq(poolEvents.txHash, receipt.transactionHash.toLowerCase()),
          ),
        );
      expect(stored, receipt.transactionHash).toBeDefined();
      expect(stored!.type).toBe(booked.type);
      expect(BigInt(stored!.amount0)).toBe(d0);
      expect(BigInt(stored!.amount1)).toBe(d1);

      const row = shown.find((e) => e.tx_hash === receipt.transactionHash.toLowerCase())!;
      const tokenDelta = tokenIs0 ? d0 : d1;
      const wethDelta = tokenIs0 ? d1 : d0;
      const abs = (v: bigint) => (v < 0n ? -v : v);
      expect(row.amount_project_token).toBe(formatUnits(abs(tokenDelta), 18));
      expect(row.amount_token).toBe(formatUnits(abs(wethDelta), 18));
    }

    // And those are not what the wallet sent or received: the fee sits between them.
    const [mint, sell, buy] = receipts as [TransactionReceipt, TransactionReceipt, TransactionReceipt];
    const sellBooked = tokenIs0 ? poolEventAmounts(sell).amount0 : poolEventAmounts(sell).amount1;
    expect(sellBooked).toBe(1_000n * E18 - (1_000n * E18 * FEE_BPS) / 10_000n);
    const mintBooked = tokenIs0 ? poolEventAmounts(mint).amount0 : poolEventAmounts(mint).amount1;
    expect(mintBooked).toBe(10_000n * E18 - (10_000n * E18 * FEE_BPS) / 10_000n);
    const buyPaidOut = -(tokenIs0 ? poolEventAmounts(buy).amount0 : poolEventAmounts(buy).amount1);
    const received = transferred(buy, pair, trader);
    expect(received).toBe(buyPaidOut - (buyPaidOut * FEE_BPS) / 10_000n);
    expect(received).toBeLessThan(buyPaidOut);
  });

  it('the API says so where the amounts are described', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      components: { schemas: Record<string, { properties: Record<string, { description?: string }> }> };
    }>();
    const event = doc.components.schemas.ActivityEvent!;
    expect(event.properties.amount_project_token!.description).toMatch(/as the pool booked it.*fee on transfer/s);
    expect(event.properties.amount_token!.description).toMatch(/as the pool booked it/);
  });
});
