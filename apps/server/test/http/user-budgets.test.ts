import { afterEach, describe, expect, it, inject, vi } from 'vitest';
import { loadConfig } from '../../src/config';
import { BUDGET_CLASSES } from '../../src/plugins/user-budget';
import { bearer, createTestContext, devnetChain, signUp, type TestContext, requester } from '../helpers';

/** Per-user budgets (decision 0021): token buckets per user and route class, 429 with Retry-After. */

let ctx: TestContext;
afterEach(async () => {
  vi.useRealTimers();
  await ctx?.close();
  // A test without an app of its own must not close the previous one twice.
  ctx = undefined as unknown as TestContext;
});

/** Stops the clock the buckets read (only Date; timers run), so a slow machine refills nothing. */
const freezeClock = () => vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });

const request = requester(() => ctx.app);
const get = (token: string, url: string) => request(token, 'GET', url);
/**
 * One request first, so the burst's sessions come from the session cache: then every request of
 * the burst reaches the budget check before any handler's query returns. Without it each request
 * looked its session up in the database first, and on PostgreSQL (a pool of connections) the
 * first handlers finished before the last lookups did, so the burst never overlapped.
 */
const warmSession = async (token: string) => expect((await get(token, 'user/info/')).statusCode).toBe(200);
const EXPORT_URL = 'projects/activity/export/?from=2025-01-01T00:00:00Z&to=2025-02-01T00:00:00Z';

