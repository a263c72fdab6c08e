import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createPoolOnDevnet,
  demoAccounts,
  devnetAddresses,
  devnetClients,
  startDevnet,
  swapOnDevnet,
  type Devnet,
} from '@tokendesk/devchain';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { decodeEventLog, erc20Abi, getAddress, parseAbi, type Address, type Hash } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChainService } from '../../src/chain/chain-service';
import { devnetNetwork, NetworkRegistry, type NetworkConfig } from '../../src/chain/networks';
import { queryRows, type Database } from '../../src/db/client';
import {
  alerts,
  alertTriggers,
  discoveredPools,
  indexedPools,
  notifications,
  poolEvents,
  pools,
  poolSnapshots,
  projects,
  tokenBalances,
  tokenHolderDaily,
  tokenHolderSync,
  users,
} from '../../src/db/schema';
import { HolderIndexer } from '../../src/indexer/holders';
import { NetworkIndexer } from '../../src/indexer/indexer';
import { PoolWatch } from '../../src/indexer/pool-watch';
import { ReorgGuard, type ReorgRollback } from '../../src/indexer/reorg';
import { normalizeAddress } from '../../src/lib/addresses';
import { createTestContext, type TestContext } from '../helpers';

/**
 * Chain reorganisations on the devnet (anvil_rollback, then different transactions), against a
 * network entry with 3 confirmations. The pool indexer, the holder indexer, the new-pool watch and
 * the alert rules run tick by tick in this process, as the runner runs them. Replacing fewer blocks
 * than the confirmation depth must never have reached the database; replacing more must be rolled
 * back, and afterwards events, price points, holder balances, alert firings and notifications must
 * be what the new chain says — compared with logs, getReserves and balanceOf read from the devnet.
 */

const CONFIRMATIONS = 3;
const DEMO = devnetAddresses.demo;
const POOL = devnetAddresses.pools.demoWethV2;

// Its own devnet, not the shared one (@tokendesk/testkit/shared-chain): this file rewrites the chain's
// history with its own evm_snapshot/evm_revert at chosen heights and mines to depths it counts
// from its own genesis; kept apart so a slip in that bookkeeping cannot undo another file's chain.
let devnet: Devnet;
let dataDir: string;
let ctx: TestContext;
let database: Database;
let network: NetworkConfig;
let guard: ReorgGuard;
let indexer: NetworkIndexer;
let holders: HolderIndexer;
let watch: PoolWatch;
let userId: number;
let projectId: number;
let largeSwapAlert: number;
let priceAlert: number;
const rollbacks: ReorgRollback[] = [];

const clients = () => devnetClients(devnet.rpcUrl);
const db = () => database.db;

const pairAbi = parseAbi([
  'event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)',
  'event Mint(address indexed sender, uint256 amount0, uint256 amount1)',
  'event Burn(address indexed sender, uint256 amount0, uint256 amount1, address indexed to)',
  'event Sync(uint112 reserve0, uint112 reserve1)',
  'function getReserves() view returns (uint112, uint112, uint32)',
]);

