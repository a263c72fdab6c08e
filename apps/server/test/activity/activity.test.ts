import {
  activityCsvColumns,
  type ActivityEvent,
  type ActivityPage,
  type Pool,
  type PriceHistory,
  type PriceItem,
} from '@tokendesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { getAddress } from 'viem';
import { REAL_NETWORKS } from '../../src/chain/networks';
import { indexedPools, poolEvents, pools, poolSnapshots, projects, type PoolRow } from '../../src/db/schema';
import { PER_POOL_SCAN_MAX } from '../../src/features/activity/repository';
import { EXPORT_CHUNK } from '../../src/features/activity/routes';
import { isStale } from '../../src/features/pools/presenter';
import { percentChange, priceFromAmounts, priceFromSqrt } from '../../src/market/pool-view';
import { bearer, createTestContext, devnetChain, signUp, type TestContext, requester, type Method } from '../helpers';
import { createPool } from '../support/factories';
import { parseCsv } from '../support/csv';

/**
 * Activity of the user's pools from stored events. Events are inserted as the indexer stores
 * them (signed amounts from the pool's point of view, lower-case pool address): no chain needed.
 */

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  ctx = await createTestContext({}, { chain: devnetChain() });
  [owner, other] = await Promise.all([signUp(ctx.app), signUp(ctx.app)]);
});
afterAll(async () => {
  await ctx.close();
});

const NET = 31337;
const E18 = 10n ** 18n;
const E6 = 10n ** 6n;
let addressCounter = 0;
const newAddress = () => `0x${(0xabc000 + ++addressCounter).toString(16).padStart(40, '0')}`;
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

async function seedProject(userId: number, symbol = 'DEMO', decimals = 18) {
  const [row] = await ctx.app.db
    .insert(projects)
    .values({
      userId,
      networkId: NET,
      contractAddress: newAddress(),
      name: `${symbol} project`,
      tokenSymbol: symbol,
      tokenDecimal: decimals,
    })
    .returning();
  return row!;
}

const seedPool = (
  userId: number,
  projectId: number,
  opts: {
    address?: string;
    projectIsToken0: boolean;
    pairedSymbol?: string;
    pairedDecimals?: number;
    dexId?: string;
    networkId?: number;
  },
) =>
  createPool(ctx.app.db, userId, {
    projectId,
    networkId: opts.networkId ?? NET,
    dexId: opts.dexId ?? 'uniswap-v2',
    tokenId: 'usdc',
    pairedTokenAddress: newAddress(),
    pairedTokenSymbol: opts.pairedSymbol ?? 'USDC',
    pairedTokenName: 'USD Coin',
    pairedTokenDecimals: opts.pairedDecimals ?? 6,
    // Stored lower case like every address (decision 0027); the API answers it checksummed.
    poolAddress: opts.address ?? newAddress(),
    projectIsToken0: opts.projectIsToken0,
  });

let txCounter = 0;
type EventSpec = {
  type: 'swap' | 'mint' | 'burn';
  amount0: bigint;
  amount1: bigint;
  block: number;
  logIndex?: number;
  time?: Date;
  networkId?: number;
};
async function seedEvents(poolAddress: string, specs: EventSpec[]) {
  const rows = specs.map((s) => ({
    networkId: s.networkId ?? NET,
    poolAddress: poolAddress.toLowerCase(),
    txHash: hash(++txCounter),
    logIndex: s.logIndex ?? 0,
    blockNumber: BigInt(s.block),
    blockTime: s.time ?? new Date(Date.UTC(2025, 0, 1) + s.block * 12_000),
    type: s.type,
    amount0: s.amount0.toString(),
    amount1: s.amount1.toString(),
    sqrtPriceX96: null,
  }));
  for (let i = 0; i < rows.length; i += 2000) await ctx.app.db.insert(poolEvents).values(rows.slice(i, i + 2000));
}

const request = requester(() => ctx.app);
const call = (token: string, url: string, method: Method = 'GET') => request(token, method, url);

