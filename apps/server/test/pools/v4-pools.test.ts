import {
  demoAccounts,
  devnetChain as devnetViemChain,
  devnetClients,
  swapV4OnDevnet,
  type DevnetV4PoolName,
} from '@tokendesk/devchain';
import type { Pool } from '@tokendesk/contract';
import { and, eq, sql } from 'drizzle-orm';
import {
  decodeEventLog,
  encodeAbiParameters,
  formatUnits,
  keccak256,
  pad,
  parseAbi,
  zeroAddress,
  type Address,
  type Hex,
} from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChainService } from '../../src/chain/chain-service';
import { devnetNetwork, NetworkRegistry, REAL_NETWORKS, type NetworkConfig } from '../../src/chain/networks';
import { alerts, alertTriggers, indexerSkippedItems, notifications, poolEvents } from '../../src/db/schema';
import { NetworkIndexer } from '../../src/indexer/indexer';
import { PoolWatch } from '../../src/indexer/pool-watch';
import { createTestContext, signUp, type TestContext, requesterAs } from '../helpers';
import { claimSharedChain, type SharedChain } from '@tokendesk/testkit/shared-chain';

/*
 * Uniswap V4 pools on the server (docs/decisions/0042) against the devnet's real PoolManager and
 * StateView (v4-core 1.0.2, v4-periphery 1.0.3) and its seeded pools: DEMO/ETH (native ETH, 0.3 %,
 * no hooks) and DEMO/USDC (dynamic fee, a hook). This file swaps and changes liquidity, so it
 * claims the shared devnet and reverts it at the end.
 */

let devnet: SharedChain;
let ctx: TestContext;
let user: Awaited<ReturnType<typeof signUp>>;
let demoProject: number;
let smplProject: number;
const a = () => devnet.addresses;
const clients = () => devnetClients(devnet.rpcUrl);

const stateViewAbi = parseAbi([
  'function getSlot0(bytes32 poolId) view returns (uint160 sqrtPriceX96, int24 tick, uint24 protocolFee, uint24 lpFee)',
  'function getLiquidity(bytes32 poolId) view returns (uint128 liquidity)',
]);
const managerEvents = parseAbi([
  'event Swap(bytes32 indexed id, address indexed sender, int128 amount0, int128 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick, uint24 fee)',
  'event ModifyLiquidity(bytes32 indexed id, address indexed sender, int24 tickLower, int24 tickUpper, int256 liquidityDelta, bytes32 salt)',
]);
const erc20 = parseAbi([
  'function approve(address, uint256) returns (bool)',
  'function balanceOf(address) view returns (uint256)',
]);
const liquidityRouterAbi = parseAbi([
  'function modifyLiquidity((address currency0, address currency1, uint24 fee, int24 tickSpacing, address hooks) key, (int24 tickLower, int24 tickUpper, int256 liquidityDelta, bytes32 salt) params, bytes hookData) payable returns (int256 delta)',
]);

/** The devnet network with Uniswap V4, whether or not networks.ts lists it yet. */
function v4Network(): NetworkConfig {
  const base = devnetNetwork(devnet.rpcUrl, devnet.addresses);
  if (base.dexes.some((d) => d.version === 'v4')) return base;
  return {
    ...base,
    dexes: [
      ...base.dexes,
      {
        id: 'uniswap-v4',
        name: 'Uniswap V4',
        logo: '',
        version: 'v4',
        poolManager: a().v4.poolManager,
        stateView: a().v4.stateView,
      },
    ],
  };
}

const api = requesterAs(
  () => ctx.app,
  () => user.token,
);

function newIndexer() {
  return new NetworkIndexer(ctx.database.db, ctx.app.chain, ctx.app.chain.registry.get(31337)!, {});
}
async function catchUp() {
  let fired = 0;
  for (let i = 0; i < 60; i++) {
    const r = await newIndexer().tick();
    fired += r.alertsFired;
    if (r.caughtUp) return fired;
  }
  throw new Error('indexer did not catch up');
}

const eventsOf = (id: Hex) =>
  ctx.database.db
    .select()
    .from(poolEvents)
    .where(eq(poolEvents.poolAddress, id))
    .orderBy(poolEvents.blockNumber, poolEvents.logIndex);

