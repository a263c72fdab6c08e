import { fieldError } from './http-errors';

/**
 * Keyset cursors: base64url of a JSON array of the last row's sort key. They are opaque to clients
 * but come back from them, so a cursor is untrusted input like any other: every element is checked
 * against the column it will be compared with, and anything else answers 400 before a query runs
 * (an int4 past 2^31-1 or a timestamp past Date's range used to reach PostgreSQL or toISOString
 * and answer 500).
 */

/** Checks one element of a decoded cursor: its value, or undefined when it does not fit the column. */
export type CursorPart<T> = (value: unknown) => T | undefined;

export const INT4_MAX = 2 ** 31 - 1;
const INT8_MAX = 2n ** 63n - 1n;
/** 9999-12-31T23:59:59.999Z: toISOString keeps four-digit years, which PostgreSQL reads back. */
const MAX_TIME_MS = 253_402_300_799_999;

const isWhole = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

export const cursorParts = {
  /** A serial id or any non-negative int4 column (log_index, pool id). */
  int4: ((v) => (isWhole(v) && v <= INT4_MAX ? v : undefined)) as CursorPart<number>,
  /** A bigserial id read in number mode: safe integers only. */
  int8: ((v) => (isWhole(v) ? v : undefined)) as CursorPart<number>,
  /** A bigint column that can pass 2^53 (block numbers): a decimal string, at most int8. */
  int8String: ((v) => {
    if (typeof v !== 'string' || !/^(0|[1-9][0-9]{0,18})$/.test(v)) return undefined;
    const n = BigInt(v);
    return n <= INT8_MAX ? n : undefined;
  }) as CursorPart<bigint>,
  /** A timestamptz as epoch milliseconds, 1970 to 9999. */
  epochMs: ((v) => (isWhole(v) && v <= MAX_TIME_MS ? new Date(v) : undefined)) as CursorPart<Date>,
  /** One of a few small integers (a computed rank). */
  oneOf:
    (...allowed: number[]): CursorPart<number> =>
    (v) =>
      typeof v === 'number' && allowed.includes(v) ? v : undefined,
} as const;

type Decoded<P extends readonly CursorPart<unknown>[]> = {
  -readonly [K in keyof P]: P[K] extends CursorPart<infer T> ? T : never;
};

export const invalidCursor = () => fieldError('cursor', 'Invalid cursor. Start again from the first page.');

export function encodeCursor(key: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

/** The key a cursor carries, each part checked; null for anything this server could not have written. */
export function decodeCursor<const P extends readonly CursorPart<unknown>[]>(
  cursor: string,
  parts: P,
): Decoded<P> | null {
  // Cursors this server writes are short; a long one is not worth decoding.
  if (cursor.length > 200 || !/^[A-Za-z0-9_-]*$/.test(cursor)) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== parts.length) return null;
  const out: unknown[] = [];
  for (let i = 0; i < parts.length; i++) {
    const checked = parts[i]!(value[i]);
    if (checked === undefined) return null;
    out.push(checked);
  }
  return out as Decoded<P>;
}

/** decodeCursor, answering 400 ('Invalid cursor…') instead of null. */
export function parseCursor<const P extends readonly CursorPart<unknown>[]>(cursor: string, parts: P): Decoded<P> {
  const key = decodeCursor(cursor, parts);
  if (!key) throw invalidCursor();
  return key;
}
