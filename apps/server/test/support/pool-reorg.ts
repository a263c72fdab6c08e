import { devnetClients } from '@tokendesk/devchain';
import type { Pool } from '@tokendesk/contract';
import { and, eq, gt } from 'drizzle-orm';
import type { Address, Hash } from 'viem';
import { expect } from 'vitest';
import { poolEvents, poolSnapshots } from '../../src/db/schema';
import { ReorgGuard } from '../../src/indexer/reorg';
import type { TestContext } from '../helpers';

/**
 * One reorganisation of an attached pool of any family on the shared devnet (the file must have
 * claimed it): a buy is indexed, anvil drops its blocks, a sell and more blocks make the longer
 * chain. Afterwards the stored events are the new chain's logs, every snapshot above the fork is
 * the new chain's state at its block, and the 24 h figures count the sell, not the buy. Each
 * family's test says how its pool's logs and state read on the chain.
 */
export interface PoolReorgCase {
  rpcUrl: string;
  ctx: TestContext;
  /** GET on the API as the pool's owner. */
  get(url: string): Promise<{ statusCode: number; body: string; json<T>(): T }>;
  /** The user's pool row and its contract. */
  poolId: number;
  pool: Address;
  catchUp(): Promise<void>;
  /** A buy of the project token (orphaned) and a sell (its replacement). */
  buy(): Promise<Hash>;
  sell(): Promise<Hash>;
  /** Every Swap/Mint/Burn log of the pool as `tx:logIndex:amount0:amount1`, pool-side amounts, in chain order. */
  chainEvents(): Promise<string[]>;
  /** What the pool's snapshots hold at a block, read from the chain (reserves, or balances). */
  reservesAt(block: bigint): Promise<readonly [bigint, bigint]>;
}

async function rpc(rpcUrl: string, method: string, params: unknown[]) {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
}

export async function expectReorgFollowed(c: PoolReorgCase): Promise<void> {
  const db = c.ctx.database.db;
  const clients = devnetClients(c.rpcUrl);
  const network = c.ctx.app.chain.registry.get(31337)!;
  const guard = new ReorgGuard(db, c.ctx.app.chain, network);
  const head = () => clients.public.getBlockNumber({ cacheTime: 0 });
  const address = c.pool.toLowerCase();
  const stored = async () =>
    (
      await db
        .select()
        .from(poolEvents)
        .where(eq(poolEvents.poolAddress, address))
        .orderBy(poolEvents.blockNumber, poolEvents.logIndex)
    ).map((e) => `${e.txHash}:${e.logIndex}:${e.amount0}:${e.amount1}`);
  const snapshotsAbove = (block: bigint) =>
    db
      .select()
      .from(poolSnapshots)
      .where(and(eq(poolSnapshots.poolAddress, address), gt(poolSnapshots.blockNumber, block)));
  const figures = async () => {
    const res = await c.get(`projects/user/pools/funds/${c.poolId}/`);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json<Pool>();
    return { buys: p.buys_24h, sells: p.sells_24h };
  };

  await c.catchUp();
  expect(await guard.check()).toBeNull();
  const was = await figures();
  const fork = await head();
  const orphan = await c.buy();
  await clients.test.mine({ blocks: 2 });
  await c.catchUp();
  expect((await stored()).some((e) => e.startsWith(orphan.toLowerCase()))).toBe(true);
  expect((await snapshotsAbove(fork)).length).toBeGreaterThan(0);
  expect(await figures()).toEqual({ buys: was.buys! + 1, sells: was.sells });

  // anvil drops the blocks after the fork; a different trade and more blocks make the longer chain.
  const orphanHead = await head();
  await rpc(c.rpcUrl, 'anvil_rollback', [Number(orphanHead - fork)]);
  const replacement = await c.sell();
  await clients.test.mine({ blocks: Number(orphanHead - fork) });
  const rolled = await guard.check();
  expect(rolled).not.toBeNull();
  expect(rolled!.forkBlock).toBeLessThanOrEqual(fork);
  expect(rolled!.events).toBeGreaterThanOrEqual(1);
  expect(rolled!.snapshots).toBeGreaterThanOrEqual(1);

  await c.catchUp();
  const after = await stored();
  expect(after.some((e) => e.startsWith(orphan.toLowerCase()))).toBe(false);
  expect(after.some((e) => e.startsWith(replacement.toLowerCase()))).toBe(true);
  expect(after).toEqual(await c.chainEvents());
  // Every price point above the fork is the new chain's: none of the orphaned state is left.
  const snapshots = await snapshotsAbove(rolled!.forkBlock);
  expect(snapshots.length).toBeGreaterThan(0);
  for (const s of snapshots) {
    const [r0, r1] = await c.reservesAt(s.blockNumber);
    expect([s.reserve0, s.reserve1], `snapshot at block ${s.blockNumber}`).toEqual([r0.toString(), r1.toString()]);
  }
  expect(await figures()).toEqual({ buys: was.buys, sells: was.sells! + 1 });
}
