import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { onTestFinished, type TestContext } from 'vitest';
import { cloneDatabase, type ClonedDatabase } from './database';

/**
 * Server and CLI child processes for tests. Each one gets its own DATA_DIR (unless a test passes
 * one on purpose, to restart on it), and whatever a test leaves running is killed when the test
 * ends — passed, failed or timed out — and when the worker exits: a child that outlived its test
 * used to keep the data-dir lock and fail the next test that wanted it.
 */

export const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** What a child runs on. */
export type SpawnDatabase =
  /** Its own embedded cluster in DATA_DIR/pg (what `npm start` does; a few seconds to start). */
  | 'embedded'
  /** A clone of the run's migrated template (test/support/database.ts), dropped at the end. */
  | 'clone'
  /** This connection string. */
  | { url: string };

export interface SpawnOptions {
  /** Extra environment; `undefined` removes a variable inherited from the test process. */
  env?: Record<string, string | undefined>;
  /** DATA_DIR; default a fresh temp directory, removed when the test ends. */
  dataDir?: string;
  /** Default 'embedded'. A given `env.DATABASE_URL` wins over it. */
  database?: SpawnDatabase;
  /** Written to stdin, which is then closed. Without it stdin is /dev/null. */
  stdin?: string;
  /** SIGKILL after this long, whatever the test does (a hung child must not outlive its test). */
  timeoutMs?: number;
  /** How long stop() waits after SIGTERM before SIGKILL. Default 10 s. */
  graceMs?: number;
  /**
   * The context of the test that owns the child, required in concurrent tests: vitest's global
   * onTestFinished names whichever test started last, so the cleanup would run when THAT one ends.
   */
  test?: Pick<TestContext, 'onTestFinished'>;
}

export interface SpawnedProcess {
  child: ChildProcess;
  pid: number;
  dataDir: string;
  /** The clone this child runs on ('clone'), else null. */
  database: ClonedDatabase | null;
  /** stdout and stderr interleaved, as received. */
  output(): string;
  stdout(): string;
  stderr(): string;
  /** The exit code (null after a signal), once the output is complete too (at most 5 s after the exit). */
  exited: Promise<number | null>;
  /** Resolves with the first match in the output; rejects when the child exits first or on timeout. */
  waitFor(pattern: RegExp | string, timeoutMs?: number): Promise<RegExpExecArray>;
  /** SIGTERM to the child's process group, SIGKILL after the grace period; resolves once it is gone. */
  stop(): Promise<void>;
  /**
   * stop(), then drop the clone and remove the DATA_DIR this helper made. Runs by itself when the
   * test that spawned the child ends; a child spawned in beforeAll needs it in afterAll.
   */
  dispose(): Promise<void>;
}

const live = new Set<{ pid: number; child: ChildProcess }>();
// A worker that exits (the run ends, a file crashes) takes every child group with it.
process.on('exit', () => {
  for (const p of live) killGroup(p.pid, 'SIGKILL');
});

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    // detached: the child leads its own group, which holds what it started (postgres, anvil).
    process.kill(-pid, signal);
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      // gone already
    }
  }
}

