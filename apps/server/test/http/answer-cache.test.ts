import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { testConfig } from '../../src/config';
import { openDatabase, type Database } from '../../src/db/client';
import { notifications, pools, projects } from '../../src/db/schema';
import { bearer, signUp, wethPoolRow, requester } from '../helpers';
import { cloneDatabase, type ClonedDatabase } from '../support/database';

/**
 * The answer, session and unread-count caches stay correct with two servers on one PostgreSQL
 * database (decision 0026): every cache is kept for 60 s here, so a change that shows within a
 * second was heard through LISTEN/NOTIFY, not waited out.
 */
const LONG = { ANSWER_CACHE_SECONDS: '60', SESSION_CACHE_SECONDS: '60', UNREAD_COUNT_CACHE_SECONDS: '60' };

let clone: ClonedDatabase | null = null;
let url = '';
const opened: { app: FastifyInstance; database: Database }[] = [];
let a: FastifyInstance;
let b: FastifyInstance;
let n = 0;
const address = () => `0x7e5b${(++n).toString(16).padStart(36, '0')}`;

async function server(): Promise<FastifyInstance> {
  const database = await openDatabase({ kind: 'postgres', url });
  const app = await buildApp({ config: testConfig(LONG), database, logger: false });
  await app.ready();
  opened.push({ app, database });
  return app;
}

const get = (app: FastifyInstance, token: string, path: string) => requester(() => app)(token, 'GET', path);
const projectNames = async (app: FastifyInstance, token: string) =>
  ((await get(app, token, 'projects/')).json() as { projects: { name: string }[] }).projects.map((p) => p.name);

async function addProject(app: FastifyInstance, userId: number, name: string): Promise<number> {
  const [row] = await app.db
    .insert(projects)
    .values({ userId, networkId: 31337, contractAddress: address(), name, tokenSymbol: 'T', tokenDecimal: 18 })
    .returning({ id: projects.id });
  return row!.id;
}

describe('caches with two servers on one database', () => {
  beforeAll(async () => {
    clone = await cloneDatabase();
    url = clone.url;
    a = await server();
    b = await server();
  });

  afterAll(async () => {
    for (const { app, database } of opened) {
      await app.close();
      await database.close();
    }
    await clone?.drop();
  });

  it("a project or pool written anywhere shows in the other server's cached lists within a second", async () => {
    const user = await signUp(a);
    await addProject(a, user.userId, 'First');
    expect(await projectNames(b, user.token)).toEqual(['First']);
    // Cached on b now; written by a (or the CLI, or a restore): b hears it.
    const second = await addProject(a, user.userId, 'Second');
    await expect.poll(() => projectNames(b, user.token), { timeout: 1_000, interval: 20 }).toEqual(['Second', 'First']);

    const poolsOf = async () =>
      ((await get(b, user.token, 'projects/user/pools/')).json() as { pools: unknown[] }).pools.length;
    expect(await poolsOf()).toBe(0);
    await a.db.insert(pools).values(
      wethPoolRow({
        projectId: second,
        userId: user.userId,
        networkId: 31337,
        pairedTokenAddress: address(),
        poolAddress: address(),
      }),
    );
    await expect.poll(poolsOf, { timeout: 1_000, interval: 20 }).toBe(1);

    // Search answers are cached too, and dropped the same way.
    const search = async () => ((await get(b, user.token, 'projects/search/?query=thi')).json() as unknown[]).length;
    expect(await search()).toBe(0);
    await addProject(a, user.userId, 'Third');
    await expect.poll(search, { timeout: 1_000, interval: 20 }).toBe(1);
  });

  it("the writing server's own lists show its write at once (no wait for the notification)", async () => {
    const user = await signUp(a);
    const id = await addProject(a, user.userId, 'Doomed');
    await expect.poll(() => projectNames(a, user.token), { timeout: 1_000, interval: 20 }).toEqual(['Doomed']);
    const deleted = await a.inject({
      method: 'DELETE',
      url: `/api/v1/projects/${id}/`,
      headers: { authorization: bearer(user.token) },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await projectNames(a, user.token)).toEqual([]);
    await expect.poll(() => projectNames(b, user.token), { timeout: 1_000, interval: 20 }).toEqual([]);
  });

  it("another user's change leaves a user's cached answers alone", async () => {
    const one = await signUp(a);
    const two = await signUp(a);
    await addProject(a, one.userId, 'Kept');
    expect(await projectNames(b, one.token)).toEqual(['Kept']);
    // A write for user two is heard by b; user one's answer stays cached (invalidation is per user).
    await addProject(a, two.userId, 'Theirs');
    await expect.poll(() => projectNames(b, two.token), { timeout: 1_000, interval: 20 }).toEqual(['Theirs']);
    expect(await projectNames(b, one.token)).toEqual(['Kept']);
  });

  it('answers come from the cache while nothing changes (the TTL is 60 s here)', async () => {
    const user = await signUp(a);
    await addProject(a, user.userId, 'Before');
    await expect.poll(() => projectNames(b, user.token), { timeout: 1_000, interval: 20 }).toEqual(['Before']);
    // Change the row without a notification reaching b: with the triggers off for this session.
    await a.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update projects set name = 'After' where user_id = ${user.userId}`);
    });
    expect(await projectNames(b, user.token)).toEqual(['Before']);
  });

  it('the unread count and a revoked session are heard by the other server', async () => {
    const user = await signUp(a);
    const count = async () =>
      ((await get(b, user.token, 'projects/notifications/new-count/')).json() as { unread_count: number }).unread_count;
    expect(await count()).toBe(0);
    await a.db
      .insert(notifications)
      .values({ userId: user.userId, title: 'Price Move', message: 'moved', navigationUrl: '/alerts/1' });
    await expect.poll(count, { timeout: 1_000, interval: 20 }).toBe(1);

    expect((await get(b, user.token, 'user/info/')).statusCode).toBe(200);
    const out = await a.inject({
      method: 'POST',
      url: '/api/v1/user/logout/',
      headers: { authorization: bearer(user.token) },
    });
    expect(out.statusCode, out.body).toBeLessThan(300);
    await expect
      .poll(async () => (await get(b, user.token, 'user/info/')).statusCode, { timeout: 1_000, interval: 20 })
      .toBe(401);
  });

  it('while the feed is down nothing is cached, and it comes back by itself', async () => {
    const user = await signUp(a);
    await addProject(a, user.userId, 'One');
    expect(await projectNames(b, user.token)).toEqual(['One']);
    // Kill every listening connection (both servers'), as a database restart would.
    await a.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`,
    );
    await expect.poll(() => b.changes.isLive(), { timeout: 2_000, interval: 10 }).toBe(false);
    // Written behind the triggers' back: only an uncached answer can show it.
    await a.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update projects set name = 'Renamed' where user_id = ${user.userId}`);
    });
    if (!b.changes.isLive()) expect(await projectNames(b, user.token)).toEqual(['Renamed']);
    await expect.poll(() => b.changes.isLive(), { timeout: 5_000, interval: 50 }).toBe(true);
    expect(await projectNames(b, user.token)).toEqual(['Renamed']);
    await addProject(a, user.userId, 'Two');
    await expect.poll(() => projectNames(b, user.token), { timeout: 1_000, interval: 20 }).toEqual(['Two', 'Renamed']);
  });
});
