import type { Alert } from '@tokendesk/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { alerts, pools, projects } from '../../src/db/schema';
import { encodeCursor } from '../../src/lib/cursor';
import { createTestContext, devnetChain, signUp, type TestContext, requester } from '../helpers';

/**
 * Server-side paging of GET projects/alerts/ (product §11, decision 0026): next_cursor walks every
 * alert exactly once, newest first with the id as tie-break; q filters on the pool label
 * 'PROJECT/PAIR - DEX' (the DEX by its registry name too), pool on one pool; malformed cursors and
 * limits answer 400; another user's alerts never appear. Alerts are inserted directly, several
 * within one millisecond and several sharing one created_at, so the cursor must carry microseconds
 * and the id.
 */

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;
let n = 0;
const address = () => `0xa1e7${(++n).toString(16).padStart(36, '0')}`;
/** [project name, symbol, paired symbol, dex id] of each pool; two alerts per pool. */
const poolShapes = [
  ['Alpha Coin', 'ALP', 'WETH', 'uniswap-v2'],
  ['Nova Swap', 'NOVA', 'USDC', 'uniswap-v3'],
  ['Lunar Labs', 'LUNA', 'WETH', 'uniswap-v3'],
  ['Zen Finance', 'ZEN', 'USDT', 'uniswap-v2'],
  ['Orbit Cash', 'ORB', 'USDC', 'uniswap-v2'],
] as const;
const ownerPoolIds: number[] = [];
let otherPoolId = 0;

/** 2026-01-01 plus `us` microseconds. */
const at = (us: number) => sql`timestamptz '2026-01-01T00:00:00Z' + ${us}::bigint * interval '1 microsecond'`;

async function seed(userId: number, label: string, poolIds: number[] | null) {
  let k = 0;
  for (const [name, symbol, paired, dexId] of poolShapes) {
    const [project] = await ctx.app.db
      .insert(projects)
      .values({
        userId,
        networkId: 31337,
        contractAddress: address(),
        name: `${name} ${label}`,
        tokenSymbol: symbol,
        tokenDecimal: 18,
      })
      .returning({ id: projects.id });
    const [pool] = await ctx.app.db
      .insert(pools)
      .values({
        projectId: project!.id,
        userId,
        networkId: 31337,
        dexId,
        tokenId: paired.toLowerCase(),
        pairedTokenAddress: address(),
        pairedTokenSymbol: paired,
        pairedTokenName: paired,
        pairedTokenDecimals: 18,
        poolAddress: address(),
        poolVersion: dexId.endsWith('v3') ? 'v3' : 'v2',
        fee: null,
        projectIsToken0: true,
      })
      .returning({ id: pools.id });
    poolIds?.push(pool!.id);
    for (let j = 0; j < 2; j++) {
      const [alert] = await ctx.app.db
        .insert(alerts)
        .values({ userId, poolId: pool!.id, kind: 'large_swap', minAmount: String(k + 1), cooldownMinutes: 60 })
        .returning({ id: alerts.id });
      // 0, 1, 2 µs … within one millisecond; alerts 4 and 5 and alerts 8 and 9 share their instant.
      const us = k === 5 ? 4 : k === 9 ? 8 : k;
      await ctx.app.db.execute(sql`update alerts set created_at = ${at(us)} where id = ${alert!.id}`);
      k++;
    }
  }
}

const request = requester(() => ctx.app);
const get = (token: string, url: string) => request(token, 'GET', url);

interface AlertPage {
  alerts: Alert[];
  next_cursor: string | null;
}