const groupAlive = (pid: number) => {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Registers `fn` to run when the current test ends; outside a test (beforeAll) the caller cleans up. */
function atTestEnd(fn: () => Promise<void>, test?: Pick<TestContext, 'onTestFinished'>): boolean {
  try {
    if (test) test.onTestFinished(fn);
    else onTestFinished(fn);
    return true;
  } catch {
    return false;
  }
}

/** A temp directory removed when the current test (or `test`, in concurrent tests) ends (for a DATA_DIR several children share). */
export function tempDir(prefix = 'tokendesk-test-', test?: Pick<TestContext, 'onTestFinished'>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  atTestEnd(async () => fs.rmSync(dir, { recursive: true, force: true }), test);
  return dir;
}

/**
 * Runs `node --import tsx <script> ...args` in apps/server, as `npm start` / `npm run cli` do
 * (signals reach the program itself, not an npm wrapper).
 */
export async function spawnNode(script: string, args: string[], options: SpawnOptions = {}): Promise<SpawnedProcess> {
  const ownDir = !options.dataDir;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'tokendesk-child-'));
  const database = options.database === 'clone' ? await cloneDatabase('tokendesk_child') : null;
  const databaseUrl = database ? database.url : typeof options.database === 'object' ? options.database.url : '';

  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl };
  for (const [key, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  if (!env.DATABASE_URL) delete env.DATABASE_URL;

  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: serverDir,
    env,
    stdio: [options.stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    detached: true,
  });
  const entry = { pid: child.pid!, child };
  live.add(entry);
  let out = '';
  let stdout = '';
  let stderr = '';
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((l) => l());
  child.stdout!.on('data', (d: Buffer) => {
    out += d;
    stdout += d;
    changed();
  });
  child.stderr!.on('data', (d: Buffer) => {
    out += d;
    stderr += d;
    changed();
  });
  let done = false;
  const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));
  const exitCode = new Promise<number | null>((resolve) => {
    child.on('error', (err) => {
      out += `\n[spawn error] ${err.message}\n`;
      resolve(null);
    });
    child.on('exit', (code) => resolve(code));
  });
  // After 'exit', the output is complete once the pipes close ('close'); a grandchild that
  // inherited stderr (the embedded cluster's supervisor while it stops postgres) may hold them a
  // little longer, so not more than 5 s.
  const exited = exitCode.then(async (code) => {
    await Promise.race([closed, new Promise((r) => setTimeout(r, 5_000).unref())]);
    done = true;
    changed();
    return code;
  });
  if (options.stdin !== undefined) child.stdin!.end(options.stdin);

  const hardStop = options.timeoutMs ? setTimeout(() => killGroup(entry.pid, 'SIGKILL'), options.timeoutMs) : null;
  void exited.then(() => hardStop && clearTimeout(hardStop));

  const waitFor = (pattern: RegExp | string, timeoutMs = 60_000) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const re = typeof pattern === 'string' ? new RegExp(pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : pattern;
      const check = () => {
        const match = re.exec(out);
        const fail = (why: string) => new Error(`${why} waiting for ${re} from ${script} ${args.join(' ')}:\n${out.slice(-4000)}`);
        if (match) resolve(match);
        else if (done) reject(fail(`the child exited (code ${child.exitCode}, signal ${child.signalCode})`));
        else return;
        clearTimeout(timer);
        listeners.delete(check);
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${re} from ${script} ${args.join(' ')}:\n${out.slice(-4000)}`));
      }, timeoutMs);
      listeners.add(check);
      check();
    });

  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      if (!done) {
        killGroup(entry.pid, 'SIGTERM');
        const grace = new Promise<'late'>((r) => setTimeout(() => r('late'), options.graceMs ?? 10_000).unref());
        if ((await Promise.race([exited, grace])) === 'late') killGroup(entry.pid, 'SIGKILL');
        await exited;
      }
      // What the child started in its group (postgres under its supervisor) goes too.
      for (let i = 0; groupAlive(entry.pid) && i < 50; i++) {
        killGroup(entry.pid, i < 20 ? 'SIGTERM' : 'SIGKILL');
        await new Promise((r) => setTimeout(r, 100));
      }
      live.delete(entry);
    })());

  let disposed: Promise<void> | null = null;
  const cleanup = () =>
    (disposed ??= (async () => {
      await stop();
      await database?.drop().catch(() => {});
      if (ownDir) fs.rmSync(dataDir, { recursive: true, force: true });
    })());
  atTestEnd(cleanup, options.test);

  return {
    child,
    pid: entry.pid,
    dataDir,
    database,
    output: () => out,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    waitFor,
    stop,
    dispose: cleanup,
  };
}

/** The server (src/main.ts) with test defaults: any free port, no devnet, cheap password hashing. */
export function spawnServer(options: SpawnOptions = {}): Promise<SpawnedProcess> {
  return spawnNode('src/main.ts', [], {
    ...options,
    env: { PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', PASSWORD_HASH_COST: '10', DEVNET: 'off', ...options.env },
  });
}

/** Waits until the server says where it listens; its base URL without a trailing slash. */
export async function serverUrl(server: SpawnedProcess, timeoutMs = 120_000): Promise<string> {
  const match = await server.waitFor(/running at (http:\/\/[^\s]+)/, timeoutMs);
  return match[1]!.replace(/\/$/, '');
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** One admin CLI command (src/cli.ts) run to its end. */
export async function runCli(args: string[], options: SpawnOptions = {}): Promise<CliResult> {
  const cli = await spawnNode('src/cli.ts', args, {
    timeoutMs: 120_000,
    ...options,
    env: { DEVNET: 'off', PASSWORD_HASH_COST: '10', LOG_LEVEL: 'silent', ...options.env },
  });
  const code = await cli.exited;
  return { code, stdout: cli.stdout(), stderr: cli.stderr() };
}
