import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, it } from 'vitest';
import { openClusterPlace } from '../../src/db/cluster-place';
import {
  embeddedBinaries,
  passwordFile,
  reachableBinaries,
  runAsUser,
  startEmbeddedPostgres,
  SYSTEM_DIR,
} from '../../src/db/embedded-postgres';
import { GOOD_PASSWORD, registerBody } from '../helpers';
import { runToEnd, serverUrl, spawnServer } from '../support/spawn';

/**
 * `npm start` as root from a private directory (issue 29 item 11, decision 0056): root's home is
 * 0700 on Debian, and so is a mktemp directory. PostgreSQL runs as an unprivileged user, who cannot
 * enter DATA_DIR there, so the cluster is kept under /var/lib/tokendesk and DATA_DIR/pg-location
 * records it. Real server processes, real clusters; nothing mocked. Only root's server changes
 * user, so the file needs root (CI's containers are).
 */

const uid = process.getuid?.() ?? -1;
const asRoot = uid === 0;
const why = asRoot
  ? ''
  : ` — SKIPPED: needs root (running as uid ${uid}); only a server started as root runs PostgreSQL as another user`;

const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const clean of cleanups.reverse()) clean();
});

/** A mktemp directory (0700, root's), as the issue's `d=$(mktemp -d)`, removed after the file. */
function privateDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  if ((fs.statSync(dir).mode & 0o777) !== 0o700)
    throw new Error(`mkdtemp made ${dir} with mode ${(fs.statSync(dir).mode & 0o777).toString(8)}, not 700`);
  return dir;
}

interface Location {
  cluster: string;
  id: string;
  data_dir: string;
}
const location = (dataDir: string) =>
  JSON.parse(fs.readFileSync(path.join(dataDir, 'pg-location'), 'utf8')) as Location;
const owner = (place: string) =>
  JSON.parse(fs.readFileSync(path.join(place, 'owner.json'), 'utf8')) as { id: string; data_dir: string };
const keyOf = (dataDir: string) => createHash('sha256').update(fs.realpathSync(dataDir)).digest('hex').slice(0, 16);
const mode = (p: string) => fs.statSync(p).mode & 0o777;

