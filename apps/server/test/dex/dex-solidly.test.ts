import {
  demoAccounts,
  devnetChain as devnetViemChain,
  solidlyArtifacts,
  solidlyPoolAbi,
  solidlyPoolFactoryAbi,
  swapOnDevnet,
} from '@tokendesk/devchain';
import type { Pool } from '@tokendesk/contract';
import { and, asc, eq } from 'drizzle-orm';
import { decodeEventLog, formatUnits, getAddress, parseAbi, parseUnits, type Abi, type Address, type Hex } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { notifications, poolEvents, poolSnapshots } from '../../src/db/schema';
import { PoolWatch } from '../../src/indexer/pool-watch';
import { expectReorgFollowed } from '../support/pool-reorg';
import { dexDevnetSuite } from '../support/dex-devnet';

/*
 * Solidly V2 (Aerodrome's own Pool and PoolFactory on the devnet, decisions 0060 and 0068) through
 * the API and the indexer, compared with the chain: the seeded DEMO/WETH volatile pool and the
 * USDC/DAI stable pool. A stable pool's price is its curve's marginal price, checked against the
 * pool's own getAmountOut. This file swaps, creates pools and deploys a second factory, so it
 * claims the shared devnet and reverts it at the end.
 */

const suite = dexDevnetSuite('dex-solidly.test.ts');
const { api, catchUp, a, clients } = suite;
let daiProject: number;

const eventsOf = (pool: Address) =>
  suite.ctx.database.db
    .select()
    .from(poolEvents)
    .where(eq(poolEvents.poolAddress, pool.toLowerCase()))
    .orderBy(asc(poolEvents.blockNumber), asc(poolEvents.logIndex));

/** The pool's own Swap/Mint/Burn logs as pool-side signed amounts, straight from the node. */
async function chainEventsOf(pool: Address) {
  const logs = await clients().public.getLogs({ address: pool, fromBlock: 0n, toBlock: 'latest' });
  return logs.flatMap((l) => {
    try {
      const e = decodeEventLog({ abi: solidlyPoolAbi, topics: l.topics, data: l.data });
      const key = `${l.transactionHash!.toLowerCase()}:${l.logIndex}`;
      if (e.eventName === 'Swap')
        return [
          {
            key,
            type: 'swap',
            amount0: e.args.amount0In - e.args.amount0Out,
            amount1: e.args.amount1In - e.args.amount1Out,
          },
        ];
      if (e.eventName === 'Mint') return [{ key, type: 'mint', amount0: e.args.amount0, amount1: e.args.amount1 }];
      if (e.eventName === 'Burn') return [{ key, type: 'burn', amount0: -e.args.amount0, amount1: -e.args.amount1 }];
      return [];
    } catch {
      return [];
    }
  });
}

/**
 * The project token's price in the paired token from the pool's own getAmountOut of a small amount
 * of the paired token (0.01 of it; the project token's side then has all its decimals), its fee
 * removed as the pool removes it.
 */
async function quotedPrice(
  pool: Address,
  pairedToken: Address,
  projectDecimals: number,
  pairedDecimals: number,
  blockNumber?: bigint,
) {
  const c = clients().public;
  const amountIn = parseUnits('0.01', pairedDecimals);
  const out = await c.readContract({
    address: pool,
    abi: solidlyPoolAbi,
    functionName: 'getAmountOut',
    args: [amountIn, pairedToken],
    blockNumber,
  });
  const stable = await c.readContract({ address: pool, abi: solidlyPoolAbi, functionName: 'stable', blockNumber });
  const feeBps = await c.readContract({
    address: a().solidly.poolFactory,
    abi: solidlyPoolFactoryAbi,
    functionName: 'getFee',
    args: [pool, stable],
    blockNumber,
  });
  const afterFee = amountIn - (amountIn * feeBps) / 10_000n;
  return Number(formatUnits(afterFee, pairedDecimals)) / Number(formatUnits(out, projectDecimals));
}

const liquidityAbi = parseAbi([
  'function transfer(address to, uint256 value) returns (bool)',
  'function balanceOf(address) view returns (uint256)',
  'function mint(address to) returns (uint256)',
  'function burn(address to) returns (uint256, uint256)',
]);

