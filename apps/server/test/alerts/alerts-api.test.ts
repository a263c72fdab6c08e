import { alertMessages as m, type Alert, type AlertTrigger, type AlertType } from '@tokendesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, alertTriggers } from '../../src/db/schema';
import { toDecimalText } from '../../src/features/alerts/presenter';
import { createTestContext, devnetChain, signUp, type TestContext, requester, type Method } from '../helpers';
import { createAlert, createPool } from '../support/factories';

/** Alerts over HTTP. Pools are inserted directly: nothing here reads the chain. */

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;
let poolId: number;
let otherPoolId: number;
beforeAll(async () => {
  // The devnet registry only names the DEX in labels; no chain call is made.
  ctx = await createTestContext({}, { chain: devnetChain() });
  [owner, other] = await Promise.all([signUp(ctx.app), signUp(ctx.app)]);
  poolId = await seedPool(owner.userId, 'DEMO', 'WETH', 'uniswap-v2');
  otherPoolId = await seedPool(other.userId, 'OTHR', 'USDC', 'uniswap-v3');
});
afterAll(async () => {
  await ctx.close();
});

const seedPool = async (userId: number, symbol: string, pairedSymbol: string, dexId: string): Promise<number> =>
  (
    await createPool(ctx.app.db, userId, {
      project: { name: symbol, tokenSymbol: symbol },
      dexId,
      tokenId: pairedSymbol.toLowerCase(),
      pairedTokenSymbol: pairedSymbol,
      pairedTokenName: pairedSymbol,
      poolVersion: dexId.endsWith('v3') ? 'v3' : 'v2',
    })
  ).id;

const call = requester(() => ctx.app);

const create = (payload: object, token = owner.token) => createAlert(ctx.app, token, payload);

const fields = (body: { errors: { field: string }[] }) => body.errors.map((e) => e.field);

describe('alert kinds', () => {
  it('lists the three kinds with their fields', async () => {
    const res = await call(owner.token, 'GET', 'projects/alerts/types/');
    expect(res.statusCode).toBe(200);
    const types = res.json() as AlertType[];
    expect(types.map((t) => [t.kind, t.label, t.fields])).toEqual([
      ['price_move', 'Price Move', ['threshold_pct', 'window_minutes']],
      ['liquidity_drop', 'Liquidity Drop', ['threshold_pct', 'window_minutes']],
      ['large_swap', 'Large Swap', ['min_amount']],
    ]);
    expect(types.every((t) => t.description.length > 10)).toBe(true);
  });
});

