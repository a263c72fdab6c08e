import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allTickets, call, getOk, signUp, type User } from '@tokendesk/testkit/http';
import { attachPool, createProject, startTestDevnet, type TestDevnet } from './support/devnet';
import { killAllServers, startServer, type ServerProcess } from './support/server';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded-postgres';

/**
 * 100 connections of mixed reads and writes for 60 s against the real server on its embedded
 * database, with the indexer running: zero 5xx, and the rows at the end match the writes that
 * were answered 2xx — through the API while it runs, and in the database files after a clean stop.
 */

const CONNECTIONS = 100;
const DURATION_MS = Number(process.env.FAULTS_LOAD_SECONDS ?? 60) * 1000;
const USERS = 10;

interface Account {
  user: User;
  projectId: number;
  poolId: number;
  ticketId: number;
}

let devnet: TestDevnet;
let server: ServerProcess;
let dataDir: string;
let accounts: Account[];

beforeAll(async () => {
  devnet = await startTestDevnet();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tokendesk-faults-load-'));
  server = await startServer({ DATA_DIR: dataDir, DEVNET_RPC_URL: devnet.rpcUrl, REGISTER_MAX_PER_IP: '100000' });
  accounts = [];
  for (let i = 0; i < USERS; i++) {
    const user = await signUp(server.url, 'load');
    const project = await createProject(server.url, user);
    const pool = await attachPool(server.url, user, project.id);
    const ticket = await call<{ id: number }>(server.url, 'POST', '/api/v1/user/tickets/create/', {
      token: user.token,
      body: { project: project.id, subject: 'Before the load', message: 'The first message' },
    });
    accounts.push({ user, projectId: project.id, poolId: pool.id, ticketId: ticket.body.id });
  }
}, 180_000);

