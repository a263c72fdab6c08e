import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it, type TestContext } from 'vitest';
import { logFile, passwordFile, startEmbeddedPostgres } from '../../src/db/embedded-postgres';
import { GOOD_PASSWORD, registerBody } from '../helpers';
import { serverUrl, spawnChild, type SpawnedProcess } from '@tokendesk/testkit/child-process';
import { runCli as runCliIn } from '../support/spawn';

/**
 * The embedded PostgreSQL as `npm start` runs it (decision 0024): real server processes on a
 * real cluster in DATA_DIR/pg. Nothing is mocked: the kill -9 is a SIGKILL of the server process,
 * and "no postgres left" is read from /proc.
 */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const asRoot = process.getuid?.() === 0;

type Test = Pick<TestContext, 'onTestFinished'>;

interface Server extends SpawnedProcess {
  /** The base URL once the server listens; rejects when it exits first. */
  ready: Promise<string>;
}

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/**
 * The spawn helper (@tokendesk/testkit/child-process) kills what a test leaves running when THAT test ends:
 * the two groups below run side by side, so each test hands over its context.
 */
function spawnServer(dataDir: string, test: Test): Server {
  const server = spawnChild('src/main.ts', [], {
    dataDir,
    test,
    env: {
      PORT: '0',
      LOG_LEVEL: 'warn',
      PASSWORD_HASH_COST: '10',
      DEVNET: 'off',
      INDEXER: 'off',
      USER_BUDGETS: 'off',
      // Bursts of registrations from one address: the per-IP limits would answer 429 (not what this file tests).
      REGISTER_MAX_PER_IP: '100000',
      PASSWORD_HASH_QUEUE: '1000',
      PASSWORD_HASH_QUEUE_PER_IP: '1000',
      DATABASE_URL: undefined, // this file is about the embedded database
    },
  });
  const ready = serverUrl(server, 240_000);
  ready.catch(() => {});
  return { ...server, ready };
}

const runCli = (args: string[], dataDir: string, test: Test) => runCliIn(args, { dataDir, test });

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

