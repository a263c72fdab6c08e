import { demoAccounts, devnetClients, swapOnDevnet } from '@tokendesk/devchain';
import {
  CANDLE_INTERVAL_SECONDS,
  CANDLE_RANGE_SECONDS,
  type Candle,
  type CandleInterval,
  type CandleRange,
  type Candles,
} from '@tokendesk/contract';
import { and, eq } from 'drizzle-orm';
import { decodeEventLog, formatUnits, parseAbi, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexedPools, poolEvents, referencePools } from '../../src/db/schema';
import { NetworkIndexer } from '../../src/indexer/indexer';
import { ReorgGuard } from '../../src/indexer/reorg';
import type { NetworkConfig } from '../../src/chain/networks';
import { bearer, createTestContext, devnetChain, signUp, type TestContext } from '../helpers';
import { createDevnetV2Pool } from '../support/factories';
import { claimSharedChain, type SharedChain } from '@tokendesk/testkit/shared-chain';

/**
 * USD candles of a WETH pair (decision 0064) against the chain: each DEMO/WETH swap's USD price is
 * recomputed here from the pool's Swap logs and the WETH/USDC reference pool's Swap logs (viem
 * getLogs + block timestamps), independently of the server's SQL: the rate in force at a block is
 * the trade price |USDC| / |WETH| of the latest reference swap at or before it. Then a
 * reorganisation replaces a reference swap, and the rate it gave must go with it. This file swaps
 * on the shared devnet (reverted at the end).
 */

let devnet: SharedChain;
let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;
let wethPoolId: number;
let usdcPoolId: number;
const a = () => devnet.addresses;
const clients = () => devnetClients(devnet.rpcUrl);
const get = (url: string, user = owner) =>
  ctx.app.inject({ method: 'GET', url, headers: { authorization: bearer(user.token) } });

const v2Abi = parseAbi([
  'event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)',
]);
const v3Abi = parseAbi([
  'event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick)',
]);

async function rpc<T>(method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(devnet.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

async function catchUp(variant: (n: NetworkConfig) => NetworkConfig = (n) => n) {
  const chain = ctx.app.chain;
  const network = variant(chain.registry.get(31337)!);
  const guard = new ReorgGuard(ctx.database.db, chain, network);
  const indexer = new NetworkIndexer(ctx.database.db, chain, network);
  const rollback = await guard.check();
  for (let i = 0; i < 100; i++) if ((await indexer.tick()).caughtUp) return rollback;
  throw new Error('indexer did not catch up');
}

async function attach(user: typeof owner, token: 'weth' | 'usdc', pool: Address) {
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/projects/create/',
    headers: { authorization: bearer(user.token) },
    payload: { network: 31337, contract_address: a().demo, name: 'Demo', token_symbol: 'DEMO', token_decimal: 18 },
  });
  if (created.statusCode !== 201) throw new Error(`create: ${created.statusCode} ${created.body}`);
  const projectId = created.json().id as number;
  const row = await createDevnetV2Pool(ctx.database.db, user.userId, {
    projectId,
    projectToken: a().demo,
    token,
    pairedAddress: a()[token],
    pool,
  });
  return row.id;
}

beforeAll(async () => {
  devnet = await claimSharedChain('usd-candles.test.ts');
  ctx = await createTestContext({}, { chain: devnetChain({ rpcUrl: devnet.rpcUrl }) });
  owner = await signUp(ctx.app);
  stranger = await signUp(ctx.app);
  wethPoolId = await attach(owner, 'weth', a().pools.demoWethV2);
  // As on a real network where the reference pool came later than the pool (an upgrade, or a pool
  // older than the backfill): DEMO/WETH is read over the whole devnet history first, without a
  // wrapped native to value (so no reference pool), then the reference pool from 2 days back only.
  await catchUp((n) => ({ ...n, tokens: n.tokens.filter((t) => !t.wrappedNative) }));
  expect(await ctx.database.db.select().from(referencePools)).toHaveLength(0);
  await catchUp((n) => ({ ...n, backfillSeconds: 2 * 86_400 }));
  // New trades: WETH moves in the reference pool, then DEMO/WETH trades at the new rate.
  await swapOnDevnet(clients(), { from: demoAccounts[1]!, pool: 'weth-usdc', side: 'buy', amount: '20000' });
  await swapOnDevnet(clients(), { from: demoAccounts[2]!, pool: 'demo-weth', side: 'buy', amount: '0.5' });
  await catchUp();
}, 600_000); // includes waiting for the chain-writer lock

