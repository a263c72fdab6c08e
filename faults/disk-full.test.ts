import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, PASSWORD, signIn, signUp, uniqueName, waitFor, type User } from '@tokendesk/testkit/http';
import { killAllServers, startServer, type ServerProcess } from './support/server';
import { cpuShare, mountSmallDisk, type SmallDisk } from './support/tmpfs';

/**
 * The data directory on a small tmpfs that fills up (decision 0020,
 * docs/decisions/0020-storage-faults.md). Before the fix, writes answered 500 and after a few
 * thousand of them the process spun at 100 % CPU, /health stopped answering, SIGTERM was ignored
 * and freeing space did not help. Now: writes answer 503 with a clear message, reads and /health
 * keep answering, the CPU stays low, /ready says storage 'full', one log line per incident, and
 * once space is freed writes succeed again without a restart; after kill -9 every acknowledged
 * write is there. Since decision 0024 the data directory holds the embedded PostgreSQL (DATA_DIR/pg,
 * about 50 MB after the migrations): the server refuses writes below its disk reserve before
 * postgres meets the full disk, and a second part turns the reserve off so postgres does meet it
 * (a PANIC on a WAL segment, crash recovery) and checks that TokenDesk answers 503 meanwhile and
 * recovers. The devnet is off: the test needs no chain, and its state saver is covered by the
 * devchain tests.
 */

const DISK_MB = 192;
const FAILED_WRITES = 600;
const CONCURRENCY = 8;

let disk: SmallDisk;
let dataDir: string;
const env = () => ({ DATA_DIR: dataDir, DEVNET: 'off', REGISTER_MAX_PER_IP: '100000', LOG_LEVEL: 'warn' });

beforeAll(() => {
  disk = mountSmallDisk(DISK_MB);
  dataDir = path.join(disk.dir, 'data');
});
afterAll(async () => {
  await killAllServers();
  disk?.destroy();
});

const registerBody = (username: string) => ({
  full_name: 'Disk Full',
  email: `${username}@example.com`,
  username,
  password: PASSWORD,
  confirm_password: PASSWORD,
  accept_terms: true,
});

interface Acked {
  users: string[];
  /** The last first_name answered 200 for the profile user. */
  firstName: string | null;
}

/** One write: a registration or a profile change, alternating. */
async function write(server: ServerProcess, owner: User, i: number, acked: Acked) {
  if (i % 2 === 0) {
    const username = uniqueName('df');
    const res = await call<{ detail: string }>(server.url, 'POST', '/api/v1/user/register/', {
      body: registerBody(username),
      timeoutMs: 10_000,
    });
    if (res.status === 201) acked.users.push(username);
    return res;
  }
  const firstName = `Name${i}`;
  const res = await call(server.url, 'PATCH', '/api/v1/user/info/update/', {
    token: owner.token,
    body: { first_name: firstName, last_name: 'Full' },
    timeoutMs: 10_000,
  });
  if (res.status === 200) acked.firstName = firstName;
  return res;
}

