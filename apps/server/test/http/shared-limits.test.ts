import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { testConfig, type Config } from '../../src/config';
import { openDatabase, queryRows, type Database } from '../../src/db/client';
import { limitKey, SharedLimits } from '../../src/db/shared-limits';
import { sql } from 'drizzle-orm';
import { basic, bearer, registerBody, signUp, uniqueName } from '../helpers';
import { cloneDatabase, type ClonedDatabase } from '../support/database';
import { startSmtpServer, type TestSmtpServer } from '../setup/smtp';

/**
 * The limits that protect accounts hold at their documented values with three servers on one
 * PostgreSQL database (issue 29 item 5, decision 0052): before, each server counted on its own and
 * three servers allowed three times as much (30 guesses instead of 10, 3 × the budget).
 */

let smtp: TestSmtpServer;
let clone: ClonedDatabase | null = null;
const opened: { app: FastifyInstance; database: Database }[] = [];

beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});
afterEach(async () => {
  for (const { app, database } of opened.splice(0)) {
    await app.close();
    await database.close();
  }
  await clone?.drop();
  clone = null;
});

/** Three servers (three apps, each with its own connection pool and limiters) on one fresh database. */
async function threeServers(overrides: Partial<Record<keyof Config, string>> = {}): Promise<FastifyInstance[]> {
  clone = await cloneDatabase();
  const servers: FastifyInstance[] = [];
  for (let i = 0; i < 3; i++) {
    const database = await openDatabase({ kind: 'postgres', url: clone.url });
    const app = await buildApp({ config: testConfig({ SMTP_URL: smtp.url, ...overrides }), database, logger: false });
    await app.ready();
    opened.push({ app, database });
    servers.push(app);
  }
  return servers;
}

const ATTACKER = '203.0.113.7';
const signIn = (app: FastifyInstance, username: string, password: string, remoteAddress: string) =>
  app.inject({
    method: 'GET',
    url: '/api/v1/user/login/',
    headers: { authorization: basic(username, password) },
    remoteAddress,
  });
const statuses = (answers: LightMyRequestResponse[]) => answers.map((r) => r.statusCode).sort();
const count = (answers: LightMyRequestResponse[], status: number) =>
  answers.filter((r) => r.statusCode === status).length;

