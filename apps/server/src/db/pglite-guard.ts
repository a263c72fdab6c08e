import fs from 'node:fs';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { StorageUnavailableError, storageFault, STORAGE_FAULT_DETAIL, type StorageFaultKind } from './errors';
import type { StorageHealth } from './storage-health';

/**
 * Writes are refused while the file system holding the data has less than this free: PostgreSQL
 * then never meets ENOSPC itself (a WAL segment is 1 MiB in PGlite, a relation grows by a few
 * pages at a time), and a full disk costs a 503 instead of a broken database.
 */
export const STORAGE_RESERVE_BYTES = 16 * 1024 * 1024;
/** How often a broken instance checks whether it can reopen the database. */
const REOPEN_EVERY_MS = 1_000;

export interface PgliteGuardOptions {
  /** The directory PGlite keeps its files in; null for an in-memory database (no disk to watch). */
  dataDir: string | null;
  /** A new, ready PGlite on the same data (crash recovery replays the WAL of committed writes). */
  open: () => Promise<PGlite>;
  storage: StorageHealth;
  reserveBytes?: number;
}

type ExecArgs = Parameters<PGlite['exec']>;

const isRead = (sql: string) => /^\s*select\b/i.test(sql);
const never = new Promise<never>(() => {});

/**
 * PGlite in front of drizzle, so that a full or failing disk answers 503 and never wedges the
 * process (docs/decisions/0020-storage-faults.md).
 *
 * Why: PostgreSQL in PGlite runs on this thread. After it fails to write its WAL (ENOSPC on a new
 * segment) the next statement that writes WAL spins forever inside WebAssembly: 100 % CPU, no
 * timer or signal handler runs again, and freeing space does not help (measured with PGlite
 * 0.3.16). So this wrapper
 * - refuses writes while less than the reserve is free, before PostgreSQL sees them;
 * - passes one call at a time to PGlite (as PGlite's own mutex does), so that when a call fails
 *   with a storage fault nothing else is already queued inside PGlite;
 * - after such a failure, sends nothing more to that instance (not even the ROLLBACK or COMMIT
 *   PGlite's transaction() would send: the transaction callback is left pending), answers every
 *   call with a StorageUnavailableError, and once space is back opens a new instance on the same
 *   directory. Its crash recovery replays the WAL, so every commit that was acknowledged is there,
 *   exactly as after kill -9.
 */
export class PgliteGuard {
  #client: PGlite;
  #broken: StorageFaultKind | null = null;
  #tail: Promise<unknown> = Promise.resolve();
  #reopenTimer: NodeJS.Timeout | null = null;
  #reopening = false;
  #closed = false;
  readonly #options: PgliteGuardOptions;
  readonly #reserve: number;

  constructor(client: PGlite, options: PgliteGuardOptions) {
    this.#client = client;
    this.#options = options;
    this.#reserve = options.reserveBytes ?? STORAGE_RESERVE_BYTES;
  }

