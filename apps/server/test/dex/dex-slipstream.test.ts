import { demoAccounts, devnetChain as devnetViemChain, slipstreamArtifacts, swapOnDevnet } from '@tokendesk/devchain';
import type { Pool } from '@tokendesk/contract';
import { and, eq, sql } from 'drizzle-orm';
import {
  decodeEventLog,
  formatUnits,
  getAddress,
  maxUint256,
  parseAbi,
  parseEther,
  type Abi,
  type Address,
  type Hex,
} from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { slipstream } from '../../src/chain/dex/slipstream';
import { indexerSkippedItems, notifications, poolEvents } from '../../src/db/schema';
import { PoolWatch } from '../../src/indexer/pool-watch';
import { ReorgGuard } from '../../src/indexer/reorg';
import { dexDevnetSuite } from '../support/dex-devnet';

/*
 * Slipstream (docs/decisions/0069) against the devnet's real CLFactory, CLPool and SwapRouter
 * (aerodrome-finance/slipstream v1.0.0, decision 0060) and its seeded DEMO/WETH pool at tick spacing
 * 200: the API compared with the chain. It swaps and deploys a second factory, so it claims the
 * shared devnet and reverts it at the end.
 */

const suite = dexDevnetSuite('dex-slipstream.test.ts');
const { api, catchUp, send, a, clients } = suite;
const poolAddress = () => a().slipstream.pools.demoWeth200;
const DEX = 'aerodrome-slipstream';

const poolAbi = parseAbi([
  'function slot0() view returns (uint160 sqrtPriceX96, int24 tick, uint16 observationIndex, uint16 observationCardinality, uint16 observationCardinalityNext, bool unlocked)',
  'function fee() view returns (uint24)',
  'function token0() view returns (address)',
  'event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick)',
  'event Mint(address sender, address indexed owner, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount, uint256 amount0, uint256 amount1)',
  'event Burn(address indexed owner, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount, uint256 amount0, uint256 amount1)',
]);
const factoryAbi = parseAbi([
  'function createPool(address tokenA, address tokenB, int24 tickSpacing, uint160 sqrtPriceX96) returns (address pool)',
  'function getPool(address tokenA, address tokenB, int24 tickSpacing) view returns (address)',
]);
const routerAbi = parseAbi([
  'struct ExactInputSingleParams { address tokenIn; address tokenOut; int24 tickSpacing; address recipient; uint256 deadline; uint256 amountIn; uint256 amountOutMinimum; uint160 sqrtPriceLimitX96; }',
  'function exactInputSingle(ExactInputSingleParams params) payable returns (uint256 amountOut)',
]);
const erc20 = parseAbi(['function balanceOf(address) view returns (uint256)']);

const eventsOf = (pool: Address) =>
  suite.ctx.database.db
    .select()
    .from(poolEvents)
    .where(eq(poolEvents.poolAddress, pool.toLowerCase()))
    .orderBy(poolEvents.blockNumber, poolEvents.logIndex);

/** The pool's own Swap, Mint and Burn logs, straight from the node, as the pool's side of the amounts. */
async function chainEventsOf(pool: Address) {
  const logs = await clients().public.getLogs({ address: pool, fromBlock: 0n, toBlock: 'latest' });
  return logs.flatMap((l) => {
    let e;
    try {
      e = decodeEventLog({ abi: poolAbi, topics: l.topics, data: l.data });
    } catch {
      return [];
    }
    const key = `${l.transactionHash!.toLowerCase()}:${l.logIndex}`;
    if (e.eventName === 'Swap')
      return [
        {
          key,
          type: 'swap',
          amount0: e.args.amount0,
          amount1: e.args.amount1,
          sqrtPriceX96: e.args.sqrtPriceX96 as bigint | null,
        },
      ];
    if (e.eventName === 'Mint')
      return [{ key, type: 'mint', amount0: e.args.amount0, amount1: e.args.amount1, sqrtPriceX96: null }];
    if (e.eventName === 'Burn') {
      // A Burn of zero liquidity is the position manager's fee poke before a collect: both amounts 0.
      return [{ key, type: 'burn', amount0: -e.args.amount0, amount1: -e.args.amount1, sqrtPriceX96: null }];
    }
    return [];
  });
}

