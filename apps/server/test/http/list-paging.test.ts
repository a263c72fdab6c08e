import type { Pool, PriceItem, Project } from '@tokendesk/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { pools, projects } from '../../src/db/schema';
import { encodeCursor } from '../../src/lib/cursor';
import { createTestContext, signUp, type TestContext, requester } from '../helpers';

/**
 * Server-side paging of the list routes (product §11, decision 0026): projects/, user/pools/funds/ and
 * user/pools/ walk every row exactly once in the screen's order (newest first, id as tie-break)
 * with next_cursor, filter with q and project, refuse malformed cursors and limits, and never show
 * another user's rows. Rows are inserted directly, several within one millisecond and several with
 * the same created_at, so the cursor must carry microseconds and the id.
 */

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;
let n = 0;
const address = () => `0x7e58${(++n).toString(16).padStart(36, '0')}`;
const names = [
  'Alpha Coin',
  'Nova Swap',
  'Lunar Labs',
  'alpha dao',
  'Zen Finance',
  'Orbit Cash',
  'ALPHA Protocol',
  'Echo',
  'Helix',
  'Ion Chain',
  'Pixel',
];
const ownerProjectIds: number[] = [];
const ownerPoolIds: number[] = [];

/** 2026-01-01 plus `us` microseconds: several rows share a millisecond, two share the instant. */
const at = (us: number) => sql`timestamptz '2026-01-01T00:00:00Z' + ${us}::bigint * interval '1 microsecond'`;

async function seed(userId: number, into: { projects: number[]; pools: number[] } | null, label: string) {
  for (const [i, name] of names.entries()) {
    // 0, 1, 2 µs … within one millisecond; 5 and 6 share the same created_at.
    const us = i === 6 ? 5 : i;
    const [project] = await ctx.app.db
      .insert(projects)
      .values({
        userId,
        networkId: 31337,
        contractAddress: address(),
        name: `${name} ${label}`,
        tokenSymbol: name.slice(0, 3).toUpperCase() + i,
        tokenDecimal: 18,
        createdAt: new Date(0),
      })
      .returning({ id: projects.id });
    await ctx.app.db.execute(sql`update projects set created_at = ${at(us)} where id = ${project!.id}`);
    into?.projects.push(project!.id);
    // Three pools per project (WETH, USDC, USDT), 33 in all.
    for (const [k, paired] of (['WETH', 'USDC', 'USDT'] as const).entries()) {
      const [pool] = await ctx.app.db
        .insert(pools)
        .values({
          projectId: project!.id,
          userId,
          networkId: 31337,
          dexId: k === 2 ? 'sushiswap-v2' : 'uniswap-v2',
          tokenId: paired.toLowerCase(),
          pairedTokenAddress: address(),
          pairedTokenSymbol: paired,
          pairedTokenName: paired,
          pairedTokenDecimals: 18,
          poolAddress: address(),
          poolVersion: 'v2',
          fee: null,
          projectIsToken0: true,
          createdAt: new Date(0),
        })
        .returning({ id: pools.id });
      // Pools of a project share its instant in pairs: ties broken by id.
      await ctx.app.db.execute(
        sql`update pools set created_at = ${at(100 + i * 2 + (k === 2 ? 1 : 0))} where id = ${pool!.id}`,
      );
      into?.pools.push(pool!.id);
    }
  }
}

const request = requester(() => ctx.app);
const get = (token: string, url: string) => request(token, 'GET', url);