async function stateOf(id: Hex) {
  const [sqrtPriceX96] = await clients().public.readContract({
    address: a().v4.stateView,
    abi: stateViewAbi,
    functionName: 'getSlot0',
    args: [id],
  });
  const liquidity = await clients().public.readContract({
    address: a().v4.stateView,
    abi: stateViewAbi,
    functionName: 'getLiquidity',
    args: [id],
  });
  return { sqrtPriceX96, liquidity };
}

/** The PoolManager's Swap and (non-zero) ModifyLiquidity logs of one pool, straight from the node. */
async function chainEventsOf(id: Hex) {
  const logs = await clients().public.getLogs({ address: a().v4.poolManager, fromBlock: 0n, toBlock: 'latest' });
  return logs.flatMap((l) => {
    try {
      const e = decodeEventLog({ abi: managerEvents, topics: l.topics, data: l.data });
      if (e.args.id.toLowerCase() !== id) return [];
      if (e.eventName === 'ModifyLiquidity' && e.args.liquidityDelta === 0n) return [];
      return [{ key: `${l.transactionHash!.toLowerCase()}:${l.logIndex}`, event: e }];
    } catch {
      return [];
    }
  });
}

const swap = (pool: DevnetV4PoolName, side: 'buy' | 'sell', amount: string, from = demoAccounts[0]!) =>
  swapV4OnDevnet(clients(), { from, pool, side, amount });

beforeAll(async () => {
  devnet = await claimSharedChain('v4-pools.test.ts');
  const chain = new ChainService(new NetworkRegistry([...REAL_NETWORKS, v4Network()]), { poolStateTtlMs: 0 });
  ctx = await createTestContext({}, { chain });
  user = await signUp(ctx.app);
  const create = async (address: Address, symbol: string, decimals: number) => {
    const res = await api('POST', 'projects/create/', {
      network: 31337,
      contract_address: address,
      name: symbol,
      token_symbol: symbol,
      token_decimal: decimals,
    });
    if (res.statusCode !== 201) throw new Error(`create ${symbol}: ${res.statusCode} ${res.body}`);
    return res.json().id as number;
  };
  demoProject = await create(a().demo, 'DEMO', 18);
  smplProject = await create(a().smpl, 'SMPL', 9);
}, 600_000); // includes waiting for the chain-writer lock

afterAll(async () => {
  await ctx?.close();
  await devnet?.release();
});

describe('discovery and verification', () => {
  it('finds the seeded V4 pools from Initialize logs and says "no pool" for an unpaired token', async () => {
    const eth = await api('POST', 'projects/get-pool-address/', {
      project_id: demoProject,
      dex_id: 'uniswap-v4',
      token_id: 'eth',
    });
    expect(eth.statusCode, eth.body).toBe(200);
    expect(eth.json()).toEqual({
      pool_address: a().v4.pools.demoEthV4.id,
      pool_version: 'v4',
      fee: 3000,
      shape: { stable: null, tick_spacing: 60, bin_step: null, dynamic_fee: false, plugin: null },
    });
    const usdc = await api('POST', 'projects/get-pool-address/', {
      project_id: demoProject,
      dex_id: 'uniswap-v4',
      token_id: 'usdc',
    });
    expect(usdc.json()).toEqual({
      pool_address: a().v4.pools.hookedV4.id,
      pool_version: 'v4',
      fee: null,
      shape: { stable: null, tick_spacing: 60, bin_step: null, dynamic_fee: true, plugin: null },
    });
    const none = await api('POST', 'projects/get-pool-address/', {
      project_id: smplProject,
      dex_id: 'uniswap-v4',
      token_id: 'eth',
    });
    expect(none.statusCode).toBe(404);
    expect(none.json().detail).toBe('No pool found for this pair on Uniswap V4');
  });

  it('refuses a forged key (uninitialised, wrong currencies) and a V2 address for V4, saving nothing', async () => {
    // A key nobody initialised: DEMO/ETH at 1 %, tick spacing 200.
    const forgedKey = {
      currency0: zeroAddress,
      currency1: a().demo,
      fee: 10_000,
      tickSpacing: 200,
      hooks: zeroAddress,
    };
    const forgedId = keccak256(
      encodeAbiParameters(
        [{ type: 'address' }, { type: 'address' }, { type: 'uint24' }, { type: 'int24' }, { type: 'address' }],
        [forgedKey.currency0, forgedKey.currency1, forgedKey.fee, forgedKey.tickSpacing, forgedKey.hooks],
      ),
    );
    const uninitialised = await api('POST', `projects/pool/${demoProject}/`, {
      dex: 'uniswap-v4',
      token: 'eth',
      pool_address: forgedId,
    });
    expect(uninitialised.statusCode).toBe(400);
    expect(uninitialised.json().errors[0]).toEqual({
      field: 'pool_address',
      message: 'This pool id is not an initialised Uniswap V4 pool on this network.',
    });
    // A real pool, but of DEMO and USDC, offered as DEMO/ETH.
    const wrongPair = await api('POST', `projects/pool/${demoProject}/`, {
      dex: 'uniswap-v4',
      token: 'eth',
      pool_address: a().v4.pools.hookedV4.id,
    });
    expect(wrongPair.statusCode).toBe(400);
    expect(wrongPair.json().detail).toBe('This pool does not pair the project token with the selected token.');
    // …and offered for another project's token.
    const wrongProject = await api('POST', `projects/pool/${smplProject}/`, {
      dex: 'uniswap-v4',
      token: 'eth',
      pool_address: a().v4.pools.demoEthV4.id,
    });
    expect(wrongProject.statusCode).toBe(400);
    const address = await api('POST', `projects/pool/${demoProject}/`, {
      dex: 'uniswap-v4',
      token: 'eth',
      pool_address: a().pools.demoWethV2,
    });
    expect(address.statusCode).toBe(400);
    expect(address.json().errors[0].field).toBe('pool_address');
    const listed = await api('GET', `projects/${demoProject}/pools/`);
    expect(listed.json()).toEqual([]);
  });
});