afterAll(async () => {
  await ctx?.close();
  await devnet?.release();
});

interface ChainSwap {
  block: bigint;
  logIndex: number;
  time: number;
  txHash: string;
  /** Signed, into the pool positive: the project token (DEMO) or, for the reference, WETH. */
  base: bigint;
  /** The paired token (WETH) or, for the reference, USDC. */
  quote: bigint;
}

const abs = (v: bigint) => (v < 0n ? -v : v);
const times = new Map<bigint, number>();
async function timeOf(block: bigint) {
  if (!times.has(block)) times.set(block, Number((await clients().public.getBlock({ blockNumber: block })).timestamp));
  return times.get(block)!;
}

async function coverage(pool: string) {
  const [row] = await ctx.database.db
    .select()
    .from(indexedPools)
    .where(and(eq(indexedPools.networkId, 31337), eq(indexedPools.poolAddress, pool.toLowerCase())));
  return row!;
}

/** DEMO/WETH's swaps from its V2 Swap logs over the blocks the indexer read. */
async function demoWethSwaps(): Promise<ChainSwap[]> {
  const pool = a().pools.demoWethV2;
  const { fromBlock, toBlock } = await coverage(pool);
  const demoIsToken0 = a().demo.toLowerCase() < a().weth.toLowerCase();
  const logs = await clients().public.getLogs({ address: pool, event: v2Abi[0], fromBlock, toBlock: toBlock! });
  const out: ChainSwap[] = [];
  for (const log of logs) {
    const { args } = decodeEventLog({ abi: v2Abi, topics: log.topics, data: log.data });
    const a0 = args.amount0In - args.amount0Out;
    const a1 = args.amount1In - args.amount1Out;
    out.push({
      block: log.blockNumber,
      logIndex: log.logIndex,
      time: await timeOf(log.blockNumber),
      txHash: log.transactionHash,
      base: demoIsToken0 ? a0 : a1,
      quote: demoIsToken0 ? a1 : a0,
    });
  }
  return out;
}

/** WETH/USDC's swaps from its V3 Swap logs over the blocks the indexer read. */
async function referenceSwaps(): Promise<ChainSwap[]> {
  const pool = a().pools.wethUsdcV3;
  const { fromBlock, toBlock } = await coverage(pool);
  const wethIsToken0 = a().weth.toLowerCase() < a().usdc.toLowerCase();
  const logs = await clients().public.getLogs({ address: pool, event: v3Abi[0], fromBlock, toBlock: toBlock! });
  const out: ChainSwap[] = [];
  for (const log of logs) {
    const { args } = decodeEventLog({ abi: v3Abi, topics: log.topics, data: log.data });
    out.push({
      block: log.blockNumber,
      logIndex: log.logIndex,
      time: await timeOf(log.blockNumber),
      txHash: log.transactionHash,
      base: wethIsToken0 ? args.amount0 : args.amount1,
      quote: wethIsToken0 ? args.amount1 : args.amount0,
    });
  }
  return out;
}

const byPosition = (x: ChainSwap, y: ChainSwap) =>
  x.block === y.block ? x.logIndex - y.logIndex : x.block < y.block ? -1 : 1;