async function page(token: string, query: string): Promise<ActivityPage> {
  const res = await call(token, `projects/activity/?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ActivityPage;
}

/** Every event of a query, following next_cursor. */
async function all(token: string, query: string, limit: number): Promise<ActivityEvent[]> {
  const events: ActivityEvent[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 1000; guard++) {
    const p: ActivityPage = await page(
      token,
      `${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(p.events.length).toBeLessThanOrEqual(limit);
    events.push(...p.events);
    if (!p.next_cursor) return events;
    expect(p.events.length).toBe(limit);
    cursor = p.next_cursor;
  }
  throw new Error('paging did not end');
}

describe('activity kinds, amounts and prices', () => {
  it('derives buy/sell from the project side for both token orders, and skips empty events', async () => {
    const user = await signUp(ctx.app);
    const project = await seedProject(user.userId, 'DEMO', 18);
    // project = token0 (18 dec), paired = token1 (6 dec)
    const p0 = await seedPool(user.userId, project.id, { projectIsToken0: true });
    // project = token1 (18 dec), paired = token0 (6 dec)
    const p1 = await seedPool(user.userId, project.id, { projectIsToken0: false, pairedSymbol: 'USDT' });
    await seedEvents(p0.poolAddress, [
      { type: 'swap', amount0: -100n * E18, amount1: 250n * E6, block: 10, logIndex: 1 }, // project out → buy @2.5
      { type: 'swap', amount0: 40n * E18, amount1: -80n * E6, block: 11, logIndex: 1 }, // project in → sell @2
      { type: 'mint', amount0: 10n * E18, amount1: 30n * E6, block: 12, logIndex: 1 },
      { type: 'burn', amount0: -5n * E18, amount1: -15n * E6, block: 13, logIndex: 1 },
      { type: 'burn', amount0: 0n, amount1: 0n, block: 14, logIndex: 1 }, // V3 collect: nothing
    ]);
    await seedEvents(p1.poolAddress, [
      { type: 'swap', amount0: 300n * E6, amount1: -100n * E18, block: 10, logIndex: 2 }, // project (token1) out → buy @3
      { type: 'swap', amount0: -50n * E6, amount1: 25n * E18, block: 11, logIndex: 2 }, // project in → sell @2
      { type: 'mint', amount0: 1n * E6, amount1: 1n * E18, block: 12, logIndex: 2 },
      { type: 'burn', amount0: -1n * E6, amount1: -1n * E18, block: 13, logIndex: 2 },
      { type: 'burn', amount0: 0n, amount1: 0n, block: 14, logIndex: 2 },
    ]);

    const { events, next_cursor } = await page(user.token, 'limit=50');
    expect(next_cursor).toBeNull();
    const summary = events.map((e) => [
      e.pool_id,
      e.block_number,
      e.kind,
      e.amount_project_token,
      e.amount_token,
      e.price,
    ]);
    expect(summary).toEqual([
      [p1.id, '13', 'remove_liquidity', '1', '1', '1'],
      [p0.id, '13', 'remove_liquidity', '5', '15', '3'],
      [p1.id, '12', 'add_liquidity', '1', '1', '1'],
      [p0.id, '12', 'add_liquidity', '10', '30', '3'],
      [p1.id, '11', 'sell', '25', '50', '2'],
      [p0.id, '11', 'sell', '40', '80', '2'],
      [p1.id, '10', 'buy', '100', '300', '3'],
      [p0.id, '10', 'buy', '100', '250', '2.5'],
    ]);
    const first = events[0]!;
    expect(first).toMatchObject({
      log_index: 2,
      occurred_at: new Date(Date.UTC(2025, 0, 1) + 13 * 12_000).toISOString(),
    });
    expect(first.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);

    // The kind filter is applied in SQL, so it pages like the unfiltered list.
    for (const [kind, expected] of [
      ['buy', ['10', '10']],
      ['sell', ['11', '11']],
      ['add_liquidity', ['12', '12']],
      ['remove_liquidity', ['13', '13']],
    ] as const) {
      const got = await all(user.token, `kind=${kind}`, 1);
      expect(
        got.map((e) => e.block_number),
        kind,
      ).toEqual(expected);
      expect(new Set(got.map((e) => e.kind))).toEqual(new Set([kind]));
    }
    expect((await all(user.token, `kind=buy&pool=${p1.id}`, 1)).map((e) => e.amount_token)).toEqual(['300']);
  });

  it('gives each of the user’s pools on one address its own rows', async () => {
    const user = await signUp(ctx.app);
    const demo = await seedProject(user.userId, 'DEMO');
    const usdc = await seedProject(user.userId, 'USDX', 6);
    const address = newAddress();
    // One pool contract, tracked from both of its tokens' projects: one side's buy is the other's sell.
    const fromDemo = await seedPool(user.userId, demo.id, { address, projectIsToken0: true });
    const fromUsdx = await seedPool(user.userId, usdc.id, {
      address,
      projectIsToken0: false,
      pairedSymbol: 'DEMO',
      pairedDecimals: 18,
    });
    await seedEvents(address, [{ type: 'swap', amount0: -2n * E18, amount1: 4n * E6, block: 50, logIndex: 3 }]);
    const { events } = await page(user.token, '');
    expect(events.map((e) => [e.pool_id, e.kind])).toEqual([
      [fromUsdx.id, 'sell'],
      [fromDemo.id, 'buy'],
    ]);
    expect(events[0]!.id).toBe(events[1]!.id);
    // Each row names its own pool as the alert rows do, from the row's join (not the pools list).
    expect(events.map((e) => e.pool_label)).toEqual(['USDX/DEMO - Uniswap V2', 'DEMO/USDC - Uniswap V2']);
    // Paging one at a time still visits both rows of the one event.
    expect((await all(user.token, '', 1)).map((e) => e.pool_id)).toEqual([fromUsdx.id, fromDemo.id]);
    expect((await page(user.token, `project=${usdc.id}`)).events.map((e) => e.pool_id)).toEqual([fromUsdx.id]);
  });
});

describe('activity paging', () => {
  let user: Awaited<ReturnType<typeof signUp>>;
  let projectA: Awaited<ReturnType<typeof seedProject>>;
  let projectB: Awaited<ReturnType<typeof seedProject>>;
  let poolA: Awaited<ReturnType<typeof seedPool>>;
  let poolB: Awaited<ReturnType<typeof seedPool>>;
  let poolC: Awaited<ReturnType<typeof seedPool>>;
  beforeAll(async () => {
    user = await signUp(ctx.app);
    projectA = await seedProject(user.userId, 'AAA');
    projectB = await seedProject(user.userId, 'BBB');
    poolA = await seedPool(user.userId, projectA.id, { projectIsToken0: true });
    poolB = await seedPool(user.userId, projectA.id, { projectIsToken0: false });
    // Another network: its blocks and log indexes collide with the first network's.
    poolC = await seedPool(user.userId, projectB.id, { projectIsToken0: true, networkId: 8453 });
    const specs = (n: number, offset: number, networkId = NET): EventSpec[] =>
      Array.from({ length: n }, (_, i) => ({
        type: i % 3 === 0 ? 'mint' : 'swap',
        amount0: (i % 2 === 0 ? -1n : 1n) * BigInt(i + 1) * E18,
        amount1: (i % 2 === 0 ? 1n : -1n) * BigInt(i + 1) * E6,
        // Several events per block, so the log index decides within a block.
        block: 1000 + Math.floor(i / 4),
        logIndex: (i % 4) * 3 + offset,
        networkId,
      }));
    await seedEvents(poolA.poolAddress, specs(70, 0));
    await seedEvents(poolB.poolAddress, specs(50, 1));
    await seedEvents(poolC.poolAddress, specs(30, 0, 8453));
  });

  const sortKey = (e: ActivityEvent) => [BigInt(e.block_number), e.log_index, e.id, e.pool_id] as const;
  function expectNewestFirst(events: ActivityEvent[]) {
    for (let i = 1; i < events.length; i++) {
      const [b0, l0, i0, p0] = sortKey(events[i - 1]!);
      const [b1, l1, i1, p1] = sortKey(events[i]!);
      const descending = b0 > b1 || (b0 === b1 && (l0 > l1 || (l0 === l1 && (i0 > i1 || (i0 === i1 && p0 > p1)))));
      expect(descending, `row ${i}`).toBe(true);
    }
  }

  it('pages through everything once, newest first, for any page size', async () => {
    const whole = await all(user.token, '', 200);
    expect(whole).toHaveLength(150);
    expectNewestFirst(whole);
    for (const size of [1, 7, 50]) {
      const paged = await all(user.token, '', size);
      expect(
        paged.map((e) => `${e.pool_id}:${e.id}`),
        `limit ${size}`,
      ).toEqual(whole.map((e) => `${e.pool_id}:${e.id}`));
    }
    // The default page is 50.
    const first = await page(user.token, '');
    expect(first.events).toHaveLength(50);
    expect(first.next_cursor).toEqual(expect.any(String));
  });

  it('keeps a cursor stable while new events arrive', async () => {
    const first = await page(user.token, 'limit=20');
    // Newer events (a new block) arrive between two page loads.
    await seedEvents(poolA.poolAddress, [
      { type: 'swap', amount0: -E18, amount1: E6, block: 5000, logIndex: 0 },
      { type: 'swap', amount0: -E18, amount1: E6, block: 5000, logIndex: 1 },
    ]);
    const second = await page(user.token, `limit=20&cursor=${encodeURIComponent(first.next_cursor!)}`);
    const before = await all(user.token, '', 200);
    // The new events are on top of a fresh list, and the second page continues exactly after the first.
    expect(before.slice(0, 2).map((e) => e.block_number)).toEqual(['5000', '5000']);
    expect([...first.events, ...second.events].map((e) => `${e.pool_id}:${e.id}`)).toEqual(
      before.slice(2, 42).map((e) => `${e.pool_id}:${e.id}`),
    );
  });

  it('filters by project, pool and kind, paging within the filter', async () => {
    const byProject = await all(user.token, `project=${projectA.id}`, 9);
    expect(new Set(byProject.map((e) => e.pool_id))).toEqual(new Set([poolA.id, poolB.id]));
    expect(byProject).toHaveLength(122);
    const byPool = await all(user.token, `pool=${poolC.id}`, 4);
    expect(byPool).toHaveLength(30);
    expect(byPool.every((e) => e.pool_id === poolC.id)).toBe(true);
    const whole = await all(user.token, '', 200);
    for (const kind of ['buy', 'sell', 'add_liquidity'] as const) {
      const filtered = await all(user.token, `kind=${kind}`, 6);
      expect(
        filtered.map((e) => `${e.pool_id}:${e.id}`),
        kind,
      ).toEqual(whole.filter((e) => e.kind === kind).map((e) => `${e.pool_id}:${e.id}`));
      expectNewestFirst(filtered);
    }
    expect((await page(user.token, `project=${projectB.id}&pool=${poolA.id}`)).events).toEqual([]);
  });

  it('refuses bad cursors and bad filters', async () => {
    for (const cursor of [
      'garbage',
      Buffer.from('[1,2]').toString('base64url'),
      Buffer.from('["x",1,1,1]').toString('base64url'),
    ]) {
      const res = await call(user.token, `projects/activity/?cursor=${cursor}`);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().errors[0].field).toBe('cursor');
    }
    for (const q of ['limit=0', 'limit=201', 'kind=transfer', 'project=abc']) {
      expect((await call(user.token, `projects/activity/?${q}`)).statusCode, q).toBe(400);
    }
    expect((await call(user.token, 'projects/activity/?project=999999')).statusCode).toBe(404);
    expect((await call(user.token, 'projects/activity/?pool=999999')).statusCode).toBe(404);
  });

  it('never shows another user’s events, and their project and pool filters answer 404', async () => {
    const theirs = await page(other.token, 'limit=200');
    const mine = new Set([poolA.id, poolB.id, poolC.id]);
    expect(theirs.events.some((e) => mine.has(e.pool_id))).toBe(false);
    for (const q of [`project=${projectA.id}`, `pool=${poolA.id}`, `pool=${poolC.id}&kind=buy`]) {
      const res = await call(other.token, `projects/activity/?${q}`);
      expect(res.statusCode, q).toBe(404);
      const csv = await call(
        other.token,
        `projects/activity/export/?${q}&from=2025-01-01T00:00:00Z&to=2025-06-01T00:00:00Z`,
      );
      expect(csv.statusCode, q).toBe(404);
    }
    // The same pool address tracked by the other user shows their own rows only.
    const theirProject = await seedProject(other.userId, 'OTH');
    const theirPool = await seedPool(other.userId, theirProject.id, {
      address: poolA.poolAddress.toLowerCase(),
      projectIsToken0: true,
    });
    const seen = await all(other.token, '', 200);
    expect(seen).toHaveLength(72);
    expect(seen.every((e) => e.pool_id === theirPool.id)).toBe(true);
  });
});

