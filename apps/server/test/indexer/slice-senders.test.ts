import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { devnetClients } from '@tokendesk/devchain';
import { and, inArray, isNull, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { ChainService } from '../../src/chain/chain-service';
import { devnetNetwork, NetworkRegistry, REAL_NETWORKS } from '../../src/chain/networks';
import { indexedPools, poolEvents } from '../../src/db/schema';
import { NetworkIndexer, type IndexerOptions } from '../../src/indexer/indexer';
import { SLICE_SENDERS_WAIT_MS } from '../../src/indexer/slice-senders';
import { bearer, createTestContext, devnetChain, signUp, type TestContext } from '../helpers';

// Decision 0081 point 5: a backfill's senders read with its slices. Reads the shared devnet's seeded
// history only (registered as a reader by setup/chain-readers.ts). Each test starts from an empty
// pool_events table, so every test backfills the same seeded month from scratch.
const devnet = inject('devnet');
const a = devnet.addresses;
const client = devnetClients(devnet.rpcUrl).public;
let ctx: TestContext;

const attachedPools = [a.pools.demoWethV2, a.pools.demoUsdcV2, a.pools.smplWethV3].map((x) => x.toLowerCase());
const attached = () => inArray(poolEvents.poolAddress, attachedPools);

/**
 * A node in front of the devnet: it counts the JSON-RPC calls per method and may hold the first
 * request carrying eth_getBlockReceipts `stallMs` (a node that stalls), or answer those calls with
 * receipts whose fields are garbage (untrusted input). Everything else passes through.
 */
async function startProxy(mode: { stallFirstMs?: number; garbage?: boolean } = {}) {
  const counts = new Map<string, number>();
  let receiptRequests = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      void (async () => {
        const body = JSON.parse(raw) as { id: number; method: string }[] | { id: number; method: string };
        const calls = Array.isArray(body) ? body : [body];
        for (const c of calls) counts.set(c.method, (counts.get(c.method) ?? 0) + 1);
        const receipts = calls.some((c) => c.method === 'eth_getBlockReceipts');
        if (receipts && receiptRequests++ === 0 && mode.stallFirstMs)
          await new Promise((r) => setTimeout(r, mode.stallFirstMs));
        const answers = new Map<number, unknown>();
        const pass = calls.filter((c) => !mode.garbage || c.method !== 'eth_getBlockReceipts');
        for (const c of calls)
          if (!pass.includes(c))
            answers.set(c.id, {
              jsonrpc: '2.0',
              id: c.id,
              result: [{ transactionHash: 'not a hash', from: '0x1234' }],
            });
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
      })().catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    counts,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The devnet's indexer behind `rpcUrl`: the whole seeded month, in slices of at most 40 blocks (a
 * backfill of many slices), and one sender call a batch, so that the batches after the events could
 * not fill the seeded history in one tick.
 */
function backfillingIndexer(rpcUrl: string, options: IndexerOptions = {}, requestTimeoutMs?: number) {
  const chain = new ChainService(new NetworkRegistry([...REAL_NETWORKS, devnetNetwork(rpcUrl, a)]), {
    poolStateTtlMs: 0,
    requestTimeoutMs,
  });
  return new NetworkIndexer(ctx.database.db, chain, chain.registry.get(31337)!, {
    backfillSeconds: 60 * 86_400,
    maxRange: 40n,
    traderReadsPerTick: 1,
    ...options,
  });
}

/** Back to no history: the next tick backfills the seeded month from scratch. */
async function forgetHistory() {
  await ctx.database.db.delete(poolEvents);
  await ctx.database.db.delete(indexedPools);
}

const rows = () =>
  ctx.database.db
    .select({ tx: poolEvents.txHash, block: poolEvents.blockNumber, trader: poolEvents.trader })
    .from(poolEvents)
    .where(attached());

/** Each stored transaction's sender as the chain has it (eth_getTransactionByHash, not the receipts the indexer read). */
async function chainSenders(txs: string[]) {
  const out = new Map<string, string>();
  for (const tx of txs) out.set(tx, (await client.getTransaction({ hash: tx as `0x${string}` })).from.toLowerCase());
  return out;
}

beforeAll(async () => {
  ctx = await createTestContext({}, { chain: devnetChain() });
  const owner = await signUp(ctx.app);
  const auth = { authorization: bearer(owner.token) };
  const create = async (address: string, symbol: string, decimals: number) => {
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
  const attach = async (projectId: number, dex: string, token: string, pool: string) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/projects/pool/${projectId}/`,
      headers: auth,
      payload: { dex, token, pool_address: pool },
    });
    if (res.statusCode !== 201) throw new Error(`attach ${pool}: ${res.statusCode} ${res.body}`);
  };
  const demo = await create(a.demo, 'DEMO', 18);
  const smpl = await create(a.smpl, 'SMPL', 9);
  await attach(demo, 'uniswap-v2', 'weth', a.pools.demoWethV2);
  await attach(demo, 'uniswap-v2', 'usdc', a.pools.demoUsdcV2);
  await attach(smpl, 'uniswap-v3', 'weth', a.pools.smplWethV3);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe("senders read with a backfill's slices (decision 0081 point 5)", () => {
  it('stores every event of a devnet backfill with its trader in the tick that stores it, reading each block once and none after the events', async () => {
    // The devnet's own setting: the indexer below is given no option.
    expect(devnetNetwork(devnet.rpcUrl, a).sendersWithSlices).toBe(true);
    await forgetHistory();
    const proxy = await startProxy();
    try {
      const indexer = backfillingIndexer(proxy.url);
      const tick = await indexer.tick();
      expect(tick.caughtUp).toBe(true);
      expect(tick.eventsStored).toBeGreaterThan(0);
      const stored = await rows();
      const blocks = new Set(stored.map((r) => r.block));
      // Many slices: the seeded month spans far more than one slice of 40 blocks.
      const span = Number(
        [...blocks].reduce((x, y) => (y > x ? y : x)) - [...blocks].reduce((x, y) => (y < x ? y : x)),
      );
      expect(span).toBeGreaterThan(200);
      // One sender call a batch would leave all but one block unread after this tick; none is.
      expect(stored.filter((r) => r.trader === null)).toEqual([]);
      // Read with the slices, not after: the tick's own batch found nothing left to read.
      expect(tick.traders).toMatchObject({ calls: 0, filled: 0, batchFull: false });
      // One eth_getBlockReceipts per block holding events (the reference pool's blocks too), never one per transaction.
      const all = await ctx.database.db.selectDistinct({ b: poolEvents.blockNumber }).from(poolEvents);
      expect(proxy.counts.get('eth_getBlockReceipts')).toBe(all.length);
      expect(proxy.counts.get('eth_getTransactionByHash') ?? 0).toBe(0);
      // Each trader is its transaction's sender.
      const senders = await chainSenders([...new Set(stored.map((r) => r.tx))]);
      for (const r of stored) expect(r.trader, r.tx).toBe(senders.get(r.tx));
    } finally {
      await proxy.close();
    }
  }, 120_000);

  it('a node answering garbage receipts leaves the traders null without failing the tick, stops the reads with the slices, and the batches after the events read on as before', async () => {
    await forgetHistory();
    const proxy = await startProxy({ garbage: true });
    const warnings: string[] = [];
    try {
      const indexer = backfillingIndexer(proxy.url, {
        traderReadsPerTick: 20,
        log: (_level, message) => warnings.push(message),
      });
      const tick = await indexer.tick();
      // The first slice's garbage stops them for the tick: one slice's blocks and the tick's own batch, not every block.
      const all = await ctx.database.db.selectDistinct({ b: poolEvents.blockNumber }).from(poolEvents);
      expect(proxy.counts.get('eth_getBlockReceipts')!).toBeLessThan(all.length);
      expect(warnings.filter((w) => /not usable/.test(w))).toHaveLength(1);
      expect(tick.caughtUp).toBe(true);
      expect(tick.eventsStored).toBeGreaterThan(0);
      expect(
        await ctx.database.db
          .select({ id: poolEvents.id })
          .from(poolEvents)
          .where(and(attached(), isNotNull(poolEvents.trader))),
      ).toEqual([]);
      // The tick's own batch tried (and counts an attempt against) its blocks, as decision 0033 says.
      expect(tick.traders).toMatchObject({ filled: 0 });
      expect(tick.traders!.calls).toBeGreaterThan(0);
    } finally {
      await proxy.close();
    }
  }, 120_000);

  it(`a node that stalls a slice's receipts holds the backfill up at most ${SLICE_SENDERS_WAIT_MS} ms, once; the senders come after the events`, async () => {
    await forgetHistory();
    const stallMs = 25_000;
    const proxy = await startProxy({ stallFirstMs: stallMs });
    const warnings: string[] = [];
    try {
      // The client waits longer than the stall, so only the bound ends the slice's wait.
      const indexer = backfillingIndexer(proxy.url, { log: (_level, message) => warnings.push(message) }, 60_000);
      const started = performance.now();
      const tick = await indexer.tick();
      const ms = performance.now() - started;
      expect(tick.caughtUp).toBe(true);
      expect(tick.eventsStored).toBeGreaterThan(0);
      expect(warnings.filter((w) => /slices without waiting/.test(w))).toHaveLength(1);
      // Without the bound the first slice alone would have waited the whole stall.
      expect(ms).toBeGreaterThanOrEqual(SLICE_SENDERS_WAIT_MS);
      expect(ms).toBeLessThan(stallMs - 5_000);
      // The slices stored after it have no traders yet; the batches after the events read them all.
      expect((await rows()).some((r) => r.trader === null)).toBe(true);
      let steps = 0;
      while (
        (
          await ctx.database.db
            .select({ id: poolEvents.id })
            .from(poolEvents)
            .where(and(attached(), isNull(poolEvents.trader)))
        ).length > 0
      ) {
        await indexer.readSenders();
        if (++steps > 300) throw new Error('the senders after a stalled slice are not read');
      }
      const stored = await rows();
      const senders = await chainSenders([...new Set(stored.map((r) => r.tx))]);
      for (const r of stored) expect(r.trader, r.tx).toBe(senders.get(r.tx));
    } finally {
      await proxy.close();
    }
  }, 240_000);
});
