import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrateTo } from '../../src/db/logical-backup';
import { databaseUrl } from '../support/database';

/**
 * Migration 0012 (decision 0027) on data written before it: projects, pools and discovered pools
 * stored checksummed or in any other case end up lower case, and the lower(...) indexes become
 * plain-column ones that still refuse a second row for one address.
 */

const TOKEN = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const POOL = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const PAIRED = '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB';
/** Where migrations stood before this one: 0000–0011. */
const BEFORE_0012 = 12;

let admin: pg.Client;
let name: string;
let client: pg.Client;

beforeAll(async () => {
  const { adminUrl } = inject('postgres');
  admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  name = `tokendesk_addr_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const url = databaseUrl(adminUrl, name);
  await migrateTo(url, BEFORE_0012);
  client = new pg.Client({ connectionString: url });
  await client.connect();

  const user = async (n: string) =>
    (
      await client.query<{ id: number }>(
        `insert into users (username, email, password_hash) values ($1, $2, 'x') returning id`,
        [n, `${n}@example.com`],
      )
    ).rows[0]!.id;
  const [alice, bob] = [await user('alice'), await user('bob')];
  const project = async (userId: number, address: string) =>
    (
      await client.query<{ id: number }>(
        `insert into projects (user_id, network_id, contract_address, name, token_symbol, token_decimal) values ($1, 31337, $2, 'Demo', 'DEMO', 18) returning id`,
        [userId, address],
      )
    ).rows[0]!.id;
  // The same token for two users, spelled two ways: one lower-case address each after the migration.
  const aliceProject = await project(alice, TOKEN);
  const bobProject = await project(bob, TOKEN.toUpperCase().replace('0X', '0x'));
  for (const [userId, projectId, address] of [
    [alice, aliceProject, POOL],
    [bob, bobProject, POOL.toLowerCase()],
  ] as const) {
    await client.query(
      `insert into pools (project_id, user_id, network_id, dex_id, token_id, paired_token_address, paired_token_symbol, paired_token_name,
         paired_token_decimals, pool_address, pool_version, project_is_token0)
       values ($1, $2, 31337, 'uniswap-v2', 'weth', $3, 'WETH', 'Wrapped Ether', 18, $4, 'v2', true)`,
      [projectId, userId, PAIRED, address],
    );
  }
  await client.query(
    `insert into discovered_pools (project_id, user_id, network_id, dex_id, pool_address, pool_version, paired_token_address, block_number, tx_hash)
     values ($1, $2, 31337, 'uniswap-v2', $3, 'v2', $4, 5, '0x01')`,
    [aliceProject, alice, POOL, PAIRED],
  );

  await migrateTo(url);
}, 120_000);

afterAll(async () => {
  await client?.end();
  await admin?.query(`drop database if exists ${name} with (force)`);
  await admin?.end();
});

describe('migration 0012: addresses stored lower case', () => {
  it('lower-cases every stored project, pool and discovered-pool address', async () => {
    const projects = (
      await client.query<{ contract_address: string }>('select contract_address from projects order by id')
    ).rows;
    expect(projects.map((r) => r.contract_address)).toEqual([TOKEN.toLowerCase(), TOKEN.toLowerCase()]);
    const pools = (
      await client.query<{ pool_address: string; paired_token_address: string }>(
        'select pool_address, paired_token_address from pools order by id',
      )
    ).rows;
    expect(pools).toEqual([
      { pool_address: POOL.toLowerCase(), paired_token_address: PAIRED.toLowerCase() },
      { pool_address: POOL.toLowerCase(), paired_token_address: PAIRED.toLowerCase() },
    ]);
    const found = (
      await client.query<{ pool_address: string; paired_token_address: string }>(
        'select pool_address, paired_token_address from discovered_pools',
      )
    ).rows;
    expect(found).toEqual([{ pool_address: POOL.toLowerCase(), paired_token_address: PAIRED.toLowerCase() }]);
    // What the presenters show again from them is the checksummed spelling the rows had.
    expect(getAddress(projects[0]!.contract_address)).toBe(TOKEN);
  });

  it('replaces the lower(...) indexes by plain-column ones that still refuse a second row', async () => {
    const defs = (
      await client.query<{ indexname: string; indexdef: string }>(
        `select indexname, indexdef from pg_indexes where indexname in
           ('projects_user_network_address_key', 'pools_project_address_key', 'pools_network_address_idx', 'discovered_pools_project_pool_key') order by indexname`,
      )
    ).rows;
    expect(defs.map((d) => d.indexname)).toEqual([
      'discovered_pools_project_pool_key',
      'pools_network_address_idx',
      'pools_project_address_key',
      'projects_user_network_address_key',
    ]);
    for (const d of defs) expect(d.indexdef, d.indexname).not.toMatch(/lower\(/i);
    expect(defs.find((d) => d.indexname === 'projects_user_network_address_key')!.indexdef).toMatch(
      /UNIQUE INDEX .*\(user_id, network_id, contract_address\)/,
    );
    expect(defs.find((d) => d.indexname === 'pools_project_address_key')!.indexdef).toMatch(
      /UNIQUE INDEX .*\(project_id, pool_address\)/,
    );

    const { rows } = await client.query<{ user_id: number }>('select user_id from projects order by id limit 1');
    await expect(
      client.query(
        `insert into projects (user_id, network_id, contract_address, name, token_symbol, token_decimal) values ($1, 31337, $2, 'Again', 'A', 18)`,
        [rows[0]!.user_id, TOKEN.toLowerCase()],
      ),
    ).rejects.toMatchObject({ code: '23505', constraint: 'projects_user_network_address_key' });
  });
});
