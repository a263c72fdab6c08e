import type { Db } from './client';

/**
 * Statements of the hot read paths built once and sent as named (prepared) statements (decision
 * 0086). drizzle builds a query's SQL text from its tree on every call (most of drizzle's share of
 * an uncached request's CPU), and an unnamed statement is parsed and planned by PostgreSQL every
 * time; a prepared query is built once per database handle, and node-postgres parses each name
 * once per connection. Only for statements whose text is fixed: what varies per request must be a
 * placeholder, or part of the key (one statement per key value, e.g. a page size).
 *
 * Per handle (a WeakMap): tests open several databases in one process, and a statement prepared
 * on one handle must never run on another's pool.
 */
export function preparedPerDb<K extends string | number, P>(build: (db: Db, key: K) => P): (db: Db, key: K) => P {
  const byDb = new WeakMap<Db, Map<K, P>>();
  return (db, key) => {
    let built = byDb.get(db);
    if (!built) byDb.set(db, (built = new Map()));
    let statement = built.get(key);
    if (statement === undefined) built.set(key, (statement = build(db, key)));
    return statement;
  };
}