afterAll(async () => {
  if (server && server.child.exitCode !== null && server.child.exitCode !== 0)
    console.log(`the server exited with ${server.child.exitCode}:\n${server.output()}`);
  await killAllServers();
  await devnet?.destroy();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

type Kind = 'ticket' | 'reply' | 'alert' | 'unalert' | 'profile' | 'read';
interface Tally {
  ok: Record<Kind, number>;
  status: Record<string, number>;
  fiveXX: string[];
  errors: string[];
  latencies: number[];
  /** Total and worst time per route, to say where the time goes. */
  byRoute: Record<string, { n: number; ms: number; max: number }>;
}
const perUser = () => ({ ticket: 0, reply: 0, alert: 0, unalert: 0 });

const READS = [
  '/api/v1/projects/',
  '/api/v1/user/info/',
  '/api/v1/projects/notifications/new-count/',
  '/api/v1/user/tickets/?limit=20',
  '/api/v1/projects/user/pools/funds/',
  '/api/v1/projects/activity/?limit=20',
  '/api/v1/projects/alerts/',
  '/api/v1/projects/pool/prices/',
];

/** Ten steps, six reads and four writes, walked in a different phase by every connection. */
const PLAN: Kind[] = ['read', 'ticket', 'read', 'reply', 'read', 'alert', 'read', 'unalert', 'read', 'profile'];

describe('mixed load', () => {
  it(`${CONNECTIONS} connections for ${DURATION_MS / 1000} s: zero 5xx, rows match the 2xx writes`, async () => {
    const tally: Tally = {
      ok: { ticket: 0, reply: 0, alert: 0, unalert: 0, profile: 0, read: 0 },
      status: {},
      fiveXX: [],
      errors: [],
      latencies: [],
      byRoute: {},
    };
    const byUser = accounts.map(perUser);
    const profileNames = accounts.map(() => new Set<string>());
    const deadline = Date.now() + DURATION_MS;

    const connection = async (c: number) => {
      const a = accounts[c % USERS]!;
      const mine = byUser[c % USERS]!;
      const myAlerts: number[] = [];
      for (let step = c; Date.now() < deadline; step++) {
        const kind = PLAN[step % PLAN.length]!;
        let method = 'GET';
        let url = READS[(step * 7 + c) % READS.length]!;
        let body: unknown;
        if (kind === 'ticket')
          [method, url, body] = [
            'POST',
            '/api/v1/user/tickets/create/',
            { project: a.projectId, subject: `Load ${c}-${step}`, message: 'Under load' },
          ];
        else if (kind === 'reply')
          [method, url, body] = [
            'POST',
            `/api/v1/user/tickets/${a.ticketId}/reply/`,
            { message: `Reply ${c}-${step}` },
          ];
        else if (kind === 'alert')
          [method, url, body] = [
            'POST',
            '/api/v1/projects/alerts/',
            { kind: 'large_swap', pool_id: a.poolId, min_amount: 1000 + step },
          ];
        else if (kind === 'unalert') {
          const id = myAlerts.pop();
          if (id === undefined) continue;
          [method, url] = ['DELETE', `/api/v1/projects/alerts/${id}`];
        } else if (kind === 'profile')
          [method, url, body] = ['PATCH', '/api/v1/user/info/update/', { first_name: `Load${c}x${step}` }];
        try {
          const res = await call<{ id: number }>(server.url, method, url, {
            token: a.user.token,
            body,
            timeoutMs: 60_000,
          });
          tally.latencies.push(res.ms);
          const route = `${method} ${url.replace(/\/\d+/g, '/:id').replace(/\?.*/, '')}`;
          const r = (tally.byRoute[route] ??= { n: 0, ms: 0, max: 0 });
          r.n++;
          r.ms += res.ms;
          r.max = Math.max(r.max, res.ms);
          tally.status[res.status] = (tally.status[res.status] ?? 0) + 1;
          if (res.status >= 500) tally.fiveXX.push(`${method} ${url} ${res.status} ${res.text.slice(0, 200)}`);
          if (res.status >= 200 && res.status < 300) {
            tally.ok[kind]++;
            if (kind === 'alert') myAlerts.push(res.body.id);
            if (kind === 'profile') profileNames[c % USERS]!.add((body as { first_name: string }).first_name);
            if (kind in mine) mine[kind as keyof typeof mine]++;
          }
        } catch (err) {
          tally.errors.push(`${method} ${url}: ${String(err)}`);
        }
      }
    };
    const started = Date.now();
    await Promise.all(Array.from({ length: CONNECTIONS }, (_, c) => connection(c)));
    const elapsed = (Date.now() - started) / 1000;

    const sorted = [...tally.latencies].sort((x, y) => x - y);
    const pct = (p: number) =>
      Math.round(sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0);
    console.log(
      `load: ${sorted.length} requests in ${elapsed.toFixed(1)} s (${Math.round(sorted.length / elapsed)}/s), statuses ${JSON.stringify(tally.status)}, ` +
        `2xx writes ${JSON.stringify({ ...tally.ok, read: undefined })}, latency p50 ${pct(50)} ms p99 ${pct(99)} ms max ${pct(100)} ms`,
    );
    for (const [route, r] of Object.entries(tally.byRoute))
      console.log(`  ${route}: ${r.n} requests, mean ${Math.round(r.ms / r.n)} ms, max ${Math.round(r.max)} ms`);
    expect(tally.fiveXX.slice(0, 10), '5xx answers').toEqual([]);
    expect(tally.errors.slice(0, 10), 'requests without an answer').toEqual([]);
    expect(tally.ok.ticket + tally.ok.reply + tally.ok.alert).toBeGreaterThan(100);

    // Through the API: every user's rows are what its 2xx writes made.
    const expected = await Promise.all(
      accounts.map(async (a, i) => {
        const tickets = await allTickets(server.url, a.user.token);
        const { alerts } = await getOk<{ alerts: unknown[] }>(
          server.url,
          '/api/v1/projects/alerts/?limit=200',
          a.user.token,
        );
        const info = await getOk<{ first_name: string }>(server.url, '/api/v1/user/info/', a.user.token);
        const want = byUser[i]!;
        expect(tickets.length, `user ${i} tickets`).toBe(1 + want.ticket);
        expect(
          tickets.reduce((n, t) => n + t.message_count, 0),
          `user ${i} messages`,
        ).toBe(1 + want.ticket + want.reply);
        expect(alerts.length, `user ${i} alerts`).toBe(want.alert - want.unalert);
        // Concurrent renames: the last one to commit wins, and it must be one that was answered 200.
        if (profileNames[i]!.size > 0)
          expect(profileNames[i]!.has(info.first_name), `user ${i} name is one that was written`).toBe(true);
        else expect(info.first_name).toBe('Fault');
        return {
          userId: a.user.id,
          tickets: 1 + want.ticket,
          messages: 1 + want.ticket + want.reply,
          alerts: want.alert - want.unalert,
        };
      }),
    );

    // In the database files after a clean stop: the same counts.
    expect(await server.stop()).toBe(0);
    // The cluster the server left, started on its own: what is in its files, not in a cache.
    const cluster = await startEmbeddedPostgres({ dir: path.join(dataDir, 'pg') });
    const db = new pg.Client({ connectionString: cluster.url });
    await db.connect();
    try {
      for (const want of expected) {
        const { rows } = await db.query<{ tickets: number; messages: number; alerts: number }>(
          `select (select count(*)::int from tickets where user_id = $1) as tickets,
                  (select count(*)::int from ticket_messages m join tickets t on t.id = m.ticket_id where t.user_id = $1) as messages,
                  (select count(*)::int from alerts where user_id = $1) as alerts`,
          [want.userId],
        );
        expect(rows[0], `user ${want.userId} in the database`).toEqual({
          tickets: want.tickets,
          messages: want.messages,
          alerts: want.alerts,
        });
      }
    } finally {
      await db.end();
      await cluster.stop();
    }
  });
});
