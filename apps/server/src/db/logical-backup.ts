/**
 * A logical export of TokenDesk's database and its restore, without pg_dump (the embedded
 * PostgreSQL from npm ships initdb, pg_ctl and postgres only). docs/decisions/0025-backup-and-import.md.
 *
 * File format (version 1), one gzip stream:
 *   line 1   `TOKENDESK LOGICAL BACKUP 1`
 *   line 2   the header, one line of JSON (BackupHeader)
 *   then, for every table of the header in its order: the rows as PostgreSQL's COPY text format
 *            writes them (one row a line, tab-separated, escaped), ended by a line `\.`
 *   last     a line `\end`
 * COPY's text format escapes newlines and backslashes inside values, so a line `\.` is never a
 * row. The gzip CRC, the end line and the header's row counts catch a truncated or corrupt file.
 *
 * Also used by the PGlite import (db/pglite-import.ts): the table order, the COPY into a table,
 * the sequence reset and the row count check are the same work there.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { serverRoot } from '../paths';

export const BACKUP_FORMAT = 1;
const MAGIC = `TOKENDESK LOGICAL BACKUP ${BACKUP_FORMAT}`;
const END_OF_TABLE = '\\.';
const END_OF_FILE = '\\end';

export class BackupError extends Error {
  override name = 'BackupError';
  constructor(
    message: string,
    readonly kind: 'not-found' | 'exists' | 'invalid' | 'mismatch' | 'in-use',
  ) {
    super(message);
  }
}

export interface TableInfo {
  name: string;
  /** Stored columns in attnum order (generated columns are computed again on load). */
  columns: string[];
}

export interface SequenceState {
  name: string;
  /** null: nextval never ran (the next value is the sequence's start). */
  lastValue: string | null;
}

export interface MigrationState {
  count: number;
  /** The journal tag of the newest applied migration (null when unknown to this code). */
  lastTag: string | null;
  lastCreatedAt: string | null;
}

