import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { notifications, sessions } from '../../src/db/schema';
import { bearer, createTestContext, signUp, type TestContext } from '../helpers';

let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

const info = (c: TestContext, token: string) =>
  c.app.inject({ method: 'GET', url: '/api/v1/user/info/', headers: { authorization: bearer(token) } });

describe('the bearer session cache', () => {
  it('serves a session revoked elsewhere (another server) for at most SESSION_CACHE_SECONDS', async () => {
    ctx = await createTestContext({ SESSION_CACHE_SECONDS: '5' });
    const u = await signUp(ctx.app);
    expect((await info(ctx, u.token)).statusCode).toBe(200);
    // Revoked by another server: this one only learns it from the database.
    await ctx.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, u.userId));
    if (ctx.database.kind === 'postgres') {
      // PostgreSQL: the change feed (LISTEN/NOTIFY, decision 0026) drops the entry well before the TTL.
      const c = ctx;
      await expect.poll(async () => (await info(c, u.token)).statusCode, { timeout: 2_000, interval: 50 }).toBe(401);
      return;
    }
    expect((await info(ctx, u.token)).statusCode).toBe(200);
    ctx.advance(5_001);
    expect((await info(ctx, u.token)).statusCode).toBe(401);
  });

  it('asks the database every time when turned off', async () => {
    ctx = await createTestContext({ SESSION_CACHE_SECONDS: '0' });
    const u = await signUp(ctx.app);
    expect((await info(ctx, u.token)).statusCode).toBe(200);
    await ctx.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, u.userId));
    expect((await info(ctx, u.token)).statusCode).toBe(401);
  });
});

describe('the unread count cache', () => {
  it('reuses a count for UNREAD_COUNT_CACHE_SECONDS, and marking read answers and stores the fresh count', async () => {
    ctx = await createTestContext({ UNREAD_COUNT_CACHE_SECONDS: '1' });
    const c = ctx;
    const u = await signUp(c.app);
    const count = async () =>
      (
        await c.app.inject({
          method: 'GET',
          url: '/api/v1/projects/notifications/new-count/',
          headers: { authorization: bearer(u.token) },
        })
      ).json().unread_count as number;
    expect(await count()).toBe(0);
    const rows = await c.database.db
      .insert(notifications)
      .values(
        [1, 2].map((i) => ({
          userId: u.userId,
          title: 'Price Move',
          message: `moved ${i}%`,
          navigationUrl: '/alerts/1',
        })),
      )
      .returning({ id: notifications.id });
    // The indexer wrote them: the bell learns within the TTL (on PostgreSQL, through the change
    // feed at once; caches.test covers only the TTL, answer-cache.test the feed).
    if (c.database.kind !== 'postgres') expect(await count()).toBe(0);
    await expect.poll(count, { timeout: 3_000, interval: 200 }).toBe(2);

    const marked = await c.app.inject({
      method: 'POST',
      url: '/api/v1/projects/notifications/mark-read/',
      headers: { authorization: bearer(u.token) },
      payload: { ids: [rows[0]!.id] },
    });
    expect(marked.json().unread_count).toBe(1);
    expect(await count()).toBe(1); // at once, not after the TTL
  });
});
