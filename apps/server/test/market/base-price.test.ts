import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../../src/db/client';
import { poolEvents, poolSnapshots } from '../../src/db/schema';
import {
  basePriceColumns,
  basePriceJoins,
  basePricePoint,
  pointPrice,
  type BasePriceRow,
} from '../../src/market/base-price';
import { cloneDatabase, type ClonedDatabase } from '../support/database';

/**
 * The base price at a cutoff (src/market/base-price.ts), the one rule behind the pool answers'
 * 24 h change and the weekly report's 7-day change, against real stored rows.
 */
const NETWORK = 1;
const POOL = '0x00000000000000000000000000000000000000b1';
const OTHER = '0x00000000000000000000000000000000000000b2';
const Q96 = 2n ** 96n;
const minute = (iso: string) => new Date(`${iso.slice(0, 16)}:00Z`);

describe('base price at a cutoff', () => {
  let clone: ClonedDatabase;
  let database: Database;

  beforeAll(async () => {
    clone = await cloneDatabase();
    database = await openDatabase({ kind: 'postgres', url: clone.url });
    const snapshot = (pool: string, block: number, iso: string, reserve0: string, reserve1: string) => ({
      networkId: NETWORK,
      poolAddress: pool,
      bucket: minute(iso),
      blockNumber: BigInt(block),
      blockTime: new Date(iso),
      reserve0,
      reserve1,
      sqrtPriceX96: null,
    });
    await database.db.insert(poolSnapshots).values([
      snapshot(POOL, 100, '2026-11-01T10:00:05Z', '1000', '2000'),
      snapshot(POOL, 120, '2026-11-01T11:00:05Z', '1000', '3000'),
      // After the cutoff used below: never the base.
      snapshot(POOL, 200, '2026-11-01T13:00:05Z', '1000', '9000'),
      snapshot(OTHER, 110, '2026-11-01T10:30:05Z', '1000', '5000'),
    ]);
    const swap = (pool: string, block: number, logIndex: number, iso: string, sqrtPriceX96: bigint | null) => ({
      networkId: NETWORK,
      poolAddress: pool,
      txHash: `0x${block.toString(16).padStart(64, '0')}`,
      logIndex,
      blockNumber: BigInt(block),
      blockTime: new Date(iso),
      type: 'swap' as const,
      amount0: '-1',
      amount1: '2',
      sqrtPriceX96: sqrtPriceX96?.toString() ?? null,
    });
    await database.db.insert(poolEvents).values([
      // OTHER: a priced swap newer than its snapshot, and one after the cutoff.
      swap(OTHER, 115, 0, '2026-11-01T10:40:00Z', 2n * Q96),
      swap(OTHER, 210, 0, '2026-11-01T13:10:00Z', 3n * Q96),
      // POOL: a priced swap in the same block as its newest snapshot before the cutoff (the
      // snapshot, the state at the end of the block, wins), and an unpriced (V2) swap after it.
      swap(POOL, 120, 1, '2026-11-01T11:00:05Z', 4n * Q96),
      swap(POOL, 121, 0, '2026-11-01T11:10:00Z', null),
    ]);
  });

  afterAll(async () => {
    await database?.close();
    await clone?.drop();
  });

  async function baseRows(cutoffIso: string, swapsPriced = sql`true`): Promise<Map<string, BasePriceRow>> {
    const rows = await queryRows<BasePriceRow & { pool_address: string }>(
      database.db,
      sql`select k.pool_address, ${basePriceColumns}
          from (values (${POOL}::text), (${OTHER}::text)) as k(pool_address)
          ${basePriceJoins(sql`${NETWORK}::int`, sql`k.pool_address`, cutoffIso, swapsPriced)}`,
    );
    return new Map(rows.map((r) => [r.pool_address, r]));
  }

  it('is the newest snapshot at or before the cutoff, or a newer priced swap; on the same block the snapshot', async () => {
    const rows = await baseRows('2026-11-01T12:00:00Z');
    const pool = basePricePoint(rows.get(POOL)!);
    expect(pool).toEqual({
      blockNumber: 120n,
      blockTime: new Date('2026-11-01T11:00:05Z'),
      reserve0: '1000',
      reserve1: '3000',
      sqrtPriceX96: null,
    });
    const other = basePricePoint(rows.get(OTHER)!);
    expect(other).toEqual({
      blockNumber: 115n,
      blockTime: new Date('2026-11-01T10:40:00Z'),
      reserve0: null,
      reserve1: null,
      sqrtPriceX96: (2n * Q96).toString(),
    });
    // From the user's side: token0 is the project's, equal decimals.
    const side = { projectIsToken0: true, projectDecimals: 18, pairedDecimals: 18 };
    expect(pointPrice(side, pool!)).toBe('3');
    expect(pointPrice(side, other!)).toBe('4');
  });

  it('a query may skip the swap lookup (V2 pools); history that does not reach the cutoff has no base', async () => {
    const skipped = await baseRows('2026-11-01T12:00:00Z', sql`false`);
    expect(basePricePoint(skipped.get(OTHER)!)).toMatchObject({ blockNumber: 110n, reserve1: '5000' });
    const early = await baseRows('2026-11-01T09:00:00Z');
    expect(basePricePoint(early.get(POOL)!)).toBeNull();
    expect(basePricePoint(early.get(OTHER)!)).toBeNull();
  });

  it('a point without a price gives none', () => {
    const side = { projectIsToken0: false, projectDecimals: 18, pairedDecimals: 18 };
    expect(
      pointPrice(side, { blockNumber: 1n, blockTime: new Date(0), reserve0: null, reserve1: null, sqrtPriceX96: null }),
    ).toBeNull();
  });
});
