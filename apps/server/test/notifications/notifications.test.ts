import type { MarkReadResult, Notification } from '@tokendesk/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { notifications } from '../../src/db/schema';
import { createTestContext, signUp, type TestContext, requester } from '../helpers';

/** Notifications as the indexer writes them, read and marked over HTTP. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const call = requester(() => ctx.app);

const base = Date.UTC(2025, 3, 1);
async function seed(userId: number, count: number, opts: { read?: boolean; from?: number } = {}) {
  const rows = await ctx.app.db
    .insert(notifications)
    .values(
      Array.from({ length: count }, (_, i) => ({
        userId,
        title: 'Price Move',
        message: `DEMO/WETH moved ${(opts.from ?? 0) + i}%`,
        navigationUrl: `/alerts/${(opts.from ?? 0) + i}`,
        isRead: opts.read ?? false,
        createdAt: new Date(base + ((opts.from ?? 0) + i) * 1000),
      })),
    )
    .returning({ id: notifications.id });
  return rows.map((r) => r.id);
}

const list = async (token: string) => {
  const res = await call(token, 'GET', 'projects/notifications/');
  expect(res.statusCode).toBe(200);
  return res.json() as Notification[];
};
const unread = async (token: string) => {
  const res = await call(token, 'GET', 'projects/notifications/new-count/');
  expect(res.statusCode).toBe(200);
  return (res.json() as { unread_count: number }).unread_count;
};

describe('notifications', () => {
  it('lists the newest 50, with read state and in-app links', async () => {
    const user = await signUp(ctx.app);
    expect(await list(user.token)).toEqual([]);
    expect(await unread(user.token)).toBe(0);
    await seed(user.userId, 5, { read: true });
    await seed(user.userId, 50, { from: 5 });
    const got = await list(user.token);
    expect(got).toHaveLength(50);
    expect(got[0]).toMatchObject({
      title: 'Price Move',
      message: 'DEMO/WETH moved 54%',
      navigation_url: '/alerts/54',
      is_read: false,
      created_at: new Date(base + 54_000).toISOString(),
    });
    expect(got.at(-1)).toMatchObject({ message: 'DEMO/WETH moved 5%' });
    expect(got.map((n) => n.created_at)).toEqual([...got.map((n) => n.created_at)].sort().reverse());
    expect(await unread(user.token)).toBe(50);
  });

  it('marks given ids read, only the user’s own, and counts what is left', async () => {
    const [me, them] = await Promise.all([signUp(ctx.app), signUp(ctx.app)]);
    const mine = await seed(me.userId, 4);
    const theirs = await seed(them.userId, 3);
    const res = await call(me.token, 'POST', 'projects/notifications/mark-read/', {
      ids: [mine[0], mine[1], theirs[0], theirs[1], 987_654_321],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ marked: 2, unread_count: 2 } satisfies MarkReadResult);
    // Marking again changes nothing.
    expect((await call(me.token, 'POST', 'projects/notifications/mark-read/', { ids: [mine[0]] })).json()).toEqual({
      marked: 0,
      unread_count: 2,
    });
    const shown = await list(me.token);
    expect(
      shown
        .filter((n) => n.is_read)
        .map((n) => n.id)
        .sort(),
    ).toEqual([mine[0], mine[1]].sort());
    // The other user's rows are untouched, and their count is theirs.
    expect(await unread(them.token)).toBe(3);
    const stored = await ctx.app.db.select().from(notifications).where(eq(notifications.userId, them.userId));
    expect(stored.every((n) => !n.isRead)).toBe(true);
  });

  it('marks all read, for the user only', async () => {
    const [me, them] = await Promise.all([signUp(ctx.app), signUp(ctx.app)]);
    await seed(me.userId, 6);
    await seed(them.userId, 2);
    const res = await call(me.token, 'POST', 'projects/notifications/mark-all-read/');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ marked: 6, unread_count: 0 });
    expect(await unread(me.token)).toBe(0);
    expect((await list(me.token)).every((n) => n.is_read)).toBe(true);
    expect(await unread(them.token)).toBe(2);
    expect((await call(me.token, 'POST', 'projects/notifications/mark-all-read/', {})).json()).toEqual({
      marked: 0,
      unread_count: 0,
    });
  });

  it('never shows another user’s notifications', async () => {
    const [me, them] = await Promise.all([signUp(ctx.app), signUp(ctx.app)]);
    await seed(them.userId, 3);
    expect(await list(me.token)).toEqual([]);
    expect(await unread(me.token)).toBe(0);
  });

  it('validates mark-read and needs a credential', async () => {
    const user = await signUp(ctx.app);
    for (const payload of [
      {},
      { ids: [] },
      { ids: ['x'] },
      { ids: [0] },
      { ids: Array.from({ length: 501 }, (_, i) => i + 1) },
      { ids: [1], extra: true },
    ]) {
      const res = await call(user.token, 'POST', 'projects/notifications/mark-read/', payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
    }
    expect((await call(user.token, 'POST', 'projects/notifications/mark-read/', { ids: [] })).json().detail).toBe(
      'Give at least one id',
    );
    for (const url of ['projects/notifications/', 'projects/notifications/new-count/']) {
      expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/${url}` })).statusCode).toBe(401);
    }
  });

  it('counts unread from the partial index', async () => {
    const user = await signUp(ctx.app);
    await seed(user.userId, 3);
    // Force the planner's hand (inside one transaction, so on one connection) to show that the
    // index can answer the exact query of the route.
    const plan = await ctx.app.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return queryRows<Record<string, string>>(
        tx,
        sql`explain select count(*) from ${notifications} where ${notifications.userId} = ${user.userId} and ${notifications.isRead} = false`,
      );
    });
    expect(plan.map((r) => Object.values(r).join(' ')).join('\n')).toContain('notifications_user_unread_idx');
  });
});
