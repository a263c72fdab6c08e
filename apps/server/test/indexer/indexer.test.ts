import { devnetClients, swapOnDevnet, demoAccounts } from '@tokendesk/devchain';
import { and, eq, sql } from 'drizzle-orm';
import { decodeEventLog, parseAbi, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alerts,
  alertTriggers,
  indexedPools,
  indexerCheckpoints,
  notifications,
  poolEvents,
  pools,
  poolSnapshots,
  projects,
} from '../../src/db/schema';
import { NetworkIndexer } from '../../src/indexer/indexer';
import { insertPoolEvents, upsertSnapshots } from '../../src/indexer/store';
import { eventView, poolSide } from '../../src/market/pool-view';
import { bearer, createTestContext, devnetChain, signUp, type TestContext } from '../helpers';
import { claimSharedChain, type SharedChain } from '@tokendesk/testkit/shared-chain';

// The shared devnet, claimed for writing: this file swaps, burns liquidity and moves chain time,
// all undone by the revert at the end (evm_revert restores the chain's clock too).
let devnet: SharedChain;
let ctx: TestContext;
let user: Awaited<ReturnType<typeof signUp>>;
let demoWethPoolId: number;
let smplWethPoolId: number;
const a = () => devnet.addresses;

const pairAbi = parseAbi([
  'event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)',
  'event Mint(address indexed sender, uint256 amount0, uint256 amount1)',
  'event Burn(address indexed sender, uint256 amount0, uint256 amount1, address indexed to)',
  'function balanceOf(address) view returns (uint256)',
  'function transfer(address, uint256) returns (bool)',
  'function burn(address) returns (uint256, uint256)',
]);

function newIndexer(options: ConstructorParameters<typeof NetworkIndexer>[3] = {}) {
  const chain = ctx.app.chain;
  return new NetworkIndexer(ctx.database.db, chain, chain.registry.get(31337)!, options);
}

async function catchUp(indexer = newIndexer()) {
  let fired = 0;
  for (let i = 0; i < 50; i++) {
    const r = await indexer.tick();
    fired += r.alertsFired;
    if (r.caughtUp) return fired;
  }
  throw new Error('indexer did not catch up');
}

const eventsOf = (address: Address) =>
  ctx.database.db
    .select()
    .from(poolEvents)
    .where(eq(poolEvents.poolAddress, address.toLowerCase()))
    .orderBy(poolEvents.blockNumber, poolEvents.logIndex);

async function chainLogCount(address: Address): Promise<number> {
  const clients = devnetClients(devnet.rpcUrl);
  const logs = await clients.public.getLogs({ address, fromBlock: 0n, toBlock: 'latest' });
  return logs.filter((l) => {
    try {
      const e = decodeEventLog({ abi: pairAbi, topics: l.topics, data: l.data });
      return ['Swap', 'Mint', 'Burn'].includes(e.eventName);
    } catch {
      return false;
    }
  }).length;
}

const swap = (pool: 'demo-weth' | 'smpl-weth', side: 'buy' | 'sell', amount: string, from = demoAccounts[0]!) =>
  swapOnDevnet(devnetClients(devnet.rpcUrl), { from, pool, side, amount });

async function advanceChainTime(seconds: number) {
  const { test } = devnetClients(devnet.rpcUrl);
  await test.increaseTime({ seconds });
  await test.mine({ blocks: 1 });
}

