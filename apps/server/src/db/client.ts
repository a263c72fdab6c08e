import fs from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';
import { clusterDirOf, openClusterPlace } from './cluster-place';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres';
import { StorageHealth } from './storage-health';
import { StorageUnavailableError, STORAGE_FAULT_DETAIL, type StorageFaultKind } from './errors';
import { serverRoot } from '../paths';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Runs one statement on the fenced transaction's connection. */
export type FenceQuery = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
/** Proves, inside a write transaction just begun, that the writer may still write; throws if not. */
export type Fence = (query: FenceQuery) => Promise<void>;

export interface Database {
  db: Db;
  /** embedded: the PostgreSQL cluster this server runs (DATA_DIR/pg); postgres: DATABASE_URL. */
  kind: 'embedded' | 'postgres';
  /** embedded only: the cluster's app database (its Unix socket and generated password). */
  url?: string;
  /**
   * embedded only: the cluster's directory, and whether it is outside DATA_DIR (a DATA_DIR the
   * cluster's user cannot reach, recorded in DATA_DIR/pg-location: db/cluster-place.ts).
   */
  cluster?: { dir: string; relocated: boolean };
  /** Cheap round trip for readiness checks. */
  ping(): Promise<void>;
  /**
   * A Db on the same pool whose every write passes `fence` first: each transaction runs it right
   * after BEGIN and aborts with its error if it throws, and a write statement outside a
   * transaction is put in one. Reads are not fenced. The indexer writes through one per network,
   * fenced by its lease (docs/decisions/0051-indexer-lease.md).
   */
  fenced(fence: Fence): Db;
  /** Full or failing storage, for /ready and /metrics (docs/decisions/0020-storage-faults.md). */
  storage: StorageHealth;
  /** Re-checks the storage state without writing (embedded: free space); /ready calls it. */
  probeStorage(): void;
  /** A storage fault seen in an answer (error handler). */
  noteStorageFault(kind: StorageFaultKind, detail: string): void;
  close(): Promise<void>;
}

const migrationsFolder = path.join(serverRoot, 'drizzle');

// Any fixed 64-bit number, shared by every TokenDesk server on one database.
const MIGRATION_LOCK_KEY = 7_243_110_001;

export type DatabaseTarget =
  | {
      kind: 'embedded';
      dataDir: string;
      log?: (msg: string) => void;
      settings?: Record<string, string>;
      reserveBytes?: number;
    }
  | { kind: 'postgres'; url: string };

export function databaseTarget(
  config: { DATABASE_URL?: string | undefined; DATA_DIR: string; STORAGE_RESERVE_MB?: number },
  log?: (msg: string) => void,
): DatabaseTarget {
  if (config.DATABASE_URL) return { kind: 'postgres', url: config.DATABASE_URL };
  return {
    kind: 'embedded',
    dataDir: config.DATA_DIR,
    ...(log ? { log } : {}),
    ...(config.STORAGE_RESERVE_MB !== undefined ? { reserveBytes: config.STORAGE_RESERVE_MB * 1024 * 1024 } : {}),
  };
}

/** The embedded cluster's directory: DATA_DIR/pg, or where DATA_DIR/pg-location says (db/cluster-place.ts). */
export const embeddedClusterDir = (dataDir: string) => clusterDirOf(dataDir);

/**
 * Writes are refused while the file system under DATA_DIR has less than this free. PostgreSQL
 * answers a full disk on a data file with an error (disk_full), but one on a new WAL segment
 * (16 MB each) with a PANIC: every session is cut and the cluster goes through crash recovery.
 * The reserve keeps room for two segments and more, so a full disk costs a clean 503 instead.
 */
export const EMBEDDED_STORAGE_RESERVE_BYTES = 64 * 1024 * 1024;

/** Opens the database and applies pending migrations before anything else touches it. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') return openPostgres(target.url);
  return openEmbedded(target);
}

/**
 * The embedded default: the data-dir lock, the cluster in DATA_DIR/pg (or its place outside, with
 * that place's lock: cluster-place.ts), the app database migrated, then a PGlite database from
 * before decision 0024 imported once. Closing ends the pool, stops the cluster (fast shutdown: a
 * checkpoint, nothing to recover next time), then releases the locks.
 */
