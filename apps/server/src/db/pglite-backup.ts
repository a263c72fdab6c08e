import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** The extensions the schema uses; a PGlite that opens our data must load them too. */
export const pgliteOptions = { extensions: { pg_trgm } } satisfies PGliteOptions;

/** Where PGlite keeps its files inside DATA_DIR. */
export const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');

export const hasDatabase = (dir: string) => fs.existsSync(path.join(dir, 'PG_VERSION'));

export class BackupError extends Error {
  override name = 'BackupError';
  constructor(
    message: string,
    readonly kind: 'not-found' | 'exists' | 'invalid',
  ) {
    super(message);
  }
}

/**
 * A consistent gzipped tar of the PGDATA directory of a running PGlite (the format of PGlite's
 * dumpDataDir, which `new PGlite({ loadDataDir })` reads back).
 *
 * Why it is consistent: PGlite runs PostgreSQL on this JavaScript thread, and dumpDataDir reads
 * every file synchronously, so no statement runs while the files are copied; holding PGlite's
 * transaction mutex means no transaction is open either. The copy is the state after the last
 * committed transaction, and the CHECKPOINT before it leaves little WAL to replay on restore.
 */
export async function dumpPglite(client: PGlite): Promise<Uint8Array> {
  await client.exec('CHECKPOINT');
  const archive = await client._runExclusiveTransaction(() => client.dumpDataDir('gzip'));
  return new Uint8Array(await archive.arrayBuffer());
}

/** A backup of a data directory no server has open (the caller holds the data-dir lock). */
export async function dumpClosedPglite(dir: string): Promise<Uint8Array> {
  if (!hasDatabase(dir)) throw new BackupError(`There is no embedded database in ${dir}.`, 'not-found');
  const client = new PGlite(dir, pgliteOptions);
  try {
    await client.waitReady;
    return await dumpPglite(client);
  } finally {
    await client.close();
  }
}

const isGzip = (bytes: Uint8Array) => bytes[0] === 0x1f && bytes[1] === 0x8b;

/**
 * Restores an archive into DATA_DIR/pglite; the caller holds the data-dir lock. The archive is
 * unpacked into a sibling directory and opened once (PostgreSQL recovers it and we check that it
 * holds TokenDesk's tables); only then is it renamed into place, so a failure leaves the old
 * state untouched. An existing database is replaced only with `force`, and kept beside it.
 */
export async function restorePglite(dataDir: string, archive: Uint8Array, { force = false } = {}): Promise<{ previous: string | null }> {
  const target = pgliteDir(dataDir);
  const occupied = fs.existsSync(target) && fs.readdirSync(target).length > 0;
  if (occupied && !force) {
    throw new BackupError(`${target} already holds a database. Restore into an empty DATA_DIR, or pass --force to replace it (the current one is kept beside it).`, 'exists');
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  // Same parent as the target: the final rename stays on one filesystem, so it is atomic.
  const staging = `${target}.restoring-${stamp}-${randomBytes(3).toString('hex')}`;
  try {
    const type = isGzip(archive) ? 'application/x-gzip' : 'application/x-tar';
    const client = new PGlite(staging, { ...pgliteOptions, loadDataDir: new Blob([archive], { type }) });
    try {
      await client.waitReady;
      const { rows } = await client.query<{ tables: number }>(
        "select count(*)::int as tables from pg_tables where schemaname = 'public' and tablename in ('users', 'projects', 'pools')",
      );
      if (rows[0]?.tables !== 3) throw new BackupError('The archive is a PostgreSQL data directory without TokenDesk tables.', 'invalid');
    } finally {
      await client.close().catch(() => {});
    }
  } catch (err) {
    fs.rmSync(staging, { recursive: true, force: true });
    if (err instanceof BackupError) throw err;
    const reason = (err as Error).message?.split('\n')[0] ?? String(err);
    throw new BackupError(`The file is not a readable TokenDesk backup (${reason}).`, 'invalid');
  }

  let previous: string | null = null;
  if (fs.existsSync(target)) {
    previous = `${target}.before-restore-${stamp}`;
    fs.renameSync(target, previous);
  }
  try {
    fs.renameSync(staging, target);
  } catch (err) {
    if (previous) fs.renameSync(previous, target);
    fs.rmSync(staging, { recursive: true, force: true });
    throw err;
  }
  // An empty directory left by a server that never created its database is not worth keeping.
  if (previous && fs.readdirSync(previous).length === 0) {
    fs.rmdirSync(previous);
    previous = null;
  }
  return { previous };
}