describe('the DEX option, discovery and verification', () => {
  it('offers Aerodrome Slipstream on the devnet with its family and factory', async () => {
    const res = await api('GET', 'projects/network/31337/dex-options/');
    expect(res.statusCode, res.body).toBe(200);
    const row = (res.json() as { id: string; version: string; family: string; factory: string }[]).find(
      (d) => d.id === DEX,
    );
    expect(row).toEqual(
      expect.objectContaining({
        version: 'slipstream',
        family: 'slipstream',
        factory: getAddress(a().slipstream.factory),
      }),
    );
  });

  it('finds the seeded pool over the enabled tick spacings and says "no pool" for a pair without one', async () => {
    const found = await api('POST', 'projects/get-pool-address/', {
      project_id: suite.demoProject,
      dex_id: DEX,
      token_id: 'weth',
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({
      pool_address: poolAddress(),
      pool_version: 'slipstream',
      fee: 3000,
      shape: { tick_spacing: 200, dynamic_fee: false, stable: null, bin_step: null },
    });
    const none = await api('POST', 'projects/get-pool-address/', {
      project_id: suite.smplProject,
      dex_id: DEX,
      token_id: 'weth',
    });
    expect(none.statusCode).toBe(404);
    expect(none.json().detail).toBe('No pool found for this pair on Aerodrome Slipstream');
  });

  it('refuses a pool of another CLFactory built from the same code, and a Uniswap V3 pool, saving nothing', async () => {
    // A second factory from the same compiled artifacts, its pools clones of the same CLPool: the
    // same interface and events, but not the configured factory.
    const deployer = demoAccounts[3]!;
    const c = clients();
    const deployHash = await c.wallet.deployContract({
      account: deployer,
      chain: devnetViemChain,
      abi: slipstreamArtifacts.clFactory.abi as Abi,
      bytecode: slipstreamArtifacts.clFactory.bytecode as Hex,
      args: [a().solidly.voter, a().slipstream.poolImplementation],
      gas: 15_000_000n,
    });
    const foreignFactory = (await c.public.waitForTransactionReceipt({ hash: deployHash })).contractAddress!;
    await send(deployer, foreignFactory, factoryAbi as Abi, 'createPool', [a().demo, a().weth, 200, 2n ** 96n * 100n]);
    const foreignPool = await c.public.readContract({
      address: foreignFactory,
      abi: factoryAbi,
      functionName: 'getPool',
      args: [a().demo, a().weth, 200],
    });
    expect(foreignPool).not.toBe(poolAddress());
    const foreign = await api('POST', `projects/pool/${suite.demoProject}/`, {
      dex: DEX,
      token: 'weth',
      pool_address: foreignPool,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().detail ?? foreign.json().errors?.[0]?.message).toBe(
      `This pool does not belong to Aerodrome Slipstream: its factory is ${getAddress(foreignFactory)}.`,
    );
    // The real pool offered for the wrong pair, and Uniswap V3's DEMO/WETH offered as Slipstream.
    const wrongPair = await api('POST', `projects/pool/${suite.smplProject}/`, {
      dex: DEX,
      token: 'weth',
      pool_address: poolAddress(),
    });
    expect(wrongPair.statusCode).toBe(400);
    const v3 = await api('POST', `projects/pool/${suite.smplProject}/`, {
      dex: DEX,
      token: 'weth',
      pool_address: a().pools.smplWethV3,
    });
    expect(v3.statusCode).toBe(400);
    expect((await api('GET', `projects/${suite.demoProject}/pools/`)).json()).toEqual([]);
  });
});

describe('the attached DEMO/WETH pool', () => {
  let pool: Pool;

  beforeAll(async () => {
    const res = await api('POST', `projects/pool/${suite.demoProject}/`, {
      dex: DEX,
      token: 'weth',
      pool_address: poolAddress(),
    });
    expect(res.statusCode, res.body).toBe(201);
    pool = res.json();
    await catchUp();
  }, 120_000);

  it('answers its family, fee and tick spacing', () => {
    expect(pool).toMatchObject({
      pool_address: poolAddress(),
      pool_version: 'slipstream',
      fee: 3000,
      shape: { tick_spacing: 200, dynamic_fee: false, stable: null, bin_step: null, plugin: null },
    });
  });

  it('stores every Swap, Mint and Burn of the pool once, with the pool-side amounts and the price the Swap carries', async () => {
    await swapOnDevnet(clients(), { from: demoAccounts[0]!, pool: 'demo-weth-slipstream', side: 'buy', amount: '0.2' });
    await swapOnDevnet(clients(), {
      from: demoAccounts[0]!,
      pool: 'demo-weth-slipstream',
      side: 'sell',
      amount: '500',
    });
    await catchUp();
    const stored = await eventsOf(poolAddress());
    const onChain = await chainEventsOf(poolAddress());
    // The seeded month: two swaps a day, three full-range and narrow mints, a half removal.
    expect(onChain.filter((e) => e.type === 'swap').length).toBeGreaterThan(40);
    expect(onChain.some((e) => e.type === 'mint') && onChain.some((e) => e.type === 'burn')).toBe(true);
    expect(stored.map((e) => `${e.txHash}:${e.logIndex}`)).toEqual(onChain.map((e) => e.key));
    expect(stored.map((e) => [e.type, e.amount0, e.amount1, e.sqrtPriceX96])).toEqual(
      onChain.map((e) => [
        e.type,
        e.amount0.toString(),
        e.amount1.toString(),
        e.sqrtPriceX96 === null ? null : e.sqrtPriceX96.toString(),
      ]),
    );
    // A buy pays WETH (token0) into the pool and takes DEMO out.
    const last = stored.filter((e) => e.type === 'swap').at(-2)!;
    expect(BigInt(last.amount0)).toBe(parseEther('0.2'));
    expect(BigInt(last.amount1)).toBeLessThan(0n);
    // A second pass over the same blocks adds nothing.
    await suite.ctx.database.db.execute(
      sql`update indexed_pools set to_block = null where pool_address = ${poolAddress().toLowerCase()}`,
    );
    await catchUp();
    expect((await eventsOf(poolAddress())).length).toBe(stored.length);
    expect(await suite.ctx.database.db.select().from(indexerSkippedItems)).toEqual([]);
  });

  it('shows the price the pool quotes (a tiny swap simulated through its SwapRouter by eth_call) and its balances as liquidity', async () => {
    const res = await api('GET', `projects/user/pools/funds/${pool.id}/`);
    expect(res.statusCode, res.body).toBe(200);
    const shown = res.json<Pool>();
    const c = clients();
    const [sqrtPriceX96] = await c.public.readContract({ address: poolAddress(), abi: poolAbi, functionName: 'slot0' });
    const fee = await c.public.readContract({ address: poolAddress(), abi: poolAbi, functionName: 'fee' });
    expect(await c.public.readContract({ address: poolAddress(), abi: poolAbi, functionName: 'token0' })).toBe(
      getAddress(a().weth),
    );
    // 10^10 wei of WETH for DEMO, never sent: the router wraps the ETH paid and swaps in the pool.
    const amountIn = 10n ** 10n;
    const { result: amountOut } = await c.public.simulateContract({
      account: demoAccounts[0]!,
      address: a().slipstream.swapRouter,
      abi: routerAbi,
      functionName: 'exactInputSingle',
      args: [
        {
          tokenIn: a().weth,
          tokenOut: a().demo,
          tickSpacing: 200,
          recipient: demoAccounts[0]!,
          deadline: maxUint256,
          amountIn,
          amountOutMinimum: 0n,
          sqrtPriceLimitX96: 0n,
        },
      ],
      value: amountIn,
    });
    // What the pool pays per WETH after its fee, back to the price before the fee: DEMO per WETH.
    const quotedDemoPerWeth = Number(amountOut) / (Number(amountIn) * (1 - fee / 1e6));
    // The shown price is DEMO's in WETH (both 18 decimals).
    expect(Number(shown.price) * quotedDemoPerWeth).toBeCloseTo(1, 6);
    expect(Number(shown.price) * (Number(sqrtPriceX96) / 2 ** 96) ** 2).toBeCloseTo(1, 9);
    // Liquidity: what the pool holds of each token, as for Uniswap V3.
    const held = async (token: Address) =>
      c.public.readContract({ address: token, abi: erc20, functionName: 'balanceOf', args: [poolAddress()] });
    expect(shown.pool_funds?.amount_token).toBe(formatUnits(await held(a().weth), 18).replace(/\.0$/, ''));
    expect(shown.pool_funds?.amount_project_token).toBe(formatUnits(await held(a().demo), 18).replace(/\.0$/, ''));
  });

  it('activity, 24 h figures and candles come from the stored swaps; liquidity changes carry no price', async () => {
    const activity = await api('GET', `projects/activity/?pool=${pool.id}&limit=100`);
    expect(activity.statusCode, activity.body).toBe(200);
    const events = activity.json().events as { kind: string; price: string | null }[];
    expect(events[0]!.kind).toBe('sell');
    expect(events[1]).toMatchObject({ kind: 'buy' });
    expect(
      events.filter((e) => e.kind === 'add_liquidity' || e.kind === 'remove_liquidity').every((e) => e.price === null),
    ).toBe(true);
    const shown = (await api('GET', `projects/user/pools/funds/${pool.id}/`)).json<Pool>();
    expect(Number(shown.volume_24h)).toBeGreaterThan(0);
    expect(shown.change_24h).not.toBeNull();
    const candles = await api('GET', `projects/pool/${pool.id}/candles/?interval=1h&range=30d`);
    expect(candles.statusCode, candles.body).toBe(200);
    expect(candles.json<{ candles: unknown[] }>().candles.length).toBeGreaterThan(10);
  });
});

describe('a reorganisation', () => {
  it('rolls back a Slipstream swap of orphaned blocks; the stored events are the new chain’s logs again', async () => {
    const rpc = async (method: string, params: unknown[]) => {
      const res = await fetch(suite.devnet.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      });
      const body = (await res.json()) as { error?: { message: string } };
      if (body.error) throw new Error(`${method}: ${body.error.message}`);
    };
    const guard = new ReorgGuard(suite.ctx.database.db, suite.ctx.app.chain, suite.ctx.app.chain.registry.get(31337)!);
    const head = () => clients().public.getBlockNumber({ cacheTime: 0 });
    expect(await guard.check()).toBeNull();
    const fork = await head();
    const orphan = await swapOnDevnet(clients(), {
      from: demoAccounts[1]!,
      pool: 'demo-weth-slipstream',
      side: 'buy',
      amount: '0.7',
    });
    await clients().test.mine({ blocks: 2 });
    await catchUp();
    expect((await eventsOf(poolAddress())).some((e) => e.txHash === orphan.hash.toLowerCase())).toBe(true);
    const orphanHead = await head();
    // anvil drops the blocks after the fork; a different swap and more blocks make the longer chain.
    await rpc('anvil_rollback', [Number(orphanHead - fork)]);
    const replacement = await swapOnDevnet(clients(), {
      from: demoAccounts[2]!,
      pool: 'demo-weth-slipstream',
      side: 'sell',
      amount: '250',
    });
    await clients().test.mine({ blocks: Number(orphanHead - fork) });
    const rolled = await guard.check();
    expect(rolled).not.toBeNull();
    expect(rolled!.forkBlock).toBeLessThanOrEqual(fork);
    expect(rolled!.events).toBeGreaterThanOrEqual(1);
    await catchUp();
    const stored = await eventsOf(poolAddress());
    expect(stored.some((e) => e.txHash === orphan.hash.toLowerCase())).toBe(false);
    expect(stored.filter((e) => e.txHash === replacement.hash.toLowerCase())).toHaveLength(1);
    expect(stored.map((e) => `${e.txHash}:${e.logIndex}:${e.amount0}:${e.amount1}`)).toEqual(
      (await chainEventsOf(poolAddress())).map((e) => `${e.key}:${e.amount0}:${e.amount1}`),
    );
  });
});

describe('the new-pool watch', () => {
  it('sees a CLFactory PoolCreated of the project token, and the pool attaches with the fee its tick spacing sets', async () => {
    const watch = () =>
      new PoolWatch(suite.ctx.database.db, suite.ctx.app.chain, suite.ctx.app.chain.registry.get(31337)!);
    await watch().tick(); // starts at the head
    const receipt = await send(demoAccounts[2]!, a().slipstream.factory, factoryAbi as Abi, 'createPool', [
      a().demo,
      a().usdc,
      100,
      2n ** 96n,
    ]);
    const created = await clients().public.readContract({
      address: a().slipstream.factory,
      abi: factoryAbi,
      functionName: 'getPool',
      args: [a().demo, a().usdc, 100],
    });
    expect((await watch().tick()).found).toBe(1);
    expect((await watch().tick()).found).toBe(0);
    expect(
      await suite.ctx.database.db.select().from(indexerSkippedItems).where(eq(indexerSkippedItems.part, 'pool-watch')),
    ).toEqual([]);
    const list = (await api('GET', `projects/${suite.demoProject}/discovered-pools/`)).json<{
      pools: { id: number; pool_address: string; pool_version: string; paired_token: { symbol: string | null } }[];
    }>();
    const found = list.pools.find((p) => p.pool_address.toLowerCase() === created.toLowerCase());
    expect(found).toMatchObject({ pool_version: 'slipstream', paired_token: { symbol: 'USDC' } });
    const [notice] = await suite.ctx.database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, suite.user.userId),
          eq(notifications.navigationUrl, `/projects/${suite.demoProject}`),
        ),
      );
    expect(notice!.message).toBe(
      `A DEMO/USDC pool was created at ${getAddress(created)} in block ${receipt.blockNumber}. Open the project to attach it in one click.`,
    );
    const attached = await api('POST', `projects/${suite.demoProject}/discovered-pools/${found!.id}/attach/`);
    expect(attached.statusCode, attached.body).toBe(201);
    // CLFactory's constructor: tick spacing 100 is 0.05 %; the devnet factory has no swap fee module.
    expect(attached.json()).toMatchObject({
      pool_address: getAddress(created),
      pool_version: 'slipstream',
      fee: 500,
      shape: { tick_spacing: 100, dynamic_fee: false },
    });
  });
});

describe('the adapter on its own', () => {
  it('reuses Uniswap V3 decoder objects for the identical Swap, Mint and Burn, and refuses an uninitialised slot0', () => {
    expect(slipstream.decoders.size).toBe(3);
    expect(
      slipstream.readState(
        [
          { status: 'success', result: [0n, 0, 0, 0, 0, false] },
          { status: 'success', result: 1n },
          { status: 'success', result: 1n },
        ],
        { address: poolAddress(), token0: a().weth, token1: a().demo },
      ),
    ).toBeNull();
    expect(slipstream.facts({ fee: null, tickSpacing: 200, hooks: null })).toEqual({
      fee: null,
      dynamicFee: true,
      tickSpacing: 200,
    });
  });
});