async function openEmbedded(target: Extract<DatabaseTarget, { kind: 'embedded' }>): Promise<Database> {
  const log = target.log ?? (() => {});
  const place = openClusterPlace(target.dataDir, { log });
  const release = place.release;
  let cluster: EmbeddedPostgres | null = null;
  try {
    cluster = await startEmbeddedPostgres({
      dir: place.dir,
      log,
      stillOwned: place.stillOwned,
      ...(target.settings ? { settings: target.settings } : {}),
    });
    // The reserve protects the file system the cluster writes its WAL to: DATA_DIR's, or its place's.
    const disk = new DiskWatch(path.dirname(place.dir), target.reserveBytes ?? EMBEDDED_STORAGE_RESERVE_BYTES);
    const database = await openPostgres(cluster.url, { kind: 'embedded', disk });
    try {
      // The old engine's directory: only then is the importer loaded (it brings PGlite along).
      if (fs.existsSync(path.join(target.dataDir, 'pglite'))) {
        // It logs what it imported and where the old files are kept.
        const { importPgliteIfPresent } = await import('./pglite-import');
        await importPgliteIfPresent(target.dataDir, cluster.url, log);
      }
    } catch (err) {
      await database.close();
      throw err;
    }
    const started = cluster;
    return {
      ...database,
      url: started.url,
      cluster: { dir: place.dir, relocated: place.relocated },
      close: async () => {
        try {
          await database.close();
        } finally {
          try {
            await started.stop();
          } finally {
            release();
          }
        }
      },
    };
  } catch (err) {
    try {
      await cluster?.stop();
    } finally {
      release();
    }
    throw err;
  }
}

/** Free space where the cluster is (DATA_DIR), for the write reserve and for /ready (statfs, no write). */
class DiskWatch {
  constructor(
    readonly dir: string,
    readonly reserveBytes: number,
  ) {}

  freeBytes(): number {
    try {
      const s = fs.statfsSync(this.dir);
      return s.bavail * s.bsize;
    } catch {
      // statfs itself failing says nothing about space; the write will tell.
      return Number.POSITIVE_INFINITY;
    }
  }

  /** The refusal for a write while the disk is below the reserve, else null. */
  refusal(): StorageUnavailableError | null {
    if (this.reserveBytes <= 0 || this.freeBytes() >= this.reserveBytes) return null;
    return new StorageUnavailableError('full', STORAGE_FAULT_DETAIL.full);
  }
}

const statementText = (arg: unknown) =>
  typeof arg === 'string'
    ? arg
    : typeof (arg as { text?: unknown })?.text === 'string'
      ? (arg as { text: string }).text
      : '';
const isRead = (text: string) => /^\s*(select|show)\b/i.test(text);
const isBegin = (text: string) => /^\s*(begin|start\s+transaction)\b/i.test(text);

async function openPostgres(url: string, embedded?: { kind: 'embedded'; disk: DiskWatch }): Promise<Database> {
  // Several servers may start against one database: one migrates, the others wait for it.
  const migrator = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000, ...KEEPALIVE });
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
    ...KEEPALIVE,
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => {});
  const disk = embedded?.disk ?? null;
  pool.on('connect', (client) => surviveConnectionLoss(client, disk));
  if (disk) refuseWritesBelowReserve(pool, disk);
  const db = drizzlePg(pool, { schema });
  // External: the server's disk is its own business: its disk_full errors reach us as answers,
  // which the error handler reports here; the state clears on its own (storage-health.ts).
  // Embedded: the disk is ours to look at, and a 'full' state clears as soon as space is back.
  const storage = new StorageHealth({ clearAfterMs: 30_000 });
  return {
    db: db as unknown as Db,
    kind: embedded ? 'embedded' : 'postgres',
    storage,
    probeStorage: () => {
      if (disk && storage.snapshot().state === 'full' && !disk.refusal())
        storage.recovered('free space is above the reserve again');
    },
    noteStorageFault: (kind, detail) => storage.fault(kind, detail),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    fenced: (fence) => drizzlePg(fencedPool(pool, fence), { schema }) as unknown as Db,
    close: () => pool.end(),
  };
}

/**
 * TCP keepalive on every connection to the database: a server cut off from it (a partition, a
 * dead host) learns it in about 20 s (10 s idle, then libuv's 10 probes a second apart) instead of
 * the kernel's two hours, so its queries fail and its indexer stands by (decision 0051).
 */
const KEEPALIVE = { keepAlive: true, keepAliveInitialDelayMillis: 10_000 } as const;

