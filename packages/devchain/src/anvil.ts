import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { constants } from 'node:os';
import { dirname, join } from 'node:path';
import { DEVNET_CHAIN_ID } from './addresses.js';
import { supervise } from './supervise.js';

const PLATFORM_PACKAGES: Record<string, string> = {
  'linux-x64': '@foundry-rs/anvil-linux-amd64',
  'linux-arm64': '@foundry-rs/anvil-linux-arm64',
  'darwin-x64': '@foundry-rs/anvil-darwin-amd64',
  'darwin-arm64': '@foundry-rs/anvil-darwin-arm64',
  'win32-x64': '@foundry-rs/anvil-win32-amd64',
};

/** The anvil binary shipped in @foundry-rs/anvil's platform package (never downloaded). */
export function anvilBinary(): string {
  const key = `${process.platform}-${process.arch}`;
  const pkg = PLATFORM_PACKAGES[key];
  if (!pkg) throw new Error(`anvil: no @foundry-rs/anvil build for ${key}`);
  const require = createRequire(import.meta.url);
  // The platform package is a dependency of @foundry-rs/anvil: resolve it from there.
  const fromAnvil = createRequire(require.resolve('@foundry-rs/anvil/package.json'));
  let dir: string;
  try {
    dir = dirname(fromAnvil.resolve(`${pkg}/package.json`));
  } catch {
    throw new Error(
      `anvil: ${pkg} is not installed (npm installs it as an optional dependency of @foundry-rs/anvil on ${key})`,
    );
  }
  const bin = join(dir, 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
  if (!existsSync(bin)) throw new Error(`anvil: ${bin} is missing`);
  return bin;
}

/** A port the OS reports free on loopback right now (anvil cannot bind port 0 and report it). */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

export interface AnvilOptions {
  port: number;
  statePath: string;
  logPath: string;
  /** Genesis timestamp for a new chain; ignored by anvil when it loads a state file. */
  genesisTimestamp?: number;
}

export interface AnvilProcess {
  rpcUrl: string;
  port: number;
  pid: number;
  /** Resolves with the exit code once anvil (and its supervisor) have exited. */
  exited: Promise<number | null>;
  /** The same, with the signal that ended anvil when one did (SIGKILL, the OOM killer's too). */
  exit: Promise<AnvilExit>;
  stop(): Promise<void>;
}

export interface AnvilExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * The supervisor shell exits with anvil's status, which is 128 + n when signal n ended anvil;
 * a signal that ended the shell itself comes from the child's exit event.
 */
export function describeExit(code: number | null, signal: NodeJS.Signals | null): AnvilExit {
  if (signal || code === null || code <= 128) return { code, signal };
  const name = Object.entries(constants.signals).find(([, n]) => n === code - 128)?.[0] as NodeJS.Signals | undefined;
  return { code, signal: name ?? null };
}

export class AnvilExitedError extends Error {
  constructor(
    readonly code: number | null,
    readonly output: string,
  ) {
    super(`anvil exited with code ${code} before it was ready${output ? `:\n${output.trim()}` : ''}`);
    this.name = 'AnvilExitedError';
  }
}

export async function launchAnvil(opts: AnvilOptions): Promise<AnvilProcess> {
  const args = [
    '--host',
    '127.0.0.1',
    '--port',
    String(opts.port),
    '--chain-id',
    String(DEVNET_CHAIN_ID),
    // Loads the file if it exists and writes it on exit (SIGTERM included). No --state-interval:
    // anvil would rewrite the whole file on every tick, changed or not; devnet.ts saves on change.
    '--state',
    opts.statePath,
    '--quiet',
  ];
  if (opts.genesisTimestamp !== undefined) args.push('--timestamp', String(opts.genesisTimestamp));
  const bin = anvilBinary();

  let child: ChildProcess;
  let pid: Promise<number>;
  if (process.platform === 'win32') {
    // No sh: anvil runs directly and is killed when this process exits normally.
    const { openSync } = await import('node:fs');
    const out = openSync(opts.logPath, 'w');
    child = spawn(bin, args, { stdio: ['ignore', out, out], windowsHide: true });
    const kill = () => child.kill();
    process.once('exit', kill);
    child.once('exit', () => process.off('exit', kill));
    pid = Promise.resolve(child.pid ?? 0);
  } else {
    // Under the supervisor shell (./supervise.ts): when our end of its stdin closes — stop(), or
    // this process dying in any way, SIGKILL included — anvil gets SIGTERM, which makes it write
    // its state file before it exits.
    const supervised = supervise(bin, args, { name: 'anvil-supervisor', logPath: opts.logPath, stopSignal: 'TERM' });
    child = supervised.child;
    pid = supervised.pid;
  }

  const exit = new Promise<AnvilExit>((resolve) =>
    child.once('exit', (code, signal) => resolve(describeExit(code, signal))),
  );
  const exited = exit.then((e) => e.code);
  // While running, the child must not keep the parent's event loop alive (the pipe is what ties
  // them); while starting or stopping it must, or a parent with nothing else to do exits mid-way.
  const hold = (held: boolean) => {
    for (const handle of [child, child.stdin, child.stdout] as ({ ref?: () => void; unref?: () => void } | null)[]) {
      if (held) handle?.ref?.();
      else handle?.unref?.();
    }
  };
  const rpcUrl = `http://127.0.0.1:${opts.port}`;
  const anvilPid = await pid.catch(() => 0);
  let stopping: Promise<void> | undefined;

  const stop = () => {
    stopping ??= (async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      hold(true);
      if (process.platform === 'win32') child.kill();
      else child.stdin!.end();
      let timeout: NodeJS.Timeout | undefined;
      const timer = new Promise<'timeout'>((resolve) => (timeout = setTimeout(() => resolve('timeout'), 20_000)));
      const outcome = await Promise.race([exited, timer]);
      clearTimeout(timeout);
      if (outcome === 'timeout') {
        // anvil did not finish writing its state in 20 s: give up on this dump.
        for (const p of [anvilPid, child.pid]) {
          try {
            if (p) process.kill(p, 'SIGKILL');
          } catch {
            // already gone
          }
        }
        await exited;
      }
    })();
    return stopping;
  };

  try {
    await waitUntilReady(rpcUrl, exited, opts.logPath, { pid: anvilPid, port: opts.port });
  } catch (error) {
    await stop();
    throw error;
  }
  hold(false);
  return { rpcUrl, port: opts.port, pid: anvilPid, exited, exit, stop };
}