async function register(url: string): Promise<string> {
  const body = registerBody();
  const res = await fetch(`${url}/api/v1/user/register/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`register answered ${res.status}: ${text}`);
  return body.username;
}

async function signIn(url: string, username: string): Promise<number> {
  const res = await fetch(`${url}/api/v1/user/login/`, {
    headers: { authorization: `Basic ${Buffer.from(`${username}:${GOOD_PASSWORD}`).toString('base64')}` },
  });
  await res.arrayBuffer();
  return res.status;
}

// Independent of each other, and mostly waiting on clusters and servers: side by side.
describe.skipIf(!asRoot).concurrent(`as root, with DATA_DIR inside a private (0700) directory${why}`, () => {
  it(
    'the server starts with its cluster under /var/lib/tokendesk, says so, keeps it across restarts, and backup and restore follow it',
    { timeout: 360_000 },
    async (test) => {
      const { expect } = test;
      const home = privateDir('tokendesk-root-home-');
      const dataDir = path.join(home, 'td', 'data');
      const start = async () => {
        const server = await spawnServer({
          dataDir,
          test,
          env: { LOG_LEVEL: 'warn', INDEXER: 'off', USER_BUDGETS: 'off', REGISTER_MAX_PER_IP: '100000' },
        });
        return { server, url: await serverUrl(server, 240_000) };
      };
      const stop = async (server: Awaited<ReturnType<typeof start>>['server']) => {
        server.child.kill('SIGTERM');
        expect(await server.exited, server.output()).toBe(0);
      };

      // First start: it comes up (it used to stop with "'postgres' cannot enter <home>").
      const first = await start();
      const loc = location(dataDir);
      const place = path.dirname(loc.cluster);
      cleanups.push(() => fs.rmSync(place, { recursive: true, force: true }));
      expect(place).toBe(path.join(SYSTEM_DIR, 'clusters', `${keyOf(dataDir)}-${loc.id}`));
      expect(loc.data_dir).toBe(fs.realpathSync(dataDir));
      expect(owner(place)).toMatchObject({ id: loc.id, data_dir: fs.realpathSync(dataDir) });
      // The banner and the log say where the database is, and where that is recorded.
      const out = first.server.output();
      expect(out).toContain(`(database: embedded PostgreSQL in ${loc.cluster})`);
      expect(out).toContain(`recorded in ${path.join(dataDir, 'pg-location')}`);
      expect(out).toContain(`cannot enter ${home}, so this data directory's database is kept in ${loc.cluster}`);
      // The private directory stayed private; the cluster is the database user's, its password root's.
      expect(mode(home)).toBe(0o700);
      expect(fs.existsSync(path.join(dataDir, 'pg'))).toBe(false);
      expect(fs.statSync(loc.cluster).uid).toBe(runAsUser()!.uid);
      expect(mode(loc.cluster)).toBe(0o700);
      expect(fs.statSync(passwordFile(loc.cluster))).toMatchObject({ uid: 0 });
      expect(mode(passwordFile(loc.cluster))).toBe(0o600);
      expect(mode(path.join(dataDir, 'pg-location'))).toBe(0o600);
      // Its own lock, beside DATA_DIR's, while the server runs.
      expect(JSON.parse(fs.readFileSync(path.join(place, 'tokendesk.lock'), 'utf8'))).toMatchObject({
        pid: first.server.pid,
      });
      const before = await register(first.url);
      await stop(first.server);
      expect(fs.existsSync(path.join(place, 'tokendesk.lock'))).toBe(false);

      // Backup with the server stopped starts the cluster where it is recorded.
      const backupFile = path.join(home, 'first.tdbackup.gz');
      const backup = await runToEnd('src/ops/backup-cli.ts', ['backup', '--out', backupFile], {
        dataDir,
        env: { LOG_LEVEL: 'silent' },
        test,
      });
      expect(backup.code, backup.stderr + backup.stdout).toBe(0);
      expect(backup.stdout).toMatch(/server stopped; read directly/);

      // A restart reuses the same cluster: nothing initialised, the data is there.
      const second = await start();
      expect(second.server.output()).not.toContain('initialised');
      expect(second.server.output()).toContain(`(database: embedded PostgreSQL in ${loc.cluster})`);
      expect(location(dataDir)).toEqual(loc);
      expect(await signIn(second.url, before)).toBe(200);
      const after = await register(second.url);
      // While it runs, backup asks it over DATA_DIR's socket (the locks are held).
      const online = await runToEnd(
        'src/ops/backup-cli.ts',
        ['backup', '--out', path.join(home, 'online.tdbackup.gz')],
        { dataDir, env: { LOG_LEVEL: 'silent' }, test },
      );
      expect(online.code, online.stderr + online.stdout).toBe(0);
      expect(online.stdout).toMatch(/taken by the running server/);
      await stop(second.server);

      // Restore the first backup into the recorded cluster: the later user is gone, the earlier one back.
      const restore = await runToEnd('src/ops/backup-cli.ts', ['restore', '--in', backupFile, '--force'], {
        dataDir,
        env: { LOG_LEVEL: 'silent' },
        test,
      });
      expect(restore.code, restore.stderr + restore.stdout).toBe(0);
      expect(restore.stdout).toContain(`Restored ${backupFile} into ${loc.cluster}`);
      const third = await start();
      expect(await signIn(third.url, before)).toBe(200);
      expect(await signIn(third.url, after)).toBe(401);
      await stop(third.server);
      expect(fs.readdirSync(path.join(SYSTEM_DIR, 'clusters')).filter((n) => n.startsWith(keyOf(dataDir)))).toEqual([
        path.basename(place),
      ]);
    },
  );

  it(
    'a removed DATA_DIR never hands its cluster to the next one at that path, a recorded cluster that is gone stops the start, a copy is refused, a move is followed',
    { timeout: 240_000 },
    async ({ expect }) => {
      const home = privateDir('tokendesk-root-place-');
      // A system directory of the test's own (the server's is /var/lib/tokendesk): 0711 like it.
      const systemDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tokendesk-root-system-'));
      fs.chmodSync(systemDir, 0o711);
      cleanups.push(() => fs.rmSync(systemDir, { recursive: true, force: true }));
      const dataDir = path.join(home, 'data');
      const lines: string[] = [];
      const log = (msg: string) => lines.push(msg);
      const fsyncOff = { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' };

      const tables = async (url: string) => {
        const db = new pg.Client({ connectionString: url });
        await db.connect();
        try {
          return (
            await db.query<{ t: string }>("select tablename as t from pg_tables where schemaname = 'public' order by 1")
          ).rows.map((r) => r.t);
        } finally {
          await db.end();
        }
      };

      // A cluster already in such a DATA_DIR (made by a normal user) is not moved behind the operator's back.
      const earlier = path.join(home, 'earlier');
      fs.mkdirSync(path.join(earlier, 'pg'), { recursive: true });
      fs.writeFileSync(path.join(earlier, 'pg', 'PG_VERSION'), '18\n');
      expect(() => openClusterPlace(earlier, { log, systemDir })).toThrow(
        /earlier\/pg holds a database that the user '.+', which runs PostgreSQL for a server started as root, cannot reach .*does not move a database by itself/,
      );
      expect(fs.existsSync(path.join(systemDir, 'clusters'))).toBe(false);

      const first = openClusterPlace(dataDir, { log, systemDir });
      expect(first.relocated).toBe(true);
      const firstPlace = path.dirname(first.dir);
      const cluster = await startEmbeddedPostgres({ dir: first.dir, settings: fsyncOff, stillOwned: first.stillOwned });
      const setup = new pg.Client({ connectionString: cluster.url });
      await setup.connect();
      await setup.query('create table kept (v text)');
      await setup.end();
      await cluster.stop();
      first.release();

      // The recorded cluster is gone (moved away, a disk not mounted): refused, nothing made, nothing removed.
      fs.renameSync(firstPlace, `${firstPlace}.away`);
      expect(() => openClusterPlace(dataDir, { log, systemDir })).toThrow(
        new RegExp(
          `records this data directory's database in ${first.dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(id [0-9a-f]{16}\\), but ${firstPlace.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} does not exist\\. TokenDesk does not start an empty database in its place`,
        ),
      );
      expect(fs.readdirSync(path.join(systemDir, 'clusters'))).toEqual([`${path.basename(firstPlace)}.away`]);
      fs.renameSync(`${firstPlace}.away`, firstPlace);
      // ...and after it is back, the lock was not left behind by the refusal.
      const again = openClusterPlace(dataDir, { log, systemDir });
      expect(again.dir).toBe(first.dir);
      again.release();

      // A copy of DATA_DIR (pg-location with it) while the original still names the cluster: refused.
      const copy = path.join(home, 'copy');
      fs.cpSync(dataDir, copy, { recursive: true });
      expect(() => openClusterPlace(copy, { log, systemDir })).toThrow(
        /looks like a copy of .*A database belongs to one data directory/,
      );

      // The operator removes DATA_DIR; a new one at the same path gets a cluster of its own.
      fs.rmSync(dataDir, { recursive: true });
      fs.rmSync(copy, { recursive: true });
      const second = openClusterPlace(dataDir, { log, systemDir });
      try {
        expect(path.dirname(second.dir)).not.toBe(firstPlace);
        expect(path.basename(path.dirname(second.dir)).startsWith(`${keyOf(dataDir)}-`)).toBe(true);
        expect(lines.join('\n')).toContain(
          `${firstPlace} holds the database of an earlier data directory at ${fs.realpathSync(dataDir)}`,
        );
        expect(lines.join('\n')).toContain('It is not used and left as it is');
        const fresh = await startEmbeddedPostgres({
          dir: second.dir,
          settings: fsyncOff,
          stillOwned: second.stillOwned,
        });
        expect(fresh.created).toBe(true);
        expect(await tables(fresh.url)).toEqual([]);
        await fresh.stop();
      } finally {
        second.release();
      }
      // The orphan is untouched: its data is still there.
      const orphan = await startEmbeddedPostgres({ dir: first.dir, settings: fsyncOff });
      expect(orphan.created).toBe(false);
      expect(await tables(orphan.url)).toEqual(['kept']);
      await orphan.stop();

      // A pg-location naming a place of another id: refused.
      const loc = location(dataDir);
      fs.writeFileSync(path.join(dataDir, 'pg-location'), JSON.stringify({ ...loc, cluster: first.dir }));
      expect(() => openClusterPlace(dataDir, { log, systemDir })).toThrow(
        /holds the database of another data directory \(id [0-9a-f]{16}, /,
      );
      fs.writeFileSync(path.join(dataDir, 'pg-location'), JSON.stringify(loc));

      // DATA_DIR moved: its cluster follows it (both records now name the new path).
      const moved = path.join(home, 'moved');
      fs.renameSync(dataDir, moved);
      const third = openClusterPlace(moved, { log, systemDir });
      try {
        expect(third.dir).toBe(loc.cluster);
        expect(lines.join('\n')).toContain(
          `the data directory moved from ${fs.realpathSync(home)}/data to ${fs.realpathSync(moved)}`,
        );
        expect(owner(path.dirname(third.dir)).data_dir).toBe(fs.realpathSync(moved));
        expect(location(moved).data_dir).toBe(fs.realpathSync(moved));
      } finally {
        third.release();
      }
    },
  );

  it(
    'binaries in a private directory are copied once where the cluster user can run them',
    { timeout: 120_000 },
    async ({ expect }) => {
      const user = runAsUser()!;
      const installed = await embeddedBinaries();
      const native = path.resolve(path.dirname(installed.postgres), '..');
      // node_modules inside a private clone: the package's native/ under a 0700 directory.
      const clone = privateDir('tokendesk-root-clone-');
      fs.cpSync(native, path.join(clone, 'native'), { recursive: true, verbatimSymlinks: true });
      const bins = {
        ...installed,
        postgres: path.join(clone, 'native/bin/postgres'),
        initdb: path.join(clone, 'native/bin/initdb'),
      };
      const asUser = (file: string) =>
        execFileSync(file, ['--version'], { uid: user.uid, gid: user.gid, cwd: '/', encoding: 'utf8', stdio: 'pipe' });
      expect(() => asUser(bins.postgres)).toThrow(/EACCES/);

      const systemDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tokendesk-root-bins-'));
      fs.chmodSync(systemDir, 0o711);
      cleanups.push(() => fs.rmSync(systemDir, { recursive: true, force: true }));
      const lines: string[] = [];
      const copied = reachableBinaries(bins, user, (m) => lines.push(m), systemDir);
      expect(path.dirname(path.dirname(copied.postgres))).toMatch(
        new RegExp(`^${systemDir}/postgres/${installed.packageVersion.replace(/\./g, '\\.')}-[0-9a-f]{12}$`),
      );
      expect(asUser(copied.postgres)).toMatch(/^postgres \(PostgreSQL\) 18\./);
      expect(asUser(copied.initdb)).toMatch(/^initdb \(PostgreSQL\) 18\./);
      expect(lines).toEqual([expect.stringContaining(`cannot run the binaries in ${path.join(clone, 'native')}`)]);
      // The next start finds the copy (no second one); binaries the user can run are used where they are.
      expect(reachableBinaries(bins, user, (m) => lines.push(m), systemDir)).toEqual(copied);
      expect(reachableBinaries(copied, user, (m) => lines.push(m), systemDir)).toEqual(copied);
      expect(lines).toHaveLength(1);
      expect(fs.readdirSync(path.join(systemDir, 'postgres'))).toEqual([
        path.basename(path.dirname(path.dirname(copied.postgres))),
      ]);
    },
  );
});