/** Follows next_cursor from the first page to the last; every page at most `limit` rows. */
async function walk(token: string, url: string, limit: number): Promise<{ rows: Alert[]; pages: number }> {
  const rows: Alert[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const sep = url.includes('?') ? '&' : '?';
    const res = await get(token, `${url}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as AlertPage;
    expect(body.alerts.length).toBeLessThanOrEqual(limit);
    rows.push(...body.alerts);
    cursor = body.next_cursor;
    pages++;
    if (cursor) expect(body.alerts).toHaveLength(limit);
  } while (cursor && pages < 100);
  return { rows, pages };
}

/** The screen's order, from the database itself. */
async function orderOf(userId: number, where = sql`true`): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    ctx.app.db,
    sql`select a.id from alerts a join pools p on p.id = a.pool_id join projects j on j.id = p.project_id
      where a.user_id = ${userId} and ${where} order by a.created_at desc, a.id desc`,
  );
  return rows.map((r) => Number(r.id));
}

beforeAll(async () => {
  // The devnet registry names the DEX in labels ('Uniswap V3'); no chain call is made.
  ctx = await createTestContext({}, { chain: devnetChain() });
  [owner, other] = await Promise.all([signUp(ctx.app), signUp(ctx.app)]);
  await seed(owner.userId, 'mine', ownerPoolIds);
  const otherPools: number[] = [];
  await seed(other.userId, 'theirs', otherPools);
  otherPoolId = otherPools[0]!;
});

afterAll(async () => {
  await ctx?.close();
});

describe('projects/alerts/ pages', () => {
  it('walks every alert exactly once, newest first, at any page size', async () => {
    const expected = await orderOf(owner.userId);
    expect(expected).toHaveLength(poolShapes.length * 2);
    for (const limit of [1, 2, 3, 4, 5, 10, 50]) {
      const { rows, pages } = await walk(owner.token, 'projects/alerts/', limit);
      expect(rows.map((a) => a.id)).toEqual(expected);
      expect(pages).toBe(Math.max(1, Math.ceil(expected.length / limit)));
    }
  });

  it('defaults to 50 per page, answers next_cursor null on the last page and keeps each row’s label', async () => {
    const body = (await get(owner.token, 'projects/alerts/')).json() as AlertPage;
    expect(body.alerts.map((a) => a.id)).toEqual(await orderOf(owner.userId));
    expect(body.next_cursor).toBeNull();
    const labels = new Set(body.alerts.map((a) => a.label));
    expect(labels).toEqual(
      new Set([
        'ALP/WETH - Uniswap V2',
        'NOVA/USDC - Uniswap V3',
        'LUNA/WETH - Uniswap V3',
        'ZEN/USDT - Uniswap V2',
        'ORB/USDC - Uniswap V2',
      ]),
    );
  });

  it('q filters on the pool label (project name or symbol, pair, DEX by id or name), case-insensitively, across pages', async () => {
    const cases: [string, ReturnType<typeof sql>][] = [
      ['luNA', sql`(j.name ilike '%luna%' or j.token_symbol ilike '%luna%')`],
      ['nova swap', sql`j.name ilike '%nova swap%'`],
      ['usdc', sql`p.paired_token_symbol = 'USDC'`],
      ['alp/weth', sql`j.token_symbol = 'ALP' and p.paired_token_symbol = 'WETH'`],
      // The registry's name 'Uniswap V3': the column holds 'uniswap-v3', so only the name can match.
      ['swap v3', sql`p.dex_id = 'uniswap-v3'`],
      ['UNISWAP-V2', sql`p.dex_id = 'uniswap-v2'`],
      // LIKE wildcards are matched literally.
      ['%', sql`false`],
      ['nothing like this', sql`false`],
    ];
    for (const [q, where] of cases) {
      const expected = await orderOf(owner.userId, where);
      const { rows } = await walk(owner.token, `projects/alerts/?q=${encodeURIComponent(q)}`, 2);
      expect(
        rows.map((a) => a.id),
        q,
      ).toEqual(expected);
      if (q !== '%' && q !== 'nothing like this') expect(expected.length, q).toBeGreaterThan(0);
    }
    // 'theirs' is in the other user's project names only.
    expect((await get(owner.token, 'projects/alerts/?q=theirs')).json()).toEqual({ alerts: [], next_cursor: null });
  });

  it('pool keeps one pool’s alerts, also with q, and refuses another user’s pool like a missing one', async () => {
    const poolId = ownerPoolIds[2]!;
    const { rows } = await walk(owner.token, `projects/alerts/?pool=${poolId}`, 1);
    expect(rows.map((a) => a.id)).toEqual(await orderOf(owner.userId, sql`a.pool_id = ${poolId}`));
    expect(rows).toHaveLength(2);
    expect(rows.every((a) => a.pool_id === poolId)).toBe(true);
    expect((await get(owner.token, `projects/alerts/?pool=${poolId}&q=usdt`)).json()).toEqual({
      alerts: [],
      next_cursor: null,
    });
    const foreign = await get(owner.token, `projects/alerts/?pool=${otherPoolId}`);
    const missing = await get(owner.token, 'projects/alerts/?pool=2147483647');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
  });

  it('never shows another user’s alerts, even with their cursor', async () => {
    const theirs = (await get(other.token, 'projects/alerts/?limit=3')).json() as AlertPage;
    expect(theirs.next_cursor).not.toBeNull();
    const ownIds = new Set(await orderOf(owner.userId));
    expect(theirs.alerts.some((a) => ownIds.has(a.id))).toBe(false);
    const { rows } = await walk(owner.token, 'projects/alerts/', 3);
    expect(rows.every((a) => ownerPoolIds.includes(a.pool_id))).toBe(true);
    // The other user's cursor in the owner's request pages the owner's list from that point.
    const page = (
      await get(owner.token, `projects/alerts/?limit=50&cursor=${encodeURIComponent(theirs.next_cursor!)}`)
    ).json() as AlertPage;
    expect(page.alerts.every((a) => ownIds.has(a.id))).toBe(true);
  });

  it('answers 400 on a malformed cursor or limit', async () => {
    const bad = [
      'cursor=not-base64!',
      `cursor=${encodeCursor(['x', 1])}`,
      `cursor=${encodeCursor(['1', 2 ** 31])}`,
      `cursor=${encodeCursor(['-1', 1])}`,
      `cursor=${encodeCursor(['1'])}`,
      `cursor=${'A'.repeat(201)}`,
      'limit=0',
      'limit=201',
      'limit=1.5',
      'limit=abc',
      'limit=1e2',
      'pool=0',
      'pool=abc',
      `q=${'x'.repeat(101)}`,
    ];
    for (const query of bad) {
      const res = await get(owner.token, `projects/alerts/?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
    const res = await get(owner.token, `projects/alerts/?cursor=${encodeCursor(['x', 1])}`);
    expect(res.json().errors).toEqual([
      { field: 'cursor', message: 'Invalid cursor. Start again from the first page.' },
    ]);
  });

  it('needs a credential', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/projects/alerts/?limit=5' })).statusCode).toBe(401);
  });
});