describe('creating alerts', () => {
  it('creates each kind with only its own fields, as exact decimal strings', async () => {
    const price = await create({ kind: 'price_move', pool_id: poolId, threshold_pct: 10, window_minutes: 60 });
    expect(price).toMatchObject({
      kind: 'price_move',
      pool_id: poolId,
      label: 'DEMO/WETH - Uniswap V2',
      project: { id: expect.any(Number), name: 'DEMO' },
      threshold_pct: '10',
      window_minutes: 60,
      min_amount: null,
      cooldown_minutes: 60,
      is_active: true,
      last_triggered_at: null,
      trigger_count: 0,
    });
    const drop = await create({
      kind: 'liquidity_drop',
      pool_id: String(poolId),
      threshold_pct: '12.5',
      window_minutes: '30',
      cooldown_minutes: 5,
    });
    expect(drop).toMatchObject({
      kind: 'liquidity_drop',
      threshold_pct: '12.5',
      window_minutes: 30,
      min_amount: null,
      cooldown_minutes: 5,
    });
    const swap = await create({ kind: 'large_swap', pool_id: poolId, min_amount: '0.000001' });
    expect(swap).toMatchObject({
      kind: 'large_swap',
      threshold_pct: null,
      window_minutes: null,
      min_amount: '0.000001',
    });
    const big = await create({ kind: 'large_swap', pool_id: poolId, min_amount: 1e24 });
    expect(big.min_amount).toBe('1000000000000000000000000');
    // The indexer picks the block the alert watches from.
    const [row] = await ctx.app.db.select().from(alerts).where(eq(alerts.id, swap.id));
    expect(row!.sinceBlock).toBeNull();
    expect(row!.userId).toBe(owner.userId);
  });

  it('validates in the order of the form, with the texts of the spec', async () => {
    const missing = await call(owner.token, 'POST', 'projects/alerts/', { kind: 'price_move' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toBe(m.poolRequired);
    expect(fields(missing.json())).toEqual(['pool_id', 'threshold_pct', 'window_minutes']);

    const cases: [object, string, string][] = [
      [{ kind: 'price_move', pool_id: '', threshold_pct: 10, window_minutes: 60 }, 'pool_id', m.poolRequired],
      [
        { kind: 'price_move', pool_id: poolId, threshold_pct: 0.05, window_minutes: 60 },
        'threshold_pct',
        m.thresholdRange,
      ],
      [
        { kind: 'price_move', pool_id: poolId, threshold_pct: 1000.5, window_minutes: 60 },
        'threshold_pct',
        m.thresholdRange,
      ],
      [
        { kind: 'liquidity_drop', pool_id: poolId, threshold_pct: 'abc', window_minutes: 60 },
        'threshold_pct',
        m.dropThresholdRange,
      ],
      [
        { kind: 'liquidity_drop', pool_id: poolId, threshold_pct: 5, window_minutes: 0 },
        'window_minutes',
        m.windowRange,
      ],
      [
        { kind: 'liquidity_drop', pool_id: poolId, threshold_pct: 5, window_minutes: 10081 },
        'window_minutes',
        m.windowRange,
      ],
      [
        { kind: 'liquidity_drop', pool_id: poolId, threshold_pct: 5, window_minutes: 1.5 },
        'window_minutes',
        m.windowRange,
      ],
      [{ kind: 'large_swap', pool_id: poolId, min_amount: 0 }, 'min_amount', m.minAmountPositive],
      [{ kind: 'large_swap', pool_id: poolId, min_amount: -3 }, 'min_amount', m.minAmountPositive],
      [{ kind: 'large_swap', pool_id: poolId, min_amount: 3, cooldown_minutes: 0 }, 'cooldown_minutes', m.cooldownMin],
      // A field of another kind is refused, not ignored.
      [
        { kind: 'large_swap', pool_id: poolId, min_amount: 3, threshold_pct: 5 },
        'threshold_pct',
        "Unknown field 'threshold_pct'.",
      ],
      [
        { kind: 'price_move', pool_id: poolId, threshold_pct: 5, window_minutes: 5, min_amount: 1 },
        'min_amount',
        "Unknown field 'min_amount'.",
      ],
    ];
    for (const [payload, field, message] of cases) {
      const res = await call(owner.token, 'POST', 'projects/alerts/', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors[0], JSON.stringify(payload)).toEqual({ field, message });
      expect(res.json().detail).toBe(message);
    }
    // Several failures: the first in form order leads.
    const many = await call(owner.token, 'POST', 'projects/alerts/', {
      kind: 'price_move',
      pool_id: 0,
      threshold_pct: 0,
      window_minutes: 0,
      cooldown_minutes: 0,
    });
    expect(fields(many.json())).toEqual(['pool_id', 'threshold_pct', 'window_minutes', 'cooldown_minutes']);
    expect(
      (await call(owner.token, 'POST', 'projects/alerts/', { kind: 'volume_spike', pool_id: poolId })).statusCode,
    ).toBe(400);
  });

  it('a Liquidity Drop takes at most 100 %, on create and on edit; a Price Move still up to 1000 % (issue 35 item 8)', async () => {
    const over = await call(owner.token, 'POST', 'projects/alerts/', {
      kind: 'liquidity_drop',
      pool_id: poolId,
      threshold_pct: 100.5,
      window_minutes: 60,
    });
    expect(over.statusCode, over.body).toBe(400);
    expect(over.json()).toEqual({
      detail: m.dropThresholdRange,
      errors: [{ field: 'threshold_pct', message: 'Enter a percentage from 0.1 to 100' }],
    });
    expect(
      (
        await call(owner.token, 'POST', 'projects/alerts/', {
          kind: 'liquidity_drop',
          pool_id: poolId,
          threshold_pct: '1000',
          window_minutes: 60,
        })
      ).statusCode,
    ).toBe(400);
    const all = await create({ kind: 'liquidity_drop', pool_id: poolId, threshold_pct: 100, window_minutes: 61 });
    expect(all.threshold_pct).toBe('100');
    const price = await create({ kind: 'price_move', pool_id: poolId, threshold_pct: 500, window_minutes: 61 });
    expect(price.threshold_pct).toBe('500');

    // The edit body has no kind: the server checks the alert's own.
    const edit = await call(owner.token, 'PATCH', `projects/alerts/${all.id}/`, {
      threshold_pct: 250,
      cooldown_minutes: 7,
    });
    expect(edit.statusCode, edit.body).toBe(400);
    expect(edit.json()).toEqual({
      detail: m.dropThresholdRange,
      errors: [{ field: 'threshold_pct', message: m.dropThresholdRange }],
    });
    expect((await call(owner.token, 'GET', `projects/alerts/${all.id}/`)).json()).toMatchObject({
      threshold_pct: '100',
      cooldown_minutes: 60,
    });
    expect(
      (await call(owner.token, 'PATCH', `projects/alerts/${all.id}/`, { threshold_pct: 99.5 })).json(),
    ).toMatchObject({ threshold_pct: '99.5' });
    expect(
      (await call(owner.token, 'PATCH', `projects/alerts/${price.id}/`, { threshold_pct: 900 })).json(),
    ).toMatchObject({ threshold_pct: '900' });
  });

  it('refuses a pool that is not the user’s with 404, like a missing one', async () => {
    const before = (await call(owner.token, 'GET', 'projects/alerts/?limit=200')).json().alerts as Alert[];
    for (const id of [otherPoolId, 999_999]) {
      const res = await call(owner.token, 'POST', 'projects/alerts/', {
        kind: 'large_swap',
        pool_id: id,
        min_amount: 1,
      });
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json().detail).toBe(m.poolNotFound);
    }
    expect((await call(owner.token, 'GET', 'projects/alerts/?limit=200')).json().alerts).toHaveLength(before.length);
  });
});

describe('reading, editing, pausing and deleting', () => {
  it('lists the user’s alerts newest first and reads one', async () => {
    const user = await signUp(ctx.app);
    const pool = await seedPool(user.userId, 'SMPL', 'USDT', 'uniswap-v3');
    const first = await create({ kind: 'price_move', pool_id: pool, threshold_pct: 3, window_minutes: 15 }, user.token);
    const second = await create({ kind: 'large_swap', pool_id: pool, min_amount: 2 }, user.token);
    const list = (await call(user.token, 'GET', 'projects/alerts/')).json().alerts as Alert[];
    expect(list.map((a) => a.id)).toEqual([second.id, first.id]);
    expect(list[0]!.label).toBe('SMPL/USDT - Uniswap V3');
    const one = await call(user.token, 'GET', `projects/alerts/${first.id}/`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(first);
  });

  it('edits the kind’s own fields and the cooldown; other kinds’ fields answer 400', async () => {
    // Figures no other alert of this file has: an identical active alert answers 409 (alerts-duplicate.test.ts).
    const price = await create({ kind: 'price_move', pool_id: poolId, threshold_pct: 11, window_minutes: 60 });
    const edited = await call(owner.token, 'PATCH', `projects/alerts/${price.id}/`, {
      threshold_pct: 2.75,
      cooldown_minutes: 15,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      id: price.id,
      kind: 'price_move',
      threshold_pct: '2.75',
      window_minutes: 60,
      cooldown_minutes: 15,
    });
    // Nothing to change: the alert as it is.
    expect((await call(owner.token, 'PATCH', `projects/alerts/${price.id}/`, {})).json()).toMatchObject({
      threshold_pct: '2.75',
    });

    const wrong = await call(owner.token, 'PATCH', `projects/alerts/${price.id}/`, {
      min_amount: 5,
      cooldown_minutes: 9,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      detail: m.fieldNotOfKind('min_amount', 'Price Move'),
      errors: [{ field: 'min_amount', message: m.fieldNotOfKind('min_amount', 'Price Move') }],
    });
    const swap = await create({ kind: 'large_swap', pool_id: poolId, min_amount: 100 });
    const wrongSwap = await call(owner.token, 'PATCH', `projects/alerts/${swap.id}/`, {
      window_minutes: 5,
      threshold_pct: 1,
    });
    expect(fields(wrongSwap.json())).toEqual(['threshold_pct', 'window_minutes']);
    expect(wrongSwap.json().detail).toBe('Large Swap alerts have no threshold_pct.');
    // Nothing changed by a refused edit.
    expect((await call(owner.token, 'GET', `projects/alerts/${price.id}/`)).json()).toMatchObject({
      cooldown_minutes: 15,
    });
    expect((await call(owner.token, 'GET', `projects/alerts/${swap.id}/`)).json()).toMatchObject({
      threshold_pct: null,
      window_minutes: null,
      min_amount: '100',
    });

    // Values are checked like on create, in form order, before the kind rule.
    const bad = await call(owner.token, 'PATCH', `projects/alerts/${price.id}/`, {
      cooldown_minutes: 0,
      window_minutes: 99999,
    });
    expect(fields(bad.json())).toEqual(['window_minutes', 'cooldown_minutes']);
    expect((await call(owner.token, 'PATCH', `projects/alerts/${price.id}/`, { kind: 'large_swap' })).statusCode).toBe(
      400,
    );
    expect((await call(owner.token, 'PATCH', `projects/alerts/${price.id}/`, { pool_id: poolId })).statusCode).toBe(
      400,
    );
    const okSwap = await call(owner.token, 'PATCH', `projects/alerts/${swap.id}/`, { min_amount: '0.5' });
    expect(okSwap.json()).toMatchObject({ min_amount: '0.5' });
  });

  it('pauses and resumes; resuming lets the indexer choose the starting block again', async () => {
    const swap = await create({ kind: 'large_swap', pool_id: poolId, min_amount: 10 });
    await ctx.app.db.update(alerts).set({ sinceBlock: 1234n }).where(eq(alerts.id, swap.id));
    const paused = await call(owner.token, 'POST', `projects/alerts/${swap.id}/pause/`);
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toMatchObject({ id: swap.id, is_active: false });
    expect((await call(owner.token, 'POST', `projects/alerts/${swap.id}/pause/`)).json()).toMatchObject({
      is_active: false,
    });
    let [row] = await ctx.app.db.select().from(alerts).where(eq(alerts.id, swap.id));
    expect(row!.sinceBlock).toBe(1234n);

    const resumed = await call(owner.token, 'POST', `projects/alerts/${swap.id}/resume/`);
    expect(resumed.json()).toMatchObject({ id: swap.id, is_active: true });
    [row] = await ctx.app.db.select().from(alerts).where(eq(alerts.id, swap.id));
    expect(row!.sinceBlock).toBeNull();
    // Resuming an active alert leaves its starting block alone.
    await ctx.app.db.update(alerts).set({ sinceBlock: 99n }).where(eq(alerts.id, swap.id));
    expect((await call(owner.token, 'POST', `projects/alerts/${swap.id}/resume/`)).json()).toMatchObject({
      is_active: true,
    });
    [row] = await ctx.app.db.select().from(alerts).where(eq(alerts.id, swap.id));
    expect(row!.sinceBlock).toBe(99n);
  });

  it('lists the newest 100 firings, and shows what the indexer recorded', async () => {
    const price = await create({ kind: 'price_move', pool_id: poolId, threshold_pct: 5, window_minutes: 10 });
    expect((await call(owner.token, 'GET', `projects/alerts/${price.id}/triggers/`)).json()).toEqual([]);
    const base = Date.UTC(2025, 5, 1);
    await ctx.app.db.insert(alertTriggers).values(
      Array.from({ length: 105 }, (_, i) => ({
        alertId: price.id,
        triggeredAt: new Date(base + i * 60_000),
        message: `DEMO/WETH moved ${i}%`,
        values: { change_pct: String(i), from_price: '1.5', to_price: null, window_minutes: 10 },
      })),
    );
    await ctx.app.db
      .update(alerts)
      .set({ triggerCount: 105, lastTriggeredAt: new Date(base + 104 * 60_000) })
      .where(eq(alerts.id, price.id));
    const res = await call(owner.token, 'GET', `projects/alerts/${price.id}/triggers/`);
    expect(res.statusCode).toBe(200);
    const triggers = res.json() as AlertTrigger[];
    expect(triggers).toHaveLength(100);
    expect(triggers[0]).toMatchObject({
      triggered_at: new Date(base + 104 * 60_000).toISOString(),
      message: 'DEMO/WETH moved 104%',
      values: { change_pct: '104', from_price: '1.5', to_price: null, window_minutes: 10 },
    });
    expect(triggers.at(-1)!.message).toBe('DEMO/WETH moved 5%');
    expect((await call(owner.token, 'GET', `projects/alerts/${price.id}/`)).json()).toMatchObject({
      trigger_count: 105,
      last_triggered_at: new Date(base + 104 * 60_000).toISOString(),
    });
  });

  it('deletes an alert with its firings', async () => {
    const swap = await create({ kind: 'large_swap', pool_id: poolId, min_amount: 11 });
    await ctx.app.db
      .insert(alertTriggers)
      .values({ alertId: swap.id, triggeredAt: new Date(), message: 'x', values: {} });
    const res = await call(owner.token, 'DELETE', `projects/alerts/${swap.id}/`);
    expect(res.statusCode).toBe(200);
    expect((await call(owner.token, 'GET', `projects/alerts/${swap.id}/`)).statusCode).toBe(404);
    expect((await call(owner.token, 'DELETE', `projects/alerts/${swap.id}/`)).statusCode).toBe(404);
    expect(await ctx.app.db.select().from(alertTriggers).where(eq(alertTriggers.alertId, swap.id))).toEqual([]);
  });
});

describe('tenant isolation', () => {
  it('another user gets 404 on every alert route of the first user’s alert, and changes nothing', async () => {
    const mine = await create({ kind: 'price_move', pool_id: poolId, threshold_pct: 9, window_minutes: 60 });
    const requests: [Method, string, object?][] = [
      ['GET', `projects/alerts/${mine.id}/`],
      ['PATCH', `projects/alerts/${mine.id}/`, { threshold_pct: 50 }],
      ['POST', `projects/alerts/${mine.id}/pause/`],
      ['POST', `projects/alerts/${mine.id}/resume/`],
      ['GET', `projects/alerts/${mine.id}/triggers/`],
      ['DELETE', `projects/alerts/${mine.id}/`],
      ['POST', 'projects/alerts/', { kind: 'price_move', pool_id: poolId, threshold_pct: 10, window_minutes: 60 }],
    ];
    for (const [method, url, body] of requests) {
      const res = await call(other.token, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      // Exactly what a missing id answers.
      const missing = await call(other.token, method, url.replace(String(mine.id), '999999'), body);
      expect(res.json(), `${method} ${url}`).toEqual(missing.statusCode === 404 ? missing.json() : res.json());
    }
    expect((await call(other.token, 'GET', 'projects/alerts/')).json()).toEqual({ alerts: [], next_cursor: null });
    expect((await call(owner.token, 'GET', `projects/alerts/${mine.id}/`)).json()).toEqual(mine);
    expect((await call(other.token, 'GET', 'projects/alerts/')).statusCode).toBe(200);
  });

  it('needs a credential', async () => {
    for (const url of ['projects/alerts/', 'projects/alerts/types/', 'projects/alerts/1/']) {
      expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/${url}` })).statusCode).toBe(401);
    }
  });
});

describe('toDecimalText', () => {
  it('writes numbers as plain decimals', () => {
    expect(toDecimalText(10)).toBe('10');
    expect(toDecimalText(0.1)).toBe('0.1');
    expect(toDecimalText(1e21)).toBe('1000000000000000000000');
    expect(toDecimalText(1.5e-7)).toBe('0.00000015');
    expect(toDecimalText(1.25e22)).toBe('12500000000000000000000');
  });
});
