import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { devnetClients } from '@tokendesk/devchain';
import type { ActivityPage, Pool, TopTraders } from '@tokendesk/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { decodeEventLog, formatUnits, getAddress, parseAbi, type Address, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChainService } from '../../src/chain/chain-service';
import { devnetNetwork, NetworkRegistry, REAL_NETWORKS } from '../../src/chain/networks';
import { indexerSkippedItems, poolEvents } from '../../src/db/schema';
import { NetworkIndexer } from '../../src/indexer/indexer';
import { budgetClassOf } from '../../src/plugins/user-budget';
import { bearer, createTestContext, devnetChain, signUp, type TestContext } from '../helpers';
import { inject } from 'vitest';

// Reads the shared devnet's seeded history only (no writes): registered as a reader by
// setup/chain-readers.ts, so no writer's swaps land in the middle of the recomputations.
const devnet = inject('devnet');
const a = devnet.addresses;
const client = devnetClients(devnet.rpcUrl).public;
let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;
const poolIds: Record<'demoWeth' | 'demoUsdc' | 'smplWeth', number> = { demoWeth: 0, demoUsdc: 0, smplWeth: 0 };

const swapAbi = parseAbi([
  'event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)',
  'event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick)',
]);

/** Every Swap of a pool as the chain has it: the pool's signed amounts (positive = into the pool), block time and the sender. */
async function chainSwaps(pool: Address) {
  const logs = await client.getLogs({ address: pool, fromBlock: 0n, toBlock: 'latest' });
  const swaps: { amount0: bigint; amount1: bigint; time: number; from: string; hash: Hex }[] = [];
  for (const log of logs) {
    let decoded;
    try {
      decoded = decodeEventLog({ abi: swapAbi, topics: log.topics, data: log.data });
    } catch {
      continue;
    }
    const args = decoded.args as unknown as Record<string, bigint>;
    const [amount0, amount1] =
      'amount0In' in args
        ? [args.amount0In! - args.amount0Out!, args.amount1In! - args.amount1Out!]
        : [args.amount0!, args.amount1!];
    const [block, tx] = await Promise.all([
      client.getBlock({ blockNumber: log.blockNumber! }),
      client.getTransaction({ hash: log.transactionHash! }),
    ]);
    swaps.push({
      amount0,
      amount1,
      time: Number(block.timestamp) * 1000,
      from: tx.from.toLowerCase(),
      hash: log.transactionHash!,
    });
  }
  return swaps;
}

/** A ChainService whose HTTP requests are counted per JSON-RPC method (as bench/indexer-tick.ts counts them). */
function countingChain(rpcUrl = devnet.rpcUrl) {
  const counts = new Map<string, number>();
  const chain = new ChainService(new NetworkRegistry([...REAL_NETWORKS, devnetNetwork(rpcUrl, a)]), {
    poolStateTtlMs: 0,
    onFetchRequest: (request) => {
      void request
        .clone()
        .json()
        .then((body: unknown) => {
          for (const call of Array.isArray(body) ? body : [body])
            counts.set((call as { method: string }).method, (counts.get((call as { method: string }).method) ?? 0) + 1);
        });
    },
  });
  const senderCalls = () => (counts.get('eth_getBlockReceipts') ?? 0) + (counts.get('eth_getTransactionByHash') ?? 0);
  return { chain, counts, senderCalls };
}

const settle = () => new Promise((r) => setTimeout(r, 30));

function newIndexer(chain: ChainService, options: ConstructorParameters<typeof NetworkIndexer>[3] = {}) {
  // The whole seeded history, so the 7 d figures can be compared with the chain too.
  // The batches after the events, as on a public network: the devnet reads a backfill's senders with its slices (slice-senders.test.ts).
  return new NetworkIndexer(ctx.database.db, chain, chain.registry.get(31337)!, {
    backfillSeconds: 60 * 86_400,
    sendersWithSlices: false,
    ...options,
  });
}