async function rpc<T>(method: string, params: unknown[]): Promise<T> {
  const res = await fetch(devnet.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

const head = () => clients().public.getBlockNumber({ cacheTime: 0 });
const mine = (blocks: number) => clients().test.mine({ blocks });

/** anvil's reorg support: the last `depth` blocks are dropped; what is sent next builds the new fork. */
async function rollback(depth: number) {
  await rpc('anvil_rollback', [depth]);
}

let trader = 0;
async function buy(amount: string): Promise<Hash> {
  trader++;
  const r = await swapOnDevnet(clients(), {
    from: demoAccounts[trader % demoAccounts.length]!,
    pool: 'demo-weth',
    side: 'buy',
    amount,
  });
  return r.hash;
}

async function transferDemo(from: Address, to: Address, value: bigint): Promise<Hash> {
  const hash = await clients().wallet.writeContract({
    address: DEMO,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [to, value],
    account: from,
    chain: clients().wallet.chain,
  });
  await clients().public.waitForTransactionReceipt({ hash, pollingInterval: 20 });
  return hash;
}

/** One runner tick: the reorganisation check first, then the three indexers. */
async function tick() {
  const r = await guard.check();
  if (r) rollbacks.push(r);
  const pool = await indexer.tick();
  const held = await holders.tick();
  const watched = await watch.tick();
  return { rollback: r, caughtUp: (pool.caughtUp || !!pool.skipped) && held.caughtUp && watched.caughtUp };
}

async function catchUp() {
  const found: ReorgRollback[] = [];
  for (let i = 0; i < 100; i++) {
    const r = await tick();
    if (r.rollback) found.push(r.rollback);
    if (r.caughtUp) return found;
  }
  throw new Error('indexers did not catch up');
}

const safeBlock = async () => (await head()) - BigInt(CONFIRMATIONS);

// ---- what the chain says ----

async function chainPoolEvents(from: bigint, to: bigint) {
  const logs = await clients().public.getLogs({ address: POOL, fromBlock: from, toBlock: to });
  const events: { key: string; block: bigint }[] = [];
  const syncs: { block: bigint; reserve0: bigint; reserve1: bigint }[] = [];
  for (const l of logs) {
    try {
      const e = decodeEventLog({ abi: pairAbi, topics: l.topics, data: l.data });
      if (e.eventName === 'Sync')
        syncs.push({ block: l.blockNumber, reserve0: e.args.reserve0, reserve1: e.args.reserve1 });
      else events.push({ key: `${l.transactionHash.toLowerCase()}:${l.logIndex}`, block: l.blockNumber });
    } catch {
      // not a pair event
    }
  }
  return { events, syncs };
}

/** Every stored event of the pool is on the chain in the block it says, and none is missing. */
async function expectEventsMatchChain() {
  const [coverage] = await db().select().from(indexedPools).where(eq(indexedPools.poolAddress, POOL.toLowerCase()));
  const to = coverage!.toBlock!;
  const chain = await chainPoolEvents(coverage!.fromBlock, to);
  const stored = await db().select().from(poolEvents).where(eq(poolEvents.poolAddress, POOL.toLowerCase()));
  expect(stored.map((e) => `${e.txHash}:${e.logIndex}@${e.blockNumber}`).sort()).toEqual(
    chain.events.map((e) => `${e.key}@${e.block}`).sort(),
  );
  return { to, chain };
}

/** Every stored price point holds the pool's reserves at its block, and every minute with a Sync has one. */
async function expectPricePointsMatchChain(from: bigint, to: bigint) {
  const stored = await db().select().from(poolSnapshots).where(eq(poolSnapshots.poolAddress, POOL.toLowerCase()));
  expect(stored.length).toBeGreaterThan(0);
  for (const s of stored) {
    const [r0, r1] = await clients().public.readContract({
      address: POOL,
      abi: pairAbi,
      functionName: 'getReserves',
      blockNumber: s.blockNumber,
    });
    expect({ block: s.blockNumber, reserve0: s.reserve0, reserve1: s.reserve1 }).toEqual({
      block: s.blockNumber,
      reserve0: r0.toString(),
      reserve1: r1.toString(),
    });
  }
  const { syncs } = await chainPoolEvents(from, to);
  const buckets = new Set(stored.map((s) => s.bucket.getTime()));
  for (const sync of syncs) {
    const block = await clients().public.getBlock({ blockNumber: sync.block });
    const bucket = Math.floor(Number(block.timestamp) / 60) * 60_000;
    expect(buckets.has(bucket), `a price point for the minute of block ${sync.block}`).toBe(true);
  }
}

/** Stored DEMO balances equal balanceOf at the block the holder indexer reached, for every address the logs name. */
async function expectHoldersMatchChain() {
  const [sync] = await db().select().from(tokenHolderSync).where(eq(tokenHolderSync.tokenAddress, DEMO.toLowerCase()));
  const at = sync!.toBlock!;
  const transfers = await clients().public.getLogs({
    address: DEMO,
    event: parseAbi(['event Transfer(address indexed from, address indexed to, uint256 value)'])[0],
    fromBlock: 0n,
    toBlock: at,
  });
  const addresses = new Set<string>();
  for (const t of transfers) for (const a of [t.args.from!, t.args.to!]) addresses.add(a.toLowerCase());
  addresses.delete('0x0000000000000000000000000000000000000000');
  const stored = await db().select().from(tokenBalances).where(eq(tokenBalances.tokenAddress, DEMO.toLowerCase()));
  for (const s of stored) if (s.holder !== '0x0000000000000000000000000000000000000000') addresses.add(s.holder);
  const byHolder = new Map(stored.map((s) => [s.holder, BigInt(s.balance)]));
  let holdersOnChain = 0;
  for (const address of addresses) {
    const balance = await clients().public.readContract({
      address: DEMO,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [getAddress(address)],
      blockNumber: at,
    });
    expect({ address, balance: byHolder.get(address) ?? 0n }).toEqual({ address, balance });
    if (balance > 0n) holdersOnChain++;
  }
  expect(sync!.holderCount).toBe(holdersOnChain);
}

/** Counters agree with the firings left, and every large-swap firing names a swap of the current chain. */
async function expectAlertsMatchChain() {
  for (const id of [largeSwapAlert, priceAlert]) {
    const [alert] = await db().select().from(alerts).where(eq(alerts.id, id));
    const triggers = await db().select().from(alertTriggers).where(eq(alertTriggers.alertId, id));
    expect(alert!.triggerCount).toBe(triggers.length);
    const latest = triggers.reduce<Date | null>((max, t) => (!max || t.triggeredAt > max ? t.triggeredAt : max), null);
    expect(alert!.lastTriggeredAt?.getTime() ?? null).toBe(latest?.getTime() ?? null);
    // Each firing kept its one notification (same block), and none is left for a withdrawn one.
    const notes = await db()
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          eq(notifications.navigationUrl, `/alerts/${id}`),
          sql`${notifications.blockNumber} is not null`,
        ),
      );
    expect(notes.map((n) => n.blockNumber!.toString()).sort()).toEqual(
      triggers.map((t) => t.blockNumber!.toString()).sort(),
    );
    for (const t of triggers) {
      const block = await clients().public.getBlock({ blockNumber: t.blockNumber! });
      expect(block.number).toBe(t.blockNumber);
      if (id === largeSwapAlert) {
        const receipt = await clients().public.getTransactionReceipt({ hash: t.values.tx_hash as Hash });
        expect(receipt.blockNumber).toBe(t.blockNumber);
      }
    }
  }
}

