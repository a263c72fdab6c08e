import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allTickets, basicAuth, call, signUp, waitFor, type User } from '@tokendesk/testkit/http';
import { createProject, startTestDevnet, type TestDevnet } from './support/devnet';
import { startCluster, type Cluster } from '@tokendesk/testkit/system-postgres';
import { killAllServers, startServer, type ServerProcess } from './support/server';

/**
 * PostgreSQL stopped and started again under a running server, once cleanly (`-m fast`) and once
 * as a crash (`-m immediate`, recovery from the WAL on start), while writes keep coming: 503 with
 * a clear message and /ready reporting it while it is down, full recovery after, every 2xx write
 * kept and nothing half-written.
 */

const DB_DOWN = 'The database is not reachable right now. Please try again later.';
const OUTAGE_MS = 6_000;
const WRITERS = 4;

let devnet: TestDevnet;
let cluster: Cluster;
let server: ServerProcess;
let dataDir: string;
let user: User;
let projectId: number;

beforeAll(async () => {
  devnet = await startTestDevnet();
  cluster = await startCluster();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tokendesk-faults-pgdown-'));
  server = await startServer({ DATA_DIR: dataDir, DEVNET_RPC_URL: devnet.rpcUrl, DATABASE_URL: cluster.url });
  user = await signUp(server.url, 'pgdown');
  projectId = (await createProject(server.url, user)).id;
});
afterAll(async () => {
  if (server && server.child.exitCode !== null)
    console.log(`the server exited with ${server.child.exitCode}:\n${server.output()}`);
  await killAllServers();
  cluster?.destroy();
  await devnet?.destroy();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Writes {
  acked: Map<number, string>;
  refused: number;
  other: string[];
}

/** Ticket creations until `stop()`; 201 and 503 are the only acceptable answers. */
function keepWriting(): { writes: Writes; stop: () => Promise<void> } {
  const writes: Writes = { acked: new Map(), refused: 0, other: [] };
  let running = true;
  const worker = async (w: number) => {
    for (let i = 0; running; i++) {
      const subject = `outage ${w}-${i}-${Date.now()}`;
      try {
        const res = await call<{ id: number; detail: string }>(server.url, 'POST', '/api/v1/user/tickets/create/', {
          token: user.token,
          body: { project: projectId, subject, message: `message of ${subject}` },
          timeoutMs: 15_000,
        });
        if (res.status === 201) writes.acked.set(res.body.id, subject);
        else if (res.status === 503 && res.body.detail === DB_DOWN) writes.refused++;
        else writes.other.push(`${res.status} ${res.text}`);
      } catch (err) {
        writes.other.push(`request failed: ${String(err)}`);
      }
      // Refusals come back at once; do not spin.
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const workers = Array.from({ length: WRITERS }, (_, w) => worker(w));
  return {
    writes,
    stop: async () => {
      running = false;
      await Promise.all(workers);
    },
  };
}

async function readyStatus(pathname: string): Promise<{ status: number; text: string; ms: number }> {
  return call(server.url, 'GET', pathname, { timeoutMs: 15_000 });
}

describe.each(['fast', 'immediate'] as const)('PostgreSQL stops (-m %s) under the server', (mode) => {
  it('answers 503 with a clear message while it is down, reports it on /ready, and recovers fully', async () => {
    if (!cluster.running()) cluster.start(); // an earlier failure may have left it down
    const load = keepWriting();
    await new Promise((r) => setTimeout(r, 1_500));

    cluster.stop(mode);
    const down = Date.now();
    const during: Record<string, { status: number; ms: number }> = {};
    // Give the pool time to notice (its idle connections die with the server).
    await new Promise((r) => setTimeout(r, 1_000));
    const read = await call<{ detail: string }>(server.url, 'GET', '/api/v1/projects/', {
      token: user.token,
      timeoutMs: 15_000,
    });
    expect(read.status).toBe(503);
    expect(read.body.detail).toBe(DB_DOWN);
    expect(read.ms).toBeLessThan(6_000);
    during.projects = { status: read.status, ms: Math.round(read.ms) };

    const ready = await readyStatus('/api/ready');
    expect(ready.status, ready.text).toBe(503);
    expect(ready.text).toMatch(/database is not reachable/i);
    during.apiReady = { status: ready.status, ms: Math.round(ready.ms) };
    // /ready (root) is newer than this suite; when the server has it, it must say the same.
    const rootReady = await readyStatus('/ready');
    if (rootReady.status !== 404 && !rootReady.text.startsWith('<!doctype html>')) {
      expect(rootReady.status, rootReady.text).toBe(503);
      expect(rootReady.text).toMatch(/database is not reachable/i);
      during.ready = { status: rootReady.status, ms: Math.round(rootReady.ms) };
    }
    // A sign-in while the shared rate-limit counters cannot be reached (decision 0052): the
    // counters fall back to this server's memory and the answer is the database-down 503, not a 500.
    const signIn = await call<{ detail: string }>(server.url, 'GET', '/api/v1/user/login/', {
      headers: { authorization: basicAuth(user.username) },
      timeoutMs: 15_000,
    });
    expect(signIn.status, signIn.text).toBe(503);
    expect(signIn.body.detail).toBe(DB_DOWN);
    during.signIn = { status: signIn.status, ms: Math.round(signIn.ms) };
    // The process itself is fine: liveness stays 200.
    expect((await call(server.url, 'GET', '/api/health')).status).toBe(200);

    await new Promise((r) => setTimeout(r, Math.max(0, OUTAGE_MS - (Date.now() - down))));
    cluster.start();
    const up = Date.now();
    await waitFor(
      '/api/ready to answer 200 again',
      async () => (await readyStatus('/api/ready')).status === 200,
      30_000,
      100,
    );
    const recoveredMs = Date.now() - up;
    // Writes go through again before the load stops.
    const ackedAtRecovery = load.writes.acked.size;
    await waitFor(
      'new writes acknowledged after the restart',
      async () => load.writes.acked.size > ackedAtRecovery + 10,
      30_000,
      100,
    );
    await load.stop();

    const { writes } = load;
    expect(writes.other, 'answers other than 201 or the database-down 503').toEqual([]);
    expect(writes.refused, 'some writes hit the outage').toBeGreaterThan(0);

    const tickets = await allTickets(server.url, user.token);
    const byId = new Map(tickets.map((t) => [t.id, t]));
    const lost = [...writes.acked].filter(([id, subject]) => byId.get(id)?.subject !== subject);
    expect(lost, 'acknowledged tickets lost').toEqual([]);
    expect(
      tickets.filter((t) => t.message_count !== 1),
      'half-written tickets',
    ).toEqual([]);
    expect((await call(server.url, 'GET', '/api/v1/projects/', { token: user.token })).status).toBe(200);

    console.log(
      `PostgreSQL -m ${mode}: down ${up - down} ms; while down ${JSON.stringify(during)}; /api/ready 200 again ${recoveredMs} ms after the start; ` +
        `${writes.acked.size} writes acknowledged and kept, ${writes.refused} refused with 503, ${tickets.length} tickets all complete`,
    );
  });
});

describe("PostgreSQL cuts the server's connections mid-transaction", () => {
  it('keeps the process up and answers 201 or 503 while backends are terminated under a write burst', async () => {
    if (!cluster.running()) cluster.start();
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    const load = keepWriting();
    let terminated = 0;
    try {
      // Every 50 ms for 4 s: some cuts land between two statements of a ticket's transaction.
      const until = Date.now() + 4_000;
      while (Date.now() < until) {
        const { rows } = await admin.query<{ n: number }>(
          `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
        );
        terminated += rows[0]!.n;
        await new Promise((r) => setTimeout(r, 50));
      }
      const acked = load.writes.acked.size;
      await waitFor('writes acknowledged after the cuts', async () => load.writes.acked.size > acked + 10, 30_000, 100);
    } finally {
      await load.stop();
      await admin.end();
    }
    expect(server.child.exitCode, `the server died:\n${server.output()}`).toBeNull();
    const { writes } = load;
    expect(writes.other, 'answers other than 201 or the database-down 503').toEqual([]);
    const tickets = await allTickets(server.url, user.token);
    const byId = new Map(tickets.map((t) => [t.id, t]));
    expect(
      [...writes.acked].filter(([id, subject]) => byId.get(id)?.subject !== subject),
      'acknowledged tickets lost',
    ).toEqual([]);
    expect(
      tickets.filter((t) => t.message_count !== 1),
      'half-written tickets',
    ).toEqual([]);
    console.log(
      `pg_terminate_backend: ${terminated} server connections cut; ${writes.acked.size} writes acknowledged and kept, ${writes.refused} refused with 503`,
    );
  });
});
