import { afterEach, describe, expect, it, vi } from 'vitest';
import { findUserByUsername } from '../../src/auth/users-repository';
import type { HttpError } from '../../src/lib/http-errors';
import { basic, createTestContext, signUp, type TestContext } from '../helpers';

// Decision 0018, findings 1–3: sign-in limits under concurrency, the bounded hash queue, and a lockout
// the attacker cannot turn against the owner (docs/decisions/0018-sign-in-limits.md).

// Each test builds its own app and hashes dozens of passwords; on a busy 2-core machine that can
// take longer than the default 30 s.
vi.setConfig({ testTimeout: 120_000 });

let ctx: TestContext;
afterEach(async () => {
  await ctx?.close();
});

const LOCKED = /^Too many failed sign-in attempts\. Please try again in \d+ minutes?\.$/;

const login = (username: string, password: string, remoteAddress = '127.0.0.1') =>
  ctx.app.inject({
    method: 'GET',
    url: '/api/v1/user/login/',
    remoteAddress,
    headers: { authorization: basic(username, password) },
  });

const userInfo = (username: string, password: string, remoteAddress = '127.0.0.1') =>
  ctx.app.inject({
    method: 'GET',
    url: '/api/v1/user/info/',
    remoteAddress,
    headers: { authorization: basic(username, password) },
  });

