import { afterEach, describe, expect, it } from 'vitest';
import { basic, createTestContext, registerBody, signUp, type TestContext } from '../helpers';

let ctx: TestContext;
afterEach(async () => {
  await ctx?.close();
});

const login = (username: string, password: string, remoteAddress = '127.0.0.1') =>
  ctx.app.inject({
    method: 'GET',
    url: '/api/v1/user/login/',
    remoteAddress,
    headers: { authorization: basic(username, password) },
  });

describe('login rate limits', () => {
  it('trips per (username, IP) after the allowed failures, then recovers after the window', async () => {
    ctx = await createTestContext({ LOGIN_MAX_FAILURES_PER_USERNAME_IP: '3', RATE_LIMIT_WINDOW_MINUTES: '15' });
    const u = await signUp(ctx.app);
    for (let i = 0; i < 3; i++) expect((await login(u.username, 'wrong-password')).statusCode).toBe(401);

    // Even the right password is refused from that address while limited (another address is not:
    // sign-in-limits.test.ts).
    const limited = await login(u.username, u.password);
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(limited.json().detail).toMatch(/^Too many failed sign-in attempts\. Please try again in \d+ minutes?\.$/);

    ctx.advance(15 * 60_000 + 1000);
    expect((await login(u.username, u.password)).statusCode).toBe(200);
  });

  it('trips per IP across usernames, and counts HTTP Basic failures on any route', async () => {
    ctx = await createTestContext({ LOGIN_MAX_FAILURES_PER_IP: '4', LOGIN_MAX_FAILURES_PER_USERNAME_IP: '100' });
    const u = await signUp(ctx.app);
    for (let i = 0; i < 2; i++) expect((await login(`ghost${i}`, 'whatever-pass')).statusCode).toBe(401);
    for (let i = 0; i < 2; i++) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/user/info/',
        headers: { authorization: basic(`ghost-b${i}`, 'x-password') },
      });
      expect(res.statusCode).toBe(401);
    }
    expect((await login(u.username, u.password)).statusCode).toBe(429);
    const basicLimited = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/user/info/',
      headers: { authorization: basic(u.username, u.password) },
    });
    expect(basicLimited.statusCode).toBe(429);
    // Another address is unaffected.
    expect((await login(u.username, u.password, '192.0.2.7')).statusCode).toBe(200);
  });

  it('a success clears the (username, IP) counter', async () => {
    ctx = await createTestContext({ LOGIN_MAX_FAILURES_PER_USERNAME_IP: '3' });
    const u = await signUp(ctx.app);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 2; i++) expect((await login(u.username, 'wrong-password')).statusCode).toBe(401);
      expect((await login(u.username, u.password)).statusCode).toBe(200);
    }
  });
});

describe('register rate limit', () => {
  it('limits attempts per IP, then recovers', async () => {
    ctx = await createTestContext({ REGISTER_MAX_PER_IP: '2', RATE_LIMIT_WINDOW_MINUTES: '15' });
    const reg = () => ctx.app.inject({ method: 'POST', url: '/api/v1/user/register/', payload: registerBody() });
    expect((await reg()).statusCode).toBe(201);
    expect((await reg()).statusCode).toBe(201);
    const limited = await reg();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json().detail).toMatch(/^Too many registration attempts\./);
    // Another address may still register, and this one may again after the window.
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/register/',
      remoteAddress: '192.0.2.50',
      payload: registerBody(),
    });
    expect(other.statusCode).toBe(201);
    ctx.advance(15 * 60_000 + 1000);
    expect((await reg()).statusCode).toBe(201);
  });

  it('limits attempts on one username from any address at the per-(username, IP) count', async () => {
    ctx = await createTestContext({
      REGISTER_MAX_PER_IP: '100',
      LOGIN_MAX_FAILURES_PER_USERNAME_IP: '3',
      LOGIN_MAX_FAILURES_PER_USERNAME: '100',
    });
    const body = registerBody();
    const reg = (i: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/user/register/',
        remoteAddress: `192.0.2.${60 + i}`,
        payload: { ...registerBody(), username: body.username },
      });
    expect((await reg(0)).statusCode).toBe(201);
    expect((await reg(1)).statusCode).toBe(409);
    expect((await reg(2)).statusCode).toBe(409);
    const limited = await reg(3);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toMatch(/^Too many registration attempts\./);
  });
});
