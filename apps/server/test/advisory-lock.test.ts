import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { safeErrorText } from '../src/lib/error-text';
import { cloneDatabase, type ClonedDatabase } from './support/database';

const KEY = 7_243_199_999;

// On the run's PostgreSQL (setup/postgres.ts: the embedded test cluster, or DATABASE_URL's server in
// CI's second pass), in a clone of its own: advisory locks are per database, so nothing else in
// the run can hold this key.
describe('the indexer advisory lock on PostgreSQL', () => {
  let clone: ClonedDatabase;
  let url: string;
  let database: Database;
  beforeAll(async () => {
    clone = await cloneDatabase('tokendesk_lock');
    url = clone.url;
    database = await openDatabase({ kind: 'postgres', url });
  });
  afterAll(async () => {
    await database?.close();
    await clone?.drop();
  });

  it('knows when its session died with the database connection, so it can be taken again', async () => {
    const lock = await database.tryAdvisoryLock(KEY);
    expect(lock).not.toBeNull();
    expect(lock!.isLost!()).toBe(false);
    expect(await database.tryAdvisoryLock(KEY)).toBeNull(); // held: a second taker stands by

    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(
      `select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database()) and ((classid::bigint << 32) | objid::bigint) = $1`,
      [KEY],
    );
    await admin.end();
    await expect.poll(() => lock!.isLost!(), { timeout: 5_000 }).toBe(true);

    await lock!(); // releasing a lost lock is harmless
    const again = await database.tryAdvisoryLock(KEY);
    expect(again).not.toBeNull();
    await again!();
  });
});

describe('errors shown outside the logs', () => {
  it('show the database reason, not the SQL of a failed query', () => {
    const err = Object.assign(new Error('Failed query: update "token_holder_sync" set x = $1\nparams: 1'), {
      cause: Object.assign(new Error('Connection terminated unexpectedly'), { name: 'Error' }),
    });
    expect(safeErrorText(err)).toBe('Connection terminated unexpectedly');
  });
});
