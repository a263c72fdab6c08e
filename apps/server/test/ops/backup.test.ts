import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../../src/db/client';
import {
  migrateTo,
  migrationState,
  restoreBySwap,
  withDatabase as urlFor,
  writeLogicalBackup,
} from '../../src/db/logical-backup';
import { projects, users } from '../../src/db/schema';
import { startOpsSocket } from '../../src/ops/ops-socket';
import { runToEnd, type CliResult } from '../support/spawn';

/**
 * `npm run backup` / `npm run restore` as child processes on temporary data directories with the
 * embedded PostgreSQL, and with DATABASE_URL. Logical backups (db/logical-backup.ts).
 */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const fixtures = path.join(serverDir, 'test/fixtures');
const fsyncOff = { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' };
let root: string;
const dir = (name: string) => path.join(root, name);

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'tokendesk-backup-'));
  // Under root the cluster runs as its own system user, which must reach the data directories.
  fs.chmodSync(root, 0o755);
});
afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

/**
 * The tests that need an earlier test's files wait for it through one of these (they run in file
 * order anyway; several clusters starting at once on two busy cores only ran into timeouts): a
 * test whose predecessor failed fails at once, saying so, instead of on a missing file.
 */
function after() {
  let done!: () => void;
  let failed!: (err: Error) => void;
  const promise = new Promise<void>((resolve, reject) => {
    done = resolve;
    failed = reject;
  });
  promise.catch(() => {});
  return {
    promise,
    async run(work: () => Promise<void>) {
      try {
        await work();
        done();
      } catch (err) {
        failed(new Error('skipped: the earlier test this one needs failed'));
        throw err;
      }
    },
  };
}

/**
 * `npm run backup|restore` in `dataDir`. Output names are relative to `cwd` (INIT_CWD, as npm
 * sets it); the tests other than the round trip put theirs in a directory of their own, apart
 * from the root that the round trip and the bad-arguments test check for half-written files.
 * node with tsx's loader in one process (as `npm start`), not the tsx wrapper that starts a
 * second node for every command.
 */
function run(args: string[], dataDir: string, env: Record<string, string> = {}, cwd = root): Promise<CliResult> {
  // The embedded database (the spawn helper's default) unless a test sets DATABASE_URL.
  return runToEnd('src/ops/backup-cli.ts', args, { dataDir, env: { LOG_LEVEL: 'silent', INIT_CWD: cwd, ...env } });
}

const silent = { info() {}, warn() {}, error() {} };
const open = (dataDir: string) => openDatabase({ kind: 'embedded', dataDir, settings: fsyncOff });

