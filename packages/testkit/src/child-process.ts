import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject, onTestFinished, type TestContext } from 'vitest';

/**
 * The one way tests start a server or CLI process (the server tests through
 * apps/server/test/support/spawn.ts, the fault suite through faults/support/server.ts). Each child gets its own DATA_DIR unless the test passes
 * one on purpose (to restart on it), and whatever a test leaves running is killed when the test
 * ends — passed, failed or timed out — and when the worker exits: a child that outlived its test
 * used to keep the data-dir lock and fail the next test that wanted it. Its output is kept, so a
 * failure message can show what the child said.
 *
 * No database set-up here: this module also runs in the fault suite, which has no template database
 * (apps/server/test/support/spawn.ts adds the clone).
 */

/** apps/server, where the spawned scripts' paths start (a path, not an import: a package does not import apps). */
export const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../apps/server');

declare module 'vitest' {
  export interface ProvidedContext {
    /** The programs tests spawn, bundled for the run (apps/server/test/setup/bundles.ts): 'src/main.ts' → its bundle. */
    serverBundles?: Record<string, string>;
  }
}

type TestHooks = Pick<TestContext, 'onTestFinished'>;

export interface ChildOptions {
  /** Extra environment; `undefined` removes a variable inherited from the test process. An empty DATABASE_URL is removed too. */
  env?: Record<string, string | undefined>;
  /** DATA_DIR; default a fresh temp directory, removed when the child is disposed. */
  dataDir?: string;
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
  test?: TestHooks;
  /**
   * 'test' (default): disposed when the test that spawned it ends. 'file': a server that later tests
   * of the file go on using; the file disposes it (disposeAll() in afterAll). A child spawned in
   * beforeAll is the file's either way. The worker's exit kills every child regardless.
   */
  until?: 'test' | 'file';
  /** Runs in dispose(), after the child is gone (a cloned database is dropped there). */
  onDispose?: () => Promise<void>;
}

export interface SpawnedProcess {
  child: ChildProcess;
  pid: number;
  dataDir: string;
  /** stdout and stderr interleaved, as received. */
  output(): string;
  stdout(): string;
  stderr(): string;
  /** The exit code (null after a signal), once the output is complete too (at most 5 s after the exit). */
  exited: Promise<number | null>;
  /** Resolves with the first match in the output; rejects when the child exits first or on timeout. */
  waitFor(pattern: RegExp | string, timeoutMs?: number): Promise<RegExpExecArray>;
  /**
   * `signal` to the child alone (not its group: what it started must notice by itself, as after a
   * real kill -9); resolves with the exit code at the exit itself, not waiting for the output.
   */
  kill(signal: NodeJS.Signals): Promise<number | null>;
  /** SIGTERM to the child's process group, SIGKILL after the grace period; resolves once it is gone. */
  stop(): Promise<void>;
  /**
   * stop(), then onDispose and remove the DATA_DIR this helper made. Runs by itself when the test
   * that spawned the child ends; a child of the file (beforeAll, until: 'file') needs it or
   * disposeAll() in afterAll.
   */
  dispose(): Promise<void>;
}

const live = new Set<{ pid: number; stopped: boolean; dispose: () => Promise<void> }>();
// A worker that exits (the run ends, a file crashes) takes every child group with it.
process.on('exit', () => {
  for (const p of live) if (!p.stopped) killGroup(p.pid, 'SIGKILL');
});

/** For afterAll: disposes every child this worker still has (the file's servers, what a failed test left). */
export async function disposeAll(): Promise<void> {
  await Promise.all([...live].map((p) => p.dispose()));
}

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
function atTestEnd(fn: () => Promise<void>, test?: TestHooks): boolean {
  try {
    if (test) test.onTestFinished(fn);
    else onTestFinished(fn);
    return true;
  } catch {
    return false;
  }
}

/** A temp directory removed when the current test (or `test`, in concurrent tests) ends (for a DATA_DIR several children share). */
export function tempDir(prefix = 'tokendesk-test-', test?: TestHooks): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  atTestEnd(async () => fs.rmSync(dir, { recursive: true, force: true }), test);
  return dir;
}