describe('activity of a user with more pools than the per-pool query takes', () => {
  // Above PER_POOL_SCAN_MAX pools the list is one ordered scan of all events (decision 0010); with a
  // project filter of fewer pools it is the per-pool query. Both must give the same rows in the same order.
  let user: Awaited<ReturnType<typeof signUp>>;
  let projectX: Awaited<ReturnType<typeof seedProject>>;
  let projectY: Awaited<ReturnType<typeof seedProject>>;
  let shared: PoolRow;
  beforeAll(async () => {
    user = await signUp(ctx.app);
    projectX = await seedProject(user.userId, 'XXX');
    projectY = await seedProject(user.userId, 'YYY');
    const mine: PoolRow[] = [];
    for (let i = 0; i < PER_POOL_SCAN_MAX - 20; i++)
      mine.push(await seedPool(user.userId, projectX.id, { projectIsToken0: i % 2 === 0 }));
    for (let i = 0; i < 30; i++)
      mine.push(
        await seedPool(user.userId, projectY.id, { projectIsToken0: i % 2 === 1, networkId: i % 3 === 0 ? 8453 : NET }),
      );
    // One address in both projects (two rows per event), and tracked by another user too.
    shared = mine[0]!;
    await seedPool(user.userId, projectY.id, { address: shared.poolAddress.toLowerCase(), projectIsToken0: false });
    const theirProject = await seedProject(other.userId, 'OTX');
    await seedPool(other.userId, theirProject.id, { address: shared.poolAddress.toLowerCase(), projectIsToken0: true });
    // Events nobody here tracks are skipped by the scan.
    await seedEvents(
      newAddress(),
      Array.from({ length: 40 }, (_, i) => ({ type: 'swap' as const, amount0: -E18, amount1: E6, block: 2000 + i })),
    );
    let k = 0;
    for (const pool of mine) {
      await seedEvents(
        pool.poolAddress,
        Array.from({ length: 4 }, (_, i) => {
          k++;
          return {
            type: (k % 5 === 0 ? 'mint' : k % 7 === 0 ? 'burn' : 'swap') as EventSpec['type'],
            amount0: k % 11 === 0 ? 0n : (k % 2 === 0 ? -1n : 1n) * BigInt(k) * E18,
            amount1: k % 11 === 0 ? 0n : (k % 2 === 0 ? 1n : -1n) * BigInt(k) * E6,
            block: 2000 + ((k * 13) % 50),
            logIndex: i,
            networkId: pool.networkId,
          };
        }),
      );
    }
  });

  const ids = (events: ActivityEvent[]) => events.map((e) => `${e.pool_id}:${e.id}`);
  const order = (a: ActivityEvent, b: ActivityEvent) => {
    const ka = [BigInt(a.block_number), BigInt(a.log_index), BigInt(a.id), BigInt(a.pool_id)];
    const kb = [BigInt(b.block_number), BigInt(b.log_index), BigInt(b.id), BigInt(b.pool_id)];
    for (let i = 0; i < 4; i++) if (ka[i] !== kb[i]) return ka[i]! > kb[i]! ? -1 : 1;
    return 0;
  };

  it('lists the same rows as the per-project (per-pool) queries, merged, in any page size', async () => {
    const byX = await all(user.token, `project=${projectX.id}`, 200);
    const byY = await all(user.token, `project=${projectY.id}`, 200);
    const expected = [...byX, ...byY].sort(order);
    // 4 events per pool, the zero-amount ones skipped, the shared address listed once per pool row.
    expect(byX.length + byY.length).toBeGreaterThan(PER_POOL_SCAN_MAX * 3);
    expect(byY.filter((e) => e.pool_id !== shared.id && byX.some((x) => x.id === e.id))).toHaveLength(
      byX.filter((e) => e.pool_id === shared.id).length,
    );
    for (const size of [200, 7]) expect(ids(await all(user.token, '', size)), `limit ${size}`).toEqual(ids(expected));
    // The merged scan labels each row by its own pool too: the shared address once per project.
    expect(new Set(byX.map((e) => e.pool_label))).toEqual(new Set(['XXX/USDC - Uniswap V2']));
    expect(new Set(byY.map((e) => e.pool_label))).toEqual(new Set(['YYY/USDC - Uniswap V2']));
    const labelOf = new Map(expected.map((e) => [e.pool_id, e.pool_label]));
    expect((await all(user.token, '', 200)).every((e) => e.pool_label === labelOf.get(e.pool_id))).toBe(true);
    for (const kind of ['buy', 'sell', 'add_liquidity', 'remove_liquidity'] as const) {
      expect(ids(await all(user.token, `kind=${kind}`, 9)), kind).toEqual(ids(expected.filter((e) => e.kind === kind)));
    }
  });

  it('exports the same rows as it lists', async () => {
    const listed = await all(user.token, '', 200);
    const res = await call(user.token, 'projects/activity/export/?from=2025-01-01T00:00:00Z&to=2025-06-01T00:00:00Z');
    expect(res.statusCode).toBe(200);
    const lines = res.body.trim().split('\r\n').slice(1);
    expect(lines.map((l) => l.split(',')[2])).toEqual(listed.map((e) => e.tx_hash));
  });
});