beforeAll(async () => {
  devnet = await claimSharedChain('indexer.test.ts');
  ctx = await createTestContext({}, { chain: devnetChain({ rpcUrl: devnet.rpcUrl }) });
  user = await signUp(ctx.app);
  const auth = { authorization: bearer(user.token) };
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
  const demo = await create(a().demo, 'DEMO', 18);
  const smpl = await create(a().smpl, 'SMPL', 9);
  const attach = async (projectId: number, dex: string, pool: Address) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/projects/pool/${projectId}/`,
      headers: auth,
      payload: { dex, token: 'weth', pool_address: pool },
    });
    if (res.statusCode !== 201) throw new Error(`attach ${pool}: ${res.statusCode} ${res.body}`);
    return res.json().id as number;
  };
  demoWethPoolId = await attach(demo, 'uniswap-v2', a().pools.demoWethV2);
  smplWethPoolId = await attach(smpl, 'uniswap-v3', a().pools.smplWethV3);
}, 600_000); // includes waiting for the chain-writer lock

afterAll(async () => {
  await ctx?.close();
  await devnet?.release();
});

describe('the pool indexer', () => {
  it('backfills the seeded history: every Swap, Mint and Burn once', async () => {
    await catchUp();
    for (const address of [a().pools.demoWethV2, a().pools.smplWethV3]) {
      const stored = await eventsOf(address);
      const keys = new Set(stored.map((e) => `${e.txHash}:${e.logIndex}`));
      expect(keys.size).toBe(stored.length);
      if (address === a().pools.demoWethV2) expect(stored.length).toBe(await chainLogCount(address));
      expect(stored.filter((e) => e.type === 'swap').length).toBeGreaterThanOrEqual(6);
    }
    // The network checkpoint is the head (the devnet needs no confirmations).
    const [checkpoint] = await ctx.database.db
      .select()
      .from(indexerCheckpoints)
      .where(eq(indexerCheckpoints.networkId, 31337));
    expect(checkpoint!.lastBlock).toBe(await devnetClients(devnet.rpcUrl).public.getBlockNumber({ cacheTime: 0 }));
    // A second pass over everything changes nothing.
    await ctx.database.db.update(indexedPools).set({ toBlock: null });
    await catchUp();
    expect((await eventsOf(a().pools.demoWethV2)).length).toBe(await chainLogCount(a().pools.demoWethV2));
  });

  it('stores a new V2 buy and a V3 sell once, with the right kind, amounts and price', async () => {
    const before = (await eventsOf(a().pools.demoWethV2)).length;
    const buy = await swap('demo-weth', 'buy', '1');
    await catchUp();
    const v2 = await eventsOf(a().pools.demoWethV2);
    expect(v2.length).toBe(before + 1);
    const stored = v2.find((e) => e.txHash === buy.hash.toLowerCase())!;
    const [pool] = await ctx.database.db.select().from(pools).where(eq(pools.id, demoWethPoolId));
    const [project] = await ctx.database.db.select().from(projects).where(eq(projects.id, pool!.projectId));
    const view = eventView(poolSide(pool!, project!), stored)!;
    expect(view.kind).toBe('buy');
    expect(view.pairedRaw).toBe(10n ** 18n); // 1 ETH in
    const swapLog = buy.receipt.logs
      .map((l) => {
        try {
          return decodeEventLog({ abi: pairAbi, topics: l.topics, data: l.data });
        } catch {
          return null;
        }
      })
      .find((e) => e?.eventName === 'Swap');
    const args = swapLog!.args as { amount0Out: bigint; amount1Out: bigint };
    expect(view.projectRaw).toBe(args.amount0Out > 0n ? args.amount0Out : args.amount1Out);
    expect(Number(view.price)).toBeCloseTo(Number(view.pairedRaw) / Number(view.projectRaw), 12);

    const v3Before = (await eventsOf(a().pools.smplWethV3)).length;
    const sell = await swap('smpl-weth', 'sell', '1000');
    await catchUp();
    const v3 = await eventsOf(a().pools.smplWethV3);
    expect(v3.length).toBe(v3Before + 1);
    const [smplPool] = await ctx.database.db.select().from(pools).where(eq(pools.id, smplWethPoolId));
    const [smplProject] = await ctx.database.db.select().from(projects).where(eq(projects.id, smplPool!.projectId));
    const v3View = eventView(poolSide(smplPool!, smplProject!), v3.find((e) => e.txHash === sell.hash.toLowerCase())!)!;
    expect(v3View.kind).toBe('sell');
    expect(v3View.projectRaw).toBe(1000n * 10n ** 9n);
  });

  it('a restart in the middle neither duplicates nor drops events', async () => {
    for (let i = 0; i < 4; i++)
      await swap('demo-weth', i % 2 ? 'sell' : 'buy', i % 2 ? '500' : '0.2', demoAccounts[i % 4]!);
    // One block per tick, and "crash" after two ticks: a new indexer continues from the checkpoint.
    const first = newIndexer({ maxBlocksPerTick: 1n });
    await first.tick();
    await first.tick();
    await catchUp(newIndexer({ maxBlocksPerTick: 2n }));
    const stored = await eventsOf(a().pools.demoWethV2);
    expect(new Set(stored.map((e) => `${e.txHash}:${e.logIndex}`)).size).toBe(stored.length);
    expect(stored.length).toBe(await chainLogCount(a().pools.demoWethV2));
  });
});

describe('alerts', () => {
  async function addAlert(values: Partial<typeof alerts.$inferInsert> & Pick<typeof alerts.$inferInsert, 'kind'>) {
    const [row] = await ctx.database.db
      .insert(alerts)
      .values({ userId: user.userId, poolId: demoWethPoolId, cooldownMinutes: 5, ...values })
      .returning();
    await catchUp(); // sets since_block; nothing new to judge yet
    return row!;
  }
  const triggersOf = (id: number) => ctx.database.db.select().from(alertTriggers).where(eq(alertTriggers.alertId, id));
  const notificationsOf = (id: number) =>
    ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.userId), eq(notifications.navigationUrl, `/alerts/${id}`)));

  it('price move: fires once, is quiet during its cooldown, fires again after it', async () => {
    const alert = await addAlert({ kind: 'price_move', thresholdPct: '2', windowMinutes: 60 });
    await swap('demo-weth', 'buy', '10');
    await catchUp();
    expect(await triggersOf(alert.id)).toHaveLength(1);
    await swap('demo-weth', 'buy', '10');
    await catchUp();
    expect(await triggersOf(alert.id)).toHaveLength(1); // cooldown
    await advanceChainTime(6 * 60);
    await swap('demo-weth', 'sell', '200000');
    await catchUp();
    const triggers = await triggersOf(alert.id);
    expect(triggers).toHaveLength(2);
    expect(triggers[0]!.values).toMatchObject({
      price_from: expect.any(String),
      price_to: expect.any(String),
      change_pct: expect.any(String),
    });
    expect(await notificationsOf(alert.id)).toHaveLength(2);
    const [row] = await ctx.database.db.select().from(alerts).where(eq(alerts.id, alert.id));
    expect(row!.triggerCount).toBe(2);
    await ctx.database.db.update(alerts).set({ isActive: false }).where(eq(alerts.id, alert.id));
  });

  it('large swap: quiet on a small swap, fires on a large one', async () => {
    const alert = await addAlert({ kind: 'large_swap', minAmount: '5' });
    await swap('demo-weth', 'buy', '0.1');
    await catchUp();
    expect(await triggersOf(alert.id)).toHaveLength(0);
    await swap('demo-weth', 'buy', '6');
    await catchUp();
    const triggers = await triggersOf(alert.id);
    expect(triggers).toHaveLength(1);
    expect(Number(triggers[0]!.values.amount_token)).toBeCloseTo(6, 10);
    expect(await notificationsOf(alert.id)).toHaveLength(1);
    await ctx.database.db.update(alerts).set({ isActive: false }).where(eq(alerts.id, alert.id));
  });

  it('liquidity drop: fires on a large removal', async () => {
    const alert = await addAlert({ kind: 'liquidity_drop', thresholdPct: '30', windowMinutes: 60 });
    // The deployer provided the initial liquidity; it removes most of it straight at the pair.
    const { wallet, public: pub } = devnetClients(devnet.rpcUrl);
    const pair = a().pools.demoWethV2;
    const lp = await pub.readContract({ address: pair, abi: pairAbi, functionName: 'balanceOf', args: [a().deployer] });
    expect(lp).toBeGreaterThan(0n);
    const t1 = await wallet.writeContract({
      account: a().deployer,
      chain: null,
      address: pair,
      abi: pairAbi,
      functionName: 'transfer',
      args: [pair, (lp * 9n) / 10n],
    });
    await pub.waitForTransactionReceipt({ hash: t1 });
    const t2 = await wallet.writeContract({
      account: a().deployer,
      chain: null,
      address: pair,
      abi: pairAbi,
      functionName: 'burn',
      args: [a().deployer],
      gas: 3_000_000n,
    }); // fixed: burn's accumulator writes depend on the mined block's time
    await pub.waitForTransactionReceipt({ hash: t2 });
    await catchUp();
    const triggers = await triggersOf(alert.id);
    expect(triggers).toHaveLength(1);
    expect(Number(triggers[0]!.values.drop_pct)).toBeGreaterThanOrEqual(30);
    expect(await notificationsOf(alert.id)).toHaveLength(1);
    // The removal is an event too.
    const events = await eventsOf(pair);
    expect(events.some((e) => e.txHash === t2.toLowerCase() && e.type === 'burn')).toBe(true);
  });

  it('an alert created before its pool is backfilled never fires on that history', async () => {
    const auth = { authorization: bearer(user.token) };
    const projectsList = (await ctx.app.inject({ method: 'GET', url: '/api/v1/projects/', headers: auth })).json()
      .projects as { id: number; token_symbol: string }[];
    const demoProject = projectsList.find((p) => p.token_symbol === 'DEMO')!;
    const attached = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/projects/pool/${demoProject.id}/`,
      headers: auth,
      payload: { dex: 'uniswap-v2', token: 'usdc', pool_address: a().pools.demoUsdcV2 },
    });
    expect(attached.statusCode).toBe(201);
    // The seeded history of DEMO/USDC holds swaps far above 1 USDC.
    const [alert] = await ctx.database.db
      .insert(alerts)
      .values({
        userId: user.userId,
        poolId: attached.json().id,
        kind: 'large_swap',
        minAmount: '1',
        cooldownMinutes: 1,
      })
      .returning();
    await catchUp();
    expect((await eventsOf(a().pools.demoUsdcV2)).filter((e) => e.type === 'swap').length).toBeGreaterThan(0);
    expect(await triggersOf(alert!.id)).toHaveLength(0);
    await swapOnDevnet(devnetClients(devnet.rpcUrl), {
      from: demoAccounts[1]!,
      pool: 'demo-usdc',
      side: 'buy',
      amount: '50',
    });
    await catchUp();
    expect(await triggersOf(alert!.id)).toHaveLength(1);
  });

  it('each firing left exactly one notification, and only for its owner', async () => {
    const triggers = await ctx.database.db.select().from(alertTriggers);
    const mine = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, user.userId));
    expect(mine).toHaveLength(triggers.length);
    const other = await signUp(ctx.app);
    expect(
      await ctx.database.db.select().from(notifications).where(eq(notifications.userId, other.userId)),
    ).toHaveLength(0);
  });
});