async function register(url: string, body = registerBody()): Promise<{ status: number; username: string }> {
  const res = await fetch(`${url}/api/v1/user/register/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return { status: res.status, username: body.username };
}

async function signInStatus(url: string, username: string): Promise<number> {
  const res = await fetch(`${url}/api/v1/user/login/`, {
    headers: { authorization: `Basic ${Buffer.from(`${username}:${GOOD_PASSWORD}`).toString('base64')}` },
  });
  await res.arrayBuffer();
  return res.status;
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Every process whose command line names this cluster directory (postmaster and backends show as `postgres: ...`, so the postmaster and its children by parentage). */
function clusterProcesses(clusterDir: string): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (cmdline.includes(clusterDir)) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

const postmasterPid = (clusterDir: string) =>
  Number(fs.readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);

async function waitUntil(what: string, check: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

// The two groups below run side by side (each on directories of its own; most of their time is
// spent waiting for clusters and servers to start and stop); the first group's tests share one
// data directory and run in order.
describe.concurrent('the server on its embedded PostgreSQL', () => {
  const dataDir = tempDir('tokendesk-embedded-');
  const clusterDir = path.join(dataDir, 'pg');
  const acknowledged: string[] = [];

  it.sequential(
    'creates the cluster on the first start with a 0600 password file, and keeps the data across a restart',
    { timeout: 240_000 },
    async (test) => {
      const first = spawnServer(dataDir, test);
      const url = await first.ready;
      expect(first.output()).toMatch(/embedded PostgreSQL 18\.\d+ initialised in .*\/pg \(\d+ ms\)/);
      expect(first.output()).toMatch(/embedded PostgreSQL 18\.\d+ started in .*\/pg \(\d+ ms, pid \d+\)/);
      expect(fs.existsSync(path.join(clusterDir, 'PG_VERSION'))).toBe(true);
      const pw = fs.statSync(passwordFile(clusterDir));
      expect(pw.mode & 0o777).toBe(0o600);
      expect(fs.readFileSync(passwordFile(clusterDir), 'utf8').trim()).toMatch(/^[0-9a-f]{48}$/);
      // Root: the cluster belongs to an unprivileged user (PostgreSQL refuses root).
      if (asRoot) expect(fs.statSync(clusterDir).uid).not.toBe(0);
      expect(fs.statSync(clusterDir).mode & 0o777).toBe(0o700);

      // Unix socket only: no TCP listener, and the password is required.
      const password = fs.readFileSync(passwordFile(clusterDir), 'utf8').trim();
      const direct = new pg.Client({
        connectionString: `postgres://tokendesk:${password}@/tokendesk?host=${encodeURIComponent(clusterDir)}`,
      });
      await direct.connect();
      const settings = await direct.query<{ name: string; setting: string }>(
        "select name, setting from pg_settings where name in ('listen_addresses', 'fsync', 'synchronous_commit', 'full_page_writes', 'max_connections') order by name",
      );
      await direct.end();
      expect(Object.fromEntries(settings.rows.map((r) => [r.name, r.setting]))).toEqual({
        fsync: 'on',
        full_page_writes: 'on',
        listen_addresses: '',
        max_connections: '40',
        synchronous_commit: 'on',
      });
      const wrong = new pg.Client({
        connectionString: `postgres://tokendesk:not-the-password@/tokendesk?host=${encodeURIComponent(clusterDir)}`,
      });
      await expect(wrong.connect()).rejects.toThrow(/password authentication failed/);

      for (let i = 0; i < 3; i++) {
        const reg = await register(url);
        expect(reg.status).toBe(201);
        acknowledged.push(reg.username);
      }
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      expect(first.output()).toContain(`embedded PostgreSQL stopped (${clusterDir})`);
      expect(clusterProcesses(clusterDir)).toEqual([]);
      expect(fs.existsSync(path.join(clusterDir, 'postmaster.pid'))).toBe(false);

      const second = spawnServer(dataDir, test);
      const url2 = await second.ready;
      expect(second.output()).not.toContain('initialised');
      for (const username of acknowledged) expect(await signInStatus(url2, username)).toBe(200);
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    },
  );

  it.sequential(
    'refuses a second server on the same data directory (the lock), without disturbing the first',
    { timeout: 240_000 },
    async (test) => {
      const first = spawnServer(dataDir, test);
      const url = await first.ready;
      const pid = postmasterPid(clusterDir);
      const second = spawnServer(dataDir, test);
      expect(await second.exited).toBe(75);
      expect(second.output()).toContain('is in use by another TokenDesk server');
      // The refused server never touched the cluster: same postmaster, still answering.
      expect(postmasterPid(clusterDir)).toBe(pid);
      expect((await fetch(`${url}/ready`)).status).toBe(200);

      // The admin CLI is not refused: it reaches the running server's cluster through its socket.
      const cli = await runCli(
        ['create-staff', 'embedded_staff', 'embedded_staff@example.com', '--generate'],
        dataDir,
        test,
      );
      expect(cli.code, cli.stderr).toBe(0);
      const generated = cli.stdout.trim().split('\n').at(-1)!;
      const login = await fetch(`${url}/api/v1/user/login/`, {
        headers: { authorization: `Basic ${Buffer.from(`embedded_staff:${generated}`).toString('base64')}` },
      });
      expect(login.status).toBe(200);
      expect(((await login.json()) as { user: { is_staff: boolean } }).user.is_staff).toBe(true);
      expect(postmasterPid(clusterDir)).toBe(pid);
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
    },
  );

  it.sequential(
    'kill -9 of the server under writes leaves no postgres running, and the next start has every acknowledged row',
    { timeout: 300_000 },
    async (test) => {
      const server = spawnServer(dataDir, test);
      const url = await server.ready;
      const postmaster = postmasterPid(clusterDir);
      expect(clusterProcesses(clusterDir)).toContain(postmaster);

      const acked: string[] = [];
      let alive = true;
      let cut = 0;
      const unexpected: string[] = [];
      const worker = async () => {
        while (alive) {
          try {
            const reg = await register(url);
            if (reg.status === 201) acked.push(reg.username);
            else unexpected.push(`register answered ${reg.status}`);
          } catch (err) {
            if (alive) unexpected.push(String(err));
            else cut++;
            return;
          }
        }
      };
      const workers = Array.from({ length: 6 }, worker);
      await waitUntil('some acknowledged writes', () => acked.length >= 20 || unexpected.length > 0, 120_000);
      expect(unexpected).toEqual([]);
      await server.kill('SIGKILL'); // the server alone, at its exit (not waiting for its output to close)
      alive = false;
      await Promise.allSettled(workers);
      expect(acked.length).toBeGreaterThanOrEqual(20);

      // The supervisor saw its pipe close and gave postgres a fast shutdown: nothing holds the cluster.
      await waitUntil('the postmaster to exit after the server was killed', () => !isAlive(postmaster), 30_000);
      await waitUntil(
        'every postgres process of the cluster to exit',
        () => clusterProcesses(clusterDir).length === 0,
        30_000,
      );
      expect(fs.readFileSync(logFile(clusterDir), 'utf8')).toMatch(/received fast shutdown request/);

      const next = spawnServer(dataDir, test);
      const url2 = await next.ready;
      expect(next.output()).not.toMatch(/from an earlier run/);
      for (const username of [...acknowledged, ...acked])
        expect(await signInStatus(url2, username), username).toBe(200);
      console.info(`embedded kill -9: ${acked.length} registrations acknowledged and all present, ${cut} requests cut`);
      next.child.kill('SIGTERM');
      expect(await next.exited).toBe(0);
    },
  );
});