/** USD candles by hand: rate = |USDC|·10^(18+30) / (|WETH|·10^6) of the latest reference swap at or before the block. */
function expectedUsdCandles(swaps: ChainSwap[], refs: ChainSwap[], refTo: bigint, fromSeconds: number, step: number) {
  const ordered = refs.filter((r) => r.base !== 0n).sort(byPosition);
  const rateAt = (block: bigint): bigint | null => {
    if (block > refTo) return null;
    const r = ordered.filter((x) => x.block <= block).at(-1);
    return r ? (abs(r.quote) * 10n ** 48n) / (abs(r.base) * 10n ** 6n) : null;
  };
  const buckets = new Map<number, ChainSwap[]>();
  for (const s of [...swaps].sort(byPosition)) {
    if (s.time < fromSeconds || s.base === 0n) continue;
    const bucket = Math.floor(s.time / step) * step;
    buckets.set(bucket, [...(buckets.get(bucket) ?? []), s]);
  }
  const candles: Candle[] = [];
  let withoutRate = 0;
  for (const [bucket, trades] of [...buckets.entries()].sort(([x], [y]) => x - y)) {
    const rates = trades.map((t) => rateAt(t.block));
    if (rates.some((r) => r === null)) {
      withoutRate++;
      continue;
    }
    const usd = trades.map(
      (t, i) => (((abs(t.quote) * 10n ** 48n) / (abs(t.base) * 10n ** 18n)) * rates[i]!) / 10n ** 30n,
    );
    const buys = trades.filter((t) => t.base < 0n).length;
    candles.push({
      time: new Date(bucket * 1000).toISOString(),
      open: formatUnits(usd[0]!, 30),
      high: formatUnits(
        usd.reduce((m, v) => (v > m ? v : m)),
        30,
      ),
      low: formatUnits(
        usd.reduce((m, v) => (v < m ? v : m)),
        30,
      ),
      close: formatUnits(usd.at(-1)!, 30),
      volume: formatUnits(trades.reduce((sum, t, i) => sum + abs(t.quote) * rates[i]!, 0n) / 10n ** 18n, 30),
      volume_project_token: formatUnits(
        trades.reduce((sum, t) => sum + abs(t.base), 0n),
        18,
      ),
      trades: trades.length,
      buys,
      sells: trades.length - buys,
    });
  }
  return { candles, withoutRate };
}

const rangeStart = (interval: CandleInterval, range: CandleRange) => {
  const step = CANDLE_INTERVAL_SECONDS[interval];
  return Math.floor((Math.floor(Date.now() / 1000) - CANDLE_RANGE_SECONDS[range]) / step) * step;
};