async function insertFixtures() {
  const [user] = await db()
    .insert(users)
    .values({ username: 'reorg', email: 'reorg@example.com', passwordHash: 'x' })
    .returning();
  userId = user!.id;
  const [project] = await db()
    .insert(projects)
    .values({
      userId,
      networkId: network.id,
      contractAddress: normalizeAddress(DEMO),
      name: 'Demo',
      tokenSymbol: 'DEMO',
      tokenDecimal: 18,
    })
    .returning();
  projectId = project!.id;
  const [pool] = await db()
    .insert(pools)
    .values({
      projectId,
      userId,
      networkId: network.id,
      dexId: 'uniswap-v2',
      tokenId: 'weth',
      pairedTokenAddress: normalizeAddress(devnetAddresses.weth),
      pairedTokenSymbol: 'WETH',
      pairedTokenName: 'Wrapped Ether',
      pairedTokenDecimals: 18,
      poolAddress: normalizeAddress(POOL),
      poolVersion: 'v2',
      projectIsToken0: DEMO.toLowerCase() < devnetAddresses.weth.toLowerCase(),
    })
    .returning();
  const [large] = await db()
    .insert(alerts)
    .values({ userId, poolId: pool!.id, kind: 'large_swap', minAmount: '0.01', cooldownMinutes: 0 })
    .returning();
  const [price] = await db()
    .insert(alerts)
    .values({
      userId,
      poolId: pool!.id,
      kind: 'price_move',
      thresholdPct: '0.01',
      windowMinutes: 60,
      cooldownMinutes: 0,
    })
    .returning();
  largeSwapAlert = large!.id;
  priceAlert = price!.id;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tokendesk-reorg-test-'));
  devnet = await startDevnet({ dataDir });
  network = { ...devnetNetwork(devnet.rpcUrl, devnet.addresses), confirmations: CONFIRMATIONS };
  const chain = new ChainService(new NetworkRegistry([network]), { poolStateTtlMs: 0 });
  ctx = await createTestContext({}, { chain });
  database = ctx.database;
  guard = new ReorgGuard(database.db, chain, network);
  indexer = new NetworkIndexer(database.db, chain, network);
  holders = new HolderIndexer(database.db, chain, network);
  watch = new PoolWatch(database.db, chain, network);
  await insertFixtures();
  // Blocks past the seed, so the confirmation depth has something to hold back.
  await mine(CONFIRMATIONS + 2);
  expect(await catchUp()).toEqual([]);
  await expectEventsMatchChain();
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await devnet?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a reorganisation shallower than the confirmation depth', () => {
  it('never reaches the database: nothing to roll back, and the new fork is indexed once it is safe', async () => {
    const fork = await head();
    // Two blocks (< 3 confirmations): a large buy and a DEMO transfer, on the fork that will lose.
    const orphanBuy = await buy('0.9');
    const orphanTransfer = await transferDemo(demoAccounts[0]!, demoAccounts[3]!, 10n ** 18n);
    expect(await head()).toBe(fork + 2n);
    await catchUp();
    const [checkpoint] = await db().select().from(indexedPools).where(eq(indexedPools.poolAddress, POOL.toLowerCase()));
    expect(checkpoint!.toBlock).toBe(fork - 1n);
    expect(await db().select().from(poolEvents).where(eq(poolEvents.txHash, orphanBuy.toLowerCase()))).toEqual([]);
    expect(
      await db()
        .select()
        .from(poolEvents)
        .where(gt(poolEvents.blockNumber, fork - 1n)),
    ).toEqual([]);

    // The two blocks are replaced by two others with different transactions.
    await rollback(2);
    const newBuy = await buy('0.3');
    await transferDemo(demoAccounts[1]!, demoAccounts[2]!, 7n * 10n ** 17n);
    expect(await head()).toBe(fork + 2n);
    await mine(CONFIRMATIONS);
    expect(await catchUp()).toEqual([]);

    expect(await db().select().from(poolEvents).where(eq(poolEvents.txHash, orphanBuy.toLowerCase()))).toEqual([]);
    expect((await db().select().from(poolEvents).where(eq(poolEvents.txHash, newBuy.toLowerCase()))).length).toBe(1);
    const { to } = await expectEventsMatchChain();
    expect(to).toBe(await safeBlock());
    await expectPricePointsMatchChain(fork - 50n, to);
    await expectHoldersMatchChain();
    await expectAlertsMatchChain();
    const firings = await db().select().from(alertTriggers).where(eq(alertTriggers.alertId, largeSwapAlert));
    expect(firings.map((t) => t.values.tx_hash)).not.toContain(orphanBuy.toLowerCase());
    expect(firings.map((t) => t.values.tx_hash)).toContain(newBuy.toLowerCase());
    void orphanTransfer;
  }, 120_000);
});

