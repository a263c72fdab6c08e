import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';
import { acquireDataDirLock } from './data-dir-lock';
import { dumpPglite, pgliteOptions } from './pglite-backup';
import { PgliteGuard } from './pglite-guard';
import { StorageHealth } from './storage-health';
import type { StorageFaultKind } from './errors';
import { serverRoot } from '../paths';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Releases the lock; `isLost` tells when its session ended on its own and the lock with it. */
export type AdvisoryLock = (() => Promise<void>) & { isLost?: () => boolean };

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Cheap round trip for readiness checks. */
  ping(): Promise<void>;
  /**
   * A session-level advisory lock held until `release` (or until this process dies): at most one
   * holder per key across every server on the database. Null when another holder has it.
   */
  tryAdvisoryLock(key: number): Promise<AdvisoryLock | null>;
  /** Full or failing storage, for /ready and /metrics (docs/decisions/0020-storage-faults.md). */
  storage: StorageHealth;
  /** Re-checks the storage state without writing (PGlite: free space); /ready calls it. */
  probeStorage(): void;
  /** A storage fault seen in an answer (error handler); PGlite's guard has counted its own already. */
  noteStorageFault(kind: StorageFaultKind, detail: string): void;
  /** PGlite only: a consistent gzipped tar of the data directory, taken while the server runs. */
  backup?(): Promise<Uint8Array>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(serverRoot, 'drizzle');

// Any fixed 64-bit number, shared by every TokenDesk server on one database.
const MIGRATION_LOCK_KEY = 7_243_110_001;

export type DatabaseTarget =
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite-memory' }
  | { kind: 'postgres'; url: string };

export function databaseTarget(config: { DATABASE_URL?: string | undefined; DATA_DIR: string }): DatabaseTarget {
  return config.DATABASE_URL
    ? { kind: 'postgres', url: config.DATABASE_URL }
    : { kind: 'pglite', dataDir: config.DATA_DIR };
}

/** Opens the database and applies pending migrations before anything else touches it. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') return openPostgres(target.url);

  const release = target.kind === 'pglite' ? acquireDataDirLock(target.dataDir) : () => {};
  try {
    // pg_trgm backs the indexed project search; PostgreSQL ships it in contrib.
    const open = async () => {
      const client = target.kind === 'pglite' ? new PGlite(path.join(target.dataDir, 'pglite'), pgliteOptions) : new PGlite(pgliteOptions);
      await client.waitReady;
      return client;
    };
    const storage = new StorageHealth();
    const client = new PgliteGuard(await open(), { dataDir: target.kind === 'pglite' ? target.dataDir : null, open, storage });
    // drizzle calls query() and transaction() only, which the guard has (db/pglite-guard.ts).
    const db = drizzlePglite({ client: client as unknown as PGlite, schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      storage,
      probeStorage: () => client.probe(),
      noteStorageFault: () => {},
      ping: async () => {
        await client.query('select 1');
      },
      // One process owns a PGlite directory (the data-dir lock), so the lock is always ours.
      tryAdvisoryLock: async () => async () => {},
      backup: () => client.withClient(dumpPglite),
      close: async () => {
        try {
          // PGlite checkpoints and shuts the WASM Postgres down cleanly on close.
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

async function openPostgres(url: string): Promise<Database> {
  // Several servers may start against one database: one migrates, the others wait for it.
  const migrator = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await migrator.connect();
  try {
    await migrator.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(migrator), { migrationsFolder });
  } finally {
    await migrator.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await migrator.end();
  }

  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => {});
  pool.on('connect', (client) => surviveConnectionLoss(client));
  const db = drizzlePg(pool, { schema });
  const storage = new StorageHealth({ clearAfterMs: 30_000 });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    // The server's disk is its own business: its disk_full errors reach us as answers, which the
    // error handler reports here; the state clears on its own (storage-health.ts).
    storage,
    probeStorage: () => {},
    noteStorageFault: (kind, detail) => storage.fault(kind, detail),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    tryAdvisoryLock: async (key) => {
      // Its own connection: a pooled one would hand the session (and the lock) to other queries.
      const holder = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
      // A session lock dies with its connection (a database restart, a terminated backend): the
      // holder must learn that, or two servers could both believe they index one network.
      let lost = false;
      holder.on('error', () => (lost = true));
      holder.on('end', () => (lost = true));
      await holder.connect();
      const { rows } = await holder.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [key]);
      if (!rows[0]?.locked) {
        await holder.end();
        return null;
      }
      const release = async () => {
        await holder.query('select pg_advisory_unlock($1)', [key]).catch(() => {});
        await holder.end().catch(() => {});
      };
      return Object.assign(release, { isLost: () => lost });
    },
    close: () => pool.end(),
  };
}

const CONNECTION_GONE_CODES = new Set(['57P01', '57P02', '57P03', '08000', '08003', '08006', 'ECONNRESET', 'EPIPE']);

/**
 * A pooled client whose connection dies while it is checked out (a database restart, or
 * pg_terminate_backend) must neither crash the process nor be lost to the pool:
 * - the pool listens for 'error' only on idle clients; a server message that arrives between two
 *   statements of a transaction is an 'error' event with no listener, which kills the process;
 * - drizzle's transaction() sends BEGIN before its try/finally, so when BEGIN fails the client is
 *   never released: after `max` such losses every request waits for a connection and answers 503
 *   until the server is restarted.
 * So a promise query that fails because the connection is gone gives the client back at once,
 * with the error (the pool then drops it), and a later release by its user does nothing.
 */
function surviveConnectionLoss(client: pg.PoolClient): void {
  client.on('error', () => {});
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const gone = (err: unknown) => {
    const e = err as { code?: string; message?: string };
    const state = client as unknown as { _queryable?: boolean; _ending?: boolean };
    return state._queryable === false || state._ending === true || CONNECTION_GONE_CODES.has(e.code ?? '') || /Connection terminated|not queryable/i.test(e.message ?? '');
  };
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const result = query(...args);
    // Callback queries come from pool.query(), which releases with the error itself.
    if (!(result instanceof Promise)) return result;
    return result.catch((err: unknown) => {
      if (gone(err)) {
        const release = client.release;
        client.release = () => {};
        release?.(err as Error);
      }
      throw err;
    });
  };
}

/** Raw SQL rows; both drivers answer `{ rows }`, which the shared Db type cannot express. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