/** Follows next_cursor from the first page to the last; every page at most `limit` rows. */
async function walk<T extends { id: number }>(
  token: string,
  url: string,
  key: 'projects' | 'pools',
  limit: number,
): Promise<{ ids: number[]; pages: number }> {
  const ids: number[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const sep = url.includes('?') ? '&' : '?';
    const res = await get(token, `${url}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Record<typeof key, T[]> & { next_cursor: string | null };
    expect(body[key].length).toBeLessThanOrEqual(limit);
    ids.push(...body[key].map((r) => r.id));
    cursor = body.next_cursor;
    pages++;
    if (cursor) expect(body[key]).toHaveLength(limit);
  } while (cursor && pages < 100);
  return { ids, pages };
}

/** The screen's order, from the database itself. */
async function orderOf(table: 'projects' | 'pools', userId: number, where = sql`true`): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    ctx.app.db,
    sql`select id from ${sql.identifier(table)} where user_id = ${userId} and ${where} order by created_at desc, id desc`,
  );
  return rows.map((r) => Number(r.id));
}

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await signUp(ctx.app);
  other = await signUp(ctx.app);
  await seed(owner.userId, { projects: ownerProjectIds, pools: ownerPoolIds }, 'mine');
  await seed(other.userId, null, 'theirs');
});

afterAll(async () => {
  await ctx?.close();
});

describe('projects/ pages', () => {
  it('walks every project exactly once, newest first, at any page size', async () => {
    const expected = await orderOf('projects', owner.userId);
    expect(expected).toHaveLength(names.length);
    for (const limit of [1, 2, 3, 4, 11, 50]) {
      const { ids, pages } = await walk<Project>(owner.token, 'projects/', 'projects', limit);
      expect(ids).toEqual(expected);
      expect(pages).toBe(Math.max(1, Math.ceil(names.length / limit)));
    }
  });

  it('defaults to 50 per page and answers next_cursor null on the last page', async () => {
    const body = (await get(owner.token, 'projects/')).json() as { projects: Project[]; next_cursor: string | null };
    expect(body.projects.map((p) => p.id)).toEqual(await orderOf('projects', owner.userId));
    expect(body.next_cursor).toBeNull();
  });

  it('filters by name, symbol or address, case-insensitively, and pages the filtered list', async () => {
    const alpha = await orderOf('projects', owner.userId, sql`name ilike '%alpha%'`);
    expect(alpha).toHaveLength(3);
    expect((await walk<Project>(owner.token, 'projects/?q=ALPHA', 'projects', 2)).ids).toEqual(alpha);
    const bySymbol = (await get(owner.token, 'projects/?q=zen4')).json() as { projects: Project[] };
    expect(bySymbol.projects.map((p) => p.token_symbol)).toEqual(['ZEN4']);
    const some = (await get(owner.token, 'projects/?limit=1')).json() as { projects: Project[] };
    const addr = some.projects[0]!.contract_address;
    const byAddress = (await get(owner.token, `projects/?q=${addr.slice(-10).toUpperCase()}`)).json() as {
      projects: Project[];
    };
    expect(byAddress.projects.map((p) => p.id)).toEqual([some.projects[0]!.id]);
    // LIKE wildcards are literal.
    expect(((await get(owner.token, 'projects/?q=%25')).json() as { projects: Project[] }).projects).toEqual([]);
  });

  it("never shows another user's projects", async () => {
    const { ids } = await walk<Project>(other.token, 'projects/', 'projects', 4);
    expect(ids).toHaveLength(names.length);
    expect(ids.some((id) => ownerProjectIds.includes(id))).toBe(false);
    const mine = (await get(other.token, 'projects/?q=mine')).json() as { projects: Project[] };
    expect(mine.projects).toEqual([]);
  });
});

describe('user/pools/funds/ and user/pools/ pages', () => {
  for (const route of ['projects/user/pools/funds/', 'projects/user/pools/']) {
    it(`${route} walks every pool exactly once, newest first`, async () => {
      const expected = await orderOf('pools', owner.userId);
      expect(expected).toHaveLength(names.length * 3);
      for (const limit of [1, 5, 7, 33, 200])
        expect((await walk<Pool>(owner.token, route, 'pools', limit)).ids).toEqual(expected);
    });

    it(`${route} filters by project and by q, and pages the result`, async () => {
      const project = ownerProjectIds[3]!;
      expect((await walk<Pool>(owner.token, `${route}?project=${project}`, 'pools', 2)).ids).toEqual(
        await orderOf('pools', owner.userId, sql`project_id = ${project}`),
      );
      expect((await walk<Pool>(owner.token, `${route}?q=usdc`, 'pools', 4)).ids).toEqual(
        await orderOf('pools', owner.userId, sql`paired_token_symbol = 'USDC'`),
      );
      expect((await walk<Pool>(owner.token, `${route}?q=SUSHI`, 'pools', 4)).ids).toEqual(
        await orderOf('pools', owner.userId, sql`dex_id = 'sushiswap-v2'`),
      );
      // The project token's symbol, within one project's pools.
      const both = (await get(owner.token, `${route}?q=nov&project=${ownerProjectIds[1]}`)).json() as { pools: Pool[] };
      expect(both.pools.map((p) => p.id).sort()).toEqual(ownerPoolIds.slice(3, 6).sort());
      const none = (await get(owner.token, `${route}?q=nov&project=${ownerProjectIds[0]}`)).json() as {
        pools: Pool[];
        next_cursor: null;
      };
      expect(none).toEqual({ pools: [], next_cursor: null });
    });

    it(`${route}: another user's project filter answers 404, and their pools never appear`, async () => {
      const res = await get(other.token, `${route}?project=${ownerProjectIds[0]}`);
      expect(res.statusCode).toBe(404);
      const { ids } = await walk<Pool>(other.token, route, 'pools', 10);
      expect(ids).toHaveLength(names.length * 3);
      expect(ids.some((id) => ownerPoolIds.includes(id))).toBe(false);
    });
  }

  it('funds answers pool_funds (the live shape), user/pools/ does not read the chain', async () => {
    const funds = (await get(owner.token, 'projects/user/pools/funds/?limit=2')).json() as { pools: Pool[] };
    expect(funds.pools[0]!.pool_funds).not.toBeNull();
    const plain = (await get(owner.token, 'projects/user/pools/?limit=2')).json() as { pools: Pool[] };
    expect(plain.pools[0]!.pool_funds).toBeNull();
  });
});