describe('a reorganisation deeper than the confirmation depth', () => {
  let fork: bigint;
  let created: { address: Address };
  let poolNoticeId: number;

  it('rolls back the events, price points and alert firings of the orphaned blocks', async () => {
    fork = await head();
    // Five blocks with data, then three more, so that all five are indexed (3 confirmations).
    const orphanBuys = [await buy('1.5'), await buy('0.2')];
    created = await createPoolOnDevnet(clients(), { version: 'v2', tokenA: DEMO, tokenB: devnetAddresses.usdt });
    await transferDemo(demoAccounts[0]!, demoAccounts[2]!, 5n * 10n ** 18n);
    orphanBuys.push(await buy('0.7'));
    await mine(CONFIRMATIONS);
    const orphanHead = await head();
    await catchUp();
    expect(rollbacks).toEqual([]);

    // What the orphaned blocks produced, before the reorganisation.
    const orphanEvents = await db()
      .select()
      .from(poolEvents)
      .where(
        inArray(
          poolEvents.txHash,
          orphanBuys.map((h) => h.toLowerCase()),
        ),
      );
    expect(orphanEvents.length).toBe(3);
    const orphanTriggers = await db().select().from(alertTriggers).where(gt(alertTriggers.blockNumber, fork));
    expect(orphanTriggers.map((t) => t.alertId)).toContain(largeSwapAlert);
    expect(orphanTriggers.map((t) => t.alertId)).toContain(priceAlert);
    const found = await db().select().from(discoveredPools).where(eq(discoveredPools.projectId, projectId));
    expect(found.map((p) => p.poolAddress.toLowerCase())).toContain(created.address.toLowerCase());
    // The user has read the new-pool notice: it will be withdrawn with a note, not silently.
    const [poolNotice] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), sql`${notifications.message} like ${`%${created.address}%`}`));
    expect(poolNotice).toBeDefined();
    poolNoticeId = poolNotice!.id;
    await db().update(notifications).set({ isRead: true }).where(eq(notifications.id, poolNoticeId));

    // Every block after the fork is replaced (8 > 3 confirmations): one different buy and a transfer.
    await rollback(Number(orphanHead - fork));
    const replacementBuy = await buy('2.5');
    await transferDemo(demoAccounts[3]!, demoAccounts[1]!, 3n * 10n ** 18n);
    await mine(Number(orphanHead - fork));
    expect(await head()).toBeGreaterThan(orphanHead);

    const seen = await catchUp();
    expect(seen.length).toBe(1);
    const rolled = seen[0]!;
    expect(rolled.forkBlock).toBeLessThanOrEqual(fork);
    expect(rolled.forkBlock).toBeGreaterThan(fork - 10n);
    expect(rolled.events).toBeGreaterThanOrEqual(3);
    expect(rolled.alertTriggers).toBe(orphanTriggers.length);
    expect(rolled.discoveredPools).toBe(1);

    // Events and price points: exactly the new chain's.
    expect(
      await db()
        .select()
        .from(poolEvents)
        .where(
          inArray(
            poolEvents.txHash,
            orphanBuys.map((h) => h.toLowerCase()),
          ),
        ),
    ).toEqual([]);
    expect(
      (await db().select().from(poolEvents).where(eq(poolEvents.txHash, replacementBuy.toLowerCase()))).length,
    ).toBe(1);
    const { to } = await expectEventsMatchChain();
    expect(to).toBe(await safeBlock());
    await expectPricePointsMatchChain(fork - 50n, to);

    // Alerts: the orphaned firings are gone, counters agree, and the new chain's large buy fired.
    const left = await db()
      .select()
      .from(alertTriggers)
      .where(
        inArray(
          alertTriggers.id,
          orphanTriggers.map((t) => t.id),
        ),
      );
    expect(left).toEqual([]);
    await expectAlertsMatchChain();
    const firings = await db().select().from(alertTriggers).where(eq(alertTriggers.alertId, largeSwapAlert));
    expect(firings.map((t) => t.values.tx_hash)).toContain(replacementBuy.toLowerCase());
  }, 120_000);

  it('restores holder balances and the holder count: balanceOf of every address, at the indexed block', async () => {
    expect(rollbacks.at(-1)!.holderBalances).toBeGreaterThan(0);
    await expectHoldersMatchChain();
    // The daily history ends with the restored count, not the orphaned one.
    const [sync] = await db()
      .select()
      .from(tokenHolderSync)
      .where(eq(tokenHolderSync.tokenAddress, DEMO.toLowerCase()));
    const [last] = await db()
      .select()
      .from(tokenHolderDaily)
      .where(eq(tokenHolderDaily.tokenAddress, DEMO.toLowerCase()))
      .orderBy(desc(tokenHolderDaily.day))
      .limit(1);
    expect(last!.holderCount).toBe(sync!.holderCount);
  }, 120_000);

  it('withdraws the pool found in an orphaned block, and replaces its read notice with a note', async () => {
    expect(await db().select().from(discoveredPools).where(eq(discoveredPools.projectId, projectId))).toEqual([]);
    expect(await db().select().from(notifications).where(eq(notifications.id, poolNoticeId))).toEqual([]);
    const notes = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), sql`${notifications.title} like 'Withdrawn:%'`));
    expect(notes.some((n) => n.message.includes(created.address))).toBe(true);
    expect(await clients().public.getCode({ address: created.address })).toBeUndefined();
  }, 120_000);
});

