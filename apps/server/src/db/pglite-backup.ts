import type { PGlite, PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/*
 * What is left of PGlite's backup (issue 14): the in-memory PGlite the tests use until they move
 * to PostgreSQL (db/client.ts, kind 'pglite-memory') still opens with these options and offers
 * this dump. Backups of the real databases are logical exports now (db/logical-backup.ts); a
 * PGlite data directory is only read once more, by the import (db/pglite-import.ts). Delete this
 * file with the 'pglite-memory' target.
 */

/** The extensions the schema uses; a PGlite that opens our data must load them too. */
export const pgliteOptions = { extensions: { pg_trgm } } satisfies PGliteOptions;

/** A gzipped tar of a PGlite's PGDATA, taken under its transaction mutex (nothing runs meanwhile). */
export async function dumpPglite(client: PGlite): Promise<Uint8Array> {
  await client.exec('CHECKPOINT');
  const archive = await client._runExclusiveTransaction(() => client.dumpDataDir('gzip'));
  return new Uint8Array(await archive.arrayBuffer());
}