describe('per-user budgets', { timeout: 120_000 }, () => {
  it('a burst past the bucket gets 429 with Retry-After; another user is unaffected; the bucket refills', async () => {
    ctx = await createTestContext({ USER_BUDGETS: 'on', USER_BUDGET_DEFAULT: '5,60' });
    const a = await signUp(ctx.app);
    const b = await signUp(ctx.app);
    freezeClock();
    for (let i = 0; i < 5; i++) expect((await get(a.token, 'user/info/')).statusCode).toBe(200);
    const limited = await get(a.token, 'user/info/');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('1');
    expect(limited.json()).toEqual({ detail: 'Too many requests. Please wait 1 second.', errors: [] });
    // Asking again while limited takes nothing and still answers 429.
    expect((await get(a.token, 'projects/')).statusCode).toBe(429);

    for (let i = 0; i < 5; i++) expect((await get(b.token, 'user/info/')).statusCode).toBe(200);

    ctx.advance(1_000);
    expect((await get(a.token, 'user/info/')).statusCode).toBe(200);
    expect((await get(a.token, 'user/info/')).statusCode).toBe(429);
    ctx.advance(60_000);
    for (let i = 0; i < 5; i++) expect((await get(a.token, 'user/info/')).statusCode).toBe(200);
  });

  it('the defaults: get-token-info stops after its burst while ordinary routes of the same user still answer', async () => {
    ctx = await createTestContext({ USER_BUDGETS: 'on' }, { chain: devnetChain() });
    const a = await signUp(ctx.app);
    const b = await signUp(ctx.app);
    const tokenInfo = (token: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/projects/get-token-info/',
        headers: { authorization: bearer(token) },
        payload: { network: 31337, contract_address: inject('devnet').addresses.demo },
      });
    const started = Date.now();
    const statuses = await Promise.all(Array.from({ length: 100 }, () => tokenInfo(a.token).then((r) => r.statusCode)));
    const seconds = (Date.now() - started) / 1000;
    const accepted = statuses.filter((s) => s === 200).length;
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    // 20 at once, then one every 2 s (30 a minute): the old server accepted all 100.
    expect(accepted).toBeGreaterThanOrEqual(20);
    expect(accepted).toBeLessThanOrEqual(20 + Math.ceil(seconds / 2));
    const limited = await tokenInfo(a.token);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(2);
    expect(limited.json().detail).toMatch(/^Too many requests\. Please wait [12] seconds?\.$/);

    // The default class is a bucket of its own, and generous: a page load's worth of calls at once.
    const page = await Promise.all(
      Array.from({ length: 60 }, () => get(a.token, 'user/info/').then((r) => r.statusCode)),
    );
    expect(page.every((s) => s === 200)).toBe(true);
    expect((await tokenInfo(b.token)).statusCode).toBe(200);
  });

  it('CSV exports have a stricter bucket than ordinary reads', async () => {
    ctx = await createTestContext({ USER_BUDGETS: 'on' });
    const a = await signUp(ctx.app);
    freezeClock();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await get(a.token, EXPORT_URL)).statusCode);
    // 5 at once, then 4 a minute.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    const limited = await get(a.token, EXPORT_URL);
    expect(limited.headers['retry-after']).toBe('15');
    expect(limited.json().detail).toBe('Too many requests. Please wait 15 seconds.');
    expect((await get(a.token, 'projects/activity/?limit=5')).statusCode).toBe(200);
    ctx.advance(15_000);
    expect((await get(a.token, EXPORT_URL)).statusCode).toBe(200);
  });

  it("a user's requests beyond the in-flight cap wait their turn, and past the queue get 429; others are not held up", async () => {
    ctx = await createTestContext({ USER_BUDGETS: 'on', USER_CONCURRENT_REQUESTS: '1', USER_QUEUED_REQUESTS: '2' });
    const a = await signUp(ctx.app);
    const b = await signUp(ctx.app);
    await warmSession(a.token);
    const burst = await Promise.all(Array.from({ length: 6 }, () => get(a.token, 'projects/')));
    const statuses = burst.map((r) => r.statusCode).sort();
    // One runs, two wait and then run, three are turned away at once.
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    const refused = burst.find((r) => r.statusCode === 429)!;
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json().detail).toBe('Too many requests at once. Please wait 1 second.');
    const [mine, theirs] = await Promise.all([get(a.token, 'projects/'), get(b.token, 'projects/')]);
    expect([mine.statusCode, theirs.statusCode]).toEqual([200, 200]);
  });

  it("heavy and chain requests of one user run fewer at a time; the same user's ordinary requests do not wait for them", async () => {
    ctx = await createTestContext({ USER_BUDGETS: 'on', USER_CONCURRENT_COSTLY: '1', USER_QUEUED_REQUESTS: '1' });
    const a = await signUp(ctx.app);
    await warmSession(a.token);
    const [searches, list] = await Promise.all([
      Promise.all(Array.from({ length: 4 }, () => get(a.token, 'projects/search/?query=demo'))),
      get(a.token, 'projects/'),
    ]);
    expect(searches.map((r) => r.statusCode).sort()).toEqual([200, 200, 429, 429]);
    expect(list.statusCode).toBe(200);
  });

  it('only counts authenticated requests, and is off when configured off', async () => {
    ctx = await createTestContext({ USER_BUDGETS: 'on', USER_BUDGET_DEFAULT: '2,1' });
    const a = await signUp(ctx.app);
    for (let i = 0; i < 5; i++)
      expect((await get('not-a-valid-session-token-0000', 'user/info/')).statusCode).toBe(401);
    expect((await get(a.token, 'user/info/')).statusCode).toBe(200);
    expect((await get(a.token, 'user/info/')).statusCode).toBe(200);
    expect((await get(a.token, 'user/info/')).statusCode).toBe(429);
    await ctx.close();

    ctx = await createTestContext({ USER_BUDGETS: 'off', USER_BUDGET_DEFAULT: '2,1' });
    const b = await signUp(ctx.app);
    for (let i = 0; i < 5; i++) expect((await get(b.token, 'user/info/')).statusCode).toBe(200);
  });

  it('every route of the class table exists, so a renamed route cannot silently leave its class', async () => {
    ctx = await createTestContext({ USER_BUDGETS: 'on' });
    for (const key of Object.keys(BUDGET_CLASSES)) {
      const [method, url] = key.split(' ') as ['GET' | 'POST', string];
      expect(ctx.app.hasRoute({ method, url }), key).toBe(true);
    }
  });

  it('a budget is configured as "<burst>,<per minute>", with a readable error otherwise', () => {
    expect(loadConfig({}).USER_BUDGET_DEFAULT).toEqual({ capacity: 120, perMinute: 600 });
    expect(loadConfig({}).USER_BUDGET_CHAIN).toEqual({ capacity: 20, perMinute: 30 });
    expect(loadConfig({ USER_BUDGET_CHAIN: ' 5, 10 ' }).USER_BUDGET_CHAIN).toEqual({ capacity: 5, perMinute: 10 });
    expect(() => loadConfig({ USER_BUDGET_CHAIN: '20' })).toThrow(
      /USER_BUDGET_CHAIN="20": must be "<burst>,<per minute>", e\.g\. 20,30/,
    );
    expect(() => loadConfig({ USER_BUDGET_EXPORT: '0,5' })).toThrow(
      /USER_BUDGET_EXPORT="0,5": burst and rate must be at least 1/,
    );
  });
});
