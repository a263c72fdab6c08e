import { createPoolOnDevnet, devnetClients } from '@tokendesk/devchain';
import { activityCsvColumns } from '@tokendesk/contract';
import { eq } from 'drizzle-orm';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, poolEvents, projects } from '../../src/db/schema';
import { PoolWatch } from '../../src/indexer/pool-watch';
import { createTestContext, devnetChain, signUp, type TestContext, requester, type Method } from '../helpers';
import { parseCsv } from '../support/csv';
import { claimSharedChain, type SharedChain } from '@tokendesk/testkit/shared-chain';

/**
 * What projects/create takes from the chain (decision 0057): the token's name and symbol (never
 * the client's text), and the block it was added at, from which the new-pool watch looks for the
 * token's pools. This file creates pools: it holds the run's shared devnet and reverts it after.
 */
let devnet: SharedChain;
const clients = () => devnetClients(devnet.rpcUrl);

beforeAll(async () => {
  devnet = await claimSharedChain('project-create-chain.test.ts');
}, 600_000); // includes waiting for the chain-writer lock

afterAll(async () => {
  await devnet?.release();
});

/** A fresh database (no watch checkpoint yet) with the devnet as its only chain. */
function freshContext() {
  const state: { ctx: TestContext } = {} as never;
  beforeAll(async () => {
    state.ctx = await createTestContext({}, { chain: devnetChain({ rpcUrl: devnet.rpcUrl }) });
  });
  afterAll(async () => {
    await state.ctx?.close();
  });
  return state;
}

type User = Awaited<ReturnType<typeof signUp>>;

const call = (ctx: TestContext, user: User, method: Method, url: string, payload?: object) =>
  requester(() => ctx.app)(user.token, method, url, payload);

