import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

/**
 * A throwaway PostgreSQL cluster from the system's binaries (apt's postgresql), on a free loopback
 * port, that the caller stops and starts at will: the fault suite's outages and the benches'
 * database. (The server tests run on the embedded cluster `npm start` runs, with template databases:
 * apps/server/test/setup/postgres.ts.)
 */
export interface Cluster {
  /** The `postgres` database as the trusted superuser `tokendesk`. */
  url: string;
  port: number;
  dataDir: string;
  start(): void;
  running(): boolean;
  /** `pg_ctl stop`; mode `immediate` is a crash of the database server (recovery on the next start). */
  stop(mode?: 'fast' | 'immediate'): void;
  destroy(): void;
}

export function pgBinDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin/initdb')))
    : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) {
    throw new Error(
      'PostgreSQL binaries not found under /usr/lib/postgresql/*/bin: install the postgresql package ' +
        '(apt-get install postgresql; .ci/run does it) to run the PostgreSQL fault tests.',
    );
  }
  return path.join(root, newest, 'bin');
}

const asRoot = process.getuid?.() === 0;

/** initdb refuses to run as root: as root the cluster belongs to the `postgres` system user. */
function pgRun(bin: string, args: string[]): string {
  try {
    if (asRoot) {
      const quoted = [bin, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
      return execFileSync('su', ['postgres', '-s', '/bin/bash', '-c', quoted], {
        encoding: 'utf8',
        stdio: 'pipe',
        timeout: 60_000,
      });
    }
    return execFileSync(bin, args, { encoding: 'utf8', stdio: 'pipe', timeout: 60_000 });
  } catch (err) {
    const e = err as { stderr?: string; stdout?: string; message: string };
    throw new Error(`${path.basename(bin)} ${args.join(' ')} failed: ${e.stderr || e.stdout || e.message}`);
  }
}

export async function startCluster(prefix = 'tokendesk-faults-pg-'): Promise<Cluster> {
  const bin = pgBinDir();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  if (asRoot) execFileSync('chown', ['postgres', dataDir]);
  const port = await freePort();
  try {
    pgRun(path.join(bin, 'initdb'), ['-D', dataDir, '-A', 'trust', '-U', 'tokendesk', '--no-sync']);
  } catch (err) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  const logFile = path.join(dataDir, 'server.log');
  const options = `-p ${port} -k /tmp -c listen_addresses=127.0.0.1`;
  const cluster: Cluster = {
    url: `postgres://tokendesk@127.0.0.1:${port}/postgres`,
    port,
    dataDir,
    start: () =>
      void pgRun(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-l', logFile, '-o', options, '-w', '-t', '30', 'start']),
    running: () => fs.existsSync(path.join(dataDir, 'postmaster.pid')),
    stop: (mode = 'fast') =>
      void pgRun(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', mode, '-w', '-t', '30', 'stop']),
    destroy: () => {
      try {
        if (cluster.running()) cluster.stop('immediate');
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
  try {
    cluster.start();
  } catch (err) {
    cluster.destroy();
    throw err;
  }
  return cluster;
}