async function withOpen<T>(dataDir: string, work: (database: Database) => Promise<T>): Promise<T> {
  const database = await open(dataDir);
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/**
 * Every table of the database, row by row: an md5 of its rows in a fixed order (their text form),
 * its row count, and every sequence's position.
 */
async function fingerprint(database: Database) {
  const tables = await queryRows<{ name: string }>(
    database.db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`,
  );
  const out: Record<string, { rows: number; md5: string }> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ rows: number; md5: string }>(
      database.db,
      sql.raw(
        `select count(*)::int as rows, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as md5 from "${name}" t`,
      ),
    );
    out[name] = row!;
  }
  const sequences = await queryRows<{ name: string; last: string | null }>(
    database.db,
    sql`select sequencename as name, last_value::text as last from pg_sequences where schemaname = 'public' order by 1`,
  );
  return { tables: out, sequences };
}

/** Users and their projects, in a comparable form. */
async function contents(database: Database) {
  return {
    users: await queryRows<Record<string, unknown>>(
      database.db,
      sql`select id, username, email, password_hash, created_at from users order by id`,
    ),
    projects: await queryRows<Record<string, unknown>>(
      database.db,
      sql`select id, user_id, name, contract_address from projects order by id`,
    ),
  };
}

/** One user with one project per transaction: a copy taken mid-transaction would break the pairing. */
async function addUserWithProject(database: Database, n: number) {
  await database.db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ username: `user${n}`, email: `user${n}@example.com`, passwordHash: `scrypt$hash${n}` })
      .returning();
    await tx.insert(projects).values({
      userId: user!.id,
      networkId: 31337,
      contractAddress: `0x${n.toString(16).padStart(40, '0')}`,
      name: `Project ${n}`,
      tokenSymbol: 'TKN',
      tokenDecimal: 18,
    });
  });
}

async function databasesOf(database: Database): Promise<string[]> {
  const admin = new pg.Client({ connectionString: urlFor(database.url!, 'postgres') });
  await admin.connect();
  try {
    return (
      await admin.query<{ datname: string }>('select datname from pg_database where not datistemplate order by 1')
    ).rows.map((r) => r.datname);
  } finally {
    await admin.end();
  }
}

/** A directory of its own under the root, for a test's backup files. */
const outDir = (name: string) => {
  const d = path.join(root, `out-${name}`);
  fs.mkdirSync(d, { recursive: true });
  return d;
};

describe('backup and restore of the embedded database', () => {
  let source: Awaited<ReturnType<typeof fingerprint>>;
  const roundTrip = after(); // a.tdbackup.gz, dir('a'), source
  const forcedRestore = after(); // dir('c') restored from a.tdbackup.gz

  it(
    'round trip with the server stopped: every table of the restored database equals the original row by row',
    ({ expect }) =>
      roundTrip.run(async () => {
        // Real data in every table: the PGlite fixture (made through the old server's API) imported,
        // plus rows for the two tables a healthy devnet leaves empty, and text that COPY must escape.
        fs.mkdirSync(dir('a'));
        execFileSync('tar', ['-xzf', path.join(fixtures, 'pglite-ec83c66.tar.gz'), '-C', dir('a')]);
        source = await withOpen(dir('a'), async (database) => {
          await database.db
            .execute(sql`insert into discovered_pools (project_id, user_id, network_id, dex_id, pool_address, pool_version, paired_token_address, block_number, tx_hash)
        select p.id, p.user_id, 31337, 'uniswap-v2', '0x00000000000000000000000000000000000000d1', 'v2', '0x02', 7, '0xabc' from projects p order by p.id limit 1`);
          await database.db.execute(
            sql`insert into indexer_skipped_items (network_id, part, item, reason, detail) values (31337, 'pools', '0xabc:1', 'undecodable-log', ${'tab\there, newline\nthere, backslash \\ and \\. and ünïcödé'})`,
          );
          // The tables of migrations 0014–0016 (outbox and channels, e-mail tokens, weekly reports).
          await database.db.execute(sql`insert into notification_channels (user_id, kind, name, config, secret)
        select u.id, 'webhook', 'Ops hook', '{"url":"https://hooks.example.com/x"}', 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' from users u order by u.id limit 1`);
          await database.db.execute(
            sql`insert into alert_channels (alert_id, channel_id) select a.id, c.id from alerts a, notification_channels c order by a.id limit 1`,
          );
          await database.db
            .execute(sql`insert into outbox (message_id, user_id, channel_id, kind, category, payload, network_id, block_number)
        select '8b0f7a53-8b1e-4d8e-9a55-0c7f0d4b6e21', c.user_id, c.id, 'webhook', 'alert', ${JSON.stringify({ body: '{"text":"tab\there\nünï"}' })}::jsonb, 31337, 7 from notification_channels c limit 1`);
          await database.db.execute(sql`insert into email_tokens (user_id, purpose, token_hash, new_email, expires_at)
        select u.id, 'verify', 'ab12', u.email, now() + interval '1 day' from users u order by u.id limit 1`);
          await database.db.execute(
            sql`insert into project_weekly_reports (project_id, enabled) select p.id, true from projects p order by p.id limit 1`,
          );
          // The tables of migrations 0018–0024 (indexer lease, shared limits, audit trail, sign-in origins).
          await database.db.execute(
            sql`insert into indexer_leases (network_id, holder, epoch, expires_at) values (31337, 'a1b2c3', 4, now() - interval '1 minute')`,
          );
          await database.db.execute(
            sql`insert into rate_limit_windows (key, hits, expires_at_ms) values ('signin-ip:ab12', '{1795500000000,1795500001000}', 1795500900000)`,
          );
          await database.db.execute(
            sql`insert into rate_limit_buckets (key, tokens, at_ms, taken, full_at_ms) values ('budget:cd34', 2.5, 1795500000000, true, 1795500060000)`,
          );
          await database.db
            .execute(sql`insert into audit_events (action, actor_kind, actor_name, subject_user_id, subject_name)
        select 'reset_link_issued', 'cli', ${'root (sudo: ünïcödé\tadmin)'}, u.id, u.username from users u order by u.id limit 1`);
          await database.db.execute(
            sql`insert into sign_in_origins (user_id, origin, last_signed_in_at) select u.id, '127.0.0.1', now() from users u order by u.id limit 1`,
          );
          // Migration 0027: a network's reference pool for past USD rates (system data, no user's).
          await database.db
            .execute(sql`insert into reference_pools (network_id, pool_address, pool_version, base_address, base_symbol, base_decimals,
        stable_address, stable_symbol, stable_decimals, base_is_token0, label, chosen_block)
        values (31337, '0x00000000000000000000000000000000000000e1', 'v3', '0x00000000000000000000000000000000000000e2', 'WETH', 18,
        '0x00000000000000000000000000000000000000e3', 'USDC', 6, true, ${'WETH/USDC on Uniswap V3 (0.05%) ünï'}, 12)`);
          for (let n = 1; n <= 5; n++) await addUserWithProject(database, n);
          // Migration 0030: an open invite into a user's workspace (the workspaces came with the projects).
          await database.db
            .execute(sql`insert into workspace_invites (workspace_id, email, role, token_hash, expires_at)
        select w.id, 'invitee@example.com', 'viewer', 'cd34', now() + interval '3 days' from workspaces w order by w.id limit 1`);
          return fingerprint(database);
        });
        for (const [name, t] of Object.entries(source.tables)) expect(t.rows, name).toBeGreaterThan(0);

        const backup = await run(['backup', '--out', 'a.tdbackup.gz'], dir('a'));
        expect(backup.code, backup.stderr).toBe(0);
        // Relative to the directory the user ran npm in (INIT_CWD), not apps/server.
        expect(backup.stdout).toContain(`Backup written to ${path.join(root, 'a.tdbackup.gz')}`);
        expect(backup.stdout).toMatch(/\d+ tables, \d+ rows; server stopped/);
        expect(fs.statSync(path.join(root, 'a.tdbackup.gz')).mode & 0o777).toBe(0o600);
        expect(fs.readdirSync(root).filter((f) => f.includes('.partial-'))).toEqual([]);

        const restore = await run(['restore', '--in', 'a.tdbackup.gz'], dir('b'));
        expect(restore.code, restore.stderr).toBe(0);
        expect(restore.stdout).toContain(
          `Restored ${path.join(root, 'a.tdbackup.gz')} into ${path.join(dir('b'), 'pg')}`,
        );
        const restored = await withOpen(dir('b'), async (database) => {
          expect(await databasesOf(database)).toEqual(['postgres', 'tokendesk']); // no staging database left, nothing kept
          return fingerprint(database);
        });
        expect(restored).toEqual(source);
      }),
    300_000,
  );

  it('while the server runs, it takes the backup (one snapshot under concurrent writes); restore refuses to run', async ({
    expect,
  }) => {
    const out = outDir('live');
    const database = await open(dir('live'));
    const socket = await startOpsSocket(dir('live'), database.url!, silent);
    expect(socket).not.toBeNull();
    expect(fs.statSync(socket!.path).mode & 0o777).toBe(0o600);
    let writing = true;
    let written = 0;
    try {
      for (let n = 1; n <= 10; n++) await addUserWithProject(database, n);
      written = 10;
      const writer = (async () => {
        while (writing) await addUserWithProject(database, ++written);
      })();
      const backup = await run(['backup', '--out', 'live.tdbackup.gz'], dir('live'), {}, out);
      writing = false;
      await writer;
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toContain('taken by the running server');
      expect(written).toBeGreaterThan(10); // writes really ran while the copy was taken

      const refused = await run(['restore', '--in', 'live.tdbackup.gz', '--force'], dir('live'), {}, out);
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

    const restore = await run(['restore', '--in', 'live.tdbackup.gz'], dir('live-copy'), {}, out);
    expect(restore.code, restore.stderr).toBe(0);
    const copy = await withOpen(dir('live-copy'), contents);
    // A state between two transactions: every user has their project, and nothing is missing in between.
    expect(copy.users.length).toBeGreaterThanOrEqual(10);
    expect(copy.users.length).toBeLessThanOrEqual(written);
    expect(copy.projects.length).toBe(copy.users.length);
    expect(copy.users.map((u) => u.username)).toEqual(copy.users.map((_, i) => `user${i + 1}`));
  }, 300_000);

  it('a backup client that goes away mid-stream frees the server for the next backup', async ({ expect }) => {
    const database = await open(dir('gone'));
    const socket = await startOpsSocket(dir('gone'), database.url!, silent);
    try {
      // Enough rows that the export is still streaming when the client hangs up after one chunk.
      await database.db.execute(sql`insert into indexer_skipped_items (network_id, part, item, reason, detail)
        select 1, 'pools', 'item' || g, 'r', repeat(md5(g::text), 20) from generate_series(1, 20000) g`);
      await new Promise<void>((resolve, reject) => {
        const req = http.request({ socketPath: socket!.path, method: 'POST', path: '/backup' }, (res) => {
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        });
        req.on('error', (err: NodeJS.ErrnoException) => (err.code === 'ECONNRESET' ? resolve() : reject(err)));
        req.end();
      });
      const next = await run(['backup', '--out', 'after-gone.gz'], dir('gone'), {}, outDir('gone'));
      expect(next.code, next.stderr).toBe(0);
      expect(next.stdout).toMatch(/20000 rows|2000\d rows/);
      // No export left holding a snapshot.
      const open = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and xact_start is not null`,
      );
      expect(open[0]!.n).toBe(0);
    } finally {
      await socket?.close();
      await database.close();
    }
  }, 180_000);

  it('a server without the control socket: backup says to stop it', async ({ expect }) => {
    const database = await open(dir('nosocket'));
    try {
      const res = await run(['backup', '--out', 'nosocket.tdbackup.gz'], dir('nosocket'));
      expect(res.code).toBe(75);
      expect(res.stderr).toContain('offers no online backup');
      expect(res.stderr).toContain('Stop it, then run this command again.');
      expect(fs.readdirSync(root).filter((f) => f.startsWith('nosocket.'))).toEqual([]);
    } finally {
      await database.close();
    }
  }, 120_000);

  it('restore replaces a database with data only with --force, keeping the old one in the cluster', async ({
    expect,
  }) => {
    await roundTrip.promise;
    await forcedRestore.run(async () => {
      await withOpen(dir('c'), (database) => addUserWithProject(database, 99));
      const refused = await run(['restore', '--in', 'a.tdbackup.gz'], dir('c'));
      expect(refused.code).toBe(73);
      expect(refused.stderr).toContain('already holds data');
      expect(refused.stderr).toContain('--force');
      expect((await withOpen(dir('c'), contents)).users.map((u) => u.username)).toEqual(['user99']);

      const forced = await run(['restore', '--in', 'a.tdbackup.gz', '--force'], dir('c'));
      expect(forced.code, forced.stderr).toBe(0);
      await withOpen(dir('c'), async (database) => {
        const kept = (await databasesOf(database)).filter((d) => d.startsWith('tokendesk_before_restore_'));
        expect(kept).toHaveLength(1);
        expect(forced.stdout).toContain(`kept in the cluster as ${kept[0]}`);
        expect(await fingerprint(database)).toEqual(source);
        // The replaced database is intact.
        const old = new pg.Client({ connectionString: urlFor(database.url!, kept[0]!) });
        await old.connect();
        expect((await old.query('select username from users')).rows).toEqual([{ username: 'user99' }]);
        await old.end();
      });
    });
  }, 300_000);

  it('a corrupt or truncated file is refused with 65 and changes nothing', async ({ expect }) => {
    await forcedRestore.promise;
    const before = await withOpen(dir('c'), async (database) => ({
      print: await fingerprint(database),
      databases: await databasesOf(database),
    }));
    const real = fs.readFileSync(path.join(root, 'a.tdbackup.gz'));
    fs.writeFileSync(path.join(root, 'garbage.gz'), Buffer.from('this is not a backup at all\n'.repeat(100)));
    fs.writeFileSync(path.join(root, 'truncated.gz'), real.subarray(0, real.length >> 1));
    const flipped = Buffer.from(real);
    const mid = flipped.length >> 1;
    flipped[mid] = flipped[mid]! ^ 0xff;
    fs.writeFileSync(path.join(root, 'flipped.gz'), flipped);
    for (const file of ['garbage.gz', 'truncated.gz', 'flipped.gz']) {
      const res = await run(['restore', '--in', file, '--force'], dir('c'));
      expect(res.code, `${file}: ${res.stderr}`).toBe(65);
      expect(res.stderr).toContain('not a readable TokenDesk backup');
    }
    // Into a fresh directory as well: no database appears.
    const fresh = await run(['restore', '--in', 'truncated.gz'], dir('d'));
    expect(fresh.code).toBe(65);
    const after = await withOpen(dir('c'), async (database) => ({
      print: await fingerprint(database),
      databases: await databasesOf(database),
    }));
    expect(after).toEqual(before);
  }, 300_000);

  it('bad arguments: a clear message, a non-zero exit, nothing half-written', async ({ expect }) => {
    await roundTrip.promise; // a.tdbackup.gz exists, dir('a') holds a cluster
    // Refusals, side by side: none of them gets as far as starting a cluster.
    const [usage, noOut, missingValue, unknown, help, exists, noDir, empty, noFile] = await Promise.all([
      run([], dir('x')),
      run(['backup'], dir('a')),
      run(['backup', '--out'], dir('a')),
      run(['restore', '--in', 'a.tdbackup.gz', '--yes'], dir('x')),
      run(['--help'], dir('x')),
      run(['backup', '--out', 'a.tdbackup.gz'], dir('a')),
      run(['backup', '--out', 'missing/dir/a.gz'], dir('a')),
      run(['backup', '--out', 'empty.gz'], dir('never-used')),
      run(['restore', '--in', 'nope.gz'], dir('x')),
    ]);
    expect(usage.code).toBe(64);
    expect(usage.stderr).toContain('Usage:');
    expect(noOut.code).toBe(64);
    expect(noOut.stderr).toContain('backup needs --out <file>');
    expect(missingValue.code).toBe(64);
    expect(missingValue.stderr).toContain('--out needs a file name');
    expect(unknown.code).toBe(64);
    expect(unknown.stderr).toContain("Unknown argument '--yes' for restore");
    expect(help.code).toBe(0);

    expect(exists.code).toBe(73);
    expect(exists.stderr).toContain('exists. Choose another name or pass --force');
    expect(noDir.code).toBe(73);
    expect(noDir.stderr).toContain('its directory does not exist');
    expect(empty.code).toBe(66);
    expect(empty.stderr).toContain('There is no embedded database in');
    expect(noFile.code).toBe(66);
    expect(noFile.stderr).toContain('nope.gz: no such file');
    expect(fs.readdirSync(root).filter((f) => f.includes('.partial-') || f === 'empty.gz')).toEqual([]);
  }, 120_000);

  it('a backup taken at an older schema version is restored through the migrations since', async ({ expect }) => {
    const database = await open(dir('old-schema'));
    try {
      const admin = new pg.Client({ connectionString: urlFor(database.url!, 'postgres') });
      await admin.connect();
      await admin.query('create database at_previous_version');
      await admin.end();
      const oldUrl = urlFor(database.url!, 'at_previous_version');
      const live = new pg.Client({ connectionString: database.url! });
      await live.connect();
      const current = await migrationState(live);
      await live.end();
      await migrateTo(oldUrl, current.count - 1);
      const old = new pg.Client({ connectionString: oldUrl });
      await old.connect();
      await old.query(
        "insert into users (username, email, password_hash) values ('from_the_past', 'past@example.com', 'x')",
      );
      expect((await migrationState(old)).count).toBe(current.count - 1);
      await old.end();
      const file = path.join(outDir('old-schema'), 'previous-version.gz');
      await writeLogicalBackup(oldUrl, fs.createWriteStream(file));

      const restoredUrl = urlFor(database.url!, 'restored_from_previous');
      const result = await restoreBySwap({
        url: restoredUrl,
        adminUrl: urlFor(database.url!, 'postgres'),
        input: fs.createReadStream(file),
        force: false,
      });
      expect(result.header.migrations.count).toBe(current.count - 1);
      const restored = new pg.Client({ connectionString: restoredUrl });
      await restored.connect();
      expect(await migrationState(restored)).toEqual(current);
      expect((await restored.query('select username from users')).rows).toEqual([{ username: 'from_the_past' }]);
      await restored.end();
    } finally {
      await database.close();
    }
  }, 180_000);

  it('with DATABASE_URL: backup exports that database; restore loads only into a database without rows', async ({
    expect,
  }) => {
    const out = outDir('external');
    // Any PostgreSQL will do: the embedded cluster of a running server, reached like an external one.
    const database = await open(dir('external'));
    try {
      for (let n = 1; n <= 3; n++) await addUserWithProject(database, n);
      const expected = await contents(database);
      // The Unix socket form, with a host name for the URL check (pg takes the socket from ?host=).
      const external = (name: string) => urlFor(database.url!, name).replace('@/', '@localhost/');
      const backup = await run(
        ['backup', '--out', 'external.gz'],
        dir('unused'),
        { DATABASE_URL: external('tokendesk') },
        out,
      );
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toContain('exported from DATABASE_URL');

      const busy = await run(
        ['restore', '--in', 'external.gz'],
        dir('unused'),
        { DATABASE_URL: external('tokendesk') },
        out,
      );
      expect(busy.code).toBe(73);
      expect(busy.stderr).toContain('already holds rows');
      const admin = new pg.Client({ connectionString: urlFor(database.url!, 'postgres') });
      await admin.connect();
      await admin.query('create database restore_target');
      await admin.end();
      const restore = await run(
        ['restore', '--in', 'external.gz'],
        dir('unused'),
        { DATABASE_URL: external('restore_target') },
        out,
      );
      expect(restore.code, restore.stderr).toBe(0);
      const target = await openDatabase({ kind: 'postgres', url: external('restore_target') });
      try {
        expect(await contents(target)).toEqual(expected);
      } finally {
        await target.close();
      }
      expect(fs.existsSync(dir('unused'))).toBe(false); // DATA_DIR is not touched with DATABASE_URL
    } finally {
      await database.close();
    }
  }, 300_000);
});
