import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, createTestContext, signUp, type TestContext } from '../helpers';

let ctx: TestContext;
beforeAll(async () => {
  // A hash cost where one scrypt takes tens of milliseconds, far above request overhead.
  ctx = await createTestContext({
    PASSWORD_HASH_COST: '15',
    LOGIN_MAX_FAILURES_PER_USERNAME: '1000',
    LOGIN_MAX_FAILURES_PER_USERNAME_IP: '1000',
    LOGIN_USERNAME_DELAY_AFTER: '1000',
    LOGIN_MAX_FAILURES_PER_IP: '1000',
  });
});
afterAll(async () => {
  await ctx.close();
});

/**
 * Median durations of `a` and `b`, measured in turns (a, b, a, b, ...) so that both see the same
 * machine: measured one after the other, a burst of load from a parallel file during one of them
 * made a known username look more than twice as slow as an unknown one (a CI failure).
 */
async function medians(a: () => Promise<unknown>, b: () => Promise<unknown>, runs = 9): Promise<[number, number]> {
  const times: [number[], number[]] = [[], []];
  const time = async (fn: () => Promise<unknown>) => {
    const start = performance.now();
    await fn();
    return performance.now() - start;
  };
  for (let i = 0; i < runs; i++) {
    times[0].push(await time(a));
    times[1].push(await time(b));
  }
  const median = (list: number[]) => list.sort((x, y) => x - y)[Math.floor(runs / 2)]!;
  return [median(times[0]), median(times[1])];
}

describe('login does not reveal whether a username exists', () => {
  it('an unknown username costs a password hash, like a wrong password does', async () => {
    const u = await signUp(ctx.app);
    const login = (username: string) =>
      ctx.app.inject({
        method: 'GET',
        url: '/api/v1/user/login/',
        headers: { authorization: basic(username, 'wrong-password-1') },
      });
    await login('warm-up-user');
    const [known, unknown] = await medians(
      () => login(u.username),
      () => login(`nobody-${Math.random()}`),
    );
    // Without the dummy hash the unknown case is ~100× faster; with it they are the same work.
    // The bound is loose on purpose: it must catch a missing hash, not measure noise.
    expect(unknown).toBeGreaterThan(known * 0.5);
    const a = await login(u.username);
    const b = await login('nobody-at-all');
    expect(a.statusCode).toBe(b.statusCode);
    expect(a.body).toBe(b.body);
  });
});