beforeAll(async () => {
  daiProject = await suite.createProject(a().solidly.dai, 'DAI', 18);
});

describe('discovery and verification', () => {
  it('finds the volatile and the stable seeded pool with their fee and curve, and says "no pool" for a pair without one', async () => {
    const demo = await api('POST', 'projects/get-pool-address/', {
      project_id: suite.demoProject,
      dex_id: 'aerodrome',
      token_id: 'weth',
    });
    expect(demo.statusCode, demo.body).toBe(200);
    expect(demo.json()).toMatchObject({
      pool_address: a().solidly.pools.demoWethVolatile,
      pool_version: 'solidly',
      fee: 3000,
      shape: { stable: false },
    });
    const dai = await api('POST', 'projects/get-pool-address/', {
      project_id: daiProject,
      dex_id: 'aerodrome',
      token_id: 'usdc',
    });
    expect(dai.json()).toMatchObject({
      pool_address: a().solidly.pools.usdcDaiStable,
      pool_version: 'solidly',
      fee: 500,
      shape: { stable: true },
    });
    const none = await api('POST', 'projects/get-pool-address/', {
      project_id: suite.smplProject,
      dex_id: 'aerodrome',
      token_id: 'weth',
    });
    expect(none.statusCode).toBe(404);
    expect(none.json().detail).toBe('No pool found for this pair on Aerodrome');
  });

  it('refuses a pool of a second PoolFactory built from the same artifacts, and a Uniswap V2 pair, saving nothing', async () => {
    const c = clients();
    const account = demoAccounts[2]!;
    const deployHash = await c.wallet.deployContract({
      abi: solidlyArtifacts.solidlyPoolFactory.abi as Abi,
      bytecode: solidlyArtifacts.solidlyPoolFactory.bytecode as Hex,
      args: [a().solidly.poolImplementation],
      account,
      chain: devnetViemChain,
    } as never);
    const otherFactory = getAddress((await c.public.waitForTransactionReceipt({ hash: deployHash })).contractAddress!);
    const createHash = await c.wallet.writeContract({
      address: otherFactory,
      abi: solidlyPoolFactoryAbi,
      functionName: 'createPool',
      args: [a().demo, a().weth, false],
      account,
      chain: devnetViemChain,
      gas: 6_000_000n,
    });
    expect((await c.public.waitForTransactionReceipt({ hash: createHash })).status).toBe('success');
    const lookalike = await c.public.readContract({
      address: otherFactory,
      abi: solidlyPoolFactoryAbi,
      functionName: 'getPool',
      args: [a().demo, a().weth, false],
    });
    // Same bytecode, same tokens, same curve: only the factory tells it apart.
    expect(await c.public.readContract({ address: lookalike, abi: solidlyPoolAbi, functionName: 'stable' })).toBe(
      false,
    );
    const refused = await api('POST', `projects/pool/${suite.demoProject}/`, {
      dex: 'aerodrome',
      token: 'weth',
      pool_address: lookalike,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe(`This pool does not belong to Aerodrome: its factory is ${otherFactory}.`);
    const v2 = await api('POST', `projects/pool/${suite.demoProject}/`, {
      dex: 'aerodrome',
      token: 'weth',
      pool_address: a().pools.demoWethV2,
    });
    expect(v2.statusCode).toBe(400);
    // The stable pool offered for the wrong pair.
    const wrongPair = await api('POST', `projects/pool/${suite.demoProject}/`, {
      dex: 'aerodrome',
      token: 'weth',
      pool_address: a().solidly.pools.usdcDaiStable,
    });
    expect(wrongPair.statusCode).toBe(400);
    expect((await api('GET', `projects/${suite.demoProject}/pools/`)).json()).toEqual([]);
  });
});

describe('attached Solidly pools', () => {
  let volatilePool: Pool;
  let stablePool: Pool;

  beforeAll(async () => {
    const v = await api('POST', `projects/pool/${suite.demoProject}/`, {
      dex: 'aerodrome',
      token: 'weth',
      pool_address: a().solidly.pools.demoWethVolatile,
    });
    expect(v.statusCode, v.body).toBe(201);
    volatilePool = v.json();
    const s = await api('POST', `projects/pool/${daiProject}/`, {
      dex: 'aerodrome',
      token: 'usdc',
      pool_address: a().solidly.pools.usdcDaiStable,
    });
    expect(s.statusCode, s.body).toBe(201);
    stablePool = s.json();
    // Push the stable pool well off balance, where its curve's price and its reserve ratio part.
    await swapOnDevnet(clients(), { from: demoAccounts[1]!, pool: 'usdc-dai-stable', side: 'buy', amount: '15000' });
    await swapOnDevnet(clients(), { from: demoAccounts[1]!, pool: 'demo-weth-solidly', side: 'buy', amount: '0.2' });
    await catchUp();
  }, 300_000);

  it('answer the family, the fee and the curve', () => {
    expect(volatilePool).toMatchObject({ pool_version: 'solidly', fee: 3000, shape: { stable: false } });
    expect(stablePool).toMatchObject({ pool_version: 'solidly', fee: 500, shape: { stable: true } });
  });

  it("every Swap, Mint and Burn of the pools' history is stored once, with the pool-side amounts", async () => {
    for (const pool of [a().solidly.pools.demoWethVolatile, a().solidly.pools.usdcDaiStable]) {
      const stored = await eventsOf(pool);
      const onChain = await chainEventsOf(pool);
      expect(onChain.length).toBeGreaterThan(3);
      expect(onChain.some((e) => e.type === 'swap')).toBe(true);
      expect(
        stored.map((e) => ({
          key: `${e.txHash}:${e.logIndex}`,
          type: e.type,
          amount0: BigInt(e.amount0),
          amount1: BigInt(e.amount1),
        })),
      ).toEqual(onChain);
    }
  });

  it("the stable pool's price is its curve's marginal price (= its getAmountOut of 0.01 USDC, fee removed), not its reserve ratio", async () => {
    const res = await api('GET', `projects/user/pools/funds/${stablePool.id}/`);
    expect(res.statusCode).toBe(200);
    const pool = res.json<
      Pool & { pool_funds: { amount_token: string; amount_project_token: string; block_number: string } }
    >();
    const block = BigInt(pool.pool_funds.block_number);
    const quote = await quotedPrice(a().solidly.pools.usdcDaiStable, a().usdc, 18, 6, block);
    expect(Math.abs(Number(pool.price) / quote - 1)).toBeLessThan(1e-5);
    // Liquidity = the reserves at that block.
    const [r0, r1] = await clients().public.readContract({
      address: a().solidly.pools.usdcDaiStable,
      abi: solidlyPoolAbi,
      functionName: 'getReserves',
      blockNumber: block,
    });
    const daiIsToken0 = BigInt(a().solidly.dai) < BigInt(a().usdc);
    const [daiRaw, usdcRaw] = daiIsToken0 ? [r0, r1] : [r1, r0];
    expect(pool.pool_funds.amount_project_token).toBe(formatUnits(daiRaw, 18));
    expect(pool.pool_funds.amount_token).toBe(formatUnits(usdcRaw, 6));
    // The reserve ratio is more than 1 % away from the price: a ratio price would fail the first check.
    const ratio = Number(formatUnits(usdcRaw, 6)) / Number(formatUnits(daiRaw, 18));
    expect(Math.abs(ratio / quote - 1)).toBeGreaterThan(0.01);
  });

  it("a stable pool's Sync snapshots carry the curve's price at that block, not the reserve ratio", async () => {
    const rows = await suite.ctx.database.db
      .select()
      .from(poolSnapshots)
      .where(eq(poolSnapshots.poolAddress, a().solidly.pools.usdcDaiStable.toLowerCase()));
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.every((r) => r.sqrtPriceX96 !== null)).toBe(true);
    const daiIsToken0 = BigInt(a().solidly.dai) < BigInt(a().usdc);
    // A few points of the history, priced as the pool itself quoted at their blocks.
    for (const r of rows.slice(0, 3)) {
      const raw = (Number(BigInt(r.sqrtPriceX96!)) / 2 ** 96) ** 2; // raw token1 per raw token0
      const usdcPerDai = daiIsToken0 ? raw * 1e12 : 1 / raw / 1e-12;
      const quote = await quotedPrice(a().solidly.pools.usdcDaiStable, a().usdc, 18, 6, r.blockNumber);
      expect(Math.abs(usdcPerDai / quote - 1)).toBeLessThan(1e-5);
    }
  });

  it("liquidity changes carry a price as Uniswap V2's do: a volatile pool's at its ratio, a stable pool's on its curve (decision 0078)", async () => {
    const c = clients();
    const account = demoAccounts[1]!;
    const pool = a().solidly.pools.usdcDaiStable;
    const send = (address: Address, functionName: string, args: readonly unknown[]) =>
      suite.send(account, address, liquidityAbi, functionName, args);
    // As the router adds and removes: a deposit at the reserves' proportion, then half of it back, pro rata.
    const [r0, r1] = await c.public.readContract({ address: pool, abi: solidlyPoolAbi, functionName: 'getReserves' });
    const [t0, t1] =
      BigInt(a().solidly.dai) < BigInt(a().usdc) ? [a().solidly.dai, a().usdc] : [a().usdc, a().solidly.dai];
    await send(t0, 'transfer', [pool, r0 / 1000n]);
    await send(t1, 'transfer', [pool, r1 / 1000n]);
    const minted = await send(pool, 'mint', [account]);
    const lp = await c.public.readContract({
      address: pool,
      abi: liquidityAbi,
      functionName: 'balanceOf',
      args: [account],
    });
    await send(pool, 'transfer', [pool, lp / 2n]);
    const burned = await send(pool, 'burn', [account]);
    await catchUp();

    const activity = (await api('GET', `projects/activity/?pool=${stablePool.id}&limit=100`)).json<{
      events: {
        kind: string;
        tx_hash: string;
        price: string | null;
        amount_token: string;
        amount_project_token: string;
      }[];
    }>().events;
    for (const [receipt, kind] of [
      [minted, 'add_liquidity'],
      [burned, 'remove_liquidity'],
    ] as const) {
      const row = activity.find((e) => e.tx_hash === receipt.transactionHash.toLowerCase());
      expect(row?.kind).toBe(kind);
      // The pool's own quote at that block, as for the pool's price: not the amounts' ratio, which is the reserves'.
      const quote = await quotedPrice(pool, a().usdc, 18, 6, receipt.blockNumber);
      expect(Math.abs(Number(row!.price) / quote - 1), kind).toBeLessThan(1e-5);
      expect(Math.abs(Number(row!.amount_token) / Number(row!.amount_project_token) / quote - 1)).toBeGreaterThan(0.01);
    }
    // The volatile pool's seeded liquidity: the amounts' ratio, the reserves' at that block.
    const volatileRows = (await api('GET', `projects/activity/?pool=${volatilePool.id}&limit=100`)).json<{
      events: {
        kind: string;
        price: string | null;
        amount_token: string;
        amount_project_token: string;
        block_number: string;
      }[];
    }>().events;
    const adds = volatileRows.filter((e) => e.kind === 'add_liquidity');
    expect(adds.length).toBeGreaterThan(0);
    for (const row of adds) {
      expect(Number(row.price) / (Number(row.amount_token) / Number(row.amount_project_token))).toBeCloseTo(1, 9);
      const [v0, v1] = await c.public.readContract({
        address: a().solidly.pools.demoWethVolatile,
        abi: solidlyPoolAbi,
        functionName: 'getReserves',
        blockNumber: BigInt(row.block_number),
      });
      const [demoRaw, wethRaw] = BigInt(a().demo) < BigInt(a().weth) ? [v0, v1] : [v1, v0];
      expect(Number(row.price) / (Number(wethRaw) / Number(demoRaw))).toBeCloseTo(1, 4);
    }
  });

  it('a reorganisation rolls back its orphaned swap, Sync and state snapshots and 24 h figures, and follows the new chain', async () => {
    const pool = a().solidly.pools.demoWethVolatile;
    await expectReorgFollowed({
      rpcUrl: suite.devnet.rpcUrl,
      ctx: suite.ctx,
      get: (url) => api('GET', url),
      poolId: volatilePool.id,
      pool,
      catchUp,
      buy: async () =>
        (
          await swapOnDevnet(clients(), {
            from: demoAccounts[1]!,
            pool: 'demo-weth-solidly',
            side: 'buy',
            amount: '0.05',
          })
        ).hash,
      sell: async () =>
        (
          await swapOnDevnet(clients(), {
            from: demoAccounts[2]!,
            pool: 'demo-weth-solidly',
            side: 'sell',
            amount: '300',
          })
        ).hash,
      chainEvents: async () => (await chainEventsOf(pool)).map((e) => `${e.key}:${e.amount0}:${e.amount1}`),
      reservesAt: async (blockNumber) => {
        const [r0, r1] = await clients().public.readContract({
          address: pool,
          abi: solidlyPoolAbi,
          functionName: 'getReserves',
          blockNumber,
        });
        return [r0, r1] as const;
      },
    });
  }, 120_000);

  it("the volatile pool's price is its reserve ratio and its liquidity its reserves", async () => {
    const res = await api('GET', `projects/user/pools/funds/${volatilePool.id}/`);
    const pool = res.json<
      Pool & { pool_funds: { amount_token: string; amount_project_token: string; block_number: string } }
    >();
    const block = BigInt(pool.pool_funds.block_number);
    const [r0, r1] = await clients().public.readContract({
      address: a().solidly.pools.demoWethVolatile,
      abi: solidlyPoolAbi,
      functionName: 'getReserves',
      blockNumber: block,
    });
    const demoIsToken0 = BigInt(a().demo) < BigInt(a().weth);
    const [demoRaw, wethRaw] = demoIsToken0 ? [r0, r1] : [r1, r0];
    expect(pool.pool_funds.amount_project_token).toBe(formatUnits(demoRaw, 18));
    expect(pool.pool_funds.amount_token).toBe(formatUnits(wethRaw, 18));
    expect(Number(pool.price) / (Number(wethRaw) / Number(demoRaw))).toBeCloseTo(1, 9);
  });
});

describe('new-pool watch', () => {
  it("sees a Solidly pool created after the project, with its curve, from the factory's PoolCreated", async () => {
    const watch = () =>
      new PoolWatch(suite.ctx.database.db, suite.ctx.app.chain, suite.ctx.app.chain.registry.get(31337)!);
    await watch().tick();
    const c = clients();
    const hash = await c.wallet.writeContract({
      address: a().solidly.poolFactory,
      abi: solidlyPoolFactoryAbi,
      functionName: 'createPool',
      args: [a().solidly.dai, a().weth, true],
      account: demoAccounts[2]!,
      chain: devnetViemChain,
      gas: 6_000_000n,
    });
    const receipt = await c.public.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    const created = await c.public.readContract({
      address: a().solidly.poolFactory,
      abi: solidlyPoolFactoryAbi,
      functionName: 'getPool',
      args: [a().solidly.dai, a().weth, true],
    });
    expect((await watch().tick()).found).toBe(1);
    expect((await watch().tick()).found).toBe(0);
    const list = (await api('GET', `projects/${daiProject}/discovered-pools/`)).json<{
      pools: { id: number; pool_address: string; pool_version: string; shape: { stable: boolean | null } }[];
    }>();
    const found = list.pools.find((p) => p.pool_address === created);
    expect(found).toMatchObject({ pool_version: 'solidly', shape: { stable: true } });
    const [notice] = await suite.ctx.database.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, suite.user.userId), eq(notifications.navigationUrl, `/projects/${daiProject}`)),
      );
    expect(notice!.message).toBe(
      `A DAI/WETH stable pool was created at ${created} in block ${receipt.blockNumber}. Open the project to attach it in one click.`,
    );
    const attached = await api('POST', `projects/${daiProject}/discovered-pools/${found!.id}/attach/`);
    expect(attached.statusCode, attached.body).toBe(201);
    expect(attached.json()).toMatchObject({ pool_version: 'solidly', fee: 500, shape: { stable: true } });
  });
});