async function candlesOf(
  poolId: number,
  interval: CandleInterval,
  range: CandleRange,
  currency: 'usd' | 'quote' = 'usd',
) {
  for (;;) {
    const before = rangeStart(interval, range);
    const res = await get(
      `/api/v1/projects/pool/${poolId}/candles/?interval=${interval}&range=${range}&currency=${currency}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    if (rangeStart(interval, range) === before) return { answer: res.json<Candles>(), from: before };
  }
}

async function expectCandlesMatchChain(interval: CandleInterval, range: CandleRange) {
  const [swaps, refs] = await Promise.all([demoWethSwaps(), referenceSwaps()]);
  const refTo = (await coverage(a().pools.wethUsdcV3)).toBlock!;
  const { answer, from } = await candlesOf(wethPoolId, interval, range);
  const expected = expectedUsdCandles(swaps, refs, refTo, from, CANDLE_INTERVAL_SECONDS[interval]);
  expect(expected.candles.length).toBeGreaterThan(0);
  expect(answer.candles).toEqual(expected.candles);
  expect(answer.usd_candles_without_rate).toBe(expected.withoutRate);
  const first = refs.filter((r) => r.base !== 0n).sort(byPosition)[0]!;
  expect(answer).toMatchObject({
    currency: 'usd',
    quote_symbol: 'USD',
    usd_unavailable_reason: null,
    usd_route: 'WETH/USDC on Uniswap V3',
    usd_rates_from: new Date(first.time * 1000).toISOString(),
  });
  return { answer, swaps, refs };
}

describe('USD candles valued at the recorded reference rates', () => {
  it('the indexer records the devnet WETH/USDC pool as the reference, a system row no user owns', async () => {
    const rows = await ctx.database.db.select().from(referencePools);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      networkId: 31337,
      poolAddress: a().pools.wethUsdcV3.toLowerCase(),
      poolVersion: 'v3',
      baseSymbol: 'WETH',
      stableSymbol: 'USDC',
      label: 'WETH/USDC on Uniswap V3',
    });
    // Indexed like any pool: its stored swaps are the chain's.
    const stored = await ctx.database.db
      .select()
      .from(poolEvents)
      .where(and(eq(poolEvents.poolAddress, a().pools.wethUsdcV3.toLowerCase()), eq(poolEvents.type, 'swap')));
    expect(stored.map((e) => `${e.txHash}:${e.logIndex}`).sort()).toEqual(
      (await referenceSwaps()).map((s) => `${s.txHash.toLowerCase()}:${s.logIndex}`).sort(),
    );
    // No user's list shows it: the owner attached only DEMO/WETH.
    const listed = await get('/api/v1/projects/user/pools');
    expect(listed.statusCode).toBe(200);
    expect(JSON.stringify(listed.json()).toLowerCase()).not.toContain(a().pools.wethUsdcV3.toLowerCase());
  });

  it.each([
    ['1h', '24h'],
    ['1d', '30d'],
  ] as const)(
    '%s over %s: each DEMO/WETH swap at the rate of the latest WETH/USDC swap at or before its block',
    async (interval, range) => {
      const { answer } = await expectCandlesMatchChain(interval, range);
      // The month holds DEMO/WETH trades from before the recorded rates start: those days are left out and counted.
      if (range === '30d') expect(answer.usd_candles_without_rate).toBeGreaterThan(0);
      expect(Date.parse(answer.usd_rates_from!)).toBeGreaterThan(Date.now() - 2 * 86_400_000 - 60_000);
      // The newest candle holds this file's buy, valued at the rate the 20,000 USDC buy of WETH set.
      const quote = (await candlesOf(wethPoolId, interval, range, 'quote')).answer;
      expect(answer.candles.at(-1)!.time).toBe(quote.candles.at(-1)!.time);
      expect(answer.candles.at(-1)!.trades).toBe(quote.candles.at(-1)!.trades);
    },
  );

  it('the quote answer names the route too, and a USDC pair stays exact at 1 USD', async () => {
    const quote = (await candlesOf(wethPoolId, '1h', '24h', 'quote')).answer;
    expect(quote).toMatchObject({
      usd_unavailable_reason: null,
      usd_route: 'WETH/USDC on Uniswap V3',
      quote_symbol: 'WETH',
    });
    usdcPoolId = await attach(stranger, 'usdc', a().pools.demoUsdcV2);
    await catchUp();
    const usd = (
      await get(`/api/v1/projects/pool/${usdcPoolId}/candles/?interval=1h&currency=usd`, stranger)
    ).json<Candles>();
    const usdcQuote = (await get(`/api/v1/projects/pool/${usdcPoolId}/candles/?interval=1h`, stranger)).json<Candles>();
    expect(usd).toMatchObject({
      usd_route: null,
      usd_rates_from: null,
      usd_unavailable_reason: null,
      usd_candles_without_rate: 0,
    });
    expect(usd.candles).toEqual(usdcQuote.candles);
    // Tenancy is unchanged: the stranger's pool is not the owner's.
    expect((await get(`/api/v1/projects/pool/${usdcPoolId}/candles/?currency=usd`)).statusCode).toBe(404);
  });

  it('a reorganisation that replaces a reference swap takes its rate with it', async () => {
    const snapshot = await rpc<string>('evm_snapshot');
    // Fork A: WETH bought dear, DEMO bought right after.
    const orphan = await swapOnDevnet(clients(), {
      from: demoAccounts[3]!,
      pool: 'weth-usdc',
      side: 'buy',
      amount: '25000',
    });
    await swapOnDevnet(clients(), { from: demoAccounts[2]!, pool: 'demo-weth', side: 'buy', amount: '0.25' });
    expect(await catchUp()).toBeNull();
    const before = await expectCandlesMatchChain('1h', '24h');
    expect(before.refs.some((r) => r.txHash === orphan.hash)).toBe(true);

    // Fork B from the same parent: WETH sold instead, and more blocks than fork A had.
    expect(await rpc<boolean>('evm_revert', [snapshot])).toBe(true);
    times.clear();
    const replacement = await swapOnDevnet(clients(), {
      from: demoAccounts[3]!,
      pool: 'weth-usdc',
      side: 'sell',
      amount: '5',
    });
    await swapOnDevnet(clients(), { from: demoAccounts[2]!, pool: 'demo-weth', side: 'buy', amount: '0.25' });
    await clients().test.mine({ blocks: 3 });
    const rollback = await catchUp();
    expect(rollback).not.toBeNull();

    const stored = await ctx.database.db
      .select()
      .from(poolEvents)
      .where(eq(poolEvents.poolAddress, a().pools.wethUsdcV3.toLowerCase()));
    expect(stored.some((e) => e.txHash === orphan.hash.toLowerCase())).toBe(false);
    expect(stored.some((e) => e.txHash === replacement.hash.toLowerCase())).toBe(true);
    const after = await expectCandlesMatchChain('1h', '24h');
    // The newest candle's close is DEMO at fork B's rate, not fork A's.
    expect(after.answer.candles.at(-1)!.close).not.toBe(before.answer.candles.at(-1)!.close);
  });
});
