/**
 * Keyset paging in the list screens' order, newest first: (created_at desc, id desc), which the
 * (user_id, created_at, id) indexes serve. The cursor carries created_at in microseconds, as
 * PostgreSQL stores it: milliseconds (a JS Date) would skip or repeat rows created within one.
 */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { cursorParts, encodeCursor, parseCursor } from '../lib/cursor';

export interface NewestKey {
  /** created_at as microseconds since the epoch, a decimal string. */
  createdUs: string;
  id: number;
}

/** created_at in microseconds, exact (extract answers numeric), for the last row's cursor. */
export const createdMicros = (createdAt: AnyColumn) =>
  sql<string>`(extract(epoch from ${createdAt}) * 1000000)::bigint::text`;

export const encodeNewestCursor = (key: NewestKey): string => encodeCursor([key.createdUs, key.id]);

/** 400 ('Invalid cursor…') for anything this server did not write. */
export function parseNewestCursor(cursor: string): NewestKey {
  const [createdUs, id] = parseCursor(cursor, [cursorParts.int8String, cursorParts.int4]);
  return { createdUs: createdUs.toString(), id };
}

/** Rows after the cursor's row in newest-first order; a row comparison the index range-scans. */
export function afterNewest(createdAt: AnyColumn, id: AnyColumn, key: NewestKey): SQL {
  return sql`(${createdAt}, ${id}) < (timestamptz 'epoch' + ${key.createdUs}::bigint * interval '1 microsecond', ${key.id})`;
}

/** LIKE wildcards in the user's text are matched literally. */
export const likePattern = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
