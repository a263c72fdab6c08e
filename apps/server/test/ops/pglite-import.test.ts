import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { buildApp } from '../../src/app';
import { testConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/db/embedded-postgres';
import { withDatabase } from '../../src/db/logical-backup';
import { importPgliteIfPresent, PgliteImportError } from '../../src/db/pglite-import';

/**
 * The import of a PGlite data directory written by the server at commit ec83c66 (the last one on
 * PGlite; test/fixtures/make-pglite-fixture.ts made it through that server's HTTP API) into the
 * embedded PostgreSQL. The tests are independent (each its own copy of the fixture and its own
 * database or cluster) and mostly wait on PostgreSQL, so they run concurrently.
 */

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures');
const expected = JSON.parse(fs.readFileSync(path.join(fixtures, 'pglite-ec83c66.json'), 'utf8')) as {
  users: { username: string; password: string }[];
  counts: Record<string, number>;
};
// Tables that migrations after ec83c66 created (0014 outbox and channels, 0015 e-mail tokens,
// 0016 weekly reports) are there after the import, empty.
for (const table of [
  'notification_channels',
  'alert_channels',
  'outbox',
  'email_tokens',
  'project_weekly_reports',
  'indexer_leases',
  'rate_limit_windows',
  'rate_limit_buckets',
  'audit_events',
  'sign_in_origins',
  'reference_pools',
])
  expected.counts[table] = 0;
// Migration 0030 (workspaces) gives every user a personal workspace they own, imported users too.
expected.counts.workspaces = expected.counts.users!;
expected.counts.workspace_members = expected.counts.users!;
expected.counts.workspace_invites = 0;
const fixtureRows = Object.values(expected.counts).reduce((a, b) => a + b, 0);
const fsyncOff = { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' };

let root: string;
let cluster: EmbeddedPostgres;
let n = 0;

/** A DATA_DIR holding the fixture's `pglite/`, as an upgraded server finds it. */
function unpackFixture(): string {
  const dataDir = path.join(root, `data-${++n}`);
  fs.mkdirSync(dataDir, { recursive: true });
  execFileSync('tar', ['-xzf', path.join(fixtures, 'pglite-ec83c66.tar.gz'), '-C', dataDir]);
  return dataDir;
}

/** A new, migrated, empty database in the test's cluster. */
async function freshDatabase(): Promise<string> {
  const name = `import_${++n}`;
  const admin = new pg.Client({ connectionString: cluster.adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = withDatabase(cluster.url, name);
  await (await openDatabase({ kind: 'postgres', url })).close();
  return url;
}

async function counts(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const out: Record<string, number> = {};
    for (const table of Object.keys(expected.counts))
      out[table] = Number((await client.query(`select count(*) as n from "${table}"`)).rows[0].n);
    return out;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'tokendesk-import-'));
  // The embedded cluster runs as its own system user when we are root: it must reach the directory.
  fs.chmodSync(root, 0o755);
  cluster = await startEmbeddedPostgres({ dir: path.join(root, 'cluster'), settings: fsyncOff });
}, 180_000);
afterAll(async () => {
  await cluster?.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

describe.concurrent('import of a PGlite data directory made by the server at ec83c66', () => {
  it('the fixture has rows in the tables that matter', ({ expect }) => {
    for (const table of [
      'users',
      'sessions',
      'projects',
      'pools',
      'alerts',
      'alert_triggers',
      'notifications',
      'tickets',
      'ticket_messages',
      'pool_events',
      'token_balances',
    ]) {
      expect(expected.counts[table], table).toBeGreaterThan(0);
    }
  });

  it('a server started on it imports it once: every row, the sequences, a sign-in with a fixture user; the next start imports nothing', async ({
    expect,
  }) => {
    const dataDir = unpackFixture();
    const lines: string[] = [];
    const database = await openDatabase({ kind: 'embedded', dataDir, settings: fsyncOff, log: (m) => lines.push(m) });
    try {
      expect(
        lines.some((l) =>
          new RegExp(
            `imported the PGlite database: ${Object.keys(expected.counts).length} tables, ${fixtureRows} rows in \\d+ ms`,
          ).test(l),
        ),
        lines.join('\n'),
      ).toBe(true);
      expect(await counts(database.url!)).toEqual(expected.counts);
      // The old files are kept under a new name, and said so.
      const kept = fs.readdirSync(dataDir).filter((f) => f.startsWith('pglite.imported-'));
      expect(kept).toHaveLength(1);
      expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(false);
      expect(lines.some((l) => l.includes(path.join(dataDir, kept[0]!)) && l.includes('delete'))).toBe(true);

      const app = await buildApp({ config: testConfig({ DATA_DIR: dataDir }), database, logger: false });
      try {
        const { username, password } = expected.users[0]!;
        const login = await app.inject({
          method: 'GET',
          url: '/api/v1/user/login/',
          headers: { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` },
        });
        expect(login.statusCode, login.body).toBe(200);
        const token = (login.json() as { token: string }).token;
        const projects = await app.inject({
          method: 'GET',
          url: '/api/v1/projects/',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(projects.statusCode, projects.body).toBe(200);
        expect((projects.json() as { projects: { name: string }[] }).projects.map((p) => p.name).sort()).toEqual([
          'Demo Token',
          'Sample Token',
        ]);
        // A new row gets the next id, not one the import took (the sequences came along).
        const ticket = await app.inject({
          method: 'POST',
          url: '/api/v1/user/tickets/create/',
          headers: { authorization: `Bearer ${token}` },
          payload: { project: null, subject: 'After the import', message: 'Still here?' },
        });
        expect(ticket.statusCode, ticket.body).toBe(201);
        expect((ticket.json() as { id: number }).id).toBe(expected.counts.tickets! + 1);
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }

    const again: string[] = [];
    const second = await openDatabase({ kind: 'embedded', dataDir, settings: fsyncOff, log: (m) => again.push(m) });
    try {
      expect(again.filter((l) => /PGlite|imported/.test(l))).toEqual([]);
      // Plus what the first start wrote: the sign-in's session, the address it signed in from, its
      // three shared sign-in counters (address and username, address, username: decision 0052),
      // the ticket and its first message.
      const plusOne = (t: string) => expected.counts[t]! + 1;
      expect(await counts(second.url!)).toEqual({
        ...expected.counts,
        sessions: plusOne('sessions'),
        sign_in_origins: plusOne('sign_in_origins'),
        rate_limit_windows: 3,
        tickets: plusOne('tickets'),
        ticket_messages: plusOne('ticket_messages'),
      });
    } finally {
      await second.close();
    }
  }, 300_000);

  it('a failure in the middle leaves the target empty and the PGlite directory in place; the next try imports', async ({
    expect,
  }) => {
    const dataDir = unpackFixture();
    const url = await freshDatabase();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    // tickets is copied after users and projects (its foreign keys): this fails the copy half-way.
    await client.query('alter table tickets add constraint h2_reject check (id < 0) not valid');
    await expect(importPgliteIfPresent(dataDir, url, () => {})).rejects.toThrow(/h2_reject/);
    expect(Object.values(await counts(url)).every((c) => c === 0)).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    expect(fs.readdirSync(dataDir).filter((f) => f.startsWith('pglite.imported-'))).toEqual([]);

    await client.query('alter table tickets drop constraint h2_reject');
    await client.end();
    const result = await importPgliteIfPresent(dataDir, url, () => {});
    expect(result).toMatchObject({ tables: Object.keys(expected.counts).length, rows: fixtureRows });
    expect(await counts(url)).toEqual(expected.counts);
    expect(await importPgliteIfPresent(dataDir, url, () => {})).toBeNull();
  }, 180_000);

  it('a target that already holds data is refused, never merged; both sides stay as they were', async ({ expect }) => {
    const dataDir = unpackFixture();
    const url = await freshDatabase();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(
      "insert into users (username, email, password_hash) values ('someone_else', 'else@example.com', 'x')",
    );
    await client.end();
    const err = await importPgliteIfPresent(dataDir, url, () => {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PgliteImportError);
    expect((err as Error).message).toMatch(/already holds data \(users\).*never merged/);
    expect(await counts(url)).toEqual({
      ...Object.fromEntries(Object.keys(expected.counts).map((t) => [t, 0])),
      users: 1,
    });
    expect(fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
  }, 180_000);

  it('nothing to import: null, and nothing is touched', async ({ expect }) => {
    const dataDir = path.join(root, 'empty');
    fs.mkdirSync(path.join(dataDir, 'pglite'), { recursive: true }); // a server that never created its database
    expect(await importPgliteIfPresent(dataDir, cluster.url, () => {})).toBeNull();
    expect(fs.readdirSync(dataDir)).toEqual(['pglite']);
  });
});
