import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverDir = path.join(repoRoot, 'apps/server');

/**
 * Real networks are never contacted by the fault suite: their RPC URLs point at a loopback port
 * where nothing listens, so a stray call fails at once instead of leaving the machine.
 */
export const NO_REAL_NETWORKS: Record<string, string> = Object.fromEntries(
  ['ETHEREUM', 'BSC', 'BASE', 'ARBITRUM', 'POLYGON'].map((key) => [`RPC_URL_${key}`, 'http://127.0.0.1:9/']),
);

export interface ServerProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** SIGKILL: no shutdown hook, no flush, no clean close of the database. */
  kill9(): Promise<void>;
  /** SIGTERM and wait for the clean shutdown. */
  stop(): Promise<number | null>;
}

const running = new Set<ChildProcess>();

/**
 * The server as a production start runs it, in ONE process: node with tsx's loader, not the tsx
 * CLI (which runs the program in a child process, so a SIGKILL would hit only the wrapper).
 */
export async function startServer(env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    LOG_LEVEL: 'warn',
    PASSWORD_HASH_COST: '10',
    DATABASE_URL: '',
    // The suite drives one user at machine speed (load, fuzz, write bursts) to test throughput and
    // faults, not the per-user budgets (apps/server/test/user-budgets.test.ts, bench:fairness).
    USER_BUDGETS: 'off',
    // Every request of the suite comes from 127.0.0.1, and bursts register users in parallel: the
    // hash queue's per-address share (decision 0018, tested in sign-in-limits.test.ts) would turn them
    // away with 429 here.
    PASSWORD_HASH_QUEUE: '1000',
    PASSWORD_HASH_QUEUE_PER_IP: '1000',
    ...NO_REAL_NETWORKS,
    ...env,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: serverDir, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server not ready after ${timeoutMs} ms:\n${out}`)), timeoutMs);
    const poll = setInterval(() => {
      const match = /running at (http:\/\/[^\s]+)/.exec(out);
      if (match) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve(match[1]!.replace(/\/$/, ''));
      }
    }, 25);
    void exited.then((code) => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before it was ready:\n${out}`));
    });
  }).catch(async (err: unknown) => {
    child.kill('SIGKILL');
    await exited;
    throw err;
  });
  return {
    url,
    pid: child.pid!,
    child,
    output: () => out,
    exited,
    kill9: async () => {
      child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** For afterAll: whatever a failed test left running. */
export async function killAllServers(): Promise<void> {
  const waits = [...running].map((child) => new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGKILL');
  }));
  await Promise.all(waits);
}

/** The admin CLI (apps/server/src/cli.ts) on the same data; with PGlite the server must not be running. */
export function runCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
      cwd: serverDir,
      env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', PASSWORD_HASH_COST: '10', DEVNET: 'off', ...env },
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
