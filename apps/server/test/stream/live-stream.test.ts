import type { AddressInfo } from 'node:net';
import { demoAccounts, devnetClients, swapOnDevnet } from '@tokendesk/devchain';
import { STREAM_HEARTBEAT_MS } from '@tokendesk/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { testConfig } from '../../src/config';
import { openDatabase, type Database } from '../../src/db/client';
import { notifications } from '../../src/db/schema';
import { startIndexers } from '../../src/indexer/runner';
import { bearer, createTestContext, devnetChain, signUp } from '../helpers';
import { cloneDatabase, type ClonedDatabase } from '../support/database';
import { claimSharedChain, type SharedChain } from '@tokendesk/testkit/shared-chain';
import { SseClient } from '@tokendesk/testkit/sse-client';

/**
 * The live stream (issue 31, decision 0074) on two real servers sharing one real PostgreSQL: A
 * indexes the shared devnet, B only serves browsers. What A indexes, and what is written anywhere,
 * reaches a stream open on B through LISTEN/NOTIFY, and only for the user it belongs to.
 */

let devnet: SharedChain;
let clone: ClonedDatabase;
let dbA: Database;
let dbB: Database;
let appA: FastifyInstance;
let appB: FastifyInstance;
let baseB: string;
let indexers: ReturnType<typeof startIndexers>;
const open: SseClient[] = [];

type User = Awaited<ReturnType<typeof signUp>>;
let owner: User;
let sharer: User;
let stranger: User;
let ownerProject: number;
let ownerPool: number;
let sharerProject: number;
let sharerPool: number;

const stream = async (token: string, extra: Record<string, string> = {}) => {
  const c = await SseClient.open(baseB, { authorization: bearer(token), ...extra });
  open.push(c);
  return c;
};