describe('attached V4 pools', () => {
  let ethPool: Pool;
  let hookedPool: Pool;
  const ethId = () => a().v4.pools.demoEthV4.id.toLowerCase() as Hex;
  const hookedId = () => a().v4.pools.hookedV4.id.toLowerCase() as Hex;

  beforeAll(async () => {
    const eth = await api('POST', `projects/pool/${demoProject}/`, {
      dex: 'uniswap-v4',
      token: 'eth',
      pool_address: a().v4.pools.demoEthV4.id,
      pool_version: 'v4',
    });
    expect(eth.statusCode, eth.body).toBe(201);
    ethPool = eth.json();
    const hooked = await api('POST', `projects/pool/${demoProject}/`, {
      dex: 'uniswap-v4',
      token: 'usdc',
      pool_address: a().v4.pools.hookedV4.id,
    });
    expect(hooked.statusCode, hooked.body).toBe(201);
    hookedPool = hooked.json();
    await catchUp();
  }, 120_000);

  it('answer the pool id, the native ETH side, the fee and the hooks with their permissions', async () => {
    expect(ethPool).toMatchObject({
      pool_address: ethId(),
      pool_version: 'v4',
      fee: 3000,
      token: { symbol: 'ETH', address: zeroAddress, decimals: 18 },
      v4: { pool_id: ethId(), hooks: zeroAddress, hook_flags: [], tick_spacing: 60, dynamic_fee: false },
    });
    expect(hookedPool).toMatchObject({
      pool_address: hookedId(),
      fee: null,
      token: { symbol: 'USDC' },
      // The devnet hook's address ends in 0x1440: bits 12, 10 and 6 of Hooks.sol.
      v4: {
        pool_id: hookedId(),
        hooks: a().v4.hook,
        hook_flags: ['afterInitialize', 'afterAddLiquidity', 'afterSwap'],
        tick_spacing: 60,
        dynamic_fee: true,
      },
    });
    // A duplicate is refused like any pool's.
    const again = await api('POST', `projects/pool/${demoProject}/`, {
      dex: 'uniswap-v4',
      token: 'eth',
      pool_address: a().v4.pools.demoEthV4.id.toUpperCase().replace('0X', '0x'),
    });
    expect(again.statusCode).toBe(409);
  });

  it('price and in-range amounts are those of StateView at the block read', async () => {
    const res = await api('GET', `projects/user/pools/funds/${ethPool.id}/`);
    expect(res.statusCode).toBe(200);
    const pool = res.json<Pool>();
    const { sqrtPriceX96, liquidity } = await stateOf(ethId());
    const Q96 = 2n ** 96n;
    // ETH is currency0 (address 0), DEMO currency1: x = L·2^96/√P ETH, y = L·√P/2^96 DEMO.
    expect(pool.pool_funds?.amount_token).toBe(formatUnits((liquidity * Q96) / sqrtPriceX96, 18).replace(/\.0$/, ''));
    expect(pool.pool_funds?.amount_project_token).toBe(
      formatUnits((liquidity * sqrtPriceX96) / Q96, 18).replace(/\.0$/, ''),
    );
    // DEMO in ETH = 1 / (√P/2^96)², both 18 decimals.
    const expected = 1 / (Number(sqrtPriceX96) / 2 ** 96) ** 2;
    expect(Number(pool.price) / expected).toBeCloseTo(1, 12);
    expect(Number(pool.price)).toBeGreaterThan(0);
  });

  it('every Swap and ModifyLiquidity of the seeded history is stored once', async () => {
    for (const id of [ethId(), hookedId()]) {
      const stored = await eventsOf(id);
      const onChain = await chainEventsOf(id);
      expect(onChain.length).toBeGreaterThan(3);
      expect(stored.map((e) => `${e.txHash}:${e.logIndex}`).sort()).toEqual(onChain.map((e) => e.key).sort());
      expect(new Set(stored.map((e) => `${e.txHash}:${e.logIndex}`)).size).toBe(stored.length);
    }
    // A second pass over the same blocks adds nothing.
    const before = (await eventsOf(ethId())).length;
    await ctx.database.db.execute(sql`update indexed_pools set to_block = null where pool_address = ${ethId()}`);
    await catchUp();
    expect((await eventsOf(ethId())).length).toBe(before);
  });

  it('a swap is stored from the pool side: the negated Swap amounts, so a buy takes DEMO out and ETH in', async () => {
    const buy = await swap('demo-eth-v4', 'buy', '0.5');
    const sell = await swap('demo-usdc-v4', 'sell', '1000');
    await catchUp();
    for (const [tx, id] of [
      [buy, ethId()],
      [sell, hookedId()],
    ] as const) {
      const log = tx.receipt.logs
        .map((l) => {
          try {
            return decodeEventLog({ abi: managerEvents, topics: l.topics, data: l.data });
          } catch {
            return null;
          }
        })
        .find((e) => e?.eventName === 'Swap');
      const args = log!.args as { amount0: bigint; amount1: bigint; sqrtPriceX96: bigint };
      const [row] = (await eventsOf(id)).filter((e) => e.txHash === tx.hash.toLowerCase());
      expect(row).toMatchObject({
        type: 'swap',
        amount0: (-args.amount0).toString(),
        amount1: (-args.amount1).toString(),
        sqrtPriceX96: args.sqrtPriceX96.toString(),
      });
    }
    const [buyRow] = (await eventsOf(ethId())).filter((e) => e.txHash === buy.hash.toLowerCase());
    // Exact input: 0.5 ETH (currency0) into the pool, DEMO (currency1) out of it.
    expect(buyRow!.amount0).toBe((5n * 10n ** 17n).toString());
    expect(BigInt(buyRow!.amount1)).toBeLessThan(0n);
    const activity = await api('GET', `projects/activity/?pool=${ethPool.id}&limit=5`);
    const first = activity.json().events[0];
    expect(first).toMatchObject({ kind: 'buy', amount_token: '0.5', tx_hash: buy.hash.toLowerCase() });
    const [sellRow] = (await eventsOf(hookedId())).filter((e) => e.txHash === sell.hash.toLowerCase());
    // DEMO is currency0 of DEMO/USDC: 1,000 DEMO into the pool on a sell.
    expect(sellRow!.amount0).toBe((1000n * 10n ** 18n).toString());
    expect(BigInt(sellRow!.amount1)).toBeLessThan(0n);
  });

  it('a liquidity change is stored with the amounts the PoolManager took or paid, add positive, remove negative', async () => {
    const lp = demoAccounts[3]!;
    const key = a().v4.pools.demoEthV4.key;
    const { sqrtPriceX96 } = await stateOf(ethId());
    // A narrow range around the price, so both tokens go in and the in-range formula is what counts.
    const tick = Math.floor(Math.log((Number(sqrtPriceX96) / 2 ** 96) ** 2) / Math.log(1.0001));
    const tickLower = Math.floor(tick / 60) * 60 - 600;
    const tickUpper = Math.floor(tick / 60) * 60 + 600;
    const salt = pad('0x4242', { size: 32 });
    const c = clients();
    const send = async (liquidityDelta: bigint, value: bigint) => {
      const hash = await c.wallet.writeContract({
        account: lp,
        chain: devnetViemChain,
        address: a().v4.liquidityRouter,
        abi: liquidityRouterAbi,
        functionName: 'modifyLiquidity',
        args: [key, { tickLower, tickUpper, liquidityDelta, salt }, '0x'],
        value,
        gas: 1_000_000n,
      });
      const receipt = await c.public.waitForTransactionReceipt({ hash });
      expect(receipt.status).toBe('success');
      return receipt;
    };
    const approve = await c.wallet.writeContract({
      account: lp,
      chain: devnetViemChain,
      address: a().demo,
      abi: erc20,
      functionName: 'approve',
      args: [a().v4.liquidityRouter, 10n ** 30n],
    });
    await c.public.waitForTransactionReceipt({ hash: approve });
    const held = async (block: bigint) => ({
      eth: await c.public.getBalance({ address: a().v4.poolManager, blockNumber: block }),
      demo: await c.public.readContract({
        address: a().demo,
        abi: erc20,
        functionName: 'balanceOf',
        args: [a().v4.poolManager],
        blockNumber: block,
      }),
    });
    const delta = 10n ** 20n;
    const added = await send(delta, 10n ** 19n);
    const removed = await send(-delta, 0n);
    await catchUp();
    const rows = await eventsOf(ethId());
    for (const [receipt, type] of [
      [added, 'mint'],
      [removed, 'burn'],
    ] as const) {
      const [row] = rows.filter((e) => e.txHash === receipt.transactionHash.toLowerCase());
      const before = await held(receipt.blockNumber - 1n);
      const after = await held(receipt.blockNumber);
      // No swap between the two and a fresh position: no fees, so the manager's balances moved by
      // exactly the principal (the router refunds the ETH it did not need).
      expect(row, type).toMatchObject({
        type,
        amount0: (after.eth - before.eth).toString(),
        amount1: (after.demo - before.demo).toString(),
        sqrtPriceX96: null,
      });
      expect(BigInt(row!.amount0) !== 0n && BigInt(row!.amount1) !== 0n).toBe(true);
    }
    const activity = await api('GET', `projects/activity/?pool=${ethPool.id}&limit=5`);
    const kinds = activity
      .json()
      .events.slice(0, 2)
      .map((e: { kind: string; price: string | null }) => [e.kind, e.price]);
    expect(kinds).toEqual([
      ['remove_liquidity', null],
      ['add_liquidity', null],
    ]);
  });

  it('24 h volume, buys and change, candles and USD come from the stored V4 swaps', async () => {
    const pool = (await api('GET', `projects/user/pools/funds/${ethPool.id}/`)).json<Pool>();
    const swaps = (await eventsOf(ethId())).filter((e) => e.type === 'swap');
    // Covered by the indexer: the seeded last hours and this file's swaps count.
    expect(Number(pool.volume_24h)).toBeGreaterThan(0);
    expect(pool.buys_24h! + pool.sells_24h!).toBeGreaterThan(0);
    expect(pool.change_24h).not.toBeNull();
    // ETH is valued at WETH's USD rate (from the devnet's WETH/USDC reference pool).
    expect(pool.price_usd).not.toBeNull();
    expect(pool.usd_unavailable_reason).toBeNull();
    const candles = await api('GET', `projects/pool/${ethPool.id}/candles/?interval=1h&range=30d`);
    expect(candles.statusCode, candles.body).toBe(200);
    const body = candles.json<{ candles: { close: string }[] }>();
    expect(body.candles.length).toBeGreaterThan(10);
    // The last candle closes at the last swap's price: paired / project leg of that swap.
    const last = swaps.at(-1)!;
    expect(
      Number(body.candles.at(-1)!.close) / Math.abs(Number(BigInt(last.amount0)) / Number(BigInt(last.amount1))),
    ).toBeCloseTo(1, 9);
  });

  it('a price-move alert fires on a V4 swap', async () => {
    // The earlier tests' swaps leave the window first: the alert judges only what follows.
    await clients().test.increaseTime({ seconds: 2 * 3600 });
    await clients().test.mine({ blocks: 1 });
    await catchUp();
    const [alert] = await ctx.database.db
      .insert(alerts)
      .values({
        userId: user.userId,
        poolId: ethPool.id,
        kind: 'price_move',
        thresholdPct: '2',
        windowMinutes: 60,
        cooldownMinutes: 5,
      })
      .returning();
    await catchUp(); // anchors the alert; nothing new to judge
    await swap('demo-eth-v4', 'buy', '0.01');
    await catchUp();
    expect(await ctx.database.db.select().from(alertTriggers).where(eq(alertTriggers.alertId, alert!.id))).toHaveLength(
      0,
    );
    await swap('demo-eth-v4', 'buy', '20');
    expect(await catchUp()).toBeGreaterThanOrEqual(1);
    const triggers = await ctx.database.db
      .select()
      .from(alertTriggers)
      .where(and(eq(alertTriggers.alertId, alert!.id)));
    expect(triggers).toHaveLength(1);
    expect(Number(triggers[0]!.values.change_pct)).toBeGreaterThan(2);
  });
});

