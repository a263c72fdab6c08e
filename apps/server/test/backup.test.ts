import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../src/db/client';
import { projects, users } from '../src/db/schema';
import { startOpsSocket } from '../src/ops/ops-socket';

/** `npm run backup` / `npm run restore` as child processes on temporary PGlite data directories. */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsx = path.resolve(serverDir, '../../node_modules/.bin/tsx');
let root: string;
const dir = (name: string) => path.join(root, name);

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'tokendesk-backup-'));
});
afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

function run(args: string[], dataDir: string, env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, ['src/ops/backup-cli.ts', ...args], {
      cwd: serverDir,
      // DATABASE_URL emptied: these commands are for the embedded database even when the suite runs on PostgreSQL.
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent', INIT_CWD: root, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const silent = { info() {}, warn() {}, error() {} };

/** Users and their projects, in a comparable form. */
async function contents(database: Database) {
  return {
    users: await queryRows<Record<string, unknown>>(database.db, sql`select id, username, email, password_hash, created_at from users order by id`),
    projects: await queryRows<Record<string, unknown>>(database.db, sql`select id, user_id, name, contract_address from projects order by id`),
  };
}

async function withDatabase<T>(dataDir: string, work: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/** One user with one project per transaction: a copy taken mid-transaction would break the pairing. */
async function addUserWithProject(database: Database, n: number) {
  await database.db.transaction(async (tx) => {
    const [user] = await tx.insert(users).values({ username: `user${n}`, email: `user${n}@example.com`, passwordHash: `scrypt$hash${n}` }).returning();
    await tx.insert(projects).values({ userId: user!.id, networkId: 31337, contractAddress: `0x${n.toString(16).padStart(40, '0')}`, name: `Project ${n}`, tokenSymbol: 'TKN', tokenDecimal: 18 });
  });
}

describe('backup and restore of the embedded database', () => {
  it('round trip with the server stopped: the restored directory holds the same rows', async () => {
    const expected = await withDatabase(dir('a'), async (database) => {
      for (let n = 1; n <= 25; n++) await addUserWithProject(database, n);
      return contents(database);
    });
    const backup = await run(['backup', '--out', 'a.tar.gz'], dir('a'));
    expect(backup.code, backup.stderr).toBe(0);
    // Relative to the directory the user ran npm in (INIT_CWD), not apps/server.
    expect(backup.stdout).toContain(`Backup written to ${path.join(root, 'a.tar.gz')}`);
    expect(backup.stdout).toContain('server stopped');
    expect(fs.statSync(path.join(root, 'a.tar.gz')).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(root).filter((f) => f.includes('.partial-'))).toEqual([]);

    const restore = await run(['restore', '--in', 'a.tar.gz'], dir('b'));
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain(`Restored ${path.join(root, 'a.tar.gz')} into ${path.join(dir('b'), 'pglite')}`);
    expect(fs.readdirSync(dir('b'))).toEqual(['pglite']); // no staging directory, no lock left behind
    expect(await withDatabase(dir('b'), contents)).toEqual(expected);
    expect(expected.users).toHaveLength(25);
  }, 120_000);

  it('while the data directory is in use, the running server takes the backup (consistent under concurrent writes); restore refuses it', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: dir('live') });
    const socket = await startOpsSocket(dir('live'), database, silent);
    expect(socket).not.toBeNull();
    expect(fs.statSync(socket!.path).mode & 0o777).toBe(0o600);
    let writing = true;
    let written = 0;
    try {
      for (let n = 1; n <= 10; n++) await addUserWithProject(database, n);
      written = 10;
      const writer = (async () => {
        while (writing) {
          await addUserWithProject(database, ++written);
          // PGlite answers without I/O: without a turn of the event loop the socket would never be served.
          await new Promise((r) => setImmediate(r));
        }
      })();
      const backup = await run(['backup', '--out', 'live.tar.gz'], dir('live'));
      writing = false;
      await writer;
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toContain('taken by the running server');
      expect(written).toBeGreaterThan(10); // writes really ran while the copy was taken

      const refused = await run(['restore', '--in', 'live.tar.gz', '--force'], dir('live'));
      expect(refused.code).toBe(75);
      expect(refused.stderr).toContain(`is in use by another TokenDesk server (pid ${process.pid}`);
      expect(refused.stderr).toContain('stop the server first');
      expect(await database.db.$count(users)).toBe(written); // untouched
    } finally {
      writing = false;
      await socket?.close();
      await database.close();
    }
    expect(fs.existsSync(socket!.path)).toBe(false);

    const restore = await run(['restore', '--in', 'live.tar.gz'], dir('live-copy'));
    expect(restore.code, restore.stderr).toBe(0);
    const copy = await withDatabase(dir('live-copy'), contents);
    // A state between two transactions: every user has their project, and nothing is missing in between.
    expect(copy.users.length).toBeGreaterThanOrEqual(10);
    expect(copy.users.length).toBeLessThanOrEqual(written);
    expect(copy.projects.length).toBe(copy.users.length);
    expect(copy.users.map((u) => u.username)).toEqual(copy.users.map((_, i) => `user${i + 1}`));
  }, 120_000);

  it('a server without the control socket: backup says to stop it', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: dir('nosocket') });
    try {
      const res = await run(['backup', '--out', 'nosocket.tar.gz'], dir('nosocket'));
      expect(res.code).toBe(75);
      expect(res.stderr).toContain('offers no online backup');
      expect(res.stderr).toContain('Stop it, then run this command again.');
      expect(fs.existsSync(path.join(root, 'nosocket.tar.gz'))).toBe(false);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('restore replaces an existing database only with --force, keeping the old one', async () => {
    await withDatabase(dir('c'), (database) => addUserWithProject(database, 99));
    const refused = await run(['restore', '--in', 'a.tar.gz'], dir('c'));
    expect(refused.code).toBe(73);
    expect(refused.stderr).toContain('already holds a database');
    expect(refused.stderr).toContain('--force');
    expect((await withDatabase(dir('c'), contents)).users.map((u) => u.username)).toEqual(['user99']);

    const forced = await run(['restore', '--in', 'a.tar.gz', '--force'], dir('c'));
    expect(forced.code, forced.stderr).toBe(0);
    const kept = fs.readdirSync(dir('c')).filter((f) => f.startsWith('pglite.before-restore-'));
    expect(kept).toHaveLength(1);
    expect(forced.stdout).toContain(`kept in ${path.join(dir('c'), kept[0]!)}`);
    expect((await withDatabase(dir('c'), contents)).users).toHaveLength(25);
  }, 120_000);

  it('bad arguments and bad files: a clear message, a non-zero exit, nothing half-written', async () => {
    const usage = await run([], dir('x'));
    expect(usage.code).toBe(64);
    expect(usage.stderr).toContain('Usage:');
    const noOut = await run(['backup'], dir('a'));
    expect(noOut.code).toBe(64);
    expect(noOut.stderr).toContain('backup needs --out <file>');
    const missingValue = await run(['backup', '--out'], dir('a'));
    expect(missingValue.code).toBe(64);
    expect(missingValue.stderr).toContain('--out needs a file name');
    const unknown = await run(['restore', '--in', 'a.tar.gz', '--yes'], dir('x'));
    expect(unknown.code).toBe(64);
    expect(unknown.stderr).toContain("Unknown argument '--yes' for restore");
    expect((await run(['--help'], dir('x'))).code).toBe(0);

    const exists = await run(['backup', '--out', 'a.tar.gz'], dir('a'));
    expect(exists.code).toBe(73);
    expect(exists.stderr).toContain('exists. Choose another name or pass --force');
    const noDir = await run(['backup', '--out', 'missing/dir/a.tar.gz'], dir('a'));
    expect(noDir.code).toBe(73);
    expect(noDir.stderr).toContain('its directory does not exist');
    const empty = await run(['backup', '--out', 'empty.tar.gz'], dir('never-used'));
    expect(empty.code).toBe(66);
    expect(empty.stderr).toContain('There is no embedded database in');

    const noFile = await run(['restore', '--in', 'nope.tar.gz'], dir('d'));
    expect(noFile.code).toBe(66);
    expect(noFile.stderr).toContain('nope.tar.gz: no such file');
    fs.writeFileSync(path.join(root, 'garbage.tar.gz'), Buffer.from('this is not a backup at all\n'.repeat(100)));
    const garbage = await run(['restore', '--in', 'garbage.tar.gz'], dir('d'));
    expect(garbage.code).toBe(65);
    expect(garbage.stderr).toContain('not a readable TokenDesk backup');
    // A truncated real backup fails the same way.
    const real = fs.readFileSync(path.join(root, 'a.tar.gz'));
    fs.writeFileSync(path.join(root, 'truncated.tar.gz'), real.subarray(0, real.length >> 1));
    const truncated = await run(['restore', '--in', 'truncated.tar.gz'], dir('d'));
    expect(truncated.code).toBe(65);
    expect(fs.readdirSync(dir('d'))).toEqual([]); // no pglite, no staging directory, no lock

    const postgres = await run(['backup', '--out', 'pg.tar.gz'], dir('a'), { DATABASE_URL: 'postgres://user@127.0.0.1:5432/tokendesk' });
    expect(postgres.code).toBe(64);
    expect(postgres.stderr).toContain('pg_dump');
  }, 120_000);
});
