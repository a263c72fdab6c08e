import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { testConfig } from '../../src/config';
import { openDatabase, type Database } from '../../src/db/client';
import { StorageUnavailableError, storageFault } from '../../src/db/errors';
import { basic, GOOD_PASSWORD, registerBody } from '../helpers';
import { cloneDatabase, type ClonedDatabase } from '../support/database';

/**
 * Storage faults (docs/decisions/0020-storage-faults.md): a full or failing disk
 * answers 503 with a clear message, and /ready and /metrics say so. The disk-full fault suite
 * (faults/disk-full.test.ts) fills a real tmpfs under the embedded cluster, recovery included;
 * here the database raises PostgreSQL's own disk_full error (SQLSTATE 53100), so the whole path
 * from the driver to the answer is the real one.
 */

describe('storageFault', () => {
  it('knows ENOSPC, EDQUOT, EIO and PostgreSQL 53100 / 58030, also as a cause', () => {
    expect(storageFault(Object.assign(new Error('write'), { code: 'ENOSPC' }))).toBe('full');
    expect(storageFault(Object.assign(new Error('write'), { code: 'EDQUOT' }))).toBe('full');
    expect(
      storageFault(
        new Error('Failed query: insert …', {
          cause: Object.assign(new Error('could not extend file'), { code: '53100' }),
        }),
      ),
    ).toBe('full');
    expect(storageFault(new Error('could not write to file "pg_wal/xlogtemp.42": No space left on device'))).toBe(
      'full',
    );
    expect(storageFault(Object.assign(new Error('read'), { code: 'EIO' }))).toBe('io');
    expect(
      storageFault(
        new Error('Failed query', { cause: Object.assign(new Error('could not read block'), { code: '58030' }) }),
      ),
    ).toBe('io');
    expect(storageFault(new StorageUnavailableError('full', 'x'))).toBe('full');
    expect(storageFault(Object.assign(new Error('dup'), { code: '23505' }))).toBeNull();
    expect(storageFault(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }))).toBeNull();
    expect(storageFault(undefined)).toBeNull();
  });
});

/** A real PostgreSQL error 53100 from the database, as a statement meets it on a full disk. */
const diskFull = sql.raw(
  `do $$ begin raise exception using errcode = 'disk_full', message = 'could not extend file "base/1/16406": No space left on device'; end $$`,
);

async function appOn(database: Database): Promise<FastifyInstance> {
  const app = await buildApp({ config: testConfig(), database, logger: false });
  // A route of this test only: a write that meets a full disk.
  app.post('/test/disk-full', async () => {
    await app.db.execute(diskFull);
    return { written: true };
  });
  await app.ready();
  return app;
}

const register = (app: FastifyInstance) =>
  app.inject({ method: 'POST', url: '/api/v1/user/register/', payload: registerBody() });

describe('a write that meets a full disk (PostgreSQL answers disk_full)', () => {
  let clone: ClonedDatabase;
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    clone = await cloneDatabase();
    database = await openDatabase({ kind: 'postgres', url: clone.url });
    app = await appOn(database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await clone?.drop();
  });

  it('answers 503 with a clear message, and /ready and /metrics say the storage is full', async () => {
    const before = await register(app);
    expect(before.statusCode, before.body).toBe(201);

    const res = await app.inject({ method: 'POST', url: '/test/disk-full' });
    expect(res.statusCode, res.body).toBe(503);
    expect(res.headers['retry-after']).toBe('30');
    expect(res.json()).toEqual({ detail: expect.stringMatching(/^The server is out of disk space/), errors: [] });

    const ready = await app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().storage).toMatchObject({
      state: 'full',
      since: expect.any(String),
      last_error: expect.any(String),
    });

    const metrics = await app.inject({ method: 'GET', url: '/metrics' });
    const count = Number(/^tokendesk_storage_errors_total\{kind="full"\} (\d+)$/m.exec(metrics.body)?.[1]);
    expect(count).toBeGreaterThanOrEqual(1);
    expect(metrics.body).toMatch(/^tokendesk_storage_ok 0$/m);
    expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);

    // What was written before the fault is still there: a sign-in reads it.
    const login = await app.inject({
      method: 'GET',
      url: '/api/v1/user/login/',
      headers: { authorization: basic(before.json().user.username as string, GOOD_PASSWORD) },
    });
    expect(login.statusCode, login.body).toBe(200);
  });
});