export interface BackupHeader {
  format: number;
  taken_at: string;
  server_version: string;
  database: string;
  migrations: MigrationState;
  tables: { name: string; columns: string[]; rows: number }[];
  sequences: { name: string; last_value: string | null }[];
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const columnList = (columns: string[]) => columns.map(quoteIdent).join(', ');

/** Anything that answers `query(text, params)` with `{ rows }`: a pg client or a PGlite. */
export interface Queryable {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

/**
 * The tables of the public schema, each after the tables its foreign keys point to, so that a
 * load in this order never meets a missing parent. A foreign key cycle between tables would need
 * deferred constraints; the schema has none, and a future one fails here loudly.
 */
export async function tablesInLoadOrder(db: Queryable): Promise<TableInfo[]> {
  const { rows: cols } = await db.query<{ table: string; column: string }>(
    `select c.relname as "table", a.attname as "column"
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where n.nspname = 'public' and c.relkind in ('r', 'p')
      order by c.relname, a.attnum`,
  );
  const { rows: fks } = await db.query<{ child: string; parent: string }>(
    `select c.relname as child, p.relname as parent
       from pg_constraint k
       join pg_class c on c.oid = k.conrelid
       join pg_class p on p.oid = k.confrelid
       join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = 'public' and c.oid <> p.oid`,
  );
  const columns = new Map<string, string[]>();
  for (const { table, column } of cols) columns.set(table, [...(columns.get(table) ?? []), column]);
  const parents = new Map<string, Set<string>>();
  for (const { child, parent } of fks) parents.set(child, (parents.get(child) ?? new Set()).add(parent));

  const ordered: TableInfo[] = [];
  const done = new Set<string>();
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (done.has(table)) return;
    if (visiting.has(table))
      throw new Error(`The foreign keys of table ${table} form a cycle; the copy needs an order.`);
    visiting.add(table);
    for (const parent of parents.get(table) ?? []) if (columns.has(parent)) visit(parent);
    visiting.delete(table);
    done.add(table);
    ordered.push({ name: table, columns: columns.get(table)! });
  };
  for (const table of [...columns.keys()].sort()) visit(table);
  return ordered;
}

export async function countRows(db: Queryable, table: string): Promise<number> {
  const { rows } = await db.query<{ n: string | number }>(`select count(*) as n from ${quoteIdent(table)}`);
  return Number(rows[0]!.n);
}

/** Tables that hold at least one row; a database to import or restore into must have none. */
export async function nonEmptyTables(db: Queryable, tables: TableInfo[]): Promise<string[]> {
  const found: string[] = [];
  for (const t of tables) {
    const { rows } = await db.query<{ any: boolean }>(`select exists (select 1 from ${quoteIdent(t.name)}) as "any"`);
    if (rows[0]!.any) found.push(t.name);
  }
  return found;
}

/** Every sequence of the public schema (serial and identity columns alike). */
export async function sequenceStates(db: Queryable): Promise<SequenceState[]> {
  const { rows } = await db.query<{ name: string; last_value: string | number | null }>(
    "select sequencename as name, last_value::text as last_value from pg_sequences where schemaname = 'public' order by sequencename",
  );
  return rows.map((r) => ({ name: r.name, lastValue: r.last_value === null ? null : String(r.last_value) }));
}

/**
 * Sets each sequence to where the source had it, so new rows never reuse an id (not even one of a
 * deleted row). A sequence the source never used starts from its start value.
 */
export async function resetSequences(client: pg.ClientBase, states: SequenceState[]): Promise<void> {
  for (const s of states) {
    const seq = `public.${quoteIdent(s.name)}`;
    if (s.lastValue === null)
      await client.query(
        'select setval($1::regclass, (select start_value from pg_sequences where schemaname = $2 and sequencename = $3), false)',
        [seq, 'public', s.name],
      );
    else await client.query('select setval($1::regclass, $2::bigint, true)', [seq, s.lastValue]);
  }
}

/** COPY text data (any number of chunks) into a table; the number of rows the server took. */
export async function copyInto(client: pg.ClientBase, table: TableInfo, data: Readable): Promise<number> {
  const stream = client.query(copyFrom(`COPY ${quoteIdent(table.name)} (${columnList(table.columns)}) FROM STDIN`));
  await pipeline(data, stream);
  return stream.rowCount;
}

/** The applied drizzle migrations of a database, named by the journal of this code. */
export async function migrationState(db: Queryable): Promise<MigrationState> {
  const { rows } = await db.query<{ n: string | number; last: string | null }>(
    'select count(*) as n, max(created_at)::text as last from drizzle.__drizzle_migrations',
  );
  const last = rows[0]?.last ?? null;
  const journal = JSON.parse(fs.readFileSync(path.join(serverRoot, 'drizzle/meta/_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  const lastTag = last === null ? null : (journal.entries.find((e) => String(e.when) === last)?.tag ?? null);
  return { count: Number(rows[0]?.n ?? 0), lastTag, lastCreatedAt: last };
}

/** Row counts per table of `db`, compared with `expected`; the tables that differ, described. */
export async function compareCounts(db: Queryable, expected: { name: string; rows: number }[]): Promise<string[]> {
  const differ: string[] = [];
  for (const t of expected) {
    const n = await countRows(db, t.name);
    if (n !== t.rows) differ.push(`${t.name}: ${n} rows, expected ${t.rows}`);
  }
  return differ;
}

// ---------------------------------------------------------------------------------------------
// Backup

export interface BackupSummary {
  tables: number;
  rows: number;
  takenAt: string;
  migrations: MigrationState;
}

/**
 * Writes `chunk` and waits for the stream to take more when its buffer is full. A stream that is
 * destroyed meanwhile (the reader went away) fails the wait: 'drain' would never come.
 */
async function write(out: Writable, chunk: string | Buffer): Promise<void> {
  if (out.destroyed) throw out.errored ?? new Error('the backup output was closed');
  if (out.write(chunk)) return;
  await new Promise<void>((resolve, reject) => {
    const done = (err?: Error | null) => {
      out.off('drain', onDrain);
      out.off('close', onClose);
      if (err) reject(err);
      else resolve();
    };
    const onDrain = () => done();
    const onClose = () => done(out.errored ?? new Error('the backup output was closed'));
    out.on('drain', onDrain);
    out.on('close', onClose);
  });
}

/**
 * A logical backup of the database at `url`, written gzipped to `out` (a file, a socket), which is
 * ended. Online: one REPEATABLE READ, READ ONLY transaction, so every table is read at the same
 * snapshot (a state between two commits) while the server goes on writing.
 */
export async function writeLogicalBackup(url: string, out: Writable): Promise<BackupSummary> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const gzip = createGzip();
  const done = pipeline(gzip, out);
  done.catch(() => {}); // awaited below; a reader that goes away early must not be an unhandled rejection
  try {
    await client.query('begin isolation level repeatable read, read only');
    // The snapshot is taken by the first statement; everything below reads that one.
    const tables = await tablesInLoadOrder(client);
    const counted: BackupHeader['tables'] = [];
    for (const t of tables) counted.push({ name: t.name, columns: t.columns, rows: await countRows(client, t.name) });
    // Sequences are not transactional: read after the snapshot, they are at or past every id in it.
    const sequences = await sequenceStates(client);
    const { rows: meta } = await client.query<{ version: string; database: string }>(
      "select current_setting('server_version') as version, current_database() as database",
    );
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      taken_at: new Date().toISOString(),
      server_version: meta[0]!.version,
      database: meta[0]!.database,
      migrations: await migrationState(client),
      tables: counted,
      sequences: sequences.map((s) => ({ name: s.name, last_value: s.lastValue })),
    };
    await write(gzip, `${MAGIC}\n${JSON.stringify(header)}\n`);
    for (const t of counted) {
      const copy = client.query(copyTo(`COPY (select ${columnList(t.columns)} from ${quoteIdent(t.name)}) TO STDOUT`));
      for await (const chunk of copy as AsyncIterable<Buffer>) await write(gzip, chunk);
      if (copy.rowCount !== t.rows)
        throw new BackupError(
          `Table ${t.name} gave ${copy.rowCount} rows in the snapshot that counted ${t.rows}.`,
          'mismatch',
        );
      await write(gzip, `${END_OF_TABLE}\n`);
    }
    await write(gzip, `${END_OF_FILE}\n`);
    await client.query('commit');
    gzip.end();
    await done;
    return {
      tables: counted.length,
      rows: counted.reduce((s, t) => s + t.rows, 0),
      takenAt: header.taken_at,
      migrations: header.migrations,
    };
  } catch (err) {
    gzip.destroy(err as Error);
    await done.catch(() => {});
    throw err;
  } finally {
    await client.end().catch(() => {});
  }
}

// ---------------------------------------------------------------------------------------------
// Reading a backup

const invalid = (why: string) => new BackupError(`The file is not a readable TokenDesk backup (${why}).`, 'invalid');

/** Reads a backup stream: the header line, then one table's COPY data at a time. */
class BackupReader {
  #pending: Buffer = Buffer.alloc(0);
  #source: AsyncIterator<Buffer>;
  #ended = false;

  constructor(input: Readable) {
    const gunzip = createGunzip();
    input.on('error', (err) => gunzip.destroy(err));
    input.pipe(gunzip);
    this.#source = (gunzip as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  }

  async #more(): Promise<boolean> {
    if (this.#ended) return false;
    let next: IteratorResult<Buffer>;
    try {
      next = await this.#source.next();
    } catch (err) {
      // A file that cannot be read (ENOENT, EACCES) is not a bad backup.
      const code = (err as NodeJS.ErrnoException).code ?? '';
      if (code && !code.startsWith('Z_')) throw err;
      // zlib: 'unexpected end of file' (truncated), 'incorrect header check' (not gzip), CRC errors.
      throw invalid((err as Error).message);
    }
    if (next.done) {
      this.#ended = true;
      return false;
    }
    this.#pending = this.#pending.length ? Buffer.concat([this.#pending, next.value]) : next.value;
    return true;
  }

  async line(maxBytes: number): Promise<string> {
    for (;;) {
      const nl = this.#pending.indexOf(0x0a);
      if (nl >= 0) {
        const line = this.#pending.subarray(0, nl).toString('utf8');
        this.#pending = this.#pending.subarray(nl + 1);
        return line;
      }
      if (this.#pending.length > maxBytes) throw invalid('a header line is too long');
      if (!(await this.#more())) throw invalid('it ends early');
    }
  }

  /** One table's rows, up to (not including) its `\.` line, in chunks. */
  async *table(): AsyncGenerator<Buffer> {
    const marker = Buffer.from(`\n${END_OF_TABLE}\n`);
    let first = true;
    for (;;) {
      if (first && this.#pending.length >= 3 && this.#pending.subarray(0, 3).equals(marker.subarray(1))) {
        this.#pending = this.#pending.subarray(3);
        return; // an empty table
      }
      const at = this.#pending.indexOf(marker);
      if (at >= 0) {
        yield this.#pending.subarray(0, at + 1);
        this.#pending = this.#pending.subarray(at + marker.length);
        return;
      }
      // Keep what could be the start of the marker; the rest can go.
      if (this.#pending.length > marker.length) {
        const cut = this.#pending.length - (marker.length - 1);
        yield this.#pending.subarray(0, cut);
        this.#pending = this.#pending.subarray(cut);
        first = false;
      }
      if (!(await this.#more())) throw invalid('it ends inside a table');
    }
  }

  /** True when nothing but the end of the stream follows (and gzip's checksum was right). */
  async atEnd(): Promise<boolean> {
    while (this.#pending.length === 0) if (!(await this.#more())) return true;
    return false;
  }
}

async function readHeader(reader: BackupReader): Promise<BackupHeader> {
  const magic = await reader.line(64);
  if (magic !== MAGIC) {
    throw magic.startsWith('TOKENDESK LOGICAL BACKUP ')
      ? invalid(`format ${magic.slice(25)}, this version reads ${BACKUP_FORMAT}`)
      : invalid('no TokenDesk backup header');
  }
  let header: BackupHeader;
  try {
    header = JSON.parse(await reader.line(16 * 1024 * 1024)) as BackupHeader;
  } catch (err) {
    if (err instanceof BackupError) throw err;
    throw invalid('its header is not JSON');
  }
  if (
    header.format !== BACKUP_FORMAT ||
    !Array.isArray(header.tables) ||
    !Array.isArray(header.sequences) ||
    typeof header.migrations?.count !== 'number'
  ) {
    throw invalid('its header is incomplete');
  }
  return header;
}

/** The header of a backup file (for messages before a restore). */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  const input = fs.createReadStream(file);
  try {
    return await readHeader(new BackupReader(input));
  } finally {
    input.destroy();
  }
}

// ---------------------------------------------------------------------------------------------
// Restore

const journalPath = path.join(serverRoot, 'drizzle/meta/_journal.json');

/**
 * Migrates the database at `url` up to the first `count` migrations (all with `count` undefined):
 * a backup taken by an older version is loaded into its own schema, then migrated like any
 * database of that version.
 */
export async function migrateTo(url: string, count?: number): Promise<void> {
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  if (count !== undefined && count > journal.entries.length) {
    throw new BackupError(
      `The backup was taken by a newer TokenDesk (${count} migrations; this one knows ${journal.entries.length}): restore it with that version.`,
      'invalid',
    );
  }
  let folder = path.join(serverRoot, 'drizzle');
  let tmp: string | null = null;
  if (count !== undefined && count < journal.entries.length) {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tokendesk-migrations-'));
    fs.mkdirSync(path.join(tmp, 'meta'));
    const entries = journal.entries.slice(0, count);
    fs.writeFileSync(path.join(tmp, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
    for (const e of entries) fs.copyFileSync(path.join(folder, `${e.tag}.sql`), path.join(tmp, `${e.tag}.sql`));
    folder = tmp;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await migratePg(drizzlePg(client), { migrationsFolder: folder });
  } finally {
    await client.end().catch(() => {});
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  }
}

export interface LoadResult {
  header: BackupHeader;
  tables: number;
  rows: number;
}

/**
 * Loads a backup into the database at `url`, which must hold no rows: migrated to the backup's
 * schema, every table copied in and compared by row count with the header, the sequences set,
 * all in one transaction; then migrated to this code's schema. Any error leaves it without rows.
 */
export async function loadLogicalBackup(url: string, input: Readable): Promise<LoadResult> {
  const reader = new BackupReader(input);
  const header = await readHeader(reader);
  await migrateTo(url, header.migrations.count);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = new Map((await tablesInLoadOrder(client)).map((t) => [t.name, t]));
    const occupied = await nonEmptyTables(client, [...tables.values()]);
    if (occupied.length > 0)
      throw new BackupError(
        `The database to restore into already holds rows (${occupied.slice(0, 5).join(', ')}).`,
        'exists',
      );
    for (const t of header.tables) {
      const here = tables.get(t.name);
      if (!here || here.columns.join(',') !== t.columns.join(','))
        throw invalid(`table ${t.name} does not match the schema of migration ${header.migrations.count}`);
    }
    await client.query('begin');
    try {
      for (const t of header.tables) {
        const rows = await copyInto(client, tables.get(t.name)!, Readable.from(reader.table()));
        if (rows !== t.rows) throw invalid(`table ${t.name} holds ${rows} rows, its header says ${t.rows}`);
      }
      if ((await reader.line(64)) !== END_OF_FILE || !(await reader.atEnd()))
        throw invalid('no end marker after the last table');
      await resetSequences(
        client,
        header.sequences.map((s) => ({ name: s.name, lastValue: s.last_value })),
      );
      const differ = await compareCounts(client, header.tables);
      if (differ.length > 0) throw invalid(`row counts differ after the load: ${differ.join('; ')}`);
      await client.query('commit');
    } catch (err) {
      await client.query('rollback').catch(() => {});
      // COPY's own parse errors (a corrupt row) mean a bad file, not a failing server.
      if (!(err instanceof BackupError) && (err as { code?: string }).code?.startsWith('22'))
        throw invalid((err as Error).message);
      throw err;
    }
  } finally {
    await client.end().catch(() => {});
  }
  await migrateTo(url);
  return { header, tables: header.tables.length, rows: header.tables.reduce((s, t) => s + t.rows, 0) };
}

const URL_PARTS = /^(postgres(?:ql)?:\/\/[^/?]*)\/([^?]*)(\?.*)?$/;

/** The database a postgres:// URL names (WHATWG URL refuses the socket form `user:pw@/db?host=`). */
export function databaseOf(url: string): string {
  const m = URL_PARTS.exec(url);
  if (!m?.[2]) throw new Error('The database URL names no database.');
  return decodeURIComponent(m[2]);
}

export function withDatabase(url: string, database: string): string {
  const m = URL_PARTS.exec(url);
  if (!m) throw new Error('Not a postgres:// URL.');
  return `${m[1]}/${encodeURIComponent(database)}${m[3] ?? ''}`;
}

export interface SwapRestoreResult extends LoadResult {
  /** The database the restore replaced, kept under this name; null when there was none or it was empty. */
  previous: string | null;
}

/**
 * Restore on a cluster we administer (the embedded one): the backup is loaded into a new database
 * beside the live one, and only when it is complete and verified are the two swapped by renaming
 * them, in one transaction. The old database is kept as <name>_before_restore_<time>. A bad file
 * costs the new database only. The rename fails while anyone is connected to the live database, so
 * a server still running on it makes the restore stop there.
 */
export async function restoreBySwap(opts: {
  url: string;
  adminUrl: string;
  input: Readable;
  force: boolean;
  log?: (msg: string) => void;
}): Promise<SwapRestoreResult> {
  const live = databaseOf(opts.url);
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  const staging = `${live}_restoring_${stamp}`;
  const previous = `${live}_before_restore_${stamp}`;
  const admin = new pg.Client({ connectionString: opts.adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ n: number }>('select count(*)::int as n from pg_database where datname = $1', [
      live,
    ]);
    const exists = rows[0]!.n > 0;
    let liveHasRows = false;
    if (exists) {
      const check = new pg.Client({ connectionString: opts.url });
      await check.connect();
      try {
        const migrated =
          (await check.query<{ n: number }>("select count(*)::int as n from pg_namespace where nspname = 'drizzle'"))
            .rows[0]!.n > 0;
        liveHasRows = (await nonEmptyTables(check, await tablesInLoadOrder(check))).length > 0 && migrated;
      } finally {
        await check.end();
      }
      if (liveHasRows && !opts.force) {
        throw new BackupError(
          `The database ${live} already holds data. Pass --force to replace it (it is kept as ${live}_before_restore_<time>).`,
          'exists',
        );
      }
    }
    await admin.query(`create database ${quoteIdent(staging)}`);
    let result: LoadResult;
    try {
      result = await loadLogicalBackup(withDatabase(opts.url, staging), opts.input);
      await admin.query('begin');
      if (exists) await admin.query(`alter database ${quoteIdent(live)} rename to ${quoteIdent(previous)}`);
      await admin.query(`alter database ${quoteIdent(staging)} rename to ${quoteIdent(live)}`);
      await admin.query('commit');
    } catch (err) {
      await admin.query('rollback').catch(() => {});
      await admin.query(`drop database if exists ${quoteIdent(staging)} with (force)`).catch(() => {});
      if ((err as { code?: string }).code === '55006') {
        throw new BackupError(`The database ${live} is in use (a server runs on it): stop it, then restore.`, 'in-use');
      }
      throw err;
    }
    if (exists && !liveHasRows) {
      // An empty database (a fresh cluster) is not worth keeping.
      await admin.query(`drop database if exists ${quoteIdent(previous)}`);
      return { ...result, previous: null };
    }
    return { ...result, previous: exists ? previous : null };
  } finally {
    await admin.end().catch(() => {});
  }
}

/**
 * Reads a whole backup file without a database: the gzip checksum, the header, every table's rows
 * counted against the header, the end marker. The backup command runs it on what it wrote.
 */
export async function verifyBackupFile(file: string): Promise<{ header: BackupHeader; rows: number }> {
  const input = fs.createReadStream(file);
  try {
    const reader = new BackupReader(input);
    const header = await readHeader(reader);
    let rows = 0;
    for (const t of header.tables) {
      let lines = 0;
      for await (const chunk of reader.table())
        for (let i = chunk.indexOf(0x0a); i >= 0; i = chunk.indexOf(0x0a, i + 1)) lines++;
      if (lines !== t.rows) throw invalid(`table ${t.name} holds ${lines} rows, its header says ${t.rows}`);
      rows += lines;
    }
    if ((await reader.line(64)) !== END_OF_FILE || !(await reader.atEnd()))
      throw invalid('no end marker after the last table');
    return { header, rows };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new BackupError(`${file}: no such file`, 'not-found');
    throw err;
  } finally {
    input.destroy();
  }
}