/**
 * Whether the loopback listener on `port` is a socket of process `pid` (Linux: /proc/net/tcp and
 * the process's fds). Another process can take the port between our probe and anvil's bind; if
 * that process is another anvil it answers our readiness check, and the caller would talk to the
 * wrong chain while ours exits with 'address already in use'. Elsewhere (no /proc): assumed ours.
 */
function listenerOwnedBy(pid: number, port: number): boolean {
  if (process.platform !== 'linux' || !pid) return true;
  try {
    const portHex = port.toString(16).toUpperCase().padStart(4, '0');
    const inodes = new Set<string>();
    for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      // local_address is f[1] (0100007F:PORT), st is f[3] (0A = LISTEN), inode is f[9].
      if (f[1]?.endsWith(`:${portHex}`) && f[3] === '0A' && f[9]) inodes.add(f[9]);
    }
    if (inodes.size === 0) return false;
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      let target: string;
      try {
        target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      const m = /^socket:\[(\d+)\]$/.exec(target);
      if (m && inodes.has(m[1]!)) return true;
    }
    return false;
  } catch {
    // /proc unreadable (hardened kernel, another user's process): do not block the start on it.
    return true;
  }
}

async function waitUntilReady(
  rpcUrl: string,
  exited: Promise<number | null>,
  logPath: string,
  own: { pid: number; port: number },
): Promise<void> {
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (exitCode !== undefined) {
      throw new AnvilExitedError(exitCode, existsSync(logPath) ? readFileSync(logPath, 'utf8') : '');
    }
    try {
      const res = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
        signal: AbortSignal.timeout(1000),
      });
      if (res.ok) {
        const body = (await res.json()) as { result?: string };
        // Ready only when the answer came from our anvil (see listenerOwnedBy); otherwise ours
        // exits on the taken port and the error above lets the caller try another one.
        if (body.result && Number(body.result) === DEVNET_CHAIN_ID && listenerOwnedBy(own.pid, own.port)) return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`anvil did not answer on ${rpcUrl} within 60 s`);
}
