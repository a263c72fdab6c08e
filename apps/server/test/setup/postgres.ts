import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/db/embedded-postgres';
import { databaseUrl } from '../support/database-url';
// Declares what this setup provides ('postgres'), where it is read: the fault suite's program reads
// it (through support/spawn.ts) without this file.
import type {} from '../support/database';

/**
 * One PostgreSQL for the whole server run, and one migrated template database in it that every
 * test context copies (test/support/database.ts). With DATABASE_URL (CI's PostgreSQL run) that
 * server is used; otherwise a throwaway embedded cluster in a temp directory, the same binaries
 * `npm start` runs. Test data is thrown away, so durability is off: no fsync, no full pages.
 */
const TEST_SETTINGS: Record<string, string> = {
  fsync: 'off',
  synchronous_commit: 'off',
  full_page_writes: 'off',
  // Two forks, each file a pool of up to 10, plus the servers some tests start on a clone.
  max_connections: '200',
  // Clones are copied file by file (FILE_COPY), which checkpoints; keep those short.
  checkpoint_timeout: '30min',
};

export default async function setup(project: TestProject) {
  const started = performance.now();
  let cluster: EmbeddedPostgres | null = null;
  let tempDir: string | null = null;
  let adminUrl = process.env.DATABASE_URL ?? '';
  if (!adminUrl) {
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tokendesk-test-pg-'));
    cluster = await startEmbeddedPostgres({ dir: path.join(tempDir, 'pg'), settings: TEST_SETTINGS });
    adminUrl = cluster.adminUrl;
  }
  const stopCluster = async () => {
    await cluster?.stop();
    if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
  };

  // Unique per run: several runs may share one DATABASE_URL server.
  const template = `tokendesk_template_${process.pid}_${randomBytes(3).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
  let strategy = '';
  try {
    await client.connect();
    const { rows } = await client.query<{ v: string }>('show server_version_num');
    // STRATEGY exists from PostgreSQL 15; FILE_COPY copies the directory instead of WAL-logging
    // every block, which is faster for a small database with durability off.
    if (Number(rows[0]?.v) >= 150000) strategy = ' strategy file_copy';
    await client.query(`create database ${template}`);
    const database = await openDatabase({ kind: 'postgres', url: databaseUrl(adminUrl, template) });
    await database.close();
  } catch (err) {
    await client.end().catch(() => {});
    await stopCluster();
    throw err;
  }
  await client.end();
  project.provide('postgres', { adminUrl, template, strategy });
  if (process.env.TOKENDESK_TEST_TIMINGS)
    console.log(
      `test PostgreSQL ready in ${Math.round(performance.now() - started)} ms (${cluster ? 'embedded' : 'DATABASE_URL'})`,
    );

  return async () => {
    if (!cluster) {
      // An external server outlives the run: leave it without our template.
      const c = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
      await c.connect();
      await c.query(`drop database if exists ${template} with (force)`).catch(() => {});
      await c.end();
    }
    await stopCluster();
  };
}