describe('CSV export', () => {
  const from = '2025-01-01T00:00:00.000Z';
  const to = '2025-03-01T00:00:00Z';

  it('streams more than 10,000 rows in chunks of EXPORT_CHUNK, as fast as the client reads', async () => {
    const user = await signUp(ctx.app);
    const project = await seedProject(user.userId, 'BIG');
    const pool = await seedPool(user.userId, project.id, { projectIsToken0: true });
    const N = 12_345;
    const start = Date.UTC(2025, 0, 2);
    await seedEvents(
      pool.poolAddress,
      Array.from({ length: N }, (_, i) => ({
        type: 'swap' as const,
        amount0: i % 2 ? E18 : -E18,
        amount1: i % 2 ? -2n * E6 : 2n * E6,
        block: 100_000 + i,
        time: new Date(start + i * 1000),
      })),
    );
    // One event outside the range on each side.
    await seedEvents(pool.poolAddress, [
      { type: 'swap', amount0: E18, amount1: -E6, block: 10, time: new Date(Date.UTC(2024, 11, 31, 23, 59, 59)) },
      { type: 'swap', amount0: E18, amount1: -E6, block: 999_999, time: new Date(to) },
    ]);

    const queries: number[] = [];
    const execute = ctx.app.db.execute.bind(ctx.app.db);
    vi.spyOn(ctx.app.db, 'execute').mockImplementation(((query: Parameters<typeof execute>[0]) => {
      queries.push(performance.now());
      return execute(query);
    }) as typeof execute);

    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/projects/activity/export/?pool=${pool.id}&from=${from}&to=${to}`,
      headers: { authorization: bearer(user.token) },
      payloadAsStream: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="tokendesk-activity-20250101T000000Z-20250301T000000Z.csv"',
    );
    // Streamed: no length known up front.
    expect(res.headers['content-length']).toBeUndefined();

    // Take the first bytes, then stop reading: a pull-based export stops querying too.
    const reader = res.stream()[Symbol.asyncIterator]();
    const first = await reader.next();
    expect(first.done).toBe(false);
    await new Promise((r) => setTimeout(r, 300));
    const queriesWhilePaused = queries.length;
    expect(queriesWhilePaused).toBeGreaterThanOrEqual(1);
    expect(queriesWhilePaused).toBeLessThanOrEqual(3);
    let body = Buffer.from(first.value as Buffer).toString('utf8');
    for (let next = await reader.next(); !next.done; next = await reader.next())
      body += Buffer.from(next.value as Buffer).toString('utf8');
    vi.restoreAllMocks();
    const result = { body };

    const rows = parseCsv(result.body);
    expect(rows[0]).toEqual([...activityCsvColumns]);
    expect(rows).toHaveLength(N + 1);
    expect(rows[1]).toEqual([
      new Date(start + (N - 1) * 1000).toISOString(),
      String(100_000 + N - 1),
      expect.stringMatching(/^0x[0-9a-f]{64}$/),
      '0',
      getAddress(pool.poolAddress),
      'Uniswap V2',
      'buy',
      '1',
      'BIG',
      '2',
      'USDC',
      '2',
      '',
      '2',
    ]);
    expect(rows[2]![6]).toBe('sell');
    expect(rows.at(-1)!.slice(0, 2)).toEqual([new Date(start).toISOString(), '100000']);
    expect(rows.at(-1)![6]).toBe('buy');
    // Pages of EXPORT_CHUNK rows (one more round trip finds the end), made as the client read.
    expect(queries.length).toBe(Math.floor(N / EXPORT_CHUNK) + 1);
  });

  it('escapes commas, quotes, line breaks and spreadsheet formulas', async () => {
    const user = await signUp(ctx.app);
    const project = await seedProject(user.userId, 'A,"B"\nC');
    const pool = await seedPool(user.userId, project.id, {
      projectIsToken0: false,
      pairedSymbol: '=HYPERLINK("x")',
      dexId: 'my,dex',
    });
    await seedEvents(pool.poolAddress, [
      { type: 'mint', amount0: 123_456n, amount1: 5n * E18 + 1n, block: 77, time: new Date('2025-02-01T10:00:00Z') },
    ]);
    const res = await call(user.token, `projects/activity/export/?from=${from}&to=${to}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('"A,""B""\nC"');
    const rows = parseCsv(res.body);
    expect(rows).toHaveLength(2);
    const row = Object.fromEntries(activityCsvColumns.map((c, i) => [c, rows[1]![i]]));
    expect(row).toMatchObject({
      time: '2025-02-01T10:00:00.000Z',
      block: '77',
      dex: 'my,dex',
      kind: 'add_liquidity',
      amount_project_token: '5.000000000000000001',
      project_symbol: 'A,"B"\nC',
      amount_token: '0.123456',
      token_symbol: `'=HYPERLINK("x")`,
    });
  });

  it('needs a valid range of at most 366 days, and filters like the list', async () => {
    const bad: [string, string][] = [
      ['', 'from'],
      [`from=${from}`, 'to'],
      [`from=${to}&to=${from}`, 'to'],
      [`from=${from}&to=${from}`, 'to'],
      ['from=2024-01-01T00:00:00Z&to=2025-01-02T00:00:01Z', 'to'],
      ['from=yesterday&to=today', 'from'],
    ];
    for (const [q, field] of bad) {
      const res = await call(owner.token, `projects/activity/export/?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().errors[0].field, q).toBe(field);
    }
    const ok = await call(
      owner.token,
      'projects/activity/export/?from=2024-01-01T00:00:00Z&to=2025-01-01T00:00:00Z&kind=sell',
    );
    expect(ok.statusCode).toBe(200);
    expect(parseCsv(ok.body)).toEqual([[...activityCsvColumns]]);
  });
});

describe('funds: 24 h figures and price history from stored data', () => {
  const devnet = inject('devnet');
  const a = devnet.addresses;
  let user: Awaited<ReturnType<typeof signUp>>;
  let wethPool: PoolRow;
  let usdcPool: PoolRow;
  let demoProject: { id: number };

  const api = (token: string, url: string) => call(token, url);
  const fund = async (id: number) => {
    const res = await api(user.token, `projects/user/pools/funds/${id}/`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Pool;
  };
  /** Raw reserves in the pool's token order from the project and paired amounts. */
  const reserves = (pool: PoolRow, projectRaw: bigint, pairedRaw: bigint) =>
    pool.projectIsToken0
      ? { reserve0: projectRaw.toString(), reserve1: pairedRaw.toString() }
      : { reserve0: pairedRaw.toString(), reserve1: projectRaw.toString() };
  const HOUR = 3_600_000;
  /** The price a snapshot of these project and paired amounts gives, from the pool's side. */
  const snapshotPrice = (pool: PoolRow, projectDecimals: number, projectRaw: bigint, pairedRaw: bigint) =>
    priceFromAmounts(
      { projectIsToken0: pool.projectIsToken0, projectDecimals, pairedDecimals: pool.pairedTokenDecimals },
      projectRaw,
      pairedRaw,
    );
  async function snapshot(
    pool: PoolRow,
    agoMs: number,
    block: number,
    projectRaw: bigint,
    pairedRaw: bigint,
    bucketAgoMs = agoMs,
  ) {
    const time = new Date(Date.now() - agoMs);
    const bucket = new Date(Math.floor((Date.now() - bucketAgoMs) / 60_000) * 60_000);
    await ctx.app.db.insert(poolSnapshots).values({
      networkId: NET,
      poolAddress: pool.poolAddress.toLowerCase(),
      bucket,
      blockNumber: BigInt(block),
      blockTime: time,
      ...reserves(pool, projectRaw, pairedRaw),
      sqrtPriceX96: null,
    });
  }

  beforeAll(async () => {
    user = await signUp(ctx.app);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/projects/create/',
      headers: { authorization: bearer(user.token) },
      payload: { network: NET, contract_address: a.demo, name: 'Demo', token_symbol: 'DEMO', token_decimal: 18 },
    });
    expect(created.statusCode, created.body).toBe(201);
    demoProject = created.json();
    for (const [token, address] of [
      ['weth', a.pools.demoWethV2],
      ['usdc', a.pools.demoUsdcV2],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/projects/pool/${demoProject.id}/`,
        headers: { authorization: bearer(user.token) },
        payload: { dex: 'uniswap-v2', token, pool_address: address },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const rows = await ctx.app.db.select().from(pools).where(eq(pools.userId, user.userId));
    wethPool = rows.find((r) => r.pairedTokenSymbol === 'WETH')!;
    usdcPool = rows.find((r) => r.pairedTokenSymbol === 'USDC')!;
  });

  it('without history: change and volume unknown, reserves live and fresh', async () => {
    const f = await fund(wethPool.id);
    expect(f.price).toMatch(/^\d+(\.\d+)?$/);
    expect(f.change_24h).toBeNull();
    expect(f.volume_24h).toBeNull();
    expect(f.pool_funds).toMatchObject({ stale: false, block_number: expect.any(String) });
  });

  it('change_24h compares the last snapshot at or before 24 h ago with the current price', async () => {
    // Only 23 h of history: not enough.
    await snapshot(wethPool, 23 * HOUR, 700, 100n * E18, 800n * E18);
    expect((await fund(wethPool.id)).change_24h).toBeNull();
    // 30 h ago at 4, 25 h ago at 2: the base is the one just before the cutoff.
    await snapshot(wethPool, 30 * HOUR, 500, 100n * E18, 400n * E18);
    await snapshot(wethPool, 25 * HOUR, 600, 100n * E18, 200n * E18);
    const f = await fund(wethPool.id);
    const expected = percentChange('2', f.price);
    expect(expected).not.toBeNull();
    expect(f.change_24h).toBe(expected);
    // Every answer that carries a price carries the same change.
    const prices = (await api(user.token, 'projects/pool/prices/')).json() as PriceItem[];
    expect(prices.find((p) => p.pool_id === wethPool.id)).toMatchObject({ price: f.price, change_24h: expected });
    const projectPools = (await api(user.token, `projects/${demoProject.id}/pools/`)).json() as Pool[];
    expect(projectPools.find((p) => p.id === wethPool.id)?.change_24h).toBe(expected);
    const list = ((await api(user.token, 'projects/user/pools/funds/')).json() as { pools: Pool[] }).pools;
    expect(list.find((p) => p.id === wethPool.id)?.change_24h).toBe(expected);
    // The other pool of the same project has no history of its own.
    expect(list.find((p) => p.id === usdcPool.id)?.change_24h).toBeNull();
  });

  it('a Uniswap V3 pool takes its 24 h base from its last swap at or before 24 h ago when no snapshot is newer', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/projects/create/',
      headers: { authorization: bearer(user.token) },
      payload: { network: NET, contract_address: a.smpl, name: 'Sample', token_symbol: 'SMPL', token_decimal: 9 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const attached = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/projects/pool/${created.json().id}/`,
      headers: { authorization: bearer(user.token) },
      payload: { dex: 'uniswap-v3', token: 'weth', pool_address: a.pools.smplWethV3 },
    });
    expect(attached.statusCode, attached.body).toBe(201);
    const v3 = (await ctx.app.db.select().from(pools).where(eq(pools.id, attached.json().id)))[0]!;
    const address = v3.poolAddress;
    await ctx.app.db
      .insert(indexedPools)
      .values({ networkId: NET, poolAddress: address, version: 'v3', fromBlock: 1n, toBlock: 2000n });
    expect((await fund(v3.id)).change_24h).toBeNull();

    const Q96 = 2n ** 96n;
    const swapAt = (block: number, agoMs: number, sqrtPriceX96: bigint) => ({
      networkId: NET,
      poolAddress: address,
      txHash: `0x${'ab'.repeat(28)}${block.toString(16).padStart(8, '0')}`,
      logIndex: 0,
      blockNumber: BigInt(block),
      blockTime: new Date(Date.now() - agoMs),
      type: 'swap' as const,
      amount0: '1000',
      amount1: '-1',
      sqrtPriceX96: sqrtPriceX96.toString(),
    });
    // A snapshot 28 h ago, and swaps 30 h, 25 h and 2 h ago: the base is the swap 25 h ago, the last
    // price at or before the cutoff; the one 2 h ago is inside the day.
    await snapshot(v3, 28 * HOUR, 1900, 10n ** 9n, 10n ** 18n);
    await ctx.app.db
      .insert(poolEvents)
      .values([swapAt(1880, 30 * HOUR, Q96 / 3n), swapAt(1920, 25 * HOUR, Q96 / 5n), swapAt(1990, 2 * HOUR, Q96 / 7n)]);
    const side = { projectIsToken0: v3.projectIsToken0, projectDecimals: 9, pairedDecimals: v3.pairedTokenDecimals };
    const f = await fund(v3.id);
    const expected = percentChange(priceFromSqrt(side, Q96 / 5n), f.price);
    expect(expected).not.toBeNull();
    expect(f.change_24h).toBe(expected);
    // A snapshot newer than that swap (still before the cutoff) is the base again.
    await snapshot(v3, 24 * HOUR + 10 * 60_000, 1950, 10n ** 9n, 3n * 10n ** 18n);
    const g = await fund(v3.id);
    expect(g.change_24h).toBe(percentChange(snapshotPrice(v3, 9, 10n ** 9n, 3n * 10n ** 18n), g.price));
  });

  it('volume_24h sums the paired legs of the last 24 h of swaps once the indexer covers the pool', async () => {
    const address = wethPool.poolAddress;
    const ago = (ms: number) => new Date(Date.now() - ms);
    const paired = (raw: bigint) =>
      wethPool.projectIsToken0 ? { amount0: 0n, amount1: raw } : { amount0: raw, amount1: 0n };
    const leg = (projectRaw: bigint, pairedRaw: bigint) =>
      wethPool.projectIsToken0
        ? { amount0: projectRaw, amount1: pairedRaw }
        : { amount0: pairedRaw, amount1: projectRaw };
    await seedEvents(address, [
      { type: 'swap', ...leg(-10n * E18, 15n * 10n ** 17n), block: 650, time: ago(3 * HOUR) }, // 1.5 in
      { type: 'swap', ...leg(20n * E18, -225n * 10n ** 16n), block: 651, time: ago(2 * HOUR) }, // 2.25 out
      { type: 'swap', ...leg(1n, -1n), block: 652, time: ago(HOUR) }, // 1 wei
      { type: 'mint', ...paired(7n * E18), block: 653, time: ago(HOUR) }, // not a swap
      { type: 'swap', ...leg(-E18, 9n * E18), block: 590, time: ago(25 * HOUR) }, // too old
    ]);
    // Events are there, but the indexer has not marked the pool as covered: unknown.
    expect((await fund(wethPool.id)).volume_24h).toBeNull();
    await ctx.app.db
      .insert(indexedPools)
      .values({ networkId: NET, poolAddress: address.toLowerCase(), version: 'v2', fromBlock: 1n, toBlock: null });
    expect((await fund(wethPool.id)).volume_24h).toBeNull();
    await ctx.app.db
      .update(indexedPools)
      .set({ toBlock: 700n })
      .where(eq(indexedPools.poolAddress, address.toLowerCase()));
    expect((await fund(wethPool.id)).volume_24h).toBe('3.750000000000000001');
    // Covered but quiet in the last 24 h (its only swap is older, and it has no snapshot to bound
    // the blocks by): zero, not unknown.
    await seedEvents(usdcPool.poolAddress, [
      { type: 'swap', amount0: 5n * E6, amount1: -E18, block: 640, time: ago(24 * HOUR + 60_000) },
    ]);
    await ctx.app.db.insert(indexedPools).values({
      networkId: NET,
      poolAddress: usdcPool.poolAddress.toLowerCase(),
      version: 'v2',
      fromBlock: 1n,
      toBlock: 700n,
    });
    const list = ((await api(user.token, 'projects/user/pools/')).json() as { pools: Pool[] }).pools;
    expect(list.find((p) => p.id === usdcPool.id)?.volume_24h).toBe('0');
    // The list without chain reads has no price and so no change, but it has the volume.
    expect(list.find((p) => p.id === wethPool.id)).toMatchObject({
      pool_funds: null,
      price: null,
      change_24h: null,
      volume_24h: '3.750000000000000001',
    });
  });

  it('history: snapshots of the range, oldest first, one per block, priced from the user’s side', async () => {
    const E6n = E6;
    await snapshot(usdcPool, 40 * 24 * HOUR, 100, 100n * E18, 100n * E6n); // 1
    await snapshot(usdcPool, 10 * 24 * HOUR, 800, 100n * E18, 300n * E6n); // 3
    await snapshot(usdcPool, 3 * 24 * HOUR, 900, 100n * E18, 250n * E6n); // 2.5
    await snapshot(usdcPool, 2 * HOUR, 1001, 100n * E18, 150n * E6n); // 1.5
    // An idle chain: the same block read in two minute buckets is one point.
    await snapshot(usdcPool, 90 * 60_000, 1002, 80n * E18, 100n * E6n); // 1.25
    await snapshot(usdcPool, 90 * 60_000, 1002, 80n * E18, 100n * E6n, 89 * 60_000);
    const history = async (range: string) => {
      const res = await api(
        user.token,
        `projects/user/pools/funds/${usdcPool.id}/history/${range ? `?range=${range}` : ''}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as PriceHistory;
    };
    const day = await history('24h');
    expect(day.range).toBe('24h');
    expect(day.points).toEqual([
      {
        time: expect.any(String),
        block_number: '1001',
        price: '1.5',
        amount_token: '150',
        amount_project_token: '100',
      },
      {
        time: expect.any(String),
        block_number: '1002',
        price: '1.25',
        amount_token: '100',
        amount_project_token: '80',
      },
    ]);
    expect(new Date(day.points[0]!.time).getTime()).toBeLessThan(new Date(day.points[1]!.time).getTime());
    expect((await history('')).points).toEqual(day.points);
    expect((await history('7d')).points.map((p) => p.price)).toEqual(['2.5', '1.5', '1.25']);
    expect((await history('30d')).points.map((p) => p.price)).toEqual(['3', '2.5', '1.5', '1.25']);
    expect((await api(user.token, `projects/user/pools/funds/${usdcPool.id}/history/?range=1y`)).statusCode).toBe(400);
    // A pool without snapshots has an empty history, not an error.
    const none = await signUp(ctx.app);
    const p = await seedProject(none.userId);
    const empty = await seedPool(none.userId, p.id, { projectIsToken0: true });
    expect((await api(none.token, `projects/user/pools/funds/${empty.id}/history/?range=30d`)).json()).toEqual({
      range: '30d',
      points: [],
    });
  });

  it('another user gets 404 on the history and never sees the figures', async () => {
    for (const id of [usdcPool.id, wethPool.id, 999_999]) {
      expect((await api(other.token, `projects/user/pools/funds/${id}/history/`)).statusCode).toBe(404);
      expect((await api(other.token, `projects/user/pools/funds/${id}/`)).statusCode).toBe(404);
    }
  });

  it('stale: figures older than 3 poll intervals of their network', () => {
    const now = Date.now();
    const ethereum = REAL_NETWORKS.find((n) => n.id === 1)!;
    const devnetConfig = ctx.app.chain.registry.get(NET)!;
    const read = (blockAgo: number, fetchedAgo: number) => ({
      state: null,
      blockNumber: 1n,
      blockTime: new Date(now - blockAgo),
      fetchedAt: now - fetchedAgo,
    });
    const limit = 3 * ethereum.pollIntervalMs;
    expect(isStale(ethereum, read(limit - 1000, 0), now)).toBe(false);
    expect(isStale(ethereum, read(limit + 1000, 0), now)).toBe(true);
    expect(isStale(ethereum, read(0, limit + 1000), now)).toBe(true);
    // The devnet mines on demand: an old head is normal there, an old read is not.
    expect(isStale(devnetConfig, read(24 * HOUR, 0), now)).toBe(false);
    expect(isStale(devnetConfig, read(0, 3 * devnetConfig.pollIntervalMs + 1000), now)).toBe(true);
    expect(isStale(ethereum, null, now)).toBe(true);
  });
});
