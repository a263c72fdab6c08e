import { alertMessages as m } from '@tokendesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts } from '../../src/db/schema';
import { createTestContext, devnetChain, signUp, type TestContext, requester } from '../helpers';
import { createAlert, createPool } from '../support/factories';

/**
 * Identical alerts are refused (docs/decisions/0038): an active alert of the user with the same
 * pool, kind and figures answers 409 naming it, on create, on edit and on resume, and nothing
 * changes. Pools are inserted directly: nothing here reads the chain.
 */

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;
let poolId: number;
let secondPoolId: number;
let otherPoolId: number;
beforeAll(async () => {
  ctx = await createTestContext({}, { chain: devnetChain() });
  [owner, other] = await Promise.all([signUp(ctx.app), signUp(ctx.app)]);
  poolId = await seedPool(owner.userId);
  secondPoolId = await seedPool(owner.userId);
  otherPoolId = await seedPool(other.userId);
});
afterAll(async () => {
  await ctx.close();
});

const seedPool = async (userId: number): Promise<number> => (await createPool(ctx.app.db, userId)).id;

const call = requester(() => ctx.app);

const create = (payload: object, token = owner.token) => createAlert(ctx.app, token, payload);

const rowsOf = (userId: number) => ctx.app.db.select().from(alerts).where(eq(alerts.userId, userId)).orderBy(alerts.id);

describe('creating an identical alert', () => {
  it('answers 409 naming the existing alert, whatever the cooldown or the spelling of the figures, and stores nothing', async () => {
    const first = await create({
      kind: 'price_move',
      pool_id: poolId,
      threshold_pct: 10,
      window_minutes: 60,
      cooldown_minutes: 30,
    });
    const before = await rowsOf(owner.userId);

    for (const payload of [
      { kind: 'price_move', pool_id: poolId, threshold_pct: 10, window_minutes: 60, cooldown_minutes: 30 },
      // Another cooldown is the same alert, and '10.0' is the same threshold as 10.
      { kind: 'price_move', pool_id: poolId, threshold_pct: '10.0', window_minutes: '60', cooldown_minutes: 90 },
    ]) {
      const res = await call(owner.token, 'POST', 'projects/alerts/', payload);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({ detail: m.duplicateAlert(first.id), errors: [] });
      expect(res.json().detail).toBe(
        `An identical alert already exists (alert #${first.id}). Edit it or choose other values.`,
      );
    }
    expect(await rowsOf(owner.userId)).toEqual(before);
  });

  it('allows alerts that differ in pool, kind, a figure, or that another user owns', async () => {
    await create({ kind: 'large_swap', pool_id: poolId, min_amount: 5 });
    const cases = [
      { kind: 'large_swap', pool_id: poolId, min_amount: 5.5 },
      { kind: 'large_swap', pool_id: secondPoolId, min_amount: 5 },
      { kind: 'liquidity_drop', pool_id: poolId, threshold_pct: 10, window_minutes: 60 },
      { kind: 'price_move', pool_id: poolId, threshold_pct: 10, window_minutes: 61 },
      { kind: 'price_move', pool_id: poolId, threshold_pct: 10.5, window_minutes: 60 },
    ];
    for (const payload of cases) await create(payload);
    // The same rule on the other user's own pool: tenants never collide.
    await create({ kind: 'large_swap', pool_id: otherPoolId, min_amount: 5 }, other.token);
  });

  it('two identical requests at once: one alert, one 409', async () => {
    const payload = { kind: 'price_move', pool_id: secondPoolId, threshold_pct: 3, window_minutes: 15 };
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => call(owner.token, 'POST', 'projects/alerts/', payload)),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const rows = (await rowsOf(owner.userId)).filter(
      (r) => r.poolId === secondPoolId && r.kind === 'price_move' && r.windowMinutes === 15,
    );
    expect(rows).toHaveLength(1);
  });

  it('a paused identical alert does not block a new one', async () => {
    const paused = await create({ kind: 'large_swap', pool_id: secondPoolId, min_amount: 42 });
    expect((await call(owner.token, 'POST', `projects/alerts/${paused.id}/pause/`, {})).statusCode).toBe(200);
    await create({ kind: 'large_swap', pool_id: secondPoolId, min_amount: 42 });
  });
});

describe('editing or resuming into an identical alert', () => {
  it('PATCH that would copy another active alert answers 409 and leaves the alert as it was', async () => {
    const a = await create({ kind: 'price_move', pool_id: secondPoolId, threshold_pct: 20, window_minutes: 120 });
    const b = await create({ kind: 'price_move', pool_id: secondPoolId, threshold_pct: 25, window_minutes: 120 });
    const res = await call(owner.token, 'PATCH', `projects/alerts/${b.id}/`, {
      threshold_pct: 20,
      cooldown_minutes: 5,
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().detail).toBe(m.duplicateAlert(a.id));
    const [row] = await ctx.app.db.select().from(alerts).where(eq(alerts.id, b.id));
    expect(row).toMatchObject({ thresholdPct: '25', windowMinutes: 120, cooldownMinutes: 60, isActive: true });
    // Its own figures again are not a duplicate of itself.
    const same = await call(owner.token, 'PATCH', `projects/alerts/${b.id}/`, {
      threshold_pct: 25,
      cooldown_minutes: 5,
    });
    expect(same.statusCode, same.body).toBe(200);
  });

  it('a paused alert may be edited to match an active one, but resuming it then answers 409 and it stays paused', async () => {
    const active = await create({
      kind: 'liquidity_drop',
      pool_id: secondPoolId,
      threshold_pct: 30,
      window_minutes: 30,
    });
    const paused = await create({
      kind: 'liquidity_drop',
      pool_id: secondPoolId,
      threshold_pct: 35,
      window_minutes: 30,
    });
    expect((await call(owner.token, 'POST', `projects/alerts/${paused.id}/pause/`, {})).statusCode).toBe(200);
    expect((await call(owner.token, 'PATCH', `projects/alerts/${paused.id}/`, { threshold_pct: 30 })).statusCode).toBe(
      200,
    );

    const res = await call(owner.token, 'POST', `projects/alerts/${paused.id}/resume/`, {});
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().detail).toBe(m.duplicateAlert(active.id));
    const [row] = await ctx.app.db.select().from(alerts).where(eq(alerts.id, paused.id));
    expect(row!.isActive).toBe(false);

    // Once the active one is paused, the other resumes.
    expect((await call(owner.token, 'POST', `projects/alerts/${active.id}/pause/`, {})).statusCode).toBe(200);
    expect((await call(owner.token, 'POST', `projects/alerts/${paused.id}/resume/`, {})).statusCode).toBe(200);
  });

  it('identical alerts made before the rule keep their cooldown editable', async () => {
    // Written directly, as a database from before this rule may hold them.
    const legacy = {
      userId: owner.userId,
      poolId: secondPoolId,
      kind: 'large_swap' as const,
      minAmount: '77',
      isActive: true,
    };
    const [x, y] = await ctx.app.db.insert(alerts).values([legacy, legacy]).returning();
    const res = await call(owner.token, 'PATCH', `projects/alerts/${y!.id}/`, { cooldown_minutes: 15 });
    expect(res.statusCode, res.body).toBe(200);
    // Changing a figure to the one it already has is no change either.
    expect((await call(owner.token, 'PATCH', `projects/alerts/${x!.id}/`, { min_amount: '77.0' })).statusCode).toBe(
      200,
    );
  });
});
