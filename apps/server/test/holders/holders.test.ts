import {
  BURN_ADDRESS as DEAD,
  createPoolOnDevnet,
  demoAccounts,
  deployHolderTestToken,
  devnetClients,
  transferTestToken,
} from '@tokendesk/devchain';
import { holderProgressText, type HoldersSummary } from '@tokendesk/contract';
import { and, eq } from 'drizzle-orm';
import { getAddress, parseAbi, zeroAddress, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client';
import { notifications, tokenBalances, tokenHolderSync } from '../../src/db/schema';
import { HolderIndexer } from '../../src/indexer/holders';
import { newPoolTitle, PoolWatch } from '../../src/indexer/pool-watch';
import { bearer, createTestContext, devnetChain, signUp, type TestContext } from '../helpers';
import { claimSharedChain, type SharedChain } from '@tokendesk/testkit/shared-chain';

// This file deploys tokens and creates pools: it holds the run's shared devnet (lock, snapshot)
// and reverts it afterwards (@tokendesk/testkit/shared-chain).
let devnet: SharedChain;
let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;
let holdToken: Address;
let holdProjectId: number;
let demoProjectId: number;

const [alice, bob, carol, dave] = demoAccounts as [Address, Address, Address, Address];
const E18 = 10n ** 18n;
const balanceAbi = parseAbi([
  'function balanceOf(address) view returns (uint256)',
  'function totalSupply() view returns (uint256)',
]);
const network = () => ctx.app.chain.registry.get(31337)!;
const clients = () => devnetClients(devnet.rpcUrl);

function holderIndexer(options: ConstructorParameters<typeof HolderIndexer>[3] = {}, db: Db = ctx.database.db) {
  return new HolderIndexer(db, ctx.app.chain, network(), options);
}

async function catchUp(indexer = holderIndexer()) {
  for (let i = 0; i < 500; i++) if ((await indexer.tick()).caughtUp) return;
  throw new Error('holder indexer did not catch up');
}

async function createProject(token: Address, symbol: string, user = owner) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/projects/create/',
    headers: { authorization: bearer(user.token) },
    payload: { network: 31337, contract_address: token, name: symbol, token_symbol: symbol, token_decimal: 18 },
  });
  if (res.statusCode !== 201) throw new Error(`create ${symbol}: ${res.statusCode} ${res.body}`);
  return res.json().id as number;
}

const get = (url: string, user = owner) =>
  ctx.app.inject({ method: 'GET', url, headers: { authorization: bearer(user.token) } });

async function storedBalances(token: Address): Promise<Map<string, bigint>> {
  const rows = await ctx.database.db
    .select()
    .from(tokenBalances)
    .where(and(eq(tokenBalances.networkId, 31337), eq(tokenBalances.tokenAddress, token.toLowerCase())));
  return new Map(rows.map((r) => [r.holder, BigInt(r.balance)]));
}

/** Every stored balance equals balanceOf on chain, and no holder is missing from the table. */
async function expectExact(token: Address, addresses: Address[]) {
  const stored = await storedBalances(token);
  for (const address of new Set([...addresses.map((a) => a.toLowerCase()), ...stored.keys()])) {
    const onChain = await clients().public.readContract({
      address: token,
      abi: balanceAbi,
      functionName: 'balanceOf',
      args: [address as Address],
    });
    expect(stored.get(address) ?? 0n, `balance of ${address}`).toBe(onChain);
  }
  return stored;
}

beforeAll(async () => {
  devnet = await claimSharedChain('holders.test.ts');
  ctx = await createTestContext({}, { chain: devnetChain({ rpcUrl: devnet.rpcUrl }) });
  owner = await signUp(ctx.app);
  stranger = await signUp(ctx.app);
  ({ address: holdToken } = await deployHolderTestToken(clients(), alice, 1_000_000n * E18));
  holdProjectId = await createProject(holdToken, 'HOLD');
  demoProjectId = await createProject(devnet.addresses.demo, 'DEMO');
}, 600_000); // includes waiting for the chain-writer lock

afterAll(async () => {
  await ctx?.close();
  await devnet?.release();
});