async function attachDemoWeth(app: FastifyInstance, token: string): Promise<{ project: number; pool: number }> {
  const auth = { authorization: bearer(token) };
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/projects/create/',
    headers: auth,
    payload: {
      network: 31337,
      contract_address: devnet.addresses.demo,
      name: 'Demo',
      token_symbol: 'DEMO',
      token_decimal: 18,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const attached = await app.inject({
    method: 'POST',
    url: `/api/v1/projects/pool/${created.json().id}/`,
    headers: auth,
    payload: { dex: 'uniswap-v2', token: 'weth', pool_address: devnet.addresses.pools.demoWethV2 },
  });
  expect(attached.statusCode, attached.body).toBe(201);
  return { project: created.json().id as number, pool: attached.json().id as number };
}

beforeAll(async () => {
  devnet = await claimSharedChain('live-stream.test.ts');
  clone = await cloneDatabase();
  dbA = await openDatabase({ kind: 'postgres', url: clone.url });
  dbB = await openDatabase({ kind: 'postgres', url: clone.url });
  appA = await buildApp({
    config: testConfig(),
    database: dbA,
    logger: false,
    chain: devnetChain({ rpcUrl: devnet.rpcUrl }),
  });
  appB = await buildApp({
    config: testConfig({ STREAMS_PER_USER: '3' }),
    database: dbB,
    logger: false,
    chain: devnetChain({ rpcUrl: devnet.rpcUrl }),
  });
  await appA.ready();
  await appB.listen({ port: 0, host: '127.0.0.1' });
  baseB = `http://127.0.0.1:${(appB.server.address() as AddressInfo).port}`;

  owner = await signUp(appA);
  sharer = await signUp(appA);
  stranger = await signUp(appA);
  ({ project: ownerProject, pool: ownerPool } = await attachDemoWeth(appA, owner.token));
  // Another user tracking the very same pool: they hear of it with their own ids, never the owner's.
  ({ project: sharerProject, pool: sharerPool } = await attachDemoWeth(appA, sharer.token));
  indexers = startIndexers(dbA, appA.chain, appA.log, { backfillSeconds: 3600 });
  // Caught up: the devnet's checkpoint reached its head.
  const head = await devnetClients(devnet.rpcUrl).public.getBlockNumber();
  for (let i = 0; i < 600; i++) {
    const rows = (await dbA.db.execute(
      sql`select last_block from indexer_checkpoints where network_id = 31337`,
    )) as unknown as { rows: { last_block: string }[] };
    if (rows.rows[0] && BigInt(rows.rows[0].last_block) >= head) break;
    await new Promise((r) => setTimeout(r, 100));
  }
}, 600_000); // includes waiting for the chain-writer lock

afterAll(async () => {
  for (const c of open) c.close();
  await indexers?.stop();
  await appB?.close();
  await appA?.close();
  await dbA?.close();
  await dbB?.close();
  await clone?.drop();
  await devnet?.release();
});

describe('GET /api/v1/stream/', () => {
  it('answers text/event-stream with the API headers (CSP unchanged) to a signed-in user, 401 without one', async () => {
    const s = await stream(owner.token);
    expect(s.status).toBe(200);
    expect(s.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(s.headers['cache-control']).toBe('no-store');
    expect(s.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(s.headers['x-content-type-options']).toBe('nosniff');
    const anonymous = await SseClient.open(baseB, {});
    open.push(anonymous);
    await anonymous.waitFor((c) => c.ended);
    expect(anonymous.status).toBe(401);
    expect(JSON.parse(anonymous.body)).toMatchObject({ detail: expect.any(String) });
    s.close();
    // Documented like every other route.
    const doc = (await appB.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, { get?: { tags?: string[]; responses: Record<string, unknown> } }>;
    };
    const route = doc.paths['/api/v1/stream'] ?? doc.paths['/api/v1/stream/'];
    expect(route?.get?.tags).toEqual(['Live']);
    expect(Object.keys(route!.get!.responses)).toEqual(expect.arrayContaining(['200', '401', '429']));
  });

  it('a pool change indexed by server A reaches a stream on server B, with the user’s own ids only', async () => {
    const ownerStream = await stream(owner.token);
    const sharerStream = await stream(sharer.token);
    const strangerStream = await stream(stranger.token);
    await ownerStream.waitFor((c) => c.messages.length > 0);
    const { receipt } = await swapOnDevnet(devnetClients(devnet.rpcUrl), {
      from: demoAccounts[1]!,
      pool: 'demo-weth',
      side: 'buy',
      amount: '0.01',
    });
    const mined = Date.now();
    const isPool = (c: Record<string, unknown>) => c.topic === 'pool';
    await ownerStream.waitFor((c) => c.changes().some(isPool));
    console.info(`live-stream: swap mined → pool change on server B: ${Date.now() - mined} ms`);
    const change = ownerStream.changes().find(isPool)!;
    expect(change).toEqual({
      topic: 'pool',
      project_id: ownerProject,
      pool_ids: [ownerPool],
      block: expect.any(String),
    });
    expect(BigInt(change.block as string)).toBeGreaterThanOrEqual(receipt.blockNumber);

    await sharerStream.waitFor((c) => c.changes().some(isPool));
    expect(sharerStream.changes().filter(isPool)).toEqual([
      { topic: 'pool', project_id: sharerProject, pool_ids: [sharerPool], block: change.block },
    ]);
    // Nothing of another tenant, ever: the stranger tracks nothing and hears nothing.
    await new Promise((r) => setTimeout(r, 500));
    expect(strangerStream.changes()).toEqual([]);
    for (const c of [...ownerStream.changes(), ...sharerStream.changes()]) {
      if (c.project_id !== undefined) expect([ownerProject, sharerProject]).toContain(c.project_id);
    }
    const ownerIds = ownerStream.changes().flatMap((c) => (c.pool_ids as number[] | undefined) ?? []);
    expect(ownerIds).not.toContain(sharerPool);
    for (const c of [ownerStream, sharerStream, strangerStream]) c.close();
  });

  it('lists, notifications and tickets written through server A reach the owner’s stream on B, and no one else’s', async () => {
    const ownerStream = await stream(owner.token);
    const strangerStream = await stream(stranger.token);
    await ownerStream.waitFor((c) => c.messages.length > 0);
    await strangerStream.waitFor((c) => c.messages.length > 0);
    const auth = { authorization: bearer(owner.token) };
    // Any writer is heard (here A's database connection, as the CLI or a restore would be).
    await dbA.db.execute(sql`update projects set name = 'Demo renamed' where id = ${ownerProject}`);
    await ownerStream.waitFor((c) => c.changes().some((x) => x.topic === 'lists'));

    await dbA.db
      .insert(notifications)
      .values({ userId: owner.userId, title: 'Large swap', message: 'A test notice', navigationUrl: '/activities' });
    await ownerStream.waitFor((c) => c.changes().some((x) => x.topic === 'notifications'));

    const ticket = await appA.inject({
      method: 'POST',
      url: '/api/v1/user/tickets/create/',
      headers: auth,
      payload: { project: ownerProject, subject: 'Live?', message: 'Does it stream?' },
    });
    expect(ticket.statusCode, ticket.body).toBe(201);
    await ownerStream.waitFor((c) =>
      c.changes().some((x) => x.topic === 'tickets' && x.ticket_id === ticket.json().id),
    );

    await new Promise((r) => setTimeout(r, 300));
    expect(strangerStream.changes()).toEqual([]);
    ownerStream.close();
    strangerStream.close();
  });

  it('staff hear every user’s new ticket and reply live; other users hear only their own, a demoted account nothing', async () => {
    const staff = await signUp(appA);
    await dbA.db.execute(sql`update users set is_staff = true where id = ${staff.userId}`);
    const other = await signUp(appA);
    const staffStream = await stream(staff.token);
    const otherStream = await stream(other.token);
    const strangerStream = await stream(stranger.token);
    for (const s of [staffStream, otherStream, strangerStream]) await s.waitFor((c) => c.messages.length > 0);
    const isTicket = (id: number) => (c: Record<string, unknown>) => c.topic === 'tickets' && c.ticket_id === id;

    // A user opens a ticket on server A: the staff stream on B hears of it, no other user does.
    const opened = await appA.inject({
      method: 'POST',
      url: '/api/v1/user/tickets/create/',
      headers: { authorization: bearer(other.token) },
      payload: { project: null, subject: 'Staff, live?', message: 'Anyone there?' },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const ticketId = opened.json().id as number;
    await staffStream.waitFor((c) => c.changes().some(isTicket(ticketId)));
    await otherStream.waitFor((c) => c.changes().some(isTicket(ticketId)));

    // The staff reply on A reaches the user; the user's reply reaches staff again.
    const staffReply = await appA.inject({
      method: 'POST',
      url: `/api/v1/staff/tickets/${ticketId}/reply/`,
      headers: { authorization: bearer(staff.token) },
      payload: { message: 'Here.' },
    });
    expect(staffReply.statusCode, staffReply.body).toBe(201);
    const before = staffStream.changes().filter(isTicket(ticketId)).length;
    const userReply = await appA.inject({
      method: 'POST',
      url: `/api/v1/user/tickets/${ticketId}/reply/`,
      headers: { authorization: bearer(other.token) },
      payload: { message: 'Thanks.' },
    });
    expect(userReply.statusCode, userReply.body).toBe(201);
    await staffStream.waitFor((c) => c.changes().filter(isTicket(ticketId)).length > before);

    // Staff taken away: the next ticket is not heard by that account any more.
    await dbA.db.execute(sql`update users set is_staff = false where id = ${staff.userId}`);
    const second = await appA.inject({
      method: 'POST',
      url: '/api/v1/user/tickets/create/',
      headers: { authorization: bearer(other.token) },
      payload: { project: null, subject: 'Second', message: 'Again' },
    });
    expect(second.statusCode, second.body).toBe(201);
    await otherStream.waitFor((c) => c.changes().some(isTicket(second.json().id as number)));
    await new Promise((r) => setTimeout(r, 500));
    expect(staffStream.changes().some(isTicket(second.json().id as number))).toBe(false);
    // A user who is not staff never hears of another user's ticket.
    expect(strangerStream.changes()).toEqual([]);
    for (const s of [staffStream, otherStream, strangerStream]) s.close();
  });

  it('a reconnect with Last-Event-ID starts with reset (nothing is replayed)', async () => {
    const s = await stream(owner.token, { 'last-event-id': '41' });
    await s.waitFor((c) => c.changes().length > 0);
    expect(s.changes()[0]).toEqual({ topic: 'reset' });
    expect(s.messages[0]!.id).toMatch(/^\d+$/);
    s.close();
  });

  it('a session revoked on server A ends its stream on server B at once; another session’s stream stays', async () => {
    const login = await appA.inject({
      method: 'GET',
      url: '/api/v1/user/login/',
      headers: {
        authorization: `Basic ${Buffer.from(`${stranger.username}:${stranger.password}`).toString('base64')}`,
      },
    });
    const otherToken = (login.json() as { token: string }).token;
    const revoked = await stream(otherToken);
    const kept = await stream(stranger.token);
    await revoked.waitFor((c) => c.messages.length > 0);
    await kept.waitFor((c) => c.messages.length > 0);
    const out = await appA.inject({
      method: 'POST',
      url: '/api/v1/user/logout/',
      headers: { authorization: bearer(otherToken) },
    });
    expect(out.statusCode, out.body).toBe(200);
    await revoked.waitFor((c) => c.ended, 3_000);
    await new Promise((r) => setTimeout(r, 300));
    expect(kept.ended).toBe(false);
    // And it cannot open again.
    const again = await stream(otherToken);
    await again.waitFor((c) => c.ended);
    expect(again.status).toBe(401);
    kept.close();
  });

  it('caps open streams per user with a clear 429 JSON error', async () => {
    const user = await signUp(appA);
    const held = [await stream(user.token), await stream(user.token), await stream(user.token)];
    for (const s of held) await s.waitFor((c) => c.messages.length > 0);
    const refused = await stream(user.token);
    await refused.waitFor((c) => c.ended);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('30');
    expect(JSON.parse(refused.body)).toEqual({
      detail: expect.stringContaining('You already have 3 live streams open'),
      errors: [],
    });
    // A closed one frees its slot.
    held[0]!.close();
    await new Promise((r) => setTimeout(r, 200));
    const next = await stream(user.token);
    await next.waitFor((c) => c.messages.length > 0);
    expect(next.status).toBe(200);
    for (const s of [...held, next]) s.close();
  });

  it('the change feed coming back after it was down sends reset to every stream', async () => {
    const s = await stream(owner.token);
    await s.waitFor((c) => c.messages.length > 0);
    await dbA.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'LISTEN%'`,
    );
    await s.waitFor((c) => c.changes().some((x) => x.topic === 'reset'), 8_000);
    s.close();
  });

  it(
    'a heartbeat comment comes every STREAM_HEARTBEAT_MS on an idle stream',
    async () => {
      const s = await stream(stranger.token);
      await s.waitFor((c) => c.messages.length > 0);
      await s.waitFor((c) => c.messages.some((m) => m.comment === 'ping'), STREAM_HEARTBEAT_MS + 2_000);
      s.close();
    },
    STREAM_HEARTBEAT_MS + 10_000,
  );
});

describe('a session that expires', () => {
  it(
    'ends its open stream at the next heartbeat after its expiry',
    async () => {
      const user = await signUp(appA);
      await dbA.db.execute(
        sql`update sessions set expires_at = now() + interval '1 second' where user_id = ${user.userId}`,
      );
      const s = await stream(user.token);
      await s.waitFor((c) => c.messages.length > 0);
      expect(s.status).toBe(200);
      await s.waitFor((c) => c.ended, STREAM_HEARTBEAT_MS + 3_000);
    },
    STREAM_HEARTBEAT_MS + 10_000,
  );
});

describe('a client that does not read', () => {
  it('holds a bounded buffer whatever is sent meanwhile, and gets one reset once it reads again', async () => {
    const user = await signUp(appA);
    const s = await stream(user.token);
    await s.waitFor((c) => c.messages.length > 0);
    const conn = appB.liveStreams.connections(user.userId)[0]!;
    s.res!.pause();
    const big = JSON.stringify({ topic: 'tickets', ticket_id: 1, pad: 'x'.repeat(2_000) });
    let peak = 0;
    for (let i = 0; i < 20_000; i++) {
      appB.liveStreams.send(user.userId, big);
      peak = Math.max(peak, conn.res.writableLength);
    }
    // 40 MB were offered; what waits in the server is at most the socket's high-water mark and one message.
    expect(peak).toBeLessThan(64 * 1024);
    expect(conn.missed).toBe(true);
    expect(appB.liveStreams.stats.skipped).toBeGreaterThan(19_000);
    s.res!.resume();
    await s.waitFor((c) => c.changes().some((x) => x.topic === 'reset'), 10_000);
    s.close();
  });
});

describe('the per-server cap', () => {
  it('answers 429 once the server holds STREAMS_MAX streams, whoever asks', async () => {
    const ctx = await createTestContext({ STREAMS_MAX: '2' });
    try {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
      const [a, b] = [await signUp(ctx.app), await signUp(ctx.app)];
      const held = [
        await SseClient.open(base, { authorization: bearer(a.token) }),
        await SseClient.open(base, { authorization: bearer(a.token) }),
      ];
      for (const s of held) await s.waitFor((c) => c.messages.length > 0);
      const refused = await SseClient.open(base, { authorization: bearer(b.token) });
      await refused.waitFor((c) => c.ended);
      expect(refused.status).toBe(429);
      expect(JSON.parse(refused.body)).toEqual({
        detail: 'This server has as many live streams open as it allows. Please try again in 30 seconds.',
        errors: [],
      });
      for (const s of held) s.close();
    } finally {
      await ctx.close();
    }
  });
});