/**
 * The bundle of `script` built for this run (apps/server/test/setup/bundles.ts), or undefined where the run
 * built none (a config without that setup): then the child runs the sources through tsx.
 */
function bundleOf(script: string): string | undefined {
  try {
    return inject('serverBundles')?.[script];
  } catch {
    return undefined;
  }
}

/**
 * Runs `script` (a path under apps/server) with `args`: its bundle, as `npm start` runs dist/main.js,
 * or `node --import tsx <script>` as `npm run cli` does. One process (not the tsx wrapper's two),
 * so signals reach the program itself.
 */
export function spawnChild(script: string, args: string[], options: ChildOptions = {}): SpawnedProcess {
  const ownDir = !options.dataDir;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'tokendesk-child-'));

  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  for (const [key, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  if (!env.DATABASE_URL) delete env.DATABASE_URL;

  const bundle = bundleOf(script);
  const argv = bundle ? ['--enable-source-maps', bundle, ...args] : ['--import', 'tsx', script, ...args];
  const child = spawn(process.execPath, argv, {
    cwd: serverDir,
    env,
    stdio: [options.stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    detached: true,
  });
  const pid = child.pid!;
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

  const hardStop = options.timeoutMs ? setTimeout(() => killGroup(pid, 'SIGKILL'), options.timeoutMs) : null;
  void exited.then(() => hardStop && clearTimeout(hardStop));

  const waitFor = (pattern: RegExp | string, timeoutMs = 60_000) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const re = typeof pattern === 'string' ? new RegExp(pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : pattern;
      const check = () => {
        const match = re.exec(out);
        const fail = (why: string) =>
          new Error(`${why} waiting for ${re} from ${script} ${args.join(' ')}:\n${out.slice(-4000)}`);
        if (match) resolve(match);
        else if (done) reject(fail(`the child exited (code ${child.exitCode}, signal ${child.signalCode})`));
        else return;
        clearTimeout(timer);
        listeners.delete(check);
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(
          new Error(
            `timed out after ${timeoutMs} ms waiting for ${re} from ${script} ${args.join(' ')}:\n${out.slice(-4000)}`,
          ),
        );
      }, timeoutMs);
      listeners.add(check);
      check();
    });

  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exitCode;
  };

  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      if (!done) {
        killGroup(pid, 'SIGTERM');
        const grace = new Promise<'late'>((r) => setTimeout(() => r('late'), options.graceMs ?? 10_000).unref());
        if ((await Promise.race([exited, grace])) === 'late') killGroup(pid, 'SIGKILL');
        await exited;
      }
      // What the child started in its group (postgres under its supervisor) goes too.
      for (let i = 0; groupAlive(pid) && i < 50; i++) {
        killGroup(pid, i < 20 ? 'SIGTERM' : 'SIGKILL');
        await new Promise((r) => setTimeout(r, 100));
      }
      entry.stopped = true;
    })());

  let disposed: Promise<void> | null = null;
  const entry = {
    pid,
    stopped: false,
    dispose: () =>
      (disposed ??= (async () => {
        try {
          await stop();
          await options.onDispose?.().catch(() => {});
          if (ownDir) fs.rmSync(dataDir, { recursive: true, force: true });
        } finally {
          live.delete(entry);
        }
      })()),
  };
  live.add(entry);
  if (options.until !== 'file') atTestEnd(entry.dispose, options.test);

  return {
    child,
    pid,
    dataDir,
    output: () => out,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    waitFor,
    kill,
    stop,
    dispose: entry.dispose,
  };
}

/** Waits until the server says where it listens; its base URL without a trailing slash. */
export async function serverUrl(server: SpawnedProcess, timeoutMs = 120_000): Promise<string> {
  const match = await server.waitFor(/running at (http:\/\/[^\s]+)/, timeoutMs);
  return match[1]!.replace(/\/$/, '');
}