/** Every activity row of the owner for a query, page by page. */
async function allActivity(query: string, limit = 200) {
  const events: ActivityPage['events'] = [];
  let cursor: string | null = null;
  do {
    const page: ActivityPage = (
      await get(
        `/api/v1/projects/activity/?limit=${limit}${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      )
    ).json<ActivityPage>();
    events.push(...page.events);
    cursor = page.next_cursor;
  } while (cursor);
  return events;
}

/**
 * The events of the attached pools: the devnet's WETH/USDC reference pool is indexed beside them
 * (decision 0064) but needs no traders, so the reader leaves its events alone.
 */
const attached = () =>
  inArray(
    poolEvents.poolAddress,
    [a.pools.demoWethV2, a.pools.demoUsdcV2, a.pools.smplWethV3].map((x) => x.toLowerCase()),
  );
const unreadCount = async () =>
  (
    await ctx.database.db
      .select({ id: poolEvents.id })
      .from(poolEvents)
      .where(and(isNull(poolEvents.trader), attached()))
  ).length;
const get = (url: string, user = owner) =>
  ctx.app.inject({ method: 'GET', url, headers: { authorization: bearer(user.token) } });

/**
 * A node in front of the devnet that lacks eth_getBlockReceipts (−32601, as geth-based nodes
 * without it answer), answers it with receipts whose fields are garbage, or passes it on: a real
 * HTTP hop, the other methods passed through. It counts the HTTP requests carrying
 * eth_getBlockReceipts that are in flight at once (`peak`), may hold each of them `delayMs` (so that
 * requests sent together are seen together), and with `capInFlight` throttles as public nodes do
 * when one IP sends more than that many at once: HTTP 429 with Retry-After (`throttled` counts them).
 */
async function startProxy(mode: { receipts: 'missing' | 'garbage' | 'pass'; delayMs?: number; capInFlight?: number }) {
  const stats = { inFlight: 0, peak: 0, throttled: 0, receiptRequests: 0 };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      void (async () => {
        const body = JSON.parse(raw) as { id: number; method: string }[] | { id: number; method: string };
        const calls = Array.isArray(body) ? body : [body];
        const receipts = calls.some((c) => c.method === 'eth_getBlockReceipts');
        if (receipts && mode.capInFlight !== undefined && stats.inFlight >= mode.capInFlight) {
          stats.throttled++;
          res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '0' });
          res.end(
            JSON.stringify({
              jsonrpc: '2.0',
              id: null,
              error: { code: -32005, message: 'Too many concurrent requests' },
            }),
          );
          return;
        }
        if (receipts) {
          stats.receiptRequests++;
          stats.peak = Math.max(stats.peak, ++stats.inFlight);
        }
        try {
          if (receipts && mode.delayMs) await new Promise((r) => setTimeout(r, mode.delayMs));
          const answers = new Map<number, unknown>();
          const pass = calls.filter((c) => mode.receipts === 'pass' || c.method !== 'eth_getBlockReceipts');
          for (const c of calls.filter((x) => mode.receipts !== 'pass' && x.method === 'eth_getBlockReceipts')) {
            answers.set(
              c.id,
              mode.receipts === 'missing'
                ? {
                    jsonrpc: '2.0',
                    id: c.id,
                    error: { code: -32601, message: 'the method eth_getBlockReceipts does not exist/is not available' },
                  }
                : { jsonrpc: '2.0', id: c.id, result: [{ transactionHash: 'not a hash', from: '0x1234' }] },
            );
          }
          if (pass.length > 0) {
            const upstream = await fetch(devnet.rpcUrl, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(pass),
            });
            for (const r of (await upstream.json()) as { id: number }[]) answers.set(r.id, r);
          }
          const out = calls.map((c) => answers.get(c.id));
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify(Array.isArray(body) ? out : out[0]));
        } finally {
          if (receipts) stats.inFlight--;
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, stats, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A ChainService for the devnet behind `rpcUrl` with the network's sender concurrency set. */
function chainWithSenderConcurrency(rpcUrl: string, senderConcurrency: number) {
  return new ChainService(new NetworkRegistry([...REAL_NETWORKS, { ...devnetNetwork(rpcUrl, a), senderConcurrency }]), {
    poolStateTtlMs: 0,
  });
}

beforeAll(async () => {
  ctx = await createTestContext({}, { chain: devnetChain() });
  owner = await signUp(ctx.app);
  stranger = await signUp(ctx.app);
  const auth = { authorization: bearer(owner.token) };
  const create = async (address: Address, symbol: string, decimals: number) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/projects/create/',
      headers: auth,
      payload: {
        network: 31337,
        contract_address: address,
        name: symbol,
        token_symbol: symbol,
        token_decimal: decimals,
      },
    });
    if (res.statusCode !== 201) throw new Error(`create ${symbol}: ${res.statusCode} ${res.body}`);
    return res.json().id as number;
  };
  const attach = async (projectId: number, dex: string, token: string, pool: Address) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/projects/pool/${projectId}/`,
      headers: auth,
      payload: { dex, token, pool_address: pool },
    });
    if (res.statusCode !== 201) throw new Error(`attach ${pool}: ${res.statusCode} ${res.body}`);
    return res.json().id as number;
  };
  const demo = await create(a.demo, 'DEMO', 18);
  const smpl = await create(a.smpl, 'SMPL', 9);
  poolIds.demoWeth = await attach(demo, 'uniswap-v2', 'weth', a.pools.demoWethV2);
  poolIds.demoUsdc = await attach(demo, 'uniswap-v2', 'usdc', a.pools.demoUsdcV2);
  poolIds.smplWeth = await attach(smpl, 'uniswap-v3', 'weth', a.pools.smplWethV3);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe('trader reads in the indexer', () => {
  it('spend at most TRADER_READS_PER_TICK calls a tick, newest blocks first, and fill the rest on later ticks', async () => {
    const { chain, senderCalls } = countingChain();
    const indexer = newIndexer(chain, { traderReadsPerTick: 2 });
    const first = await indexer.tick();
    await settle();
    expect(first.eventsStored).toBeGreaterThan(0);
    // The seeded history spreads its events over more than two blocks: two ticks cannot read them all.
    const blocks = await ctx.database.db
      .selectDistinct({ b: poolEvents.blockNumber })
      .from(poolEvents)
      .where(attached());
    expect(blocks.length).toBeGreaterThan(4);
    expect(first.traders).toMatchObject({ calls: 2, mode: 'receipts' });
    // A backlog of more than one batch: the runner is told to go again at once (decision 0062).
    expect(first.traders!.batchFull).toBe(true);
    expect(first.sendersBehind).toBe(true);
    expect(senderCalls()).toBe(2);
    // Newest first: every block still unread is older than every block read.
    const rows = await ctx.database.db
      .select({ block: poolEvents.blockNumber, trader: poolEvents.trader })
      .from(poolEvents)
      .where(attached());
    const read = rows.filter((r) => r.trader !== null).map((r) => r.block);
    const unread = rows.filter((r) => r.trader === null).map((r) => r.block);
    expect(read.length).toBeGreaterThan(0);
    expect(unread.length).toBeGreaterThan(0);
    expect(unread.every((b) => read.every((r) => b < r))).toBe(true);

    let ticks = 1;
    while ((await unreadCount()) > 0) {
      const before = senderCalls();
      const r = await indexer.tick();
      await settle();
      expect(r.traders!.calls).toBeLessThanOrEqual(2);
      expect(senderCalls() - before).toBeLessThanOrEqual(2);
      if (++ticks > blocks.length + 2) throw new Error('the trader reads do not finish');
    }
    // Nothing left: a caught-up tick spends no call on senders.
    const before = senderCalls();
    const done = await indexer.tick();
    expect(done.traders).toMatchObject({ calls: 0, filled: 0, batchFull: false });
    expect(done.sendersBehind).toBe(false);
    await settle();
    expect(senderCalls()).toBe(before);
  });

  it("a senders-only step between full ticks reads a batch per request allowed in flight and neither the head nor the pools' state (decisions 0062, 0081)", async () => {
    // The backlog again, for a reader with an empty cache.
    await ctx.database.db.update(poolEvents).set({ trader: null }).where(attached());
    const { chain, counts, senderCalls } = countingChain();
    const indexer = newIndexer(chain, { traderReadsPerTick: 2 });
    const tick = await indexer.tick();
    expect(tick.sendersBehind).toBe(true);
    await settle();
    const unreadBefore = await unreadCount();
    const head = counts.get('eth_blockNumber') ?? 0;
    const calls = counts.get('eth_call') ?? 0;
    const logs = counts.get('eth_getLogs') ?? 0;
    const sendersBefore = senderCalls();
    const step = await indexer.readSenders();
    await settle();
    // The devnet allows four sender requests in flight: a step reads two batches per place, eight
    // batches of two calls on blocks of their own.
    expect(chain.registry.get(31337)!.senderConcurrency).toBe(4);
    const batches = 2 * 4;
    expect(step).toMatchObject({ calls: 2 * batches, batchFull: true });
    expect(step.filled).toBeGreaterThan(0);
    expect(await unreadCount()).toBe(unreadBefore - step.filled);
    expect(senderCalls() - sendersBefore).toBe(2 * batches);
    // Nothing a full tick reads besides the senders.
    expect(counts.get('eth_blockNumber') ?? 0).toBe(head);
    expect(counts.get('eth_call') ?? 0).toBe(calls);
    expect(counts.get('eth_getLogs') ?? 0).toBe(logs);
    // And the rest, step by step, within the budget each time.
    for (let steps = 0; (await unreadCount()) > 0; steps++) {
      const s = await indexer.readSenders();
      expect(s.calls).toBeLessThanOrEqual(2 * batches);
      if (steps > 1_000) throw new Error('the senders-only steps do not finish');
    }
    expect((await indexer.readSenders()).batchFull).toBe(false);
  });

  it("with sendersBeside, reads sender batches beside a backfill's slices, each within the budget, so fewer are left after the events (decision 0062)", async () => {
    // A backfill from scratch for a reader with an empty cache: the pools' coverage forgotten, every trader unread.
    await ctx.database.db.update(poolEvents).set({ trader: null }).where(attached());
    await ctx.database.db.execute(sql`delete from indexed_pools where network_id = 31337`);
    const total = await unreadCount();
    const { chain, senderCalls } = countingChain();
    const indexer = newIndexer(chain, { traderReadsPerTick: 2, sendersBeside: true });
    const tick = await indexer.tick();
    await settle();
    expect(tick.caughtUp).toBe(true);
    // The seeded history takes several slices at a new reader's first range (100 blocks, get-logs.ts LogRange).
    expect(tick.sendersBeside).toBeDefined();
    const beside = tick.sendersBeside!;
    expect(beside.batches).toBeGreaterThan(0);
    expect(beside.filled).toBeGreaterThan(0);
    // Each batch within TRADER_READS_PER_TICK; every call accounted for.
    expect(beside.calls).toBeLessThanOrEqual(beside.batches * 2);
    expect(senderCalls()).toBe(beside.calls + tick.traders!.calls);
    // More than the tick's own batch was read before the tick ended.
    expect(total - (await unreadCount())).toBeGreaterThan(tick.traders!.filled);
    // What is left is read as before; the traders are the senders.
    for (let steps = 0; (await unreadCount()) > 0; steps++) {
      expect((await indexer.readSenders()).calls).toBeLessThanOrEqual(2 * 2 * 4);
      if (steps > 1_000) throw new Error('the senders-only steps do not finish');
    }
  });

  it('reads a backlog with as many sender requests in flight as the network allows, never more (decision 0081)', async () => {
    await ctx.database.db.update(poolEvents).set({ trader: null }).where(attached());
    const blocks = await ctx.database.db
      .selectDistinct({ b: poolEvents.blockNumber })
      .from(poolEvents)
      .where(attached());
    // Enough blocks for more than one step of six batches of ten.
    expect(blocks.length).toBeGreaterThan(2 * 3 * 10);
    // Each request held 40 ms at the node, so requests sent together are in flight together.
    const proxy = await startProxy({ receipts: 'pass', delayMs: 40 });
    try {
      const indexer = newIndexer(chainWithSenderConcurrency(proxy.url, 3), { traderReadsPerTick: 10 });
      // The full tick's own read: one batch, within TRADER_READS_PER_TICK (decision 0033).
      const tick = await indexer.tick();
      expect(tick.traders!.calls).toBeGreaterThan(0);
      expect(tick.traders!.calls).toBeLessThanOrEqual(10);
      let steps = 0;
      for (; (await unreadCount()) > 0; steps++) {
        const step = await indexer.readSenders();
        // Six batches (two per place in flight) of at most ten calls, one request each.
        expect(step.calls).toBeLessThanOrEqual(2 * 3 * 10);
        if (steps > 1_000) throw new Error('the senders-only steps do not finish');
      }
      // Three requests in flight at once, as the network allows, and never a fourth.
      expect(proxy.stats.peak).toBe(3);
      expect(indexer.traders.limiter.seen).toMatchObject({ peak: 3, throttled: 0 });
      // Fewer steps than one batch a step would take.
      expect(steps).toBeLessThan(Math.ceil((blocks.length - 10) / 10));
    } finally {
      await proxy.close();
    }
    const senders = new Map<string, string>();
    for (const e of await ctx.database.db.select().from(poolEvents).where(attached())) {
      if (!senders.has(e.txHash))
        senders.set(e.txHash, (await client.getTransaction({ hash: e.txHash as Hex })).from.toLowerCase());
      expect(e.trader, e.txHash).toBe(senders.get(e.txHash));
    }
  });

  it('a node that throttles (429) more than one request in flight slows the sender reads down to one, and no sender is lost (decision 0081)', async () => {
    await ctx.database.db.update(poolEvents).set({ trader: null }).where(attached());
    const proxy = await startProxy({ receipts: 'pass', delayMs: 20, capInFlight: 1 });
    const skipped: string[] = [];
    try {
      const indexer = newIndexer(chainWithSenderConcurrency(proxy.url, 4), {
        traderReadsPerTick: 20,
        onSkip: (s) => skipped.push(s.reason),
      });
      await indexer.tick();
      let failed = 0;
      for (let steps = 0; (await unreadCount()) > 0; steps++) {
        // A step whose every batch was throttled past the client's retries fails; the runner logs it and goes on.
        await indexer.readSenders().catch(() => failed++);
        if (steps > 1_000) throw new Error('the senders-only steps do not finish');
      }
      expect(proxy.stats.throttled).toBeGreaterThan(0);
      // It slowed down to what the node allows, and stayed near it: far fewer 429s than requests answered.
      expect(indexer.traders.limiter.seen.lowest).toBe(1);
      expect(indexer.traders.limiter.seen.throttled).toBeGreaterThan(0);
      expect(proxy.stats.throttled).toBeLessThan(proxy.stats.receiptRequests / 2);
      expect(failed).toBeLessThan(3);
    } finally {
      await proxy.close();
    }
    // No block was given up, and every event has its transaction's sender.
    expect(skipped).toEqual([]);
    expect(await unreadCount()).toBe(0);
    const senders = new Map<string, string>();
    for (const e of await ctx.database.db.select().from(poolEvents).where(attached())) {
      if (!senders.has(e.txHash))
        senders.set(e.txHash, (await client.getTransaction({ hash: e.txHash as Hex })).from.toLowerCase());
      expect(e.trader, e.txHash).toBe(senders.get(e.txHash));
    }
  });

  it("stores as each event's trader its transaction's sender, read back with getTransaction", async () => {
    const events = await ctx.database.db.select().from(poolEvents).where(attached());
    expect(events.filter((e) => e.type === 'swap').length).toBeGreaterThanOrEqual(6);
    const senders = new Set<string>();
    for (const e of events) {
      const tx = await client.getTransaction({ hash: e.txHash as Hex });
      expect(e.trader, `${e.type} ${e.txHash}`).toBe(tx.from.toLowerCase());
      senders.add(e.trader!);
    }
    // The seeded history has several accounts trading, so this is not one constant.
    expect(senders.size).toBeGreaterThan(1);
  });

  it('falls back to eth_getTransactionByHash on a node without eth_getBlockReceipts, and remembers it', async () => {
    const proxy = await startProxy({ receipts: 'missing' });
    try {
      await ctx.database.db.update(poolEvents).set({ trader: null });
      const { chain, counts } = countingChain(proxy.url);
      const indexer = newIndexer(chain, { traderReadsPerTick: 5 });
      const first = await indexer.tick();
      await settle();
      expect(first.traders!.mode).toBe('transactions');
      expect(first.traders!.calls).toBeLessThanOrEqual(5);
      expect(counts.get('eth_getBlockReceipts')).toBe(1);
      for (let i = 0; i < 200 && (await unreadCount()) > 0; i++) {
        const r = await indexer.tick();
        expect(r.traders!.calls).toBeLessThanOrEqual(5);
      }
      await settle();
      expect(await unreadCount()).toBe(0);
      // Asked once, never again.
      expect(counts.get('eth_getBlockReceipts')).toBe(1);
      for (const e of await ctx.database.db.select().from(poolEvents).where(attached()))
        expect(e.trader).toBe((await client.getTransaction({ hash: e.txHash as Hex })).from.toLowerCase());
    } finally {
      await proxy.close();
    }
  });

  it('leaves the trader null on receipts it cannot use, never fails the tick, and gives such a block up after three tries', async () => {
    const proxy = await startProxy({ receipts: 'garbage' });
    try {
      const [newest] = await ctx.database.db
        .select({ b: sql<string>`max(${poolEvents.blockNumber})::text` })
        .from(poolEvents)
        .where(attached());
      const block = BigInt(newest!.b);
      await ctx.database.db.update(poolEvents).set({ trader: null }).where(eq(poolEvents.blockNumber, block));
      const { chain } = countingChain(proxy.url);
      const skipped: string[] = [];
      const indexer = newIndexer(chain, { traderReadsPerTick: 1, onSkip: (s) => skipped.push(s.reason) });
      for (let i = 0; i < 3; i++) {
        const r = await indexer.tick();
        expect(r.traders).toMatchObject({ calls: 1, filled: 0 });
      }
      expect(await unreadCount()).toBeGreaterThan(0);
      expect(skipped).toEqual(['trader-unreadable']);
      const [item] = await ctx.database.db
        .select()
        .from(indexerSkippedItems)
        .where(and(eq(indexerSkippedItems.reason, 'trader-unreadable'), eq(indexerSkippedItems.networkId, 31337)));
      expect(item!.blockNumber).toBe(block);
      // Given up: the block no longer takes the budget of every tick.
      expect((await indexer.tick()).traders).toMatchObject({ calls: 0 });
    } finally {
      await proxy.close();
    }
    // A healthy node reads it (a new process forgets what the old one gave up).
    const indexer = newIndexer(countingChain().chain);
    await indexer.tick();
    expect(await unreadCount()).toBe(0);
  });
});

describe('trader figures in the API', () => {
  it("pools answer 24 h buys, sells and unique traders as recomputed from the chain's Swap logs", async () => {
    const now = Date.now();
    for (const [key, address, projectIsToken0] of [
      ['demoWeth', a.pools.demoWethV2, a.demo.toLowerCase() < a.weth.toLowerCase()],
      ['demoUsdc', a.pools.demoUsdcV2, a.demo.toLowerCase() < a.usdc.toLowerCase()],
      ['smplWeth', a.pools.smplWethV3, a.smpl.toLowerCase() < a.weth.toLowerCase()],
    ] as const) {
      const swaps = (await chainSwaps(address)).filter((s) => s.time > now - 86_400_000);
      const buys = swaps.filter((s) => (projectIsToken0 ? s.amount0 : s.amount1) < 0n).length;
      const res = await get(`/api/v1/projects/user/pools/funds/${poolIds[key]}/`);
      expect(res.statusCode).toBe(200);
      const pool = res.json<Pool>();
      expect(swaps.length, key).toBeGreaterThan(0);
      expect({ buys: pool.buys_24h, sells: pool.sells_24h, traders: pool.traders_24h }, key).toEqual({
        buys,
        sells: swaps.length - buys,
        traders: new Set(swaps.map((s) => s.from)).size,
      });
    }
  });

  it('top traders equal a recomputation from the chain, for 24 h and 7 d', async () => {
    const projectIsToken0 = a.demo.toLowerCase() < a.weth.toLowerCase();
    const all = await chainSwaps(a.pools.demoWethV2);
    for (const range of ['24h', '7d'] as const) {
      const now = Date.now();
      const swaps = all.filter((s) => s.time > now - (range === '24h' ? 1 : 7) * 86_400_000);
      const by = new Map<string, { buys: number; sells: number; volume: bigint; bought: bigint; sold: bigint }>();
      for (const s of swaps) {
        const project = projectIsToken0 ? s.amount0 : s.amount1;
        const paired = projectIsToken0 ? s.amount1 : s.amount0;
        const t = by.get(s.from) ?? { buys: 0, sells: 0, volume: 0n, bought: 0n, sold: 0n };
        if (project < 0n) {
          t.buys++;
          t.bought += -project;
        } else {
          t.sells++;
          t.sold += project;
        }
        t.volume += paired < 0n ? -paired : paired;
        by.set(s.from, t);
      }
      const expected = [...by]
        .sort(([x, p], [y, q]) => (p.volume === q.volume ? (x < y ? -1 : 1) : p.volume > q.volume ? -1 : 1))
        .slice(0, 20)
        .map(([address, t]) => ({
          address: getAddress(address),
          buys: t.buys,
          sells: t.sells,
          volume: formatUnits(t.volume, 18),
          bought: formatUnits(t.bought, 18),
          sold: formatUnits(t.sold, 18),
          net: formatUnits(t.bought - t.sold, 18),
        }));
      const res = await get(`/api/v1/projects/pool/${poolIds.demoWeth}/traders/?range=${range}`);
      expect(res.statusCode).toBe(200);
      const body = res.json<TopTraders>();
      expect(expected.length).toBeGreaterThan(1);
      expect(body).toEqual({ range, traders: expected, complete: true, unread_swaps: 0 });
    }
  });

  it("says the list is incomplete while some swaps' traders are unread, and answers 404 for another user's pool", async () => {
    await ctx.database.db.execute(
      sql`update pool_events set trader = null where id = (select max(id) from pool_events where type = 'swap' and pool_address = ${a.pools.demoWethV2.toLowerCase()})`,
    );
    const body = (await get(`/api/v1/projects/pool/${poolIds.demoWeth}/traders/?range=7d`)).json<TopTraders>();
    expect(body).toMatchObject({ complete: false, unread_swaps: 1 });
    const pool = (await get(`/api/v1/projects/user/pools/funds/${poolIds.demoWeth}/`)).json<Pool>();
    expect(pool.traders_24h).toBeNull();
    await newIndexer(countingChain().chain).tick();
    expect((await get(`/api/v1/projects/pool/${poolIds.demoWeth}/traders/`)).json<TopTraders>()).toMatchObject({
      range: '24h',
      complete: true,
    });

    const foreign = await get(`/api/v1/projects/pool/${poolIds.demoWeth}/traders/`, stranger);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ detail: 'Pool not found.' });
    expect((await get(`/api/v1/projects/pool/${poolIds.demoWeth}/traders/?range=30d`)).statusCode).toBe(400);
    // It groups a week of a pool's swaps: a heavy route for the per-user budgets (decision 0021).
    expect(budgetClassOf('GET', '/api/v1/projects/pool/:id/traders')).toBe('heavy');
  });

  it('activity rows carry the checksummed trader, and the trader filter keeps exactly its events', async () => {
    const all = await allActivity('');
    expect(all.length).toBeGreaterThan(5);
    const stored = new Map((await ctx.database.db.select().from(poolEvents)).map((e) => [e.id, e]));
    for (const e of all.slice(0, 40)) {
      const tx = await client.getTransaction({ hash: e.tx_hash as Hex });
      expect(e.trader).toBe(getAddress(tx.from));
    }
    for (const e of all) expect(e.trader).toBe(getAddress(stored.get(e.id)!.trader!));
    const key = (e: ActivityPage['events'][number]) => `${e.pool_id}:${e.id}`;
    for (const trader of new Set(all.map((e) => e.trader!))) {
      const expected = all.filter((e) => e.trader === trader).map(key);
      expect(expected.length).toBeLessThan(all.length);
      // Any case is accepted (product §7); paged two at a time, the same rows in the same order.
      expect((await allActivity(`&trader=${trader.toLowerCase()}`, 2)).map(key)).toEqual(expected);
      // Combined with a pool filter.
      const inPool = (
        await get(`/api/v1/projects/activity/?limit=200&trader=${trader}&pool=${poolIds.demoWeth}`)
      ).json<ActivityPage>();
      expect(inPool.events.map(key)).toEqual(
        all
          .filter((e) => e.trader === trader && e.pool_id === poolIds.demoWeth)
          .map(key)
          .slice(0, 200),
      );
      // Another user sees none of the owner's events.
      expect((await get(`/api/v1/projects/activity/?trader=${trader}`, stranger)).json<ActivityPage>().events).toEqual(
        [],
      );
    }
  });

  it('a trader filter of an address start keeps the events of every trader whose address starts so (issue 35 item 2)', async () => {
    const all = await allActivity('');
    const key = (e: ActivityPage['events'][number]) => `${e.pool_id}:${e.id}`;
    const traders = [...new Set(all.map((e) => e.trader!.toLowerCase()))];
    expect(traders.length).toBeGreaterThan(1);
    // The demo accounts differ in their first four hex digits: each start is one trader's.
    expect(new Set(traders.map((t) => t.slice(0, 6))).size).toBe(traders.length);
    for (const trader of traders) {
      const expected = all.filter((e) => e.trader!.toLowerCase() === trader).map(key);
      expect((await allActivity(`&trader=${trader.slice(0, 6)}`, 2)).map(key), trader).toEqual(expected);
      // Without 0x and in upper case alike; the CSV export takes it too.
      expect((await allActivity(`&trader=${trader.slice(2, 10).toUpperCase()}`)).map(key)).toEqual(expected);
      // Another user sees none of the owner's events.
      expect(
        (await get(`/api/v1/projects/activity/?trader=${trader.slice(0, 6)}`, stranger)).json<ActivityPage>().events,
      ).toEqual([]);
    }
    const from = new Date(Date.now() - 60 * 86_400_000).toISOString();
    const to = new Date(Date.now() + 86_400_000).toISOString();
    const csv = await get(`/api/v1/projects/activity/export/?from=${from}&to=${to}&trader=${traders[0]!.slice(0, 6)}`);
    expect(csv.statusCode).toBe(200);
    const csvTraders = new Set(
      csv.body
        .trim()
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(',').at(-2)!.replace(/"/g, '').toLowerCase()),
    );
    expect([...csvTraders]).toEqual([traders[0]]);
    // A start no trader has: nothing.
    const none = traders.some((t) => t.startsWith('0xffff')) ? '0xfffe' : '0xffff';
    expect((await get(`/api/v1/projects/activity/?trader=${none}`)).json<ActivityPage>().events).toEqual([]);

    // Two traders sharing a start: both are kept, in activity order, paged. The second trader's
    // events are given the first's start for the check, and put back.
    const [t1, t2] = traders as [string, string];
    const shared = `${t1.slice(0, 8)}${t2.slice(8)}`;
    await ctx.database.db.update(poolEvents).set({ trader: shared }).where(eq(poolEvents.trader, t2));
    try {
      const both = all.filter((e) => [t1, t2].includes(e.trader!.toLowerCase())).map(key);
      expect((await allActivity(`&trader=${t1.slice(0, 8)}`, 3)).map(key)).toEqual(both);
      expect((await allActivity(`&trader=${t1}`)).map(key)).toEqual(
        all.filter((e) => e.trader!.toLowerCase() === t1).map(key),
      );
    } finally {
      await ctx.database.db.update(poolEvents).set({ trader: t2 }).where(eq(poolEvents.trader, shared));
    }
  });

  it('answers 400 for a trader that is neither an address nor its start', async () => {
    for (const bad of ['0x123', '709', 'alice', `0x${'g'.repeat(40)}`, `0x${'a'.repeat(41)}`, '0x7099%']) {
      const res = await get(`/api/v1/projects/activity/?trader=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({
        errors: [
          { field: 'trader', message: 'Please enter an address or its start (0x and at least 4 hex characters)' },
        ],
      });
      const csv = await get(
        `/api/v1/projects/activity/export/?from=2020-01-01T00:00:00Z&to=2020-01-02T00:00:00Z&trader=${encodeURIComponent(bad)}`,
      );
      expect(csv.statusCode, bad).toBe(400);
    }
  });

  it('the CSV export has the trader, and value_usd only where the paired token is a USD stablecoin', async () => {
    const from = new Date(Date.now() - 60 * 86_400_000).toISOString();
    const to = new Date(Date.now() + 86_400_000).toISOString();
    const res = await get(`/api/v1/projects/activity/export/?from=${from}&to=${to}`);
    expect(res.statusCode).toBe(200);
    const [header, ...lines] = res.body.trim().split('\r\n');
    const cols = header!.split(',');
    expect(cols.slice(-2)).toEqual(['trader', 'value_usd']);
    const rows = lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [cols[i]!, v.replace(/^"|"$/g, '')])));
    const usdc = rows.filter((r) => r.token_symbol === 'USDC');
    const weth = rows.filter((r) => r.token_symbol === 'WETH');
    expect(usdc.length).toBeGreaterThan(0);
    expect(weth.length).toBeGreaterThan(0);
    for (const r of usdc) expect(r.value_usd).toBe(r.amount_token);
    for (const r of weth) expect(r.value_usd).toBe('');
    for (const r of rows)
      expect(r.trader).toBe(getAddress((await client.getTransaction({ hash: r.tx_hash as Hex })).from));
  });
});
