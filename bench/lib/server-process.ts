/**
 * The real server (apps/server/src/main.ts) as its own process, as `npm start` runs it (bundled
 * into apps/server/dist/main.js, decision 0001), so that the load generator and the server do not
 * share an event loop. Node runs the bundle directly, so `pid` is the server itself (its /proc
 * status is the server's memory).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { onInterrupt } from './cleanup';
import { repoRoot } from './report';

export interface ServerProcess {
  url: string;
  pid: number;
  /** The tail of the server's output, for error messages. */
  output(): string;
  stop(): Promise<void>;
}

export async function startServer(
  env: Record<string, string>,
  options: { port: number; readyTimeoutMs?: number; nodeArgs?: string[] },
): Promise<ServerProcess> {
  buildServer();
  const entry = path.join(repoRoot, 'apps/server/dist/main.js');
  const child: ChildProcess = spawn(process.execPath, [...(options.nodeArgs ?? []), '--enable-source-maps', entry], {
    cwd: repoRoot,
    // The benches drive one user at full speed to measure throughput, not the per-user budgets
    // (bench:fairness turns them on explicitly).
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(options.port), USER_BUDGETS: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-8000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let gone = false;
  void exited.then(() => (gone = true));

  const forget = onInterrupt(async () => {
    if (!gone) child.kill('SIGTERM');
    await exited;
  });
  const url = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + (options.readyTimeoutMs ?? 120_000);
  for (;;) {
    if (gone) throw new Error(`the server exited during start:\n${output}`);
    try {
      const res = await fetch(`${url}/api/ready`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not become ready:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    url,
    pid: child.pid!,
    output: () => output,
    stop: async () => {
      forget();
      if (gone) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Peak resident set (VmHWM) and current resident set (VmRSS) of a process, in bytes. */
export function memoryOf(pid: number): { peak: number; current: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { peak: kb('VmHWM'), current: kb('VmRSS') };
}

let built = false;

/** `npm start`'s build step, once per bench run, so the bundle is never older than the sources. */
function buildServer(): void {
  if (built) return;
  execFileSync(process.execPath, [path.join(repoRoot, 'apps/server/build.mjs')], { stdio: 'inherit' });
  built = true;
}
