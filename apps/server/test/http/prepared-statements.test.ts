import type pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { projects } from '../../src/db/schema';
import { createTestContext, requester, requesterAs, signUp, type TestContext } from '../helpers';

/**
 * The cold path of the routes every open dashboard polls (issue 36, decision 0086): with no cache
 * in front, each request is the session lookup and its one query, both sent as named (prepared)
 * statements, so drizzle builds neither per request and PostgreSQL parses each once per connection.
 */
let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

/** Every statement the app's pool is asked to run (drizzle sends statements outside a transaction with pool.query). */
function recordStatements(c: TestContext): { name: string | undefined; text: string }[] {
  const pool = (c.database.db as unknown as { $client: pg.Pool }).$client;
  const seen: { name: string | undefined; text: string }[] = [];
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const first = args[0] as string | { name?: string; text: string };
    seen.push(typeof first === 'string' ? { name: undefined, text: first } : { name: first.name, text: first.text });
    return query(...args);
  };
  return seen;
}

describe('prepared statements on the cold path', () => {
  it('projects, search, new-count and the pools page: two named statements per request (session, query), answers as before', async () => {
    ctx = await createTestContext({
      SESSION_CACHE_SECONDS: '0',
      ANSWER_CACHE_SECONDS: '0',
      UNREAD_COUNT_CACHE_SECONDS: '0',
    });
    const u = await signUp(ctx.app);
    await ctx.database.db.insert(projects).values(
      Array.from({ length: 3 }, (_, i) => ({
        userId: u.userId,
        networkId: 1,
        contractAddress: `0x${String(i + 1).padStart(40, 'a')}`,
        name: `Alpha ${i}`,
        tokenSymbol: `ALP${i}`,
        tokenDecimal: 18,
      })),
    );
    const as = requesterAs(
      () => ctx!.app,
      () => u.token,
    );
    const get = (url: string) => as('GET', url);
    const routes = [
      'projects/',
      'projects/search/?query=alpha',
      'projects/search/?query=0xaaaa',
      'projects/notifications/new-count/',
      'projects/user/pools/',
    ];
    // The first round prepares (and would show the answers differ between two calls if parameters went astray).
    const first = await Promise.all(routes.map(async (r) => (await get(r)).body));
    const seen = recordStatements(ctx);
    for (const [i, r] of routes.entries()) {
      seen.length = 0;
      const res = await get(r);
      expect(res.statusCode, r).toBe(200);
      expect(res.body, r).toBe(first[i]);
      expect(
        seen.map((s) => s.name ?? `unnamed: ${s.text.slice(0, 60)}`),
        r,
      ).toEqual([
        'auth-bearer-session',
        expect.stringMatching(/^(projects-first-page|projects-search|notifications-unread-count|pools-first-page)/),
      ]);
    }
    expect(JSON.parse(first[0]!).projects.map((p: { name: string }) => p.name)).toEqual([
      'Alpha 2',
      'Alpha 1',
      'Alpha 0',
    ]);
    expect(JSON.parse(first[1]!).map((p: { name: string }) => p.name)).toEqual(['Alpha 0', 'Alpha 1', 'Alpha 2']);
    expect(JSON.parse(first[2]!).map((p: { name: string }) => p.name)).toEqual(['Alpha 0', 'Alpha 1', 'Alpha 2']);
    expect(JSON.parse(first[3]!)).toEqual({ unread_count: 0 });
  });

  it('a prepared session lookup still refuses a revoked or expired session at once when the cache is off', async () => {
    ctx = await createTestContext({ SESSION_CACHE_SECONDS: '0' });
    const u = await signUp(ctx.app);
    const info = () => requester(() => ctx!.app)(u.token, 'GET', 'user/info/');
    expect((await info()).statusCode).toBe(200);
    ctx.advance(25 * 60 * 60 * 1000);
    expect((await info()).statusCode).toBe(401);
  });
});