describe('malformed paging input answers 400', () => {
  const routes = ['projects/', 'projects/user/pools/funds/', 'projects/user/pools/'];
  const badCursors = [
    'not a cursor',
    'abc',
    encodeCursor(['1', 2, 3]),
    encodeCursor([1, 2]),
    encodeCursor(['-1', 2]),
    encodeCursor(['99999999999999999999', 2]),
    encodeCursor(['1', 2 ** 31]),
    Buffer.from('{"a":1}').toString('base64url'),
  ];
  for (const route of routes) {
    it(`${route}: bad cursors and limits`, async () => {
      for (const cursor of badCursors) {
        const res = await get(owner.token, `${route}?cursor=${encodeURIComponent(cursor)}`);
        expect(res.statusCode, cursor).toBe(400);
        expect(res.body).toContain('cursor');
      }
      for (const limit of ['0', '201', '-1', '1.5', 'x', '']) {
        expect((await get(owner.token, `${route}?limit=${limit}`)).statusCode, limit).toBe(400);
      }
      expect((await get(owner.token, `${route}?q=${'a'.repeat(101)}`)).statusCode).toBe(400);
    });
  }
});

describe('capped lists', () => {
  it('pool/prices/ answers the newest 50 by default, at most 200', async () => {
    const prices = (await get(owner.token, 'projects/pool/prices/')).json() as PriceItem[];
    expect(prices.map((p) => p.pool_id)).toEqual((await orderOf('pools', owner.userId)).slice(0, 50));
    expect(
      ((await get(owner.token, 'projects/pool/prices/?limit=5')).json() as PriceItem[]).map((p) => p.pool_id),
    ).toEqual((await orderOf('pools', owner.userId)).slice(0, 5));
    expect((await get(owner.token, 'projects/pool/prices/?limit=201')).statusCode).toBe(400);
  });

  it('projects/{id}/pools/ answers at most 200 pools, the newest', async () => {
    const project = ownerProjectIds[0]!;
    await ctx.app.db
      .execute(sql`insert into pools (project_id, user_id, network_id, dex_id, token_id, paired_token_address, paired_token_symbol, paired_token_name,
        paired_token_decimals, pool_address, pool_version, project_is_token0, created_at)
      select ${project}, ${owner.userId}, 31337, 'uniswap-v2', 'weth', '0x7e59' || lpad(to_hex(i), 36, '0'), 'WETH', 'WETH', 18, '0x7e5a' || lpad(to_hex(i), 36, '0'), 'v2', true,
        timestamptz '2026-02-01T00:00:00Z' + i * interval '1 second'
      from generate_series(1, 205) i`);
    const res = await get(owner.token, `projects/${project}/pools/`);
    expect(res.statusCode).toBe(200);
    const list = res.json() as Pool[];
    expect(list.map((p) => p.id)).toEqual(
      (await orderOf('pools', owner.userId, sql`project_id = ${project}`)).slice(0, 200),
    );
  });
});