/** Adds a project the way the web form does: with what 'Fetch Token Info' answered. */
async function addProject(ctx: TestContext, user: User, token: Address): Promise<number> {
  const info = await call(ctx, user, 'POST', 'projects/get-token-info/', { network: 31337, contract_address: token });
  expect(info.statusCode, info.body).toBe(200);
  const { name, symbol, decimals } = info.json<{ name: string; symbol: string; decimals: number }>();
  const res = await call(ctx, user, 'POST', 'projects/create/', {
    network: 31337,
    contract_address: token,
    name,
    token_symbol: symbol,
    token_decimal: decimals,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

async function poolNotices(ctx: TestContext, user: User) {
  const rows = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, user.userId));
  return rows.filter((n) => n.title.startsWith('New pool found'));
}

const watchOf = (ctx: TestContext) => new PoolWatch(ctx.database.db, ctx.app.chain, ctx.app.chain.registry.get(31337)!);

async function tickUntilCaughtUp(watch: PoolWatch) {
  for (let i = 0; i < 20; i++) if ((await watch.tick()).caughtUp) return;
  throw new Error('the new-pool watch did not catch up');
}

describe('the new-pool watch starts at the block the project was added (issue 29, item 9)', () => {
  const state = freshContext();

  it('notifies a DEMO/USDT pair created right after DEMO was added, before the watch ever ticked', async () => {
    const { ctx } = state;
    const owner = await signUp(ctx.app);
    const demoId = await addProject(ctx, owner, devnet.addresses.demo);
    // Within a second of adding DEMO, on the real V2 factory; the watch has not run yet.
    const pair = await createPoolOnDevnet(clients(), {
      version: 'v2',
      tokenA: devnet.addresses.demo,
      tokenB: devnet.addresses.usdt,
    });

    const watch = watchOf(ctx);
    await tickUntilCaughtUp(watch);
    await tickUntilCaughtUp(watch); // a second pass adds nothing

    const notices = await poolNotices(ctx, owner);
    // DEMO's pools from before it was added (DEMO/WETH, DEMO/USDC, the V4 ones) are 'Add Pool's.
    expect(notices.map((n) => n.title)).toEqual(['New pool found for DEMO on Uniswap V2']);
    expect(notices[0]!.message).toContain(pair.address);
    expect(notices[0]!.message).toContain('DEMO/USDT');
    const found = (await call(ctx, owner, 'GET', `projects/${demoId}/discovered-pools/`)).json<{
      pools: { pool_address: string }[];
    }>();
    expect(found.pools.map((p) => p.pool_address)).toEqual([pair.address]);
    // The head its create read, below the pair's block.
    const [row] = await ctx.database.db.select().from(projects).where(eq(projects.id, demoId));
    const pairBlock = (await clients().public.getTransactionReceipt({ hash: pair.hash })).blockNumber;
    expect(row!.createdBlock).not.toBeNull();
    expect(row!.createdBlock!).toBeLessThan(pairBlock);
  });

  it('catches up a project the shared scan passed before it saw it, without telling anyone twice', async () => {
    const { ctx } = state;
    const owner = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const demoId = await addProject(ctx, owner, devnet.addresses.demo);
    const watch = watchOf(ctx);
    await tickUntilCaughtUp(watch); // owner's DEMO is in the shared scan from here

    // The race: a tick reads the project list just before other's SMPL project is committed, and
    // then scans past the block of a pool created right after it. Hiding the row on another
    // network for that tick is exactly that list.
    const smplId = await addProject(ctx, other, devnet.addresses.smpl);
    await ctx.database.db.update(projects).set({ networkId: 999 }).where(eq(projects.id, smplId));
    const pair = await createPoolOnDevnet(clients(), {
      version: 'v2',
      tokenA: devnet.addresses.demo,
      tokenB: devnet.addresses.smpl,
    });
    await tickUntilCaughtUp(watch);
    expect((await poolNotices(ctx, owner)).map((n) => n.title)).toEqual(['New pool found for DEMO on Uniswap V2']);
    expect(await poolNotices(ctx, other)).toEqual([]);
    // The owner dismisses it: a rescan of that range for DEMO would tell them again.
    const ownerFound = (await call(ctx, owner, 'GET', `projects/${demoId}/discovered-pools/`)).json<{
      pools: { id: number }[];
    }>();
    expect(
      (await call(ctx, owner, 'DELETE', `projects/${demoId}/discovered-pools/${ownerFound.pools[0]!.id}/`)).statusCode,
    ).toBe(200);

    await ctx.database.db.update(projects).set({ networkId: 31337 }).where(eq(projects.id, smplId));
    await tickUntilCaughtUp(watch);
    await tickUntilCaughtUp(watch);

    const theirs = await poolNotices(ctx, other);
    expect(theirs.map((n) => n.title)).toEqual(['New pool found for SMPL on Uniswap V2']);
    expect(theirs[0]!.message).toContain(pair.address);
    expect(theirs[0]!.navigationUrl).toBe(`/projects/${smplId}`);
    expect(await poolNotices(ctx, owner)).toHaveLength(1);
    expect((await call(ctx, owner, 'GET', `projects/${demoId}/discovered-pools/`)).json().pools).toEqual([]);
    const [smpl] = await ctx.database.db.select().from(projects).where(eq(projects.id, smplId));
    expect(smpl!.poolWatchJoined).toBe(true);
  });
});

describe("a project's name and symbol are the contract's, not the client's (issue 29, item 7)", () => {
  const state = freshContext();
  const FORGED_SYMBOL = '+cmd|x';
  const FORGED_NAME = '=HYPERLINK("http://evil.example/","x")';
  const forged = (text: string) =>
    text.includes('cmd|x') || text.includes('HYPERLINK') || text.includes('evil.example');

  it('stores what the chain says for a forged symbol and name; the text appears in no answer, export or notification', async () => {
    const { ctx } = state;
    const owner = await signUp(ctx.app);
    const res = await call(ctx, owner, 'POST', 'projects/create/', {
      network: 31337,
      contract_address: devnet.addresses.smpl,
      name: FORGED_NAME,
      token_symbol: FORGED_SYMBOL,
      token_decimal: 9,
    });
    expect(res.statusCode, res.body).toBe(201);
    const project = res.json<{ id: number; name: string; token_symbol: string; ticker: string }>();
    expect(project).toMatchObject({ name: 'Sample Token', token_symbol: 'SMPL', ticker: 'SMPL' });
    const [row] = await ctx.database.db.select().from(projects).where(eq(projects.id, project.id));
    expect(row).toMatchObject({ name: 'Sample Token', tokenSymbol: 'SMPL' });

    for (const url of [`projects/${project.id}/`, 'projects/', 'projects/summary/', 'projects/search/?query=SMPL']) {
      const answer = await call(ctx, owner, 'GET', url);
      expect(answer.statusCode, url).toBe(200);
      expect(forged(answer.body), url).toBe(false);
      expect(answer.body, url).toContain('SMPL');
    }

    // The activity export: its project_symbol column.
    const attach = await call(ctx, owner, 'POST', `projects/pool/${project.id}/`, {
      dex: 'uniswap-v3',
      token: 'weth',
      pool_address: devnet.addresses.pools.smplWethV3,
      pool_version: 'v3',
    });
    expect(attach.statusCode, attach.body).toBe(201);
    expect(forged(attach.body)).toBe(false);
    await ctx.database.db.insert(poolEvents).values({
      networkId: 31337,
      poolAddress: devnet.addresses.pools.smplWethV3.toLowerCase(),
      txHash: `0x${'cd'.repeat(32)}`,
      logIndex: 0,
      blockNumber: 5n,
      blockTime: new Date('2025-02-01T10:00:00Z'),
      type: 'swap',
      amount0: (-(10n ** 9n)).toString(),
      amount1: (10n ** 15n).toString(),
      sqrtPriceX96: null,
    });
    const csv = await call(
      ctx,
      owner,
      'GET',
      'projects/activity/export/?from=2025-01-01T00:00:00Z&to=2025-03-01T00:00:00Z',
    );
    expect(csv.statusCode, csv.body).toBe(200);
    expect(forged(csv.body)).toBe(false);
    const rows = parseCsv(csv.body);
    const symbolColumn = activityCsvColumns.indexOf('project_symbol');
    expect(rows.slice(1).map((r) => r[symbolColumn])).toEqual(['SMPL']);

    // A notification: the new-pool watch's, which names the project's symbol.
    const pair = await createPoolOnDevnet(clients(), {
      version: 'v2',
      tokenA: devnet.addresses.smpl,
      tokenB: devnet.addresses.usdc,
    });
    await tickUntilCaughtUp(watchOf(ctx));
    const notices = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, owner.userId));
    expect(notices.map((n) => n.title)).toContain('New pool found for SMPL on Uniswap V2');
    expect(notices.find((n) => n.message.includes(pair.address))!.message).toContain('SMPL/USDC');
    for (const n of notices) expect(forged(`${n.title} ${n.message}`), n.title).toBe(false);
    const bell = await call(ctx, owner, 'GET', 'projects/notifications/');
    expect(bell.statusCode).toBe(200);
    expect(bell.body).toContain('New pool found for SMPL on Uniswap V2');
    expect(forged(bell.body)).toBe(false);
  });

  it('still accepts the answer of get-token-info unchanged, and still checks the decimals', async () => {
    const { ctx } = state;
    const owner = await signUp(ctx.app);
    await addProject(ctx, owner, devnet.addresses.demo);
    const wrong = await call(ctx, owner, 'POST', 'projects/create/', {
      network: 31337,
      contract_address: devnet.addresses.smpl,
      name: 'Sample Token',
      token_symbol: 'SMPL',
      token_decimal: 18,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].field).toBe('token_decimal');
  });
});
