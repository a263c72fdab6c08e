import { cloneDatabase, type ClonedDatabase } from './database';
import { spawnChild, type ChildOptions, type SpawnedProcess as Child } from '@tokendesk/testkit/child-process';

/**
 * Server and CLI child processes for the server tests: ./child-process.ts (own DATA_DIR, killed
 * when the test ends, output kept) plus the database a child runs on and the test defaults of the
 * server and the CLI.
 */

export { disposeAll, serverDir, serverUrl, tempDir } from '@tokendesk/testkit/child-process';

/** What a child runs on. */
export type SpawnDatabase =
  /** Its own embedded cluster in DATA_DIR/pg (what `npm start` does; a few seconds to start). */
  | 'embedded'
  /** A clone of the run's migrated template (test/support/database.ts), dropped at the end. */
  | 'clone'
  /** This connection string. */
  | { url: string };

export interface SpawnOptions extends Omit<ChildOptions, 'onDispose'> {
  /** Default 'embedded'. A given `env.DATABASE_URL` wins over it. */
  database?: SpawnDatabase;
}

export interface SpawnedProcess extends Child {
  /** The clone this child runs on ('clone'), else null. */
  database: ClonedDatabase | null;
}

/**
 * Runs `node --import tsx <script> ...args` in apps/server, as `npm start` / `npm run cli` do
 * (signals reach the program itself, not an npm wrapper).
 */
export async function spawnNode(script: string, args: string[], options: SpawnOptions = {}): Promise<SpawnedProcess> {
  const { database: on = 'embedded', ...rest } = options;
  const database = on === 'clone' ? await cloneDatabase('tokendesk_child') : null;
  const databaseUrl = database ? database.url : typeof on === 'object' ? on.url : '';
  const child = spawnChild(script, args, {
    ...rest,
    // An empty DATABASE_URL is removed: the embedded cluster, whatever the test process has.
    env: { DATABASE_URL: databaseUrl, ...options.env },
    onDispose: async () => database?.drop(),
  });
  return { ...child, database };
}

/** The server (src/main.ts) with test defaults: any free port, no devnet, cheap password hashing. */
export function spawnServer(options: SpawnOptions = {}): Promise<SpawnedProcess> {
  return spawnNode('src/main.ts', [], {
    ...options,
    env: { PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', PASSWORD_HASH_COST: '10', DEVNET: 'off', ...options.env },
  });
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A command run to its end: its exit code and output. */
export async function runToEnd(script: string, args: string[], options: SpawnOptions = {}): Promise<CliResult> {
  const child = await spawnNode(script, args, options);
  const code = await child.exited;
  return { code, stdout: child.stdout(), stderr: child.stderr() };
}

/** One admin CLI command (src/cli.ts) run to its end. */
export function runCli(args: string[], options: SpawnOptions = {}): Promise<CliResult> {
  return runToEnd('src/cli.ts', args, {
    timeoutMs: 120_000,
    ...options,
    env: { DEVNET: 'off', PASSWORD_HASH_COST: '10', LOG_LEVEL: 'silent', ...options.env },
  });
}
