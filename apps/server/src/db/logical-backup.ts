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
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { serverRoot } from '../paths';

export const BACKUP_FORMAT = 1;
export const MAGIC = `TOKENDESK LOGICAL BACKUP ${BACKUP_FORMAT}`;
export const END_OF_TABLE = '\\.';
export const END_OF_FILE = '\\end';

export class BackupError extends Error {
  override name = 'BackupError';
  constructor(
    message: string,
    readonly kind: 'not-found' | 'exists' | 'invalid' | 'mismatch',
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
    if (visiting.has(table)) throw new Error(`The foreign keys of table ${table} form a cycle; the copy needs an order.`);
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
    if (s.lastValue === null) await client.query('select setval($1::regclass, (select start_value from pg_sequences where schemaname = $2 and sequencename = $3), false)', [seq, 'public', s.name]);
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
  const journal = JSON.parse(fs.readFileSync(path.join(serverRoot, 'drizzle/meta/_journal.json'), 'utf8')) as { entries: { when: number; tag: string }[] };
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