describe('limits shared by three servers on one database', { timeout: 180_000 }, () => {
  it('wrong passwords for one username from one address: 10 in all, sequential and concurrent, then 429 on every server', async () => {
    const servers = await threeServers();
    const owner = await signUp(servers[0]!);
    const guess = (i: number) => signIn(servers[i % 3]!, owner.username, `wrong-guess-${i}`, ATTACKER);

    // Four one after another, on servers 0, 1, 2, 0 …
    const sequential: LightMyRequestResponse[] = [];
    for (let i = 0; i < 4; i++) sequential.push(await guess(i));
    expect(statuses(sequential)).toEqual([401, 401, 401, 401]);
    // … then twelve at once spread over the three: exactly six more are checked.
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => guess(i + 4)));
    expect({ 401: count(burst, 401), 429: count(burst, 429) }).toEqual({ 401: 6, 429: 6 });

    // The 11th and later, on every server: 429 with the existing text and Retry-After.
    for (const app of servers) {
      const limited = await signIn(app, owner.username, 'one-more', ATTACKER);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({
        detail: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
        errors: [],
      });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(14 * 60);
    }
    // The attacker's address cannot lock the owner out: the right password from a clean address works on every server.
    for (const [i, app] of servers.entries())
      expect((await signIn(app, owner.username, owner.password, `198.51.100.${i + 1}`)).statusCode).toBe(200);
  });

  it('the per-user budget holds its figure across the three servers (burst 5, then 1 a minute)', async () => {
    const servers = await threeServers({ USER_BUDGETS: 'on', USER_BUDGET_DEFAULT: '5,1' });
    const user = await signUp(servers[0]!);
    const started = Date.now();
    const answers: LightMyRequestResponse[] = [];
    // Sequential and then concurrent, round robin over the servers.
    for (let i = 0; i < 6; i++)
      answers.push(
        await servers[i % 3]!.inject({
          method: 'GET',
          url: '/api/v1/user/info/',
          headers: { authorization: bearer(user.token) },
        }),
      );
    answers.push(
      ...(await Promise.all(
        servers.flatMap((app) =>
          [0, 1, 2].map(() =>
            app.inject({ method: 'GET', url: '/api/v1/user/info/', headers: { authorization: bearer(user.token) } }),
          ),
        ),
      )),
    );
    const minutes = (Date.now() - started) / 60_000;
    // The burst plus what refilled meanwhile (1 a minute; the test takes seconds).
    expect(count(answers, 200)).toBe(5 + Math.floor(minutes));
    const limited = answers.find((r) => r.statusCode === 429)!;
    expect(limited.json().detail).toMatch(/^Too many requests\. Please wait \d+ seconds?\.$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(count(answers, 200) + count(answers, 429)).toBe(answers.length);
  });

  it('registrations from one address: REGISTER_MAX_PER_IP in all, over three servers', async () => {
    const servers = await threeServers({ REGISTER_MAX_PER_IP: '4' });
    const register = (i: number) =>
      servers[i % 3]!.inject({
        method: 'POST',
        url: '/api/v1/user/register/',
        payload: registerBody(),
        remoteAddress: ATTACKER,
      });
    const answers = [
      await register(0),
      await register(1),
      ...(await Promise.all(Array.from({ length: 7 }, (_, i) => register(i + 2)))),
    ];
    expect({ 201: count(answers, 201), 429: count(answers, 429) }).toEqual({ 201: 4, 429: 5 });
    expect(answers.find((r) => r.statusCode === 429)!.json().detail).toMatch(
      /^Too many registration attempts\. Please try again in \d+ minutes?\.$/,
    );
  });

  it('forgot-password: 3 per e-mail address (from any client addresses) and 10 per client address, over three servers', async () => {
    const servers = await threeServers();
    const forgot = (i: number, email: string, remoteAddress: string) =>
      servers[i % 3]!.inject({
        method: 'POST',
        url: '/api/v1/auth/forgot-password/',
        payload: { email },
        remoteAddress,
      });
    // One address asked for from nine client addresses.
    const target = `${uniqueName()}@example.com`;
    const perAddress = await Promise.all(Array.from({ length: 9 }, (_, i) => forgot(i, target, `192.0.2.${i + 1}`)));
    expect({ 200: count(perAddress, 200), 429: count(perAddress, 429) }).toEqual({ 200: 3, 429: 6 });
    expect(perAddress.find((r) => r.statusCode === 429)!.json().detail).toMatch(
      /^Too many password reset requests\. Please try again in \d+ minutes?\.$/,
    );
    // Fifteen addresses from one client address.
    const perClient = await Promise.all(
      Array.from({ length: 15 }, (_, i) => forgot(i, `${uniqueName()}@example.com`, ATTACKER)),
    );
    expect({ 200: count(perClient, 200), 429: count(perClient, 429) }).toEqual({ 200: 10, 429: 5 });
  });

  it('while the shared store fails, sign-in keeps its limits in each server and never answers 5xx; then counts in common again', async () => {
    const servers = await threeServers();
    const owner = await signUp(servers[0]!);
    const admin = new pg.Client({ connectionString: clone!.url });
    await admin.connect();
    try {
      // A real failure of every statement on the windows table (the fault the store falls back from).
      await admin.query('ALTER TABLE rate_limit_windows RENAME TO rate_limit_windows_gone');
      const app = servers[1]!;
      const answers: LightMyRequestResponse[] = [];
      for (let i = 0; i < 12; i++) answers.push(await signIn(app, owner.username, `wrong-${i}`, ATTACKER));
      expect(answers.map((r) => r.statusCode)).toEqual([...Array(10).fill(401), 429, 429]);
      expect((await signIn(app, owner.username, owner.password, '198.51.100.9')).statusCode).toBe(200);
      expect(app.auth.limits.fallbacks).toBeGreaterThan(0);
      await admin.query('ALTER TABLE rate_limit_windows_gone RENAME TO rate_limit_windows');
    } finally {
      await admin.end();
    }
    // The database answers again: after the fallback period, the other servers count in common.
    await new Promise((r) => setTimeout(r, 5_100));
    const attacker2 = '203.0.113.99';
    const shared = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signIn(servers[i % 3]!, owner.username, `again-${i}`, attacker2)),
    );
    expect({ 401: count(shared, 401), 429: count(shared, 429) }).toEqual({ 401: 10, 429: 2 });
  });
});

describe('the shared store itself', { timeout: 120_000 }, () => {
  it('refills a bucket from the clock, remembers a refusal until it ends, and deletes rows that mean nothing any more', async () => {
    clone = await cloneDatabase();
    const database = await openDatabase({ kind: 'postgres', url: clone.url });
    opened.push({ app: { close: async () => {} } as unknown as FastifyInstance, database });
    let now = 1_000_000;
    const limits = new SharedLimits(database.db, { now: () => now });
    const limit = { capacity: 2, perMinute: 60 }; // one a second
    expect([await limits.take('b', limit), await limits.take('b', limit)]).toEqual([0, 0]);
    expect(await limits.take('b', limit)).toBe(1000);
    now += 400;
    expect(await limits.take('b', limit)).toBe(600); // remembered: no round trip, the same end
    now += 600;
    expect(await limits.take('b', limit)).toBe(0);
    expect(await limits.take('b', limit)).toBe(1000);

    const window = 60_000;
    expect(await limits.hit([{ key: limitKey('t', 'x'), max: 1 }], window)).toBe(0);
    expect(await limits.hit([{ key: limitKey('t', 'x'), max: 1 }], window)).toBe(60);
    const rows = async () =>
      (
        await queryRows<{ key: string }>(
          database.db,
          sql`select key from rate_limit_windows union all select key from rate_limit_buckets`,
        )
      )
        .map((r) => r.key)
        .sort();
    expect(await rows()).toEqual(['b', limitKey('t', 'x')].sort());
    // Stored hashed: the identifier itself is nowhere in the table.
    expect((await rows()).some((k) => k.includes(':x'))).toBe(false);
    now += 2_500; // two tokens at one a second: the bucket is full again and its row means nothing
    await limits.cleanup();
    expect(await rows()).toEqual([limitKey('t', 'x')]);
    now += window; // past the window's last event
    await limits.cleanup();
    expect(await rows()).toEqual([]);
    expect(limits.fallbacks).toBe(0);
  });
});