describe('the holder indexer', () => {
  it('derives exact balances and counts, including self, zero-amount and zero-address transfers', async () => {
    await transferTestToken(clients(), holdToken, alice, bob, 100n * E18);
    await transferTestToken(clients(), holdToken, bob, bob, 10n * E18); // to self: no change
    await transferTestToken(clients(), holdToken, alice, carol, 0n); // zero amount: carol holds nothing
    await transferTestToken(clients(), holdToken, bob, zeroAddress, 20n * E18); // to the zero address
    await transferTestToken(clients(), holdToken, alice, dave, 5n * E18);
    await transferTestToken(clients(), holdToken, dave, bob, 5n * E18); // dave empties his balance
    await catchUp();

    const stored = await expectExact(holdToken, [alice, bob, carol, dave, zeroAddress]);
    expect(stored.get(zeroAddress)).toBe(20n * E18);
    expect(stored.has(carol.toLowerCase())).toBe(false);
    expect(stored.has(dave.toLowerCase())).toBe(false);

    const res = await get(`/api/v1/projects/${holdProjectId}/holders/`);
    expect(res.statusCode).toBe(200);
    const summary = res.json<HoldersSummary>();
    expect(summary.sync.state).toBe('live');
    // alice and bob; the zero address holds burned tokens but is no holder.
    expect(summary.holder_count).toBe(2);
    expect(summary.supply).toBe('999980'); // the 20 sent to the zero address are out of the supply
    const byAddress = new Map(summary.top.map((t) => [t.address, t]));
    // Checksummed in the answer (decision 0027), though stored lower case.
    expect(byAddress.get(getAddress(alice))!.labels).toEqual(['deployer']);
    expect(byAddress.get(getAddress(alice))!.balance).toBe('999895');
    expect(byAddress.get(getAddress(bob))!.balance).toBe('85');
    expect(byAddress.get(zeroAddress)!.labels).toEqual(['zero_address']);
    expect(summary.top.map((t) => t.rank)).toEqual([1, 2, 3]);
    // Concentration leaves burn addresses out: alice and bob hold the whole supply.
    expect(summary.top10_share_pct).toBe(100);

    const history = (await get(`/api/v1/projects/${holdProjectId}/holders/history/`)).json<{
      points: { day: string; holder_count: number }[];
    }>();
    expect(history.points.length).toBeGreaterThan(0);
    expect(history.points.at(-1)!.holder_count).toBe(2);

    const projects = (await get('/api/v1/projects/')).json<{
      projects: { id: number; holder_count: number | null }[];
    }>().projects;
    expect(projects.find((p) => p.id === holdProjectId)!.holder_count).toBe(2);
  });

  it('matches balanceOf for every holder of the seeded DEMO token, and the balances add up to its supply', async () => {
    const stored = await expectExact(devnet.addresses.demo, [
      ...demoAccounts,
      devnet.addresses.deployer,
      devnet.addresses.pools.demoWethV2,
      devnet.addresses.pools.demoUsdcV2,
      DEAD,
    ]);
    const supply = await clients().public.readContract({
      address: devnet.addresses.demo,
      abi: balanceAbi,
      functionName: 'totalSupply',
    });
    expect([...stored.values()].reduce((a, b) => a + b, 0n)).toBe(supply);
    const [sync] = await ctx.database.db
      .select()
      .from(tokenHolderSync)
      .where(eq(tokenHolderSync.tokenAddress, devnet.addresses.demo.toLowerCase()));
    expect(sync!.holderCount).toBe([...stored.values()].filter((b) => b > 0n).length);
    expect(sync!.deployer).toBe(devnet.addresses.deployer.toLowerCase());

    // The seeded DEMO pools are labelled as pools although nobody attached them (the factory
    // lists them), and concentration leaves them out. So is the V4 PoolManager, which holds the
    // liquidity of both DEMO V4 pools (issue 29, item 10): a singleton vault is a pool.
    const summary = (await get(`/api/v1/projects/${demoProjectId}/holders/`)).json<HoldersSummary>();
    expect(summary.pools_checked).toBe(true);
    const poolManager = devnet.addresses.v4.poolManager.toLowerCase();
    expect(stored.get(poolManager)).toBeGreaterThan(0n);
    // Every family's DEMO pool is one too, each through its own family's factory lookup: Aerodrome's
    // volatile pool (decision 0068), Slipstream (0069), Algebra (0070), the LFJ pair (0071).
    const families = [
      devnet.addresses.solidly.pools.demoWethVolatile,
      devnet.addresses.slipstream.pools.demoWeth200,
      devnet.addresses.algebra.pools.demoWeth,
      devnet.addresses.lfj.pairs.demoUsdc,
    ];
    const pools = [devnet.addresses.pools.demoWethV2, devnet.addresses.pools.demoUsdcV2, poolManager, ...families].map(
      (p) => p.toLowerCase(),
    );
    const labelled = summary.top.filter((t) => t.labels.includes('pool')).map((t) => t.address);
    expect(labelled.sort()).toEqual(pools.map((p) => getAddress(p)).sort());
    expect(summary.top.find((t) => t.address === getAddress(devnet.addresses.deployer))!.labels).toEqual(['deployer']);
    const inPools = pools.reduce((sum, p) => sum + stored.get(p)!, 0n);
    // The seed's burn (docs/decisions/0036) sits at 0x…dEaD, which concentration leaves out too.
    const burnt = stored.get(DEAD.toLowerCase())!;
    expect(burnt).toBeGreaterThan(0n);
    expect(summary.top.find((t) => t.address === getAddress(DEAD))!.labels).toContain('burn_address');
    expect(summary.top10_share_pct).toBe(Number(((supply - inPools - burnt) * 10_000n) / supply) / 100);
  });

  it('resumes after a crash in the middle of a backfill without counting anything twice', async () => {
    for (const to of [bob, carol, dave]) await transferTestToken(clients(), holdToken, alice, to, 7n * E18, 3);
    // Start over for this token, as if it had just been added, and read it in small slices.
    await ctx.database.db.delete(tokenBalances).where(eq(tokenBalances.tokenAddress, holdToken.toLowerCase()));
    await ctx.database.db
      .update(tokenHolderSync)
      .set({ toBlock: null, holderCount: 0 })
      .where(eq(tokenHolderSync.tokenAddress, holdToken.toLowerCase()));

    const slices = { maxBlocksPerTick: 2n };
    await holderIndexer(slices).tick();
    const summary = (await get(`/api/v1/projects/${holdProjectId}/holders/`)).json<HoldersSummary>();
    expect(summary.sync.state).toBe('indexing');
    expect(summary.sync.progress_pct).toBeGreaterThan(0);
    expect(summary.sync.progress_pct).toBeLessThan(100);
    expect(holderProgressText(summary.sync)).toMatch(/^Indexing holders: \d+% \(block \d+ of \d+\)$/);

    // A process that dies after writing a slice but before its commit: the slice is rolled back.
    const db = ctx.database.db;
    const crashing = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop !== 'transaction') return Reflect.get(target, prop, receiver);
        return (fn: (tx: unknown) => Promise<unknown>) =>
          target.transaction(async (tx) => {
            await fn(tx);
            throw new Error('killed before commit');
          });
      },
    });
    await expect(holderIndexer(slices, crashing).tick()).rejects.toThrow('killed before commit');

    // A new process continues from the last committed slice.
    await catchUp(holderIndexer(slices));
    await expectExact(holdToken, [alice, bob, carol, dave, zeroAddress]);
    const after = (await get(`/api/v1/projects/${holdProjectId}/holders/`)).json<HoldersSummary>();
    expect(after.holder_count).toBe(4); // alice, bob, carol, dave
    expect(after.sync.state).toBe('live');
  });

  it('exports every holder as CSV, largest first', async () => {
    const res = await get(`/api/v1/projects/${holdProjectId}/holders/export/`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('rank,address,balance,balance_raw,share_pct,labels');
    const stored = await storedBalances(holdToken);
    expect(lines.length - 1).toBe([...stored.values()].filter((b) => b > 0n).length);
    const raws = lines.slice(1).map((l) => BigInt(l.split(',')[3]!));
    expect([...raws].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0))).toEqual(raws);
    expect(lines.find((l) => l.includes(getAddress(alice)))).toMatch(/,deployer$/);
  });

  it("answers 404 for another user's project on every holder route", async () => {
    for (const url of ['holders/', 'holders/history/', 'holders/export/', 'discovered-pools/']) {
      const res = await get(`/api/v1/projects/${holdProjectId}/${url}`, stranger);
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe('the new-pool watch', () => {
  const watch = () => new PoolWatch(ctx.database.db, ctx.app.chain, network());
  const poolNotices = (userId: number) =>
    ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .then((rows) => rows.filter((n) => n.title.startsWith('New pool found')));

  it('raises exactly one notification for a new pool of a project token, and attaches it in one click', async () => {
    await watch().tick(); // the watch starts here
    const strangerDemo = await createProject(devnet.addresses.demo, 'DEMO', stranger);
    const created = await createPoolOnDevnet(clients(), {
      version: 'v3',
      tokenA: devnet.addresses.demo,
      tokenB: devnet.addresses.usdt,
      fee: 500,
    });
    await watch().tick();
    await watch().tick(); // a second pass over nothing new adds nothing

    const mine = await poolNotices(owner.userId);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.title).toBe(newPoolTitle('DEMO', 'Uniswap V3'));
    expect(mine[0]!.title).toBe('New pool found for DEMO on Uniswap V3');
    expect(mine[0]!.navigationUrl).toBe(`/projects/${demoProjectId}`);
    expect(mine[0]!.message).toContain(created.address);
    // The other owner of a DEMO project hears about it too, once, about their own project.
    const theirs = await poolNotices(stranger.userId);
    expect(theirs).toHaveLength(1);
    expect(theirs[0]!.navigationUrl).toBe(`/projects/${strangerDemo}`);

    const list = (await get(`/api/v1/projects/${demoProjectId}/discovered-pools/`)).json<{
      pools: { id: number; pool_address: string; fee: number }[];
    }>();
    expect(list.pools.map((p) => p.pool_address)).toEqual([created.address]);
    expect(list.pools[0]!.fee).toBe(500);
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${demoProjectId}/discovered-pools/${list.pools[0]!.id}/attach/`,
      headers: { authorization: bearer(stranger.token) },
    });
    expect(foreign.statusCode).toBe(404);

    const attach = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${demoProjectId}/discovered-pools/${list.pools[0]!.id}/attach/`,
      headers: { authorization: bearer(owner.token) },
    });
    expect(attach.statusCode, attach.body).toBe(201);
    expect(attach.json().pool_address).toBe(created.address);
    expect(attach.json().dex.name).toBe('Uniswap V3');
    const pools = (await get(`/api/v1/projects/${demoProjectId}/pools/`)).json<
      { pool_address: string }[] | { pools: { pool_address: string }[] }
    >();
    expect(JSON.stringify(pools)).toContain(created.address);
    expect((await get(`/api/v1/projects/${demoProjectId}/discovered-pools/`)).json().pools).toEqual([]);
  });

  it('finds a V2 pair with a token outside the registry and reads that token from its contract', async () => {
    const created = await createPoolOnDevnet(clients(), {
      version: 'v2',
      tokenA: holdToken,
      tokenB: devnet.addresses.demo,
    });
    await watch().tick();
    // Both tokens are project tokens of this user: one notice per project.
    const mine = await poolNotices(owner.userId);
    expect(
      mine
        .filter((n) => n.message.includes(created.address))
        .map((n) => n.title)
        .sort(),
    ).toEqual(['New pool found for DEMO on Uniswap V2', 'New pool found for HOLD on Uniswap V2']);
    const list = (await get(`/api/v1/projects/${demoProjectId}/discovered-pools/`)).json<{ pools: { id: number }[] }>();
    const attach = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/projects/${demoProjectId}/discovered-pools/${list.pools[0]!.id}/attach/`,
      headers: { authorization: bearer(owner.token) },
    });
    expect(attach.statusCode, attach.body).toBe(201);
    expect(attach.json().token.symbol).toBe('HOLD');
    // Dismissing the other one removes it from the list; a foreign or unknown id is 404.
    const holdList = (await get(`/api/v1/projects/${holdProjectId}/discovered-pools/`)).json<{
      pools: { id: number }[];
    }>();
    const dismiss = (id: number, user = owner) =>
      ctx.app.inject({
        method: 'DELETE',
        url: `/api/v1/projects/${holdProjectId}/discovered-pools/${id}/`,
        headers: { authorization: bearer(user.token) },
      });
    expect((await dismiss(holdList.pools[0]!.id, stranger)).statusCode).toBe(404);
    expect((await dismiss(holdList.pools[0]!.id)).statusCode).toBe(200);
    expect((await dismiss(holdList.pools[0]!.id)).statusCode).toBe(404);
    expect((await get(`/api/v1/projects/${holdProjectId}/discovered-pools/`)).json().pools).toEqual([]);
  });
});
