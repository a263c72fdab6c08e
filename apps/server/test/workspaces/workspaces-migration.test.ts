import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrateTo } from '../../src/db/logical-backup';
import { databaseUrl } from '../support/database';

/**
 * Migration 0030 (decision 0087) on data written before it: every user gets a personal workspace
 * of which they are the owner, every project moves into its owner's, and nothing else changes.
 */

/** Where migrations stood before this one: every journal entry before 0030's (the journal's idx has gaps). */
const journal = JSON.parse(
  fs.readFileSync(
    path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle/meta/_journal.json'),
    'utf8',
  ),
) as { entries: { tag: string }[] };
const BEFORE_0030 = journal.entries.findIndex((e) => e.tag === '0030_workspaces');
const TOKEN = '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed';
const OTHER = '0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359';

let admin: pg.Client;
let name: string;
let client: pg.Client;
let alice: number;
let bob: number;
let carol: number;
let projectsBefore: unknown[];

beforeAll(async () => {
  expect(BEFORE_0030).toBeGreaterThan(0);
  const { adminUrl } = inject('postgres');
  admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  name = `tokendesk_ws_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const url = databaseUrl(adminUrl, name);
  await migrateTo(url, BEFORE_0030);
  client = new pg.Client({ connectionString: url });
  await client.connect();

  const user = async (n: string) =>
    (
      await client.query<{ id: number }>(
        `insert into users (username, email, password_hash) values ($1, $2, 'x') returning id`,
        [n, `${n}@example.com`],
      )
    ).rows[0]!.id;
  [alice, bob, carol] = [await user('alice'), await user('bob'), await user('carol')];
  const project = async (userId: number, address: string) =>
    client.query(
      `insert into projects (user_id, network_id, contract_address, name, token_symbol, token_decimal) values ($1, 31337, $2, 'Demo', 'DEMO', 18)`,
      [userId, address],
    );
  await project(alice, TOKEN);
  await project(alice, OTHER);
  await project(bob, TOKEN);
  projectsBefore = (await client.query('select * from projects order by id')).rows;

  await migrateTo(url);
}, 120_000);

afterAll(async () => {
  await client?.end();
  await admin?.query(`drop database if exists ${name} with (force)`);
  await admin?.end();
});

describe('migration 0030: workspaces', () => {
  it('gives every existing user, with projects or without, one personal workspace they own', async () => {
    const rows = (
      await client.query<{ founder_user_id: number; name: string; user_id: number; role: string }>(
        `select w.founder_user_id, w.name, m.user_id, m.role from workspaces w join workspace_members m on m.workspace_id = w.id order by w.founder_user_id`,
      )
    ).rows;
    expect(rows).toEqual([
      { founder_user_id: alice, name: 'alice', user_id: alice, role: 'owner' },
      { founder_user_id: bob, name: 'bob', user_id: bob, role: 'owner' },
      { founder_user_id: carol, name: 'carol', user_id: carol, role: 'owner' },
    ]);
  });

  it("moves every project into its owner's personal workspace, nothing lost or changed", async () => {
    const rows = (
      await client.query<Record<string, unknown> & { workspace_id: number; user_id: number }>(
        'select * from projects order by id',
      )
    ).rows;
    expect(rows.map(({ workspace_id: _ws, ...rest }) => rest)).toEqual(projectsBefore);
    const founders = new Map(
      (
        await client.query<{ id: number; founder_user_id: number }>('select id, founder_user_id from workspaces')
      ).rows.map((r) => [r.id, r.founder_user_id]),
    );
    for (const row of rows) expect(founders.get(row.workspace_id)).toBe(row.user_id);
  });

  it("makes a later user's personal workspace when first needed (their first project), never on the user's insert", async () => {
    const dave = (
      await client.query<{ id: number }>(
        `insert into users (username, email, password_hash) values ('dave', 'dave@example.com', 'x') returning id`,
      )
    ).rows[0]!.id;
    // A restore loads users before workspaces: nothing may appear in between.
    expect((await client.query('select 1 from workspaces where founder_user_id = $1', [dave])).rowCount).toBe(0);
    const inserted = await client.query<{ workspace_id: number }>(
      `insert into projects (user_id, network_id, contract_address, name, token_symbol, token_decimal) values ($1, 31337, $2, 'D', 'D', 18) returning workspace_id`,
      [dave, TOKEN],
    );
    const [ws] = (
      await client.query<{ id: number; role: string }>(
        `select w.id, m.role from workspaces w join workspace_members m on m.workspace_id = w.id and m.user_id = w.founder_user_id where w.founder_user_id = $1`,
        [dave],
      )
    ).rows;
    expect(ws?.role).toBe('owner');
    expect(inserted.rows[0]!.workspace_id).toBe(ws!.id);
    // Named explicitly, as a restore does: the right workspace is kept, another is refused.
    const again = await client.query<{ workspace_id: number }>(
      `insert into projects (user_id, network_id, contract_address, name, token_symbol, token_decimal, workspace_id) values ($1, 31337, $2, 'D', 'D', 18, $3) returning workspace_id`,
      [dave, OTHER, ws!.id],
    );
    expect(again.rows[0]!.workspace_id).toBe(ws!.id);
    const aliceWs = (
      await client.query<{ id: number }>('select id from workspaces where founder_user_id = $1', [alice])
    ).rows[0]!.id;
    await expect(
      client.query(`update projects set workspace_id = $1 where user_id = $2`, [aliceWs, dave]),
    ).rejects.toThrow(/belongs in workspace/);
  });

  it("deleting a user deletes their personal workspace and its memberships, and no one else's", async () => {
    await client.query('delete from users where id = $1', [carol]);
    expect((await client.query('select 1 from workspaces where founder_user_id = $1', [carol])).rowCount).toBe(0);
    expect((await client.query('select 1 from workspace_members where user_id = $1', [carol])).rowCount).toBe(0);
    expect(
      (await client.query('select 1 from workspaces where founder_user_id = any($1::int[])', [[alice, bob]])).rowCount,
    ).toBe(2);
  });
});