describe('the backfill close to its floor (decision 0062)', () => {
  it('answers a new event with only the fields the alert rules read, and nothing for a repeat', async () => {
    const db = ctx.database.db;
    const row = {
      networkId: 31337,
      poolAddress: '0x00000000000000000000000000000000000000aa',
      txHash: `0x${'ab'.repeat(32)}`,
      logIndex: 7,
      blockNumber: 5n,
      blockTime: new Date('2026-01-02T03:04:05Z'),
      type: 'swap' as const,
      amount0: '-12',
      amount1: '34',
      sqrtPriceX96: null,
      trader: null,
    };
    try {
      const first = await db.transaction((tx) => insertPoolEvents(tx, [row]));
      expect(first).toEqual([
        {
          poolAddress: row.poolAddress,
          txHash: row.txHash,
          blockNumber: 5n,
          type: 'swap',
          amount0: '-12',
          amount1: '34',
          sqrtPriceX96: null,
        },
      ]);
      expect(await db.transaction((tx) => insertPoolEvents(tx, [row]))).toEqual([]);
      const [stored] = await db.select().from(poolEvents).where(eq(poolEvents.poolAddress, row.poolAddress));
      expect(stored).toMatchObject({ logIndex: 7, blockTime: row.blockTime, trader: null });
    } finally {
      await db.delete(poolEvents).where(eq(poolEvents.poolAddress, row.poolAddress));
    }
  });

  it("writes a tick's 2,500 pool snapshots in one statement, a later block replacing an earlier one in the same minute and never the reverse", async () => {
    const db = ctx.database.db;
    const bucket = new Date('2026-01-02T03:04:00Z');
    const pool = (i: number) => `0x${(0xbb0000 + i).toString(16).padStart(40, '0')}`;
    const row = (i: number, blockNumber: bigint, reserve0: string) => ({
      networkId: 31337,
      poolAddress: pool(i),
      bucket,
      blockNumber,
      blockTime: new Date(bucket.getTime() + 5_000),
      reserve0,
      reserve1: '7',
      sqrtPriceX96: i % 2 ? null : (2n ** 96n).toString(),
    });
    // Statements counted on the way to the database, whichever query builder sends them.
    let statements = 0;
    const counting = new Proxy(db, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver) as unknown;
        if ((key === 'execute' || key === 'insert') && typeof value === 'function') {
          return (...args: unknown[]) => {
            statements++;
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return value;
      },
    });
    const stored = async () =>
      new Map(
        (
          await db
            .select()
            .from(poolSnapshots)
            .where(sql`${poolSnapshots.poolAddress} like '0x0000000000000000000000000000000000bb%'`)
        ).map((r) => [r.poolAddress, r]),
      );
    try {
      await upsertSnapshots(
        counting,
        Array.from({ length: 2_500 }, (_, i) => row(i, 10n, `${1000 + i}`)),
      );
      expect(statements).toBe(1);
      const first = await stored();
      expect(first.size).toBe(2_500);
      expect(first.get(pool(3))).toMatchObject({
        blockNumber: 10n,
        reserve0: '1003',
        reserve1: '7',
        sqrtPriceX96: null,
        bucket,
      });
      expect(first.get(pool(4))!.sqrtPriceX96).toBe((2n ** 96n).toString());
      // The same minute: block 12 replaces block 10; block 9 (an older answer) does not.
      await upsertSnapshots(db, [row(0, 12n, '1'), row(1, 9n, '2')]);
      const second = await stored();
      expect(second.get(pool(0))).toMatchObject({ blockNumber: 12n, reserve0: '1' });
      expect(second.get(pool(1))).toMatchObject({ blockNumber: 10n, reserve0: '1001' });
    } finally {
      await db
        .delete(poolSnapshots)
        .where(sql`${poolSnapshots.poolAddress} like '0x0000000000000000000000000000000000bb%'`);
    }
  });

  it('stores each slice with its checkpoint while fetching the next: a later failure keeps them, and the next tick resumes after them', async () => {
    const db = ctx.database.db;
    // Forget what was indexed: the next tick backfills the seeded history from scratch.
    await db.execute(sql`delete from pool_events`);
    await db.execute(sql`delete from pool_snapshots`);
    await db.execute(sql`delete from indexed_blocks`);
    await db.execute(sql`delete from indexed_pools`);
    await db.execute(sql`delete from indexer_checkpoints`);
    let getLogs = 0;
    const failing = newIndexer({
      maxRange: 20n,
      onRequest: (method) => {
        if (method === 'eth_getLogs' && ++getLogs === 4) throw new Error('the node went away');
      },
    });
    await expect(failing.tick()).rejects.toThrow('the node went away');
    const [covered] = await db
      .select()
      .from(indexedPools)
      .where(eq(indexedPools.poolAddress, a().pools.demoWethV2.toLowerCase()));
    // Three slices of 20 blocks were stored before the fourth fetch failed.
    expect(covered!.toBlock).toBe(covered!.fromBlock + 59n);
    const stored = await db.select().from(poolEvents);
    expect(stored.every((e) => e.blockNumber <= covered!.toBlock!)).toBe(true);
    await catchUp();
    for (const address of [a().pools.demoWethV2, a().pools.smplWethV3]) {
      const events = await eventsOf(address);
      expect(new Set(events.map((e) => `${e.txHash}:${e.logIndex}`)).size).toBe(events.length);
      if (address === a().pools.demoWethV2) expect(events).toHaveLength(await chainLogCount(address));
      expect(events.filter((e) => e.type === 'swap').length).toBeGreaterThanOrEqual(6);
    }
  });
});