/** /health every 200 ms until stopped; the slowest answer and any miss. */
function watchHealth(server: ServerProcess) {
  let stop = false;
  let slowest = 0;
  const misses: string[] = [];
  const done = (async () => {
    while (!stop) {
      try {
        const res = await call(server.url, 'GET', '/health', { timeoutMs: 1_000 });
        slowest = Math.max(slowest, res.ms);
        if (res.status !== 200) misses.push(`status ${res.status}`);
      } catch (err) {
        misses.push(String(err));
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  return async () => {
    stop = true;
    await done;
    return { slowest, misses };
  };
}

describe('the data directory on a full disk', () => {
  let server: ServerProcess;
  let owner: User;
  const acked: Acked = { users: [], firstName: null };
  let ballast: string;

  it('writes answer 503 with a clear message; reads, /health and the CPU stay fine; /ready and /metrics say so', async () => {
    server = await startServer(env(), 120_000);
    owner = await signUp(server.url, 'dfowner');
    for (let i = 0; i < 20; i++) expect((await write(server, owner, i, acked)).status).toBeLessThan(300);

    ballast = disk.fill();
    expect(disk.freeBytes()).toBeLessThan(64 * 1024);

    const health = watchHealth(server);
    const statuses = new Map<number, number>();
    const details = new Set<string>();
    let next = 20;
    const worker = async () => {
      while (next < 20 + FAILED_WRITES) {
        const res = await write(server, owner, next++, acked);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status >= 500) {
          details.add((res.body as { detail: string }).detail);
          expect(res.text).not.toMatch(/pg_wal|base\/\d|No space left/); // no internals in the answer
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    // Before the fix: 500 (and after a few thousand, no answer at all). A 429 of the per-user
    // budget (plugins/user-budget.ts) on the profile writes is a fair answer too; nothing else is.
    const { 503: unavailable = 0, 429: limited = 0, ...others } = Object.fromEntries(statuses);
    expect(others).toEqual({});
    expect(unavailable + limited).toBe(FAILED_WRITES);
    expect(unavailable).toBeGreaterThan(FAILED_WRITES * 0.9);
    expect([...details]).toEqual([expect.stringMatching(/^The server is out of disk space/)]);

    // Reads that need no disk still work, with the session made before the disk filled.
    const info = await call<{ username: string }>(server.url, 'GET', '/api/v1/user/info/', { token: owner.token });
    expect(info.status, info.text).toBe(200);
    expect(info.body.username).toBe(owner.username);

    // Not spinning: the process is nearly idle once the burst is over, and still answers.
    const cpu = await cpuShare(server.pid, 5_000);
    expect(cpu, `CPU share of one core over 5 s: ${cpu.toFixed(2)}`).toBeLessThan(0.5);
    const { slowest, misses } = await health();
    console.info(
      `disk full: ${unavailable}× 503, ${limited}× 429 of ${FAILED_WRITES} writes; CPU ${(cpu * 100).toFixed(1)} % of a core over 5 s after the burst; slowest /health ${slowest.toFixed(0)} ms`,
    );
    expect(misses).toEqual([]);
    expect(slowest).toBeLessThan(1_000);

    const ready = await call<{
      status: string;
      storage: { state: string; since: string | null; last_error: string | null };
    }>(server.url, 'GET', '/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.status).toBe('unavailable');
    expect(ready.body.storage).toMatchObject({ state: 'full', since: expect.any(String) });
    const metrics = await call<string>(server.url, 'GET', '/metrics');
    const counted = Number(/^tokendesk_storage_errors_total\{kind="full"\} (\d+)$/m.exec(metrics.text)?.[1]);
    expect(counted).toBeGreaterThanOrEqual(FAILED_WRITES);
    // One log line for the whole incident, not one per request.
    expect(server.output().match(/storage full/g) ?? []).toHaveLength(1);
    expect(server.output()).not.toMatch(/unhandled error/);
  });

  it('recovers by itself once space is freed, and kill -9 + restart keeps every acknowledged write', async () => {
    fs.rmSync(ballast);
    const started = Date.now();
    await waitFor(
      'a write to succeed after space was freed',
      async () => (await write(server, owner, 10_000 + Math.floor(Math.random() * 1000) * 2, acked)).status === 201,
      10_000,
    );
    const recoveredMs = Date.now() - started;
    console.info(`disk full: the first write succeeded ${recoveredMs} ms after space was freed`);
    expect(recoveredMs).toBeLessThan(10_000);
    for (let i = 0; i < 10; i++) expect((await write(server, owner, 20_000 + i, acked)).status).toBeLessThan(300);
    const ready = await call<{ storage: { state: string } }>(server.url, 'GET', '/ready');
    expect(ready.status, ready.text).toBe(200);
    expect(ready.body.storage.state).toBe('ok');

    await server.kill9();
    server = await startServer(env(), 120_000);
    for (const username of acked.users) await signIn(server.url, username); // throws if a 201 registration is gone
    const info = await call<{ first_name: string }>(server.url, 'GET', '/api/v1/user/info/', {
      token: (await signIn(server.url, owner.username)).token,
    });
    expect(info.body.first_name).toBe(acked.firstName);
  });

  it('SIGTERM on a full disk still stops the server, and the data is intact after', async () => {
    ballast = disk.fill();
    for (let i = 0; i < 50; i++) expect([503, 429]).toContain((await write(server, owner, 30_000 + i, acked)).status);
    const stopping = Date.now();
    const code = await Promise.race([server.stop(), new Promise<'hung'>((r) => setTimeout(() => r('hung'), 20_000))]);
    expect(code, 'the server ignored SIGTERM').not.toBe('hung');
    expect(Date.now() - stopping).toBeLessThan(20_000);
    fs.rmSync(ballast);
    server = await startServer(env(), 120_000);
    for (const username of acked.users.slice(-10)) await signIn(server.url, username);
    await server.stop();
  });
});

/**
 * No reserve: PostgreSQL itself meets the full disk. A data file that cannot grow is an error
 * (disk_full); a WAL segment that cannot be created is a PANIC, after which the postmaster ends
 * every session and runs crash recovery (and when recovery itself finds no room, the postmaster
 * exits and the server starts it again, db/embedded-postgres.ts). TokenDesk must answer 503 (never
 * 500, never hang) all along, and come back by itself once space is freed, with every acknowledged
 * write.
 */
describe('the embedded PostgreSQL meeting a full disk itself (reserve off)', () => {
  it(
    'answers 503 meanwhile, recovers after space is freed, and keeps every acknowledged write',
    { timeout: 300_000 },
    async () => {
      const noReserve = () => ({ ...env(), DATA_DIR: path.join(disk.dir, 'data-noreserve'), STORAGE_RESERVE_MB: '0' });
      let server = await startServer(noReserve(), 120_000);
      const owner = await signUp(server.url, 'dfpanic');
      const acked: Acked = { users: [], firstName: null };
      for (let i = 0; i < 10; i++) expect((await write(server, owner, i, acked)).status).toBeLessThan(300);

      const ballast = disk.fill();
      const health = watchHealth(server);
      // Our writes alone mostly fail on data files (disk_full, an error). To make postgres need a
      // NEW WAL segment on the full disk too (the PANIC path), a side connection switches WAL files
      // while the burst runs, as the superuser of the cluster (the password file is readable here).
      const dataDirNr = noReserve().DATA_DIR;
      const password = fs.readFileSync(path.join(dataDirNr, 'pg-password'), 'utf8').trim();
      let switching = true;
      const switcher = (async () => {
        while (switching) {
          const c = new pg.Client({
            connectionString: `postgres://tokendesk:${password}@/tokendesk?host=${encodeURIComponent(path.join(dataDirNr, 'pg'))}`,
          });
          c.on('error', () => {});
          try {
            await c.connect();
            while (switching) {
              // A WAL record that touches no data file, so the switch below has something to close.
              await c.query("select pg_logical_emit_message(false, 'tokendesk-test', 'x')");
              await c.query('select pg_switch_wal()');
              await new Promise((r) => setTimeout(r, 50));
            }
          } catch {
            // the PANIC cut this session, or the cluster is in recovery: try again
            await new Promise((r) => setTimeout(r, 200));
          } finally {
            await c.end().catch(() => {});
          }
        }
      })();
      const statuses = new Map<number, number>();
      // Long enough for the writes to need new pages and WAL: the first failures come from postgres.
      let next = 100;
      const worker = async () => {
        while (next < 100 + 300) {
          const res = await write(server, owner, next++, acked);
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      switching = false;
      await switcher;
      const summary = Object.fromEntries(statuses);
      const { 503: unavailable = 0, 429: limited = 0, 201: created = 0, 200: ok = 0, ...others } = summary;
      // Writes that still fitted in free pages or the current WAL segment may succeed; nothing may fail otherwise.
      const unhandled = server
        .output()
        .split('\n')
        .filter((l) => /unhandled error/.test(l))
        .slice(0, 3)
        .map((l) => {
          try {
            const e = (JSON.parse(l) as { err?: { cause?: unknown; code?: unknown } }).err;
            return JSON.stringify(e?.cause ?? e?.code ?? l).slice(0, 600);
          } catch {
            return l.slice(0, 600);
          }
        });
      expect(others, `${JSON.stringify(summary)}\n${unhandled.join('\n')}`).toEqual({});
      expect(unavailable).toBeGreaterThan(0);
      const { slowest, misses } = await health();
      expect(misses).toEqual([]);
      console.info(
        `no reserve: ${JSON.stringify(summary)} (${created + ok} succeeded, ${unavailable} answered 503, ${limited} 429); slowest /health ${slowest.toFixed(0)} ms`,
      );
      expect(server.output()).not.toMatch(/unhandled error/);
      // Proof that postgres itself met the full disk (the reserve did not refuse for it), and what it did.
      const pgLog = fs.readFileSync(path.join(noReserve().DATA_DIR, 'pg', 'log', 'postgresql.log'), 'utf8');
      expect(pgLog).toMatch(/No space left on device/);
      const panics = pgLog.match(/PANIC:/g)?.length ?? 0;
      const recoveries =
        pgLog.match(/all server processes terminated; reinitializing|database system was interrupted/g)?.length ?? 0;
      console.info(
        `no reserve: postgres logged ${pgLog.match(/No space left on device/g)!.length} "No space left on device", ${panics} PANIC, ${recoveries} crash restarts`,
      );
      expect(
        panics,
        'postgres never met the full disk on a WAL segment: the PANIC path was not exercised',
      ).toBeGreaterThan(0);

      fs.rmSync(ballast);
      const started = Date.now();
      await waitFor(
        'a write to succeed after space was freed',
        async () => (await write(server, owner, 50_000 + Math.floor(Math.random() * 1000) * 2, acked)).status === 201,
        120_000,
        500,
      );
      console.info(`no reserve: the first write succeeded ${Date.now() - started} ms after space was freed`);
      for (let i = 0; i < 10; i++) expect((await write(server, owner, 60_000 + i, acked)).status).toBeLessThan(300);
      await waitFor(
        '/ready to say ready',
        async () => (await call(server.url, 'GET', '/ready')).status === 200,
        60_000,
      );

      await server.kill9();
      server = await startServer(noReserve(), 120_000);
      for (const username of acked.users) await signIn(server.url, username); // throws if a 201 registration is gone
      const info = await call<{ first_name: string }>(server.url, 'GET', '/api/v1/user/info/', {
        token: (await signIn(server.url, owner.username)).token,
      });
      expect(info.body.first_name).toBe(acked.firstName);
      expect(await server.stop()).toBe(0);
    },
  );
});
