import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REAL_NETWORKS } from '../../apps/server/src/chain/networks';
import { disposeAll, serverUrl } from '@tokendesk/testkit/child-process';
import { runCli as runServerCli, spawnServer, type CliResult } from '../../apps/server/test/support/spawn';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Real networks are never contacted by the fault suite: their RPC URLs point at a loopback port
 * where nothing listens, so a stray call fails at once instead of leaving the machine.
 */
export const NO_REAL_NETWORKS: Record<string, string> = Object.fromEntries(
  // Every real network's key from the registry itself, so a network added there is covered here too.
  REAL_NETWORKS.map(({ key }) => [`RPC_URL_${key}`, 'http://127.0.0.1:9/']),
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

/**
 * The server as a production start runs it, in ONE process: the server tests' spawnServer
 * (apps/server/test/support/spawn.ts) on its own embedded cluster unless `env` names a DATABASE_URL,
 * with the devnet setting the suite's environment has (not the server tests' DEVNET=off). It lives
 * until the file's afterAll (killAllServers), since later tests of a file go on using a server an
 * earlier one started.
 */
export async function startServer(env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
  const { DATA_DIR: dataDir, ...rest } = env;
  const server = await spawnServer({
    dataDir,
    until: 'file',
    env: {
      DEVNET: process.env.DEVNET,
      // The suite drives one user at machine speed (load, fuzz, write bursts) to test throughput and
      // faults, not the per-user budgets (apps/server/test/http/user-budgets.test.ts, bench:fairness).
      USER_BUDGETS: 'off',
      // Every request of the suite comes from 127.0.0.1, and bursts register users in parallel: the
      // hash queue's per-address share (decision 0018, tested in sign-in-limits.test.ts) would turn them
      // away with 429 here.
      PASSWORD_HASH_QUEUE: '1000',
      PASSWORD_HASH_QUEUE_PER_IP: '1000',
      ...NO_REAL_NETWORKS,
      ...rest,
    },
  });
  const url = await serverUrl(server, timeoutMs).catch(async (err: unknown) => {
    await server.dispose();
    throw err;
  });
  return {
    url,
    pid: server.pid,
    child: server.child,
    output: server.output,
    exited: server.exited,
    kill9: async () => {
      await server.kill('SIGKILL');
    },
    stop: () => server.kill('SIGTERM'),
  };
}

/** For afterAll: whatever the file's tests left running (and the DATA_DIRs the helper made). */
export async function killAllServers(): Promise<void> {
  await disposeAll();
}

/** The admin CLI (apps/server/src/cli.ts) on the same data; with PGlite the server must not be running. */
export function runCli(args: string[], env: Record<string, string>): Promise<CliResult> {
  const { DATA_DIR: dataDir, ...rest } = env;
  return runServerCli(args, { dataDir, env: rest });
}