describe('a chain that is only shorter for now', () => {
  it('is neither a match nor a mismatch until its new blocks come, then it is rolled back', async () => {
    const before = rollbacks.length;
    const tip = await head();
    const stored = (await db().select().from(poolEvents)).length;
    // Deeper than the confirmations and no new block yet: the newest recorded blocks are missing,
    // as they are on a node that lags behind a load balancer.
    await rollback(CONFIRMATIONS + 2);
    expect(await guard.check()).toBeNull();
    expect((await db().select().from(poolEvents)).length).toBe(stored);

    const newBuy = await buy('0.4');
    await mine(Number(tip - (await head())) + 1);
    expect(await catchUp()).toHaveLength(1);
    expect(rollbacks.length).toBe(before + 1);
    expect((await db().select().from(poolEvents).where(eq(poolEvents.txHash, newBuy.toLowerCase()))).length).toBe(1);
    await expectEventsMatchChain();
    await expectHoldersMatchChain();
    await expectAlertsMatchChain();
  }, 120_000);
});

describe('the recorded hashes and the holder journal', () => {
  it('stay within the window of 256 blocks below the safe head', async () => {
    await buy('0.1');
    await mine(400);
    await catchUp();
    await buy('0.1');
    await mine(CONFIRMATIONS);
    await catchUp();
    await tick(); // the check that prunes
    const safe = await safeBlock();
    const [blocks] = await queryRows<{ low: string | null; n: string }>(
      db(),
      sql`select min(block_number)::text as low, count(*)::text as n from indexed_blocks`,
    );
    expect(BigInt(blocks!.low!)).toBeGreaterThan(safe - 256n - 10n);
    expect(Number(blocks!.n)).toBeLessThan(300);
    const [journal] = await queryRows<{ low: string | null }>(
      db(),
      sql`select min(block_number)::text as low from holder_balance_journal`,
    );
    expect(BigInt(journal!.low!)).toBeGreaterThan(safe - 256n - 10n);
  }, 120_000);
});
