import type { AlertSummary, Pool, PoolSummary, Project, ProjectSummary } from '@tokendesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, pools, projects } from '../../src/db/schema';
import { bearer, createTestContext, devnetChain, signUp, wethPoolRow, type TestContext, requester } from '../helpers';

/**
 * The dashboard's summary routes answer counts and the first five rows of the full lists, and must
 * agree with them exactly. Rows are inserted directly with distinct creation times; only the funds
 * route reads the chain (the devnet, where these made-up pool addresses hold nothing).
 */

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;
let empty: Awaited<ReturnType<typeof signUp>>;

let n = 0;
// Not 0x00…01–0x00…0a: those are precompiles, and a call to one can burn the whole multicall's gas.
const address = () => `0x7e57${(++n).toString(16).padStart(36, '0')}`;
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

async function seed(userId: number, projectCount: number, poolsPerProject: number, alertSpec: boolean[]) {
  const poolIds: number[] = [];
  for (let p = 0; p < projectCount; p++) {
    const [project] = await ctx.app.db
      .insert(projects)
      .values({
        userId,
        networkId: 31337,
        contractAddress: address(),
        name: `Token ${n}`,
        tokenSymbol: `T${n}`,
        tokenDecimal: 18,
        createdAt: minutesAgo(1000 - p),
      })
      .returning();
    for (let q = 0; q < poolsPerProject; q++) {
      const [pool] = await ctx.app.db
        .insert(pools)
        .values(
          wethPoolRow({
            projectId: project!.id,
            userId,
            networkId: 31337,
            pairedTokenAddress: address(),
            poolAddress: address(),
            createdAt: minutesAgo(500 - poolIds.length),
          }),
        )
        .returning();
      poolIds.push(pool!.id);
    }
  }
  for (const [i, isActive] of alertSpec.entries()) {
    await ctx.app.db.insert(alerts).values({
      userId,
      poolId: poolIds[i % poolIds.length]!,
      kind: 'large_swap',
      minAmount: '1',
      cooldownMinutes: 60,
      isActive,
      createdAt: minutesAgo(100 - i),
    });
  }
}

const request = requester(() => ctx.app);
const get = async <T>(token: string, url: string): Promise<T> => {
  const res = await request(token, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

beforeAll(async () => {
  ctx = await createTestContext({}, { chain: devnetChain() });
  [owner, other, empty] = await Promise.all([signUp(ctx.app), signUp(ctx.app), signUp(ctx.app)]);
  // 7 projects with 2 pools each; 9 alerts, of which 6 active, interleaved so 'first five active' differs from 'first five'.
  await seed(owner.userId, 7, 2, [true, false, true, true, false, true, false, true, true]);
  await seed(other.userId, 2, 1, [true]);
});
afterAll(async () => {
  await ctx.close();
});

describe('dashboard summaries', () => {
  it('projects: the count and the first five of the full list, holder counts included', async () => {
    const summary = await get<ProjectSummary>(owner.token, 'projects/summary/');
    const full = (await get<{ projects: Project[] }>(owner.token, 'projects/')).projects;
    expect(full).toHaveLength(7);
    expect(summary.project_count).toBe(7);
    expect(summary.recent_projects).toEqual(full.slice(0, 5));
  });

  it('pools: the count and the first five of user/pools/, without chain reads', async () => {
    const summary = await get<PoolSummary>(owner.token, 'projects/user/pools/summary/');
    const full = (await get<{ pools: Pool[] }>(owner.token, 'projects/user/pools/')).pools;
    expect(full).toHaveLength(14);
    expect(summary.pool_count).toBe(14);
    expect(summary.latest_pools).toEqual(full.slice(0, 5));
    expect(summary.latest_pools.every((p) => p.pool_funds === null && p.price === null)).toBe(true);
  });

  it('funds with a limit: the first pools of the full list, read from the chain', async () => {
    const limited = (await get<{ pools: Pool[] }>(owner.token, 'projects/user/pools/funds/?limit=5')).pools;
    const full = (await get<{ pools: Pool[] }>(owner.token, 'projects/user/pools/funds/')).pools;
    expect(full).toHaveLength(14);
    expect(limited.map((p) => p.id)).toEqual(full.slice(0, 5).map((p) => p.id));
    // Read from the chain: pool_funds is an object (with nulls for these empty addresses), not absent.
    expect(limited.every((p) => p.pool_funds !== null)).toBe(true);
  });

  it('prices with a limit: the first pools of the full price list', async () => {
    const limited = await get<{ pool_id: number }[]>(owner.token, 'projects/pool/prices/?limit=3');
    const full = await get<{ pool_id: number }[]>(owner.token, 'projects/pool/prices/');
    expect(full).toHaveLength(14);
    expect(limited).toEqual(full.slice(0, 3));
  });

  it('alerts: both counts and the first five active alerts of the full list', async () => {
    const summary = await get<AlertSummary>(owner.token, 'projects/alerts/summary/');
    const { alerts: full } = await get<{ alerts: { id: number; is_active: boolean }[] }>(
      owner.token,
      'projects/alerts/',
    );
    expect(full).toHaveLength(9);
    expect(summary.alert_count).toBe(9);
    expect(summary.active_alert_count).toBe(6);
    expect(summary.active_alerts).toEqual(full.filter((a) => a.is_active).slice(0, 5));
  });

  it('each user sees only their own rows and counts', async () => {
    const projectsOfOther = await get<ProjectSummary>(other.token, 'projects/summary/');
    expect(projectsOfOther.project_count).toBe(2);
    const poolsOfOther = await get<PoolSummary>(other.token, 'projects/user/pools/summary/');
    expect(poolsOfOther.pool_count).toBe(2);
    const ownerPoolIds = new Set(
      (await get<{ pools: Pool[] }>(owner.token, 'projects/user/pools/')).pools.map((p) => p.id),
    );
    expect(poolsOfOther.latest_pools.some((p) => ownerPoolIds.has(p.id))).toBe(false);
    const alertsOfOther = await get<AlertSummary>(other.token, 'projects/alerts/summary/');
    expect([alertsOfOther.alert_count, alertsOfOther.active_alert_count, alertsOfOther.active_alerts.length]).toEqual([
      1, 1, 1,
    ]);
  });

  it('a new user gets zeros and empty lists', async () => {
    expect(await get<ProjectSummary>(empty.token, 'projects/summary/')).toEqual({
      project_count: 0,
      recent_projects: [],
    });
    expect(await get<PoolSummary>(empty.token, 'projects/user/pools/summary/')).toEqual({
      pool_count: 0,
      latest_pools: [],
    });
    expect(await get<AlertSummary>(empty.token, 'projects/alerts/summary/')).toEqual({
      alert_count: 0,
      active_alert_count: 0,
      active_alerts: [],
    });
  });

  it.each(['0', '-1', '201', '2.5', 'five', ''])(
    'a limit of %j answers 400 naming the field, on funds and prices',
    async (limit) => {
      for (const route of ['projects/user/pools/funds/', 'projects/pool/prices/']) {
        const res = await ctx.app.inject({
          method: 'GET',
          url: `/api/v1/${route}?limit=${limit}`,
          headers: { authorization: bearer(owner.token) },
        });
        expect(res.statusCode, res.body).toBe(400);
        expect((res.json() as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual(['limit']);
      }
    },
  );

  it('needs a credential', async () => {
    for (const url of ['projects/summary/', 'projects/user/pools/summary/', 'projects/alerts/summary/']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/${url}` });
      expect(res.statusCode).toBe(401);
    }
  });
});