  /** Free bytes on the data's file system; Infinity when there is none to watch. */
  freeBytes(): number {
    if (!this.#options.dataDir) return Number.POSITIVE_INFINITY;
    try {
      const s = fs.statfsSync(this.#options.dataDir);
      return s.bavail * s.bsize;
    } catch {
      // statfs itself failing says nothing about space; the write will tell.
      return Number.POSITIVE_INFINITY;
    }
  }

  /** Readiness probe: clears a 'full' state once space is back (and the database is not broken). */
  probe(): void {
    if (this.#broken) return;
    if (this.#options.storage.snapshot().state !== 'ok' && this.freeBytes() >= this.#reserve) {
      this.#options.storage.recovered('free space is above the reserve again');
    }
  }

  query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#run(!isRead(query), (client) => client.query<T>(query, params, options));
  }

  exec(...args: ExecArgs): ReturnType<PGlite['exec']> {
    return this.#run(!isRead(args[0]), (client) => client.exec(...args));
  }

  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.#run(true, (client) =>
      new Promise<T>((resolve, reject) => {
        const guarded = async <R>(work: () => Promise<R>): Promise<R> => {
          if (this.#broken) throw this.#unavailable();
          try {
            return await work();
          } catch (err) {
            if (this.#failed(err)) {
              reject(err);
              // Never return: PGlite would send ROLLBACK to the broken instance, which spins.
              return never;
            }
            throw err;
          }
        };
        void client
          .transaction((tx) =>
            callback({
              query: (...a: Parameters<Transaction['query']>) => guarded(() => tx.query(...a)),
              sql: (...a: Parameters<Transaction['sql']>) => guarded(() => tx.sql(...a)),
              exec: (...a: Parameters<Transaction['exec']>) => guarded(() => tx.exec(...a)),
              rollback: () => guarded(() => tx.rollback()),
              listen: (...a: Parameters<Transaction['listen']>) => guarded(() => tx.listen(...a)),
              get closed() {
                return tx.closed;
              },
            } as Transaction),
          )
          .then(resolve, (err: unknown) => {
            // A COMMIT that failed for the storage: PGlite sends nothing after it.
            this.#failed(err);
            reject(err);
          });
      }),
    );
  }

  /** Exclusive use of the current instance (the online backup); counts as a write. */
  withClient<T>(work: (client: PGlite) => Promise<T>): Promise<T> {
    return this.#run(true, work);
  }

  /**
   * Closes the instance cleanly when it is healthy. A broken one is left alone (its shutdown
   * checkpoint would spin or abort); its committed writes are in the WAL, as after kill -9.
   */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#reopenTimer) clearInterval(this.#reopenTimer);
    await this.#tail;
    if (this.#broken || this.#options.storage.snapshot().state !== 'ok') return;
    await this.#client.close();
  }

  #unavailable(): StorageUnavailableError {
    return new StorageUnavailableError(this.#broken ?? 'full', STORAGE_FAULT_DETAIL[this.#broken ?? 'full']);
  }

  #run<T>(write: boolean, work: (client: PGlite) => Promise<T>): Promise<T> {
    const result = this.#tail.then(() => this.#attempt(write, work));
    this.#tail = result.catch(() => {});
    return result;
  }

  async #attempt<T>(write: boolean, work: (client: PGlite) => Promise<T>): Promise<T> {
    if (this.#broken) {
      const err = this.#unavailable();
      this.#options.storage.fault(err.kind, 'the database is being reopened after a storage fault');
      throw err;
    }
    if (write) {
      const free = this.freeBytes();
      if (free < this.#reserve) {
        this.#options.storage.fault('full', `${Math.max(0, Math.floor(free / 1024))} KiB free, below the ${Math.floor(this.#reserve / 1024)} KiB reserve`);
        throw new StorageUnavailableError('full', STORAGE_FAULT_DETAIL.full);
      }
    }
    try {
      const result = await work(this.#client);
      if (write) this.probe();
      return result;
    } catch (err) {
      this.#failed(err);
      throw err;
    }
  }

  /**
   * Marks the instance broken when `err` is a storage fault or the WebAssembly runtime died
   * (PostgreSQL's PANIC ends in abort()). Any storage fault counts, not only the WAL ones known to
   * wedge: telling them apart from the message would be a guess, and a reopen costs seconds.
   */
  #failed(err: unknown): boolean {
    const kind = storageFault(err) ?? ((err as Error)?.name === 'RuntimeError' || /^Aborted\(/.test((err as Error)?.message ?? '') ? 'io' : null);
    if (!kind) return false;
    this.#options.storage.fault(kind, (err as Error)?.message ?? String(err));
    if (!this.#broken) {
      this.#broken = kind;
      this.#scheduleReopen();
    }
    return true;
  }

  #scheduleReopen(): void {
    // An in-memory database has nothing to reopen from; it stays refused (and says so).
    if (!this.#options.dataDir || this.#reopenTimer || this.#closed) return;
    this.#reopenTimer = setInterval(() => void this.#tryReopen(), REOPEN_EVERY_MS);
    this.#reopenTimer.unref();
  }

  async #tryReopen(): Promise<void> {
    if (this.#reopening || this.#closed || this.freeBytes() < this.#reserve) return;
    this.#reopening = true;
    try {
      const fresh = await this.#options.open();
      if (this.#closed) {
        await fresh.close().catch(() => {});
        return;
      }
      // The old instance is dropped without a call: whatever it holds goes with the garbage.
      this.#client = fresh;
      this.#broken = null;
      if (this.#reopenTimer) clearInterval(this.#reopenTimer);
      this.#reopenTimer = null;
      this.#options.storage.recovered('the database was reopened');
    } catch {
      // Still no room for crash recovery, or the disk still fails: try again on the next tick.
    } finally {
      this.#reopening = false;
    }
  }
}
