import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allTickets, call, signIn, signUp, uniqueName, PASSWORD, type User } from '@tokendesk/testkit/http';
import { createProject, startTestDevnet, type TestDevnet } from './support/devnet';
import { startCluster, type Cluster } from '@tokendesk/testkit/system-postgres';
import { killAllServers, startServer, type ServerProcess } from './support/server';

/**
 * kill -9 of the server in the middle of a burst of writes, then a restart on the same data:
 * every write that was answered 2xx must be there, and nothing may be half-written (a ticket
 * always has its first message). Run on the embedded PostgreSQL (DATA_DIR/pg, whose postgres must
 * not outlive the server: its supervisor stops it) and on an external PostgreSQL.
 */

const WORKERS = 12;
/** Writes run this long before the kill lands, so it hits a steady stream, not the first request. */
const BURST_MS = 2_500;
const ROUNDS = 2;

let devnet: TestDevnet;
const cleanups: (() => unknown)[] = [];

beforeAll(async () => {
  devnet = await startTestDevnet();
});
afterAll(async () => {
  await killAllServers();
  for (const clean of cleanups.reverse()) await clean();
  await devnet?.destroy();
});

interface Acked {
  tickets: Map<number, string>;
  users: string[];
  /** Requests cut by the kill: proof that it landed mid-burst. */
  cut: number;
  /** Anything but 201 or a cut connection (a 5xx before the kill would be a bug of its own). */
  unexpected: string[];
}

/** Ticket creations and registrations from several workers until the server dies. */
async function burstUntilKilled(server: ServerProcess, user: User, projectId: number): Promise<Acked> {
  const acked: Acked = { tickets: new Map(), users: [], cut: 0, unexpected: [] };
  let alive = true;
  const worker = async (w: number) => {
    for (let i = 0; alive; i++) {
      try {
        if (i % 4 === 3) {
          const username = uniqueName('k9u');
          const res = await call(server.url, 'POST', '/api/v1/user/register/', {
            body: {
              full_name: 'Kill Nine',
              email: `${username}@example.com`,
              username,
              password: PASSWORD,
              confirm_password: PASSWORD,
              accept_terms: true,
            },
          });
          if (res.status === 201) acked.users.push(username);
          else acked.unexpected.push(`register ${res.status} ${res.text}`);
        } else {
          const subject = `burst ${w}-${i} ${uniqueName('s')}`;
          const res = await call<{ id: number }>(server.url, 'POST', '/api/v1/user/tickets/create/', {
            token: user.token,
            body: { project: projectId, subject, message: `message of ${subject}` },
          });
          if (res.status === 201) acked.tickets.set(res.body.id, subject);
          else acked.unexpected.push(`ticket ${res.status} ${res.text}`);
        }
      } catch {
        // The connection died with the server.
        acked.cut++;
        return;
      }
    }
  };
  const workers = Array.from({ length: WORKERS }, (_, w) => worker(w));
  await new Promise((r) => setTimeout(r, BURST_MS));
  await server.kill9();
  alive = false;
  await Promise.all(workers);
  return acked;
}

async function checkSurvived(server: ServerProcess, user: User, acked: Acked, label: string) {
  const tickets = await allTickets(server.url, user.token);
  const byId = new Map(tickets.map((t) => [t.id, t]));
  const missing = [...acked.tickets].filter(([id, subject]) => byId.get(id)?.subject !== subject);
  expect(missing, `${label}: acknowledged tickets missing after restart`).toEqual([]);
  // A ticket and its first message are one transaction: never one without the other.
  expect(
    tickets.filter((t) => t.message_count < 1),
    `${label}: tickets without their message`,
  ).toEqual([]);
  for (const t of tickets.slice(0, 5)) {
    const detail = await call<{ messages: { message: string }[] }>(server.url, 'GET', `/api/v1/user/tickets/${t.id}`, {
      token: user.token,
    });
    expect(detail.status).toBe(200);
    expect(detail.body.messages[0]!.message).toBe(`message of ${t.subject}`);
  }
  for (const username of acked.users) await signIn(server.url, username); // throws if a 201 registration is gone
}

/** Processes whose command line names the embedded cluster's directory (postgres -D <dir>). */
function clusterProcesses(clusterDir: string): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').includes(clusterDir)) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

async function noPostgresLeft(clusterDir: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (clusterProcesses(clusterDir).length > 0) {
    if (Date.now() > deadline)
      throw new Error(
        `postgres still runs on ${clusterDir} 30 s after the server was killed: ${clusterProcesses(clusterDir).join(', ')}`,
      );
    await new Promise((r) => setTimeout(r, 100));
  }
}

const modes: { name: string; db: 'embedded' | 'postgres' }[] = [
  { name: 'embedded PostgreSQL', db: 'embedded' },
  { name: 'PostgreSQL', db: 'postgres' },
];

describe.each(modes)('kill -9 during a burst of writes ($name)', ({ db }) => {
  let cluster: Cluster | undefined;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `tokendesk-faults-k9-${db}-`));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    if (db === 'postgres') {
      cluster = await startCluster();
      cleanups.push(() => cluster?.destroy());
    }
  });

  it('keeps every write that was answered 2xx', async () => {
    const env = {
      DATA_DIR: dataDir,
      DEVNET_RPC_URL: devnet.rpcUrl,
      REGISTER_MAX_PER_IP: '100000',
      ...(cluster ? { DATABASE_URL: cluster.url } : {}),
    };
    let server = await startServer(env);
    const user = await signUp(server.url, 'k9owner');
    const project = await createProject(server.url, user);

    const total = { tickets: 0, users: 0, cut: 0 };
    for (let round = 1; round <= ROUNDS; round++) {
      const acked = await burstUntilKilled(server, user, project.id);
      expect(acked.unexpected, `round ${round}: answers other than 201 before the kill`).toEqual([]);
      expect(acked.cut, `round ${round}: the kill must land while requests are in flight`).toBeGreaterThan(0);
      expect(acked.tickets.size).toBeGreaterThan(10);
      total.tickets += acked.tickets.size;
      total.users += acked.users.length;
      total.cut += acked.cut;
      // The embedded cluster's supervisor saw the server die and stopped postgres (fast shutdown).
      if (db === 'embedded') await noPostgresLeft(path.join(dataDir, 'pg'));

      // Same data directory or database: the restart also takes over the dead process's lock.
      server = await startServer(env);
      await checkSurvived(server, user, acked, `round ${round}`);
    }
    console.log(
      `kill -9 (${db}): ${ROUNDS} kills, ${total.tickets} tickets and ${total.users} registrations acknowledged and all present; ${total.cut} requests cut by the kills`,
    );
    expect(await server.stop()).toBe(0);
  });
});
