import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, discoveredPools, notifications, pools, projects, tickets } from '../../src/db/schema';
import { raiseNotification } from '../../src/domain/notifications';
import {
  ownedAlert,
  ownedDiscoveredPool,
  ownedPool,
  ownedPoolWithProject,
  ownedProject,
  ownedTicket,
} from '../../src/domain/tenancy';
import { createTestContext, signUp, type TestContext } from '../helpers';

/** The domain layer (decision 0028): tenancy answers and the one writer of notifications. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const TOKEN = '0x00000000000000000000000000000000000000a1';
const PAIR = '0x00000000000000000000000000000000000000b2';
const POOL = '0x00000000000000000000000000000000000000c3';

/** One of each owned thing for a fresh user, written straight to the tables. */
async function seedOwner() {
  const { userId } = await signUp(ctx.app);
  const db = ctx.app.db;
  const [project] = await db
    .insert(projects)
    .values({ userId, networkId: 31337, contractAddress: TOKEN, name: 'Demo', tokenSymbol: 'DEMO', tokenDecimal: 18 })
    .returning();
  const [pool] = await db
    .insert(pools)
    .values({
      projectId: project!.id,
      userId,
      networkId: 31337,
      dexId: 'uniswap-v2',
      tokenId: 'weth',
      pairedTokenAddress: PAIR,
      pairedTokenSymbol: 'WETH',
      pairedTokenName: 'Wrapped Ether',
      pairedTokenDecimals: 18,
      poolAddress: POOL,
      poolVersion: 'v2',
      projectIsToken0: true,
    })
    .returning();
  const [alert] = await db
    .insert(alerts)
    .values({ userId, poolId: pool!.id, kind: 'large_swap', minAmount: '1' })
    .returning();
  const [found] = await db
    .insert(discoveredPools)
    .values({
      projectId: project!.id,
      userId,
      networkId: 31337,
      dexId: 'uniswap-v3',
      poolAddress: POOL,
      poolVersion: 'v3',
      fee: 3000,
      pairedTokenAddress: PAIR,
      blockNumber: 5n,
      txHash: '0x01',
    })
    .returning();
  const [ticket] = await db
    .insert(tickets)
    .values({ userId, projectId: project!.id, projectName: 'Demo', subject: 'Help' })
    .returning();
  return { userId, project: project!, pool: pool!, alert: alert!, found: found!, ticket: ticket! };
}

describe('tenancy', () => {
  it("answers each entity's row to its owner, and null to another user and for a missing id alike", async () => {
    const a = await seedOwner();
    const b = await seedOwner();
    const db = ctx.app.db;
    const missing = 2_000_000_000;

    expect((await ownedProject(db, a.userId, a.project.id))?.id).toBe(a.project.id);
    expect(await ownedProject(db, b.userId, a.project.id)).toBeNull();
    expect(await ownedProject(db, a.userId, missing)).toBeNull();

    expect((await ownedPool(db, a.userId, a.pool.id))?.id).toBe(a.pool.id);
    expect(await ownedPool(db, b.userId, a.pool.id)).toBeNull();
    expect(await ownedPool(db, a.userId, missing)).toBeNull();

    const withProject = await ownedPoolWithProject(db, a.userId, a.pool.id);
    expect([withProject?.pool.id, withProject?.project.id]).toEqual([a.pool.id, a.project.id]);
    expect(await ownedPoolWithProject(db, b.userId, a.pool.id)).toBeNull();

    expect((await ownedAlert(db, a.userId, a.alert.id))?.id).toBe(a.alert.id);
    expect(await ownedAlert(db, b.userId, a.alert.id)).toBeNull();
    expect(await ownedAlert(db, a.userId, missing)).toBeNull();

    expect((await ownedDiscoveredPool(db, a.userId, a.project.id, a.found.id))?.id).toBe(a.found.id);
    expect(await ownedDiscoveredPool(db, b.userId, a.project.id, a.found.id)).toBeNull();
    // Under another project (even the caller's own) the discovered pool is not found either.
    expect(await ownedDiscoveredPool(db, b.userId, b.project.id, a.found.id)).toBeNull();

    expect((await ownedTicket(db, a.userId, a.ticket.id))?.id).toBe(a.ticket.id);
    expect(await ownedTicket(db, b.userId, a.ticket.id)).toBeNull();
    expect(await ownedTicket(db, a.userId, missing)).toBeNull();
  });
});

describe('raiseNotification', () => {
  it('writes the notice inside the caller’s transaction: rolled back with it, and kept with its source block when committed', async () => {
    const { userId } = await signUp(ctx.app);
    const db = ctx.app.db;
    const input = {
      userId,
      title: 'Price alert: DEMO/WETH',
      message: 'moved',
      navigationUrl: '/alerts/1',
      source: { networkId: 31337, blockNumber: 42n },
    };
    await expect(
      db.transaction(async (tx) => {
        await raiseNotification(tx, input);
        throw new Error('the change it reports failed');
      }),
    ).rejects.toThrow('the change it reports failed');
    expect(await db.select().from(notifications).where(eq(notifications.userId, userId))).toEqual([]);

    await db.transaction((tx) => raiseNotification(tx, input));
    const [row] = await db.select().from(notifications).where(eq(notifications.userId, userId));
    expect(row).toMatchObject({
      title: input.title,
      message: 'moved',
      navigationUrl: '/alerts/1',
      isRead: false,
      networkId: 31337,
      blockNumber: 42n,
    });
  });

  it('is the only code in the server that inserts into notifications', () => {
    const src = path.resolve(__dirname, '../../src');
    // git grep: every tracked or new source file; the domain module itself is the one allowed writer.
    let hits = '';
    try {
      hits = execFileSync(
        'git',
        [
          'grep',
          '-n',
          '--untracked',
          '-i',
          '-E',
          'insert\\((schema\\.)?notifications\\)|insert into notifications',
          '--',
          '.',
        ],
        { cwd: src, encoding: 'utf8' },
      );
    } catch (err) {
      // Exit status 1: no match at all.
      if ((err as { status?: number }).status !== 1) throw err;
    }
    const writers = hits
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split(':')[0])
      .filter((file) => file !== 'domain/notifications.ts');
    expect(writers).toEqual([]);
  });
});