/**
 * The pool as a fenced writer sees it (Database.fenced). An object whose prototype is the pool, so
 * drizzle still takes it for a pg.Pool (it checks `instanceof Pool` to give each transaction a
 * client of its own), with `connect` and `query` of its own; the pool and its clients are shared
 * and never changed.
 */
function fencedPool(pool: pg.Pool, fence: Fence): pg.Pool {
  const fenced = Object.create(pool) as pg.Pool;
  /** BEGIN, then the fence on the same connection; when the fence refuses, rolled back and given back. */
  const begin = async (client: pg.PoolClient, run: (...args: unknown[]) => Promise<unknown>, args: unknown[]) => {
    const result = await run(...args);
    try {
      await fence((text, values) => client.query(text, values));
    } catch (err) {
      await client.query('rollback').catch(() => {});
      throw err;
    }
    return result;
  };
  Object.assign(fenced, {
    connect: async () => {
      const client = await pool.connect();
      const view = Object.create(client) as pg.PoolClient;
      let released = false;
      const run = (...args: unknown[]) => (client.query as (...a: unknown[]) => Promise<unknown>).apply(client, args);
      Object.assign(view, {
        query: (...args: unknown[]) => {
          if (!isBegin(statementText(args[0]))) return run(...args);
          return begin(client, run, args).catch((err: unknown) => {
            // drizzle releases no client whose BEGIN failed (see surviveConnectionLoss): done here.
            view.release();
            throw err;
          });
        },
        release: (err?: Error | boolean) => {
          if (released) return;
          released = true;
          client.release(err);
        },
      });
      return view;
    },
    query: async (...args: unknown[]) => {
      if (typeof args[args.length - 1] === 'function')
        throw new Error('fenced pool: callback queries are not supported');
      if (isRead(statementText(args[0])))
        return (pool.query as (...a: unknown[]) => Promise<unknown>).apply(pool, args);
      // A write outside a transaction: in one of its own, behind the fence.
      const client = await pool.connect();
      const run = (...a: unknown[]) => (client.query as (...b: unknown[]) => Promise<unknown>).apply(client, a);
      try {
        await begin(client, run, ['begin']);
        try {
          const result = await run(...args);
          await run('commit');
          return result;
        } catch (err) {
          await run('rollback').catch(() => {});
          throw err;
        }
      } finally {
        client.release();
      }
    },
  });
  return fenced;
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
function surviveConnectionLoss(client: pg.PoolClient, disk: DiskWatch | null): void {
  client.on('error', () => {});
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const giveBack = (err?: Error) => {
    const release = client.release;
    client.release = () => {};
    release?.(err);
  };
  const gone = (err: unknown) => {
    const e = err as { code?: string; message?: string };
    const state = client as unknown as { _queryable?: boolean; _ending?: boolean };
    return (
      state._queryable === false ||
      state._ending === true ||
      CONNECTION_GONE_CODES.has(e.code ?? '') ||
      /Connection terminated|not queryable/i.test(e.message ?? '')
    );
  };
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    // A transaction that would start below the disk reserve (embedded): refused before postgres
    // sees it. drizzle never releases a client whose BEGIN failed (see above): give it back here,
    // healthy (no error: the connection stays in the pool).
    const refusal =
      disk && typeof args[args.length - 1] !== 'function' && isBegin(statementText(args[0])) ? disk.refusal() : null;
    if (refusal) {
      giveBack();
      return Promise.reject(refusal);
    }
    const result = query(...args);
    // Callback queries come from pool.query(), which releases with the error itself.
    if (!(result instanceof Promise)) return result;
    return result.catch((err: unknown) => {
      if (gone(err)) giveBack(err as Error);
      throw err;
    });
  };
}

/**
 * Statements outside a transaction (drizzle sends them with pool.query) that write are refused
 * while the disk is below the reserve, before a connection is taken; reads go on.
 */
function refuseWritesBelowReserve(pool: pg.Pool, disk: DiskWatch): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const refusal = isRead(statementText(args[0])) ? null : disk.refusal();
    if (!refusal) return query(...args);
    const callback = args[args.length - 1];
    if (typeof callback === 'function') {
      process.nextTick(() => (callback as (err: Error) => void)(refusal));
      return undefined;
    }
    return Promise.reject(refusal);
  };
}

/** Raw SQL rows; both drivers answer `{ rows }`, which the shared Db type cannot express. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
