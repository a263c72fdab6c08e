import type { PoolDeleteSummary, ProjectDeleteSummary } from '@tokendesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, pools, projects } from '../../src/db/schema';
import { createTestContext, signUp, wethPoolRow, type TestContext, requester } from '../helpers';

/**
 * The delete confirmations say what goes with a project or a pool (product §2.8): the counts must be
 * those the cascade really deletes, and another user's project or pool answers 404 like a missing one.
 */

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;

let n = 0;
const address = () => `0x7e58${(++n).toString(16).padStart(36, '0')}`;

async function addProject(userId: number) {
  const [project] = await ctx.app.db
    .insert(projects)
    .values({
      userId,
      networkId: 31337,
      contractAddress: address(),
      name: `Token ${n}`,
      tokenSymbol: `T${n}`,
      tokenDecimal: 18,
    })
    .returning();
  return project!;
}

async function addPool(userId: number, projectId: number, alertCount: number) {
  const [pool] = await ctx.app.db
    .insert(pools)
    .values(wethPoolRow({ projectId, userId, networkId: 31337, pairedTokenAddress: address(), poolAddress: address() }))
    .returning();
  for (let i = 0; i < alertCount; i++) {
    await ctx.app.db
      .insert(alerts)
      .values({ userId, poolId: pool!.id, kind: 'large_swap', minAmount: '1', cooldownMinutes: 60 });
  }
  return pool!;
}

const request = requester(() => ctx.app);

let ownProject: Awaited<ReturnType<typeof addProject>>;
let emptyProject: Awaited<ReturnType<typeof addProject>>;
let poolWithAlerts: Awaited<ReturnType<typeof addPool>>;
let poolWithout: Awaited<ReturnType<typeof addPool>>;
let foreignProject: Awaited<ReturnType<typeof addProject>>;
let foreignPool: Awaited<ReturnType<typeof addPool>>;

beforeAll(async () => {
  ctx = await createTestContext();
  [owner, other] = await Promise.all([signUp(ctx.app), signUp(ctx.app)]);
  ownProject = await addProject(owner.userId);
  poolWithAlerts = await addPool(owner.userId, ownProject.id, 3);
  poolWithout = await addPool(owner.userId, ownProject.id, 0);
  emptyProject = await addProject(owner.userId);
  // Another project of the same user, and another user's, must not be counted.
  const second = await addProject(owner.userId);
  await addPool(owner.userId, second.id, 2);
  foreignProject = await addProject(other.userId);
  foreignPool = await addPool(other.userId, foreignProject.id, 4);
});
afterAll(async () => {
  await ctx.close();
});

describe('delete summaries', () => {
  it("a project: its pools and the alerts on them, nobody else's", async () => {
    const res = await request(owner.token, 'GET', `projects/${ownProject.id}/delete-summary/`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ProjectDeleteSummary>()).toEqual({ pool_count: 2, alert_count: 3 });
    const empty = await request(owner.token, 'GET', `projects/${emptyProject.id}/delete-summary`);
    expect(empty.json<ProjectDeleteSummary>()).toEqual({ pool_count: 0, alert_count: 0 });
  });

  it('a pool: its alerts', async () => {
    const res = await request(owner.token, 'GET', `projects/pool/${poolWithAlerts.id}/delete-summary/`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PoolDeleteSummary>()).toEqual({ alert_count: 3 });
    expect(
      (await request(owner.token, 'GET', `projects/pool/${poolWithout.id}/delete-summary/`)).json<PoolDeleteSummary>(),
    ).toEqual({ alert_count: 0 });
  });

  it("another user's project or pool answers 404, exactly like a missing one", async () => {
    for (const url of [
      `projects/${foreignProject.id}/delete-summary/`,
      `projects/pool/${foreignPool.id}/delete-summary/`,
      'projects/999999/delete-summary/',
      'projects/pool/999999/delete-summary/',
    ]) {
      const res = await request(owner.token, 'GET', url);
      expect(res.statusCode, url).toBe(404);
    }
    const foreign = await request(owner.token, 'GET', `projects/${foreignProject.id}/delete-summary/`);
    const missing = await request(owner.token, 'GET', 'projects/999999/delete-summary/');
    expect(foreign.json()).toEqual(missing.json());
    const anonymous = await ctx.app.inject({ method: 'GET', url: `/api/v1/projects/${ownProject.id}/delete-summary/` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('the counts are what the deletion really takes', async () => {
    const before = (await ctx.app.db.select().from(alerts)).length;
    expect((await request(owner.token, 'DELETE', `projects/pool/delete/${poolWithAlerts.id}/`)).statusCode).toBe(200);
    expect((await ctx.app.db.select().from(alerts)).length).toBe(before - 3);
    const after = await request(owner.token, 'GET', `projects/${ownProject.id}/delete-summary/`);
    expect(after.json<ProjectDeleteSummary>()).toEqual({ pool_count: 1, alert_count: 0 });
  });
});
