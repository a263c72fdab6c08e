/**
 * The one-time import of a PGlite data directory (DATA_DIR/pglite, the embedded database before
 * decision 0024) into the PostgreSQL database the server now runs on
 * (docs/decisions/0025-backup-and-import.md).
 *
 * Safe to interrupt at any point: the rows go in within one transaction of the target, and the
 * PGlite directory is renamed only after that transaction committed with every table's row count
 * equal to the source's. A crash before the commit leaves the target empty and the directory in
 * place, so the next start imports again; the old files are kept under a new name afterwards.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { serverRoot } from '../paths';
import {
  columnList,
  compareCounts,
  copyInto,
  countRows,
  migrationState,
  nonEmptyTables,
  quoteIdent,
  resetSequences,
  sequenceStates,
  tablesInLoadOrder,
  type TableInfo,
} from './logical-backup';

export interface PgliteImportResult {
  tables: number;
  rows: number;
  movedTo: string;
  ms: number;
}

export class PgliteImportError extends Error {
  override name = 'PgliteImportError';
}

/** The options the server opened PGlite with (pg_trgm backs the project search's index). */
const pgliteOptions = { extensions: { pg_trgm } } satisfies PGliteOptions;

/** Where the server kept PGlite's files inside DATA_DIR. */
export const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');

/** Heap pages copied per COPY: ~16 MB of table at a time, so memory stays bounded on big tables. */
const PAGES_PER_CHUNK = 2048;

/** Imports DATA_DIR/pglite into the database at `url` once; null when there is nothing to import. */
export async function importPgliteIfPresent(
  dataDir: string,
  url: string,
  log: (msg: string) => void,
): Promise<PgliteImportResult | null> {
  const source = pgliteDir(dataDir);
  if (!fs.existsSync(path.join(source, 'PG_VERSION'))) return null;
  const started = performance.now();
  log(`found a PGlite database in ${source}: importing it into PostgreSQL (once; the old files are kept)`);

  const target = new pg.Client({ connectionString: url });
  await target.connect();
  let lite: PGlite | null = null;
  try {
    lite = new PGlite(source, pgliteOptions);
    await lite.waitReady;
    // An old directory may stop at an earlier schema: bring it to this code's, as its server would have.
    await migrate(drizzle({ client: lite }), { migrationsFolder: path.join(serverRoot, 'drizzle') });

    const [from, to] = [await migrationState(lite), await migrationState(target)];
    if (from.count !== to.count || from.lastCreatedAt !== to.lastCreatedAt) {
      throw new PgliteImportError(
        `The PGlite database in ${source} has ${from.count} migrations (last ${from.lastTag ?? from.lastCreatedAt}), this server's database ${to.count} (last ${to.lastTag ?? to.lastCreatedAt}). ` +
          'It was written by a newer TokenDesk: start that version, or move the directory away.',
      );
    }
    const tables = await tablesInLoadOrder(target);
    const sourceTables = new Map((await tablesInLoadOrder(lite)).map((t) => [t.name, t.columns.join(',')]));
    const mismatch = tables.filter((t) => sourceTables.get(t.name) !== t.columns.join(','));
    if (mismatch.length > 0 || sourceTables.size !== tables.length) {
      throw new PgliteImportError(
        `The PGlite database's tables differ from PostgreSQL's after both migrated (${mismatch.map((t) => t.name).join(', ') || 'a table is missing'}).`,
      );
    }
    const expected: { name: string; rows: number }[] = [];
    for (const t of tables) expected.push({ name: t.name, rows: await countRows(lite, t.name) });
    const rows = expected.reduce((sum, t) => sum + t.rows, 0);

    const occupied = await nonEmptyTables(target, tables);
    if (occupied.length > 0) {
      // An import that committed but could not rename the directory leaves exactly the source's rows.
      if ((await compareCounts(target, expected)).length === 0) {
        log(
          "the PostgreSQL database already holds exactly the PGlite database's rows (an earlier import stopped before renaming the directory)",
        );
        return finish(source, tables.length, rows, started, log);
      }
      throw new PgliteImportError(
        `Refusing to import the PGlite database in ${source}: the PostgreSQL database already holds data (${occupied.slice(0, 5).join(', ')}${occupied.length > 5 ? ', …' : ''}), and the two are never merged. ` +
          `Start with DATA_DIR/pglite moved away to keep the PostgreSQL data, or empty the PostgreSQL database to import.`,
      );
    }

    await target.query('begin');
    try {
      for (const t of tables) {
        const copied = await copyTable(lite, target, t);
        const want = expected.find((e) => e.name === t.name)!.rows;
        if (copied !== want)
          throw new PgliteImportError(`Table ${t.name}: copied ${copied} rows, the PGlite database has ${want}.`);
      }
      await resetSequences(target, await sequenceStates(lite));
      const differ = await compareCounts(target, expected);
      if (differ.length > 0) throw new PgliteImportError(`Row counts differ after the copy (${differ.join('; ')}).`);
      await target.query('commit');
    } catch (err) {
      await target.query('rollback').catch(() => {});
      throw err;
    }
    await lite.close();
    lite = null;
    return finish(source, tables.length, rows, started, log);
  } finally {
    await lite?.close().catch(() => {});
    await target.end().catch(() => {});
  }
}

/** The rows are in and verified: the old directory is renamed (kept), and the log says so. */
function finish(
  source: string,
  tables: number,
  rows: number,
  started: number,
  log: (msg: string) => void,
): PgliteImportResult {
  const movedTo = `${source}.imported-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  fs.renameSync(source, movedTo);
  const ms = Math.round(performance.now() - started);
  log(`imported the PGlite database: ${tables} tables, ${rows} rows in ${ms} ms`);
  log(`the PGlite files are kept in ${movedTo}; delete that directory once you have checked your data`);
  return { tables, rows, movedTo, ms };
}

/**
 * One table from PGlite into the target, in slices of heap pages (a TID range scan each), so a
 * big table never sits whole in memory. PGlite writes COPY output to a blob ('/dev/blob').
 */
async function copyTable(lite: PGlite, target: pg.Client, table: TableInfo): Promise<number> {
  const { rows } = await lite.query<{ pages: number }>(
    `select (pg_relation_size($1::regclass) / current_setting('block_size')::int)::int as pages`,
    [quoteIdent(table.name)],
  );
  const pages = rows[0]!.pages;
  async function* chunks() {
    for (let first = 0; first < Math.max(pages, 1); first += PAGES_PER_CHUNK) {
      // The last slice is open-ended: nothing can be appended meanwhile (we hold the data-dir lock).
      const upper = first + PAGES_PER_CHUNK >= pages ? '' : ` and ctid < '(${first + PAGES_PER_CHUNK},0)'::tid`;
      const result = await lite.query(
        `COPY (select ${columnList(table.columns)} from ${quoteIdent(table.name)} where ctid >= '(${first},0)'::tid${upper}) TO '/dev/blob'`,
      );
      if (result.blob && result.blob.size > 0) yield Buffer.from(await result.blob.arrayBuffer());
    }
  }
  return copyInto(target, table, Readable.from(chunks()));
}