describe('the new-pool watch', () => {
  it('sees a PoolManager Initialize of a project token, notifies once, and the pool attaches by its id', async () => {
    const watch = () => new PoolWatch(ctx.database.db, ctx.app.chain, ctx.app.chain.registry.get(31337)!);
    await watch().tick(); // the watch starts at the head: earlier pools are for 'Add Pool'
    // A new DEMO/USDT pool at 0.05 %, tick spacing 10, no hooks; anyone may initialise a key.
    const key = { currency0: a().demo, currency1: a().usdt, fee: 500, tickSpacing: 10, hooks: zeroAddress } as const;
    const [currency0, currency1] =
      BigInt(key.currency0) < BigInt(key.currency1) ? [key.currency0, key.currency1] : [key.currency1, key.currency0];
    const sorted = { ...key, currency0, currency1 };
    const c = clients();
    const hash = await c.wallet.writeContract({
      account: demoAccounts[2]!,
      chain: devnetViemChain,
      address: a().v4.poolManager,
      abi: parseAbi([
        'function initialize((address currency0, address currency1, uint24 fee, int24 tickSpacing, address hooks) key, uint160 sqrtPriceX96) returns (int24 tick)',
      ]),
      functionName: 'initialize',
      args: [sorted, 2n ** 96n],
      gas: 1_000_000n,
    });
    expect((await c.public.waitForTransactionReceipt({ hash })).status).toBe('success');
    const id = keccak256(
      encodeAbiParameters(
        [{ type: 'address' }, { type: 'address' }, { type: 'uint24' }, { type: 'int24' }, { type: 'address' }],
        [sorted.currency0, sorted.currency1, sorted.fee, sorted.tickSpacing, sorted.hooks],
      ),
    ).toLowerCase();
    expect((await watch().tick()).found).toBe(1);
    expect((await watch().tick()).found).toBe(0); // once
    // An Initialize log is not a factory log: nothing filed as undecodable.
    expect(
      await ctx.database.db.select().from(indexerSkippedItems).where(eq(indexerSkippedItems.part, 'pool-watch')),
    ).toEqual([]);
    const list = (await api('GET', `projects/${demoProject}/discovered-pools/`)).json<{
      pools: {
        id: number;
        pool_address: string;
        pool_version: string;
        fee: number | null;
        paired_token: { symbol: string | null };
      }[];
    }>();
    const found = list.pools.find((p) => p.pool_address === id);
    expect(found).toMatchObject({ pool_version: 'v4', fee: 500, paired_token: { symbol: 'USDT' } });
    const [notice] = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.userId), eq(notifications.navigationUrl, `/projects/${demoProject}`)));
    expect(notice!.message).toBe(
      `A DEMO/USDT (0.05%) pool was initialised with pool id ${id} in block ${(await c.public.getTransactionReceipt({ hash })).blockNumber}. Open the project to attach it in one click.`,
    );
    const attached = await api('POST', `projects/${demoProject}/discovered-pools/${found!.id}/attach/`);
    expect(attached.statusCode, attached.body).toBe(201);
    expect(attached.json()).toMatchObject({
      pool_address: id,
      pool_version: 'v4',
      fee: 500,
      v4: { pool_id: id, tick_spacing: 10, hook_flags: [], dynamic_fee: false },
    });
  });
});