function statusCounts(responses: { statusCode: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
}

/** The queue's own per-client cap out of the way, so only the failure limits decide. */
const wideQueue = { PASSWORD_HASH_QUEUE: '1000', PASSWORD_HASH_QUEUE_PER_IP: '1000' } as const;

describe('limits hold under concurrency (finding 1)', () => {
  it('40 parallel sign-ins (39 wrong, 1 right) from one address: at most the limit are hashed, the rest 429 before any hash', async () => {
    ctx = await createTestContext({ ...wideQueue, LOGIN_MAX_FAILURES_PER_USERNAME_IP: '10' });
    const u = await signUp(ctx.app);
    const hashesBefore = ctx.app.auth.hashQueueStats().startedTotal;
    const passwords = Array.from({ length: 40 }, (_, i) => (i === 20 ? u.password : `wrong-password-${i}`));
    const responses = await Promise.all(passwords.map((p) => login(u.username, p)));
    const counts = statusCounts(responses);
    // Before the fix: 39 × 401 and 1 × 200, every request hashed.
    expect((counts[401] ?? 0) + (counts[200] ?? 0)).toBeLessThanOrEqual(10);
    expect(counts[429]).toBeGreaterThanOrEqual(30);
    expect(ctx.app.auth.hashQueueStats().startedTotal - hashesBefore).toBeLessThanOrEqual(10);
    for (const r of responses.filter((r) => r.statusCode === 429)) {
      expect(r.json().detail).toMatch(LOCKED);
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('the same burst as HTTP Basic on an ordinary route', async () => {
    ctx = await createTestContext({ ...wideQueue, LOGIN_MAX_FAILURES_PER_USERNAME_IP: '10' });
    const u = await signUp(ctx.app);
    const hashesBefore = ctx.app.auth.hashQueueStats().startedTotal;
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => userInfo(u.username, `wrong-password-${i}`)),
    );
    const counts = statusCounts(responses);
    expect(counts[401] ?? 0).toBeLessThanOrEqual(10);
    expect(counts[429]).toBeGreaterThanOrEqual(30);
    expect(ctx.app.auth.hashQueueStats().startedTotal - hashesBefore).toBeLessThanOrEqual(10);
  });

  it("verifyUserPassword (change e-mail / change password): a burst of guesses at the signed-in user's password stops at the limit", async () => {
    ctx = await createTestContext({ ...wideQueue, LOGIN_MAX_FAILURES_PER_USERNAME_IP: '10' });
    const u = await signUp(ctx.app);
    const user = (await findUserByUsername(ctx.app.db, u.username))!;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) => ctx.app.auth.verifyUserPassword(user, `wrong-password-${i}`, '127.0.0.1')),
    );
    const answered = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(answered.length).toBeLessThanOrEqual(10);
    for (const o of answered) expect(o.value).toBe(false);
    expect(refused.length).toBeGreaterThanOrEqual(30);
    for (const o of refused) {
      const err = o.reason as HttpError;
      expect(err.statusCode).toBe(429);
      expect(err.detail).toMatch(LOCKED);
      expect(Number(err.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Those failures count for sign-in from the same address too; the right password from it is now refused.
    expect((await login(u.username, u.password)).statusCode).toBe(429);
    // And the right password through verifyUserPassword answers true from an address that has not failed.
    expect(await ctx.app.auth.verifyUserPassword(user, u.password, '192.0.2.33')).toBe(true);
  });
});

describe('bounded password-hashing queue (finding 2)', () => {
  it('answers 503 with Retry-After at once when the queue is full, before any queued hash is done', async () => {
    // One hash at a time, one waiting: of 12 simultaneous sign-ins from different addresses,
    // 2 are hashed and 10 refused. A slower hash cost makes "at once" measurable, and keeps the first
    // hash running until all twelve user lookups are done: with cost 14 on a busy machine the first
    // hash once finished before the last lookup, freeing its place for a third (CI, stop 22).
    ctx = await createTestContext({
      PASSWORD_HASH_COST: '16',
      PASSWORD_HASH_CONCURRENCY: '1',
      PASSWORD_HASH_QUEUE: '1',
    });
    const u = await signUp(ctx.app);
    const finished: { status: number; at: number; res: Awaited<ReturnType<typeof login>> }[] = [];
    const start = performance.now();
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        login(u.username, `wrong-password-${i}`, `198.51.100.${i + 1}`).then((res) =>
          finished.push({ status: res.statusCode, at: performance.now() - start, res }),
        ),
      ),
    );
    const busy = finished.filter((f) => f.status === 503);
    const hashed = finished.filter((f) => f.status === 401);
    expect(hashed.length).toBe(2);
    expect(busy.length).toBe(10);
    const firstHashDone = Math.min(...hashed.map((f) => f.at));
    for (const f of busy) {
      expect(f.at).toBeLessThan(firstHashDone);
      expect(Number(f.res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(f.res.json().detail).toMatch(
        /^The server is busy checking other passwords\. Please try again in \d+ seconds?\.$/,
      );
    }
    // A refused attempt is not a failure: that address may try again at once.
    expect((await login(u.username, u.password, '198.51.100.12')).statusCode).toBe(200);
  });

  it('one address may not fill the queue: beyond its share it gets 429, others still get in', async () => {
    ctx = await createTestContext({
      // A hash long enough that all eight user lookups are done before the first hash ends: with
      // cost 14 on PostgreSQL a first hash could finish (freeing a share) before the last lookup.
      PASSWORD_HASH_COST: '16',
      PASSWORD_HASH_CONCURRENCY: '1',
      PASSWORD_HASH_QUEUE: '10',
      PASSWORD_HASH_QUEUE_PER_IP: '2',
    });
    const u = await signUp(ctx.app);
    const attack = Array.from({ length: 8 }, (_, i) => login(`ghost-${i}`, 'whatever-password', '203.0.113.9'));
    const owner = login(u.username, u.password, '192.0.2.10');
    const [ownerRes, ...attackRes] = await Promise.all([owner, ...attack]);
    expect(ownerRes.statusCode).toBe(200);
    const counts = statusCounts(attackRes);
    expect(counts[401]).toBe(2);
    expect(counts[429]).toBe(6);
    const refused = attackRes.find((r) => r.statusCode === 429)!;
    expect(refused.json().detail).toMatch(
      /^Too many password checks at once from your address\. Please try again in \d+ seconds?\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('a client whose share is taken is refused before its attempt is counted: no database round trip per refusal', async () => {
    // Issue 29 item 2: under a flood, each of these refusals used to count the attempt and uncount it
    // (two transactions), CPU that the hashes everyone waits for then lacked.
    ctx = await createTestContext({
      PASSWORD_HASH_COST: '16',
      PASSWORD_HASH_CONCURRENCY: '1',
      PASSWORD_HASH_QUEUE: '10',
      PASSWORD_HASH_QUEUE_PER_IP: '2',
    });
    const u = await signUp(ctx.app);
    const held = [login(u.username, 'wrong-one', '203.0.113.7'), login(u.username, 'wrong-two', '203.0.113.7')];
    for (
      let i = 0;
      i < 2_000 && ctx.app.auth.hashQueueStats().running + ctx.app.auth.hashQueueStats().waiting < 2;
      i++
    ) {
      await new Promise((r) => setTimeout(r, 5));
    }
    const windows = vi.spyOn(ctx.app.auth.limits, 'windows');
    const refused = await Promise.all(
      Array.from({ length: 5 }, (_, i) => login(u.username, `wrong-${i}`, '203.0.113.7')),
    );
    expect(refused.map((r) => r.statusCode)).toEqual([429, 429, 429, 429, 429]);
    expect(refused[0]!.json().detail).toMatch(
      /^Too many password checks at once from your address\. Please try again in \d+ seconds?\.$/,
    );
    expect(windows).not.toHaveBeenCalled();
    windows.mockRestore();
    expect((await Promise.all(held)).map((r) => r.statusCode)).toEqual([401, 401]);
  });

  it("an API client's parallel first Basic requests share one hash, so its address's share is not used up", async () => {
    ctx = await createTestContext({ PASSWORD_HASH_QUEUE_PER_IP: '1' });
    const u = await signUp(ctx.app);
    const before = ctx.app.auth.hashQueueStats().startedTotal;
    const responses = await Promise.all(Array.from({ length: 10 }, () => userInfo(u.username, u.password)));
    expect(statusCounts(responses)).toEqual({ 200: 10 });
    expect(ctx.app.auth.hashQueueStats().startedTotal - before).toBe(1);
  });

  it('registration hashes through the same queue', async () => {
    ctx = await createTestContext({
      PASSWORD_HASH_COST: '14',
      PASSWORD_HASH_CONCURRENCY: '1',
      PASSWORD_HASH_QUEUE: '1',
    });
    await ctx.app.auth.warmUp();
    const before = ctx.app.auth.hashQueueStats().startedTotal;
    await signUp(ctx.app);
    // Registration's hash and the sign-in's check (plus the dummy hash made at start).
    expect(ctx.app.auth.hashQueueStats().startedTotal - before).toBeGreaterThanOrEqual(2);
  });
});

describe('lockout the attacker cannot turn against the owner (finding 3)', () => {
  it("an attacker's failures from other addresses do not stop the owner's right password from a clean address", async () => {
    ctx = await createTestContext(wideQueue);
    const u = await signUp(ctx.app);
    // 12 failures from 4 addresses (the old per-username limit was 10, from any address).
    for (let ip = 1; ip <= 4; ip++) {
      for (let i = 0; i < 3; i++)
        expect([401, 429]).toContain((await login(u.username, `guess-${ip}-${i}`, `10.66.0.${ip}`)).statusCode);
    }
    expect((await login(u.username, u.password, '192.0.2.1')).statusCode).toBe(200);
    // Over and over: the attacker keeps going from fresh addresses, the owner still gets in.
    for (let ip = 5; ip <= 12; ip++) await login(u.username, 'another-guess', `10.66.0.${ip}`);
    expect((await login(u.username, u.password, '192.0.2.2')).statusCode).toBe(200);
  });

  it('ten failures from one address lock that (username, address) only; a success from it later resets it', async () => {
    ctx = await createTestContext(wideQueue);
    const u = await signUp(ctx.app);
    for (let i = 0; i < 10; i++) expect((await login(u.username, `guess-${i}`, '10.77.0.1')).statusCode).toBe(401);
    const limited = await login(u.username, u.password, '10.77.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toMatch(LOCKED);
    expect((await login(u.username, u.password, '10.77.0.2')).statusCode).toBe(200);
    ctx.advance(15 * 60_000 + 1000);
    expect((await login(u.username, u.password, '10.77.0.1')).statusCode).toBe(200);
    // Reset: nine more mistakes are allowed again without a lock.
    for (let i = 0; i < 9; i++) expect((await login(u.username, `again-${i}`, '10.77.0.1')).statusCode).toBe(401);
    expect((await login(u.username, u.password, '10.77.0.1')).statusCode).toBe(200);
  });

  it('the per-username ceiling holds back only addresses that failed on it', async () => {
    ctx = await createTestContext({
      ...wideQueue,
      LOGIN_MAX_FAILURES_PER_USERNAME: '20',
      LOGIN_USERNAME_DELAY_AFTER: '1000',
    });
    const u = await signUp(ctx.app);
    for (let ip = 1; ip <= 10; ip++) {
      for (let i = 0; i < 2; i++) expect((await login(u.username, `guess-${i}`, `10.88.0.${ip}`)).statusCode).toBe(401);
    }
    // Ceiling reached: a failing address is refused, even with the right password, until the window frees a slot.
    const refused = await login(u.username, 'guess-3', '10.88.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toMatch(LOCKED);
    expect((await login(u.username, u.password, '10.88.0.2')).statusCode).toBe(429);
    // The owner from a clean address is not.
    expect((await login(u.username, u.password, '192.0.2.3')).statusCode).toBe(200);
  });

  it('progressive delay: past the threshold, failing addresses wait 1 s, 2 s, 4 s … between tries; a clean address does not', async () => {
    ctx = await createTestContext({ ...wideQueue, LOGIN_USERNAME_DELAY_AFTER: '3' });
    const u = await signUp(ctx.app);
    for (const ip of ['10.99.0.1', '10.99.0.1', '10.99.0.2'])
      expect((await login(u.username, 'guess', ip)).statusCode).toBe(401);
    // 3 failures on the username: the next try from a failing address must wait 1 s after the latest.
    const first = await login(u.username, 'guess', '10.99.0.1');
    expect(first.statusCode).toBe(429);
    expect(first.headers['retry-after']).toBe('1');
    expect(first.json().detail).toMatch(LOCKED);
    ctx.advance(1100);
    expect((await login(u.username, 'guess', '10.99.0.1')).statusCode).toBe(401);
    // 4 failures: 2 s.
    expect((await login(u.username, 'guess', '10.99.0.2')).headers['retry-after']).toBe('2');
    ctx.advance(1100);
    expect((await login(u.username, 'guess', '10.99.0.2')).statusCode).toBe(429);
    ctx.advance(1000);
    expect((await login(u.username, 'guess', '10.99.0.2')).statusCode).toBe(401);
    // 5 failures: 4 s.
    expect((await login(u.username, 'guess', '10.99.0.1')).headers['retry-after']).toBe('4');
    // The owner at a clean address signs in at once.
    expect((await login(u.username, u.password, '192.0.2.4')).statusCode).toBe(200);
  });
});