describe.concurrent('startEmbeddedPostgres and a stale postmaster', () => {
  it(
    'stops an orphaned postmaster of its cluster (its supervisor gone), and ignores a postmaster.pid naming another program',
    { timeout: 240_000 },
    async (test) => {
      const dir = path.join(tempDir('tokendesk-embedded-stale-'), 'pg');
      const lines: string[] = [];
      const log = (msg: string) => lines.push(msg);
      // The first run in a process of its own, as a server would hold it.
      const script = `
      import { startEmbeddedPostgres } from ${JSON.stringify(path.join(serverDir, 'src/db/embedded-postgres.ts'))};
      import pg from 'pg';
      const e = await startEmbeddedPostgres({ dir: ${JSON.stringify(dir)}, settings: { fsync: 'off' } });
      const db = new pg.Client({ connectionString: e.url });
      await db.connect();
      await db.query('create table kept (v text)');
      await db.query("insert into kept values ('before the orphan')");
      await db.end();
      console.log('postmaster ' + e.pid);
      setInterval(() => {}, 1000);
    `;
      // node's own options where the script would go: `node --import tsx --input-type=module --eval <script>`.
      const holder = spawnChild('--input-type=module', ['--eval', script], { test });
      const postmaster = Number((await holder.waitFor(/postmaster (\d+)/, 120_000))[1]);
      expect(fs.readFileSync(path.join(dir, 'PG_VERSION'), 'utf8').trim()).toBe('18');

      // An orphan: the server, the supervisor and its pipe watcher all die at once without a word
      // (SIGKILL of the whole lot), so nobody stops postgres; it keeps the cluster and postmaster.pid.
      const parentOf = (pid: number) =>
        Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      const supervisor = parentOf(postmaster);
      const watchers = fs
        .readdirSync('/proc')
        .filter((e) => /^\d+$/.test(e) && Number(e) !== postmaster)
        .filter((e) => {
          try {
            return parentOf(Number(e)) === supervisor;
          } catch {
            return false;
          }
        })
        .map(Number);
      expect(watchers.length).toBeGreaterThan(0);
      for (const pid of [...watchers, supervisor, holder.pid]) process.kill(pid, 'SIGKILL');
      await new Promise((r) => setTimeout(r, 1_000));
      expect(isAlive(postmaster)).toBe(true);

      const second = await startEmbeddedPostgres({ dir, log, settings: { fsync: 'off' } });
      expect(second.created).toBe(false);
      expect(lines.join('\n')).toContain(
        `a postmaster (pid ${postmaster}) from an earlier run still holds ${dir}; stopping it`,
      );
      expect(isAlive(postmaster)).toBe(false);
      expect(second.pid).not.toBe(postmaster);
      const check = new pg.Client({ connectionString: second.url });
      await check.connect();
      expect((await check.query('select v from kept')).rows).toEqual([{ v: 'before the orphan' }]);
      await check.end();
      await second.stop();

      // A machine that went down: postmaster.pid names a pid that now belongs to some other program.
      const other = spawn('sleep', ['60'], { stdio: 'ignore' });
      try {
        fs.writeFileSync(path.join(dir, 'postmaster.pid'), `${other.pid}\n${dir}\n0\n5432\n${dir}\n\n0 0\nready\n`);
        if (asRoot) fs.chownSync(path.join(dir, 'postmaster.pid'), fs.statSync(dir).uid, fs.statSync(dir).gid);
        const third = await startEmbeddedPostgres({ dir, log, settings: { fsync: 'off' } });
        expect(lines.join('\n')).toContain(
          `names pid ${other.pid}, which is not a postgres of this cluster; removing the stale file`,
        );
        expect(isAlive(other.pid!)).toBe(true); // never signalled
        await third.stop();
      } finally {
        other.kill('SIGKILL');
      }
    },
  );

  it(
    'starts a postmaster that died again, but not once the directory is no longer its own: another cluster there is left alone',
    { timeout: 240_000 },
    async () => {
      const dir = path.join(tempDir('tokendesk-embedded-owner-'), 'pg');
      const lines: string[] = [];
      const log = (msg: string) => lines.push(msg);
      let owned = true;
      const first = await startEmbeddedPostgres({ dir, log, settings: { fsync: 'off' }, stillOwned: () => owned });
      const kept = async (url: string) => {
        const db = new pg.Client({ connectionString: url });
        await db.connect();
        try {
          return (await db.query<{ v: string }>('select v from kept')).rows;
        } finally {
          await db.end();
        }
      };
      const setup = new pg.Client({ connectionString: first.url });
      await setup.connect();
      await setup.query('create table kept (v text)');
      await setup.query("insert into kept values ('kept')");
      await setup.end();

      // Killed (the OOM killer, say) while the directory is its own: started again on the same data.
      const killed = first.pid;
      process.kill(killed, 'SIGKILL');
      await waitUntil(
        'the restart',
        () => first.pid !== killed && lines.includes(`embedded PostgreSQL restarted (pid ${first.pid})`),
        60_000,
      );
      expect(await kept(first.url)).toEqual([{ v: 'kept' }]);

      // The directory is another server's now (its lock names that server: DATA_DIR removed under
      // this one and started on again). This postmaster dies and the other server starts the cluster:
      // the supervisor must neither stop that postmaster as an orphan nor start one of its own.
      owned = false;
      const lost = first.pid;
      process.kill(lost, 'SIGKILL');
      await waitUntil('the postmaster to go', () => !isAlive(lost), 10_000);
      await new Promise((r) => setTimeout(r, 300)); // its backends follow it
      const other = await startEmbeddedPostgres({ dir, settings: { fsync: 'off' } });
      try {
        // The supervisor tries 1 s after the death, then 2 s after a failed try: 3 s covers both.
        await new Promise((r) => setTimeout(r, 3_000));
        expect(isAlive(other.pid), "the other server's postmaster").toBe(true);
        await waitUntil(
          'the supervisor to give up',
          () => lines.some((l) => l.includes(`this server no longer owns ${dir}`)),
          10_000,
        );
        expect(lines.filter((l) => l.startsWith('embedded PostgreSQL restarted'))).toHaveLength(1);
        expect(lines.join('\n')).not.toContain('still holds');
        expect(await kept(other.url)).toEqual([{ v: 'kept' }]);
      } finally {
        await other.stop();
        await first.stop();
      }
    },
  );

  it.runIf(asRoot)('names the directory the cluster user cannot enter', { timeout: 60_000 }, async () => {
    const locked = tempDir('tokendesk-embedded-locked-'); // mkdtemp: 0700, owned by root
    const dir = path.join(locked, 'inner', 'pg');
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    fs.chmodSync(locked, 0o700);
    // The cluster's own parent (inner) is made searchable; `locked` above it is the admin's to open.
    await expect(startEmbeddedPostgres({ dir })).rejects.toThrow(
      new RegExp(`cannot enter ${locked.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\. `),
    );
    expect(fs.existsSync(dir)).toBe(false);
  });
});
