import {
  demoAccounts,
  devnetChain as devnetViemChain,
  lfjArtifacts,
  swapOnDevnet,
  LFJ_DEPLOYER,
} from '@tokendesk/devchain';
import type { Pool, TopTraders } from '@tokendesk/contract';
import { and, desc, eq, lte } from 'drizzle-orm';
import { decodeEventLog, formatUnits, getAddress, parseAbi, parseUnits, type Abi, type Address, type Hex } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatRatio } from '../../src/chain/decimal';
import { priceFromId, sqrtPriceX96FromPrice128 } from '../../src/chain/dex/liquidity-book/bin-price';
import { findPoolsAmong } from '../../src/chain/pools';
import { readReferencePools } from '../../src/chain/reference-pools';
import { ReferencePoolKeeper } from '../../src/indexer/reference-pool';
import { decText } from '../../src/market/usd/decimal-math';
import { deepestReferencePool } from '../../src/market/usd/reference-choice';
import { indexerSkippedItems, notifications, poolEvents } from '../../src/db/schema';
import { NetworkIndexer } from '../../src/indexer/indexer';
import { PoolWatch } from '../../src/indexer/pool-watch';
import { expectReorgFollowed } from '../support/pool-reorg';
import { dexDevnetSuite } from '../support/dex-devnet';

/*
 * LFJ Liquidity Book (docs/decisions/0071) against the devnet's real LBFactory/LBPair v2.2 (joe-v2,
 * decision 0061) and its seeded DEMO (X) / USDC (Y) pair, bin step 25, with a month of history.
 * Through the API and the indexer, compared with the pair's own logs and reads. It swaps, deploys a
 * second factory and creates a pair, so it claims the shared devnet and reverts it at the end.
 */

const suite = dexDevnetSuite('dex-liquidity-book.test.ts');
const { api, catchUp, send, a, clients } = suite;
const pair = () => a().lfj.pairs.demoUsdc;

const pairAbi = parseAbi([
  'function getActiveId() view returns (uint24)',
  'function getBinStep() view returns (uint16)',
  'function getReserves() view returns (uint128, uint128)',
  'function getBin(uint24 id) view returns (uint128, uint128)',
  'function getNextNonEmptyBin(bool swapForY, uint24 id) view returns (uint24)',
  'function getPriceFromId(uint24 id) view returns (uint256)',
]);
const routerAbi = parseAbi([
  'function getSwapOut(address pair, uint128 amountIn, bool swapForY) view returns (uint128 amountInLeft, uint128 amountOut, uint128 fee)',
]);
const factoryAbi = parseAbi([
  'function createLBPair(address tokenX, address tokenY, uint24 activeId, uint16 binStep) returns (address)',
]);
const pairEvents = parseAbi([
  'event Swap(address indexed sender, address indexed to, uint24 id, bytes32 amountsIn, bytes32 amountsOut, uint24 volatilityAccumulator, bytes32 totalFees, bytes32 protocolFees)',
  'event DepositedToBins(address indexed sender, address indexed to, uint256[] ids, bytes32[] amounts)',
  'event WithdrawnFromBins(address indexed sender, address indexed to, uint256[] ids, bytes32[] amounts)',
  'event CompositionFees(address indexed sender, uint24 id, bytes32 totalFees, bytes32 protocolFees)',
]);
const erc20 = parseAbi(['function balanceOf(address) view returns (uint256)']);

const x = (packed: Hex) => BigInt(packed) & ((1n << 128n) - 1n);
const y = (packed: Hex) => BigInt(packed) >> 128n;

/** Senders are read in batches after the events: until every stored swap has one. */
async function readAllSenders() {
  for (let i = 0; i < 30; i++) {
    const r = await new NetworkIndexer(
      suite.ctx.database.db,
      suite.ctx.app.chain,
      suite.ctx.app.chain.registry.get(31337)!,
      {},
    ).readSenders();
    if (!r.batchFull) return;
  }
  throw new Error('senders not read');
}

/**
 * The pair's own logs, decoded here independently of the adapter: the pool's side of each (what
 * entered the pair is positive). A Swap's input entered with the protocol's fee share, which the
 * log books apart (LBPair.swap); CompositionFees are kept to account for the pair's balance.
 */
async function chainLogsOf(address: Address) {
  const logs = await clients().public.getLogs({ address, fromBlock: 0n, toBlock: 'latest' });
  const events: { key: string; type: string; amount0: bigint; amount1: bigint }[] = [];
  let compositionProtocol0 = 0n;
  let compositionProtocol1 = 0n;
  for (const l of logs) {
    let e;
    try {
      e = decodeEventLog({ abi: pairEvents, topics: l.topics, data: l.data });
    } catch {
      continue;
    }
    const key = `${l.transactionHash!.toLowerCase()}:${l.logIndex}`;
    if (e.eventName === 'Swap') {
      const { amountsIn, amountsOut, protocolFees } = e.args;
      events.push({
        key,
        type: 'swap',
        amount0: x(amountsIn) + x(protocolFees) - x(amountsOut),
        amount1: y(amountsIn) + y(protocolFees) - y(amountsOut),
      });
    } else if (e.eventName === 'CompositionFees') {
      compositionProtocol0 += x(e.args.protocolFees);
      compositionProtocol1 += y(e.args.protocolFees);
    } else {
      const sign = e.eventName === 'DepositedToBins' ? 1n : -1n;
      events.push({
        key,
        type: e.eventName === 'DepositedToBins' ? 'mint' : 'burn',
        amount0: sign * e.args.amounts.reduce((s, p) => s + x(p), 0n),
        amount1: sign * e.args.amounts.reduce((s, p) => s + y(p), 0n),
      });
    }
  }
  return { events, compositionProtocol0, compositionProtocol1 };
}

const storedOf = async (address: Address) =>
  (
    await suite.ctx.database.db
      .select()
      .from(poolEvents)
      .where(eq(poolEvents.poolAddress, address.toLowerCase()))
      .orderBy(poolEvents.blockNumber, poolEvents.logIndex)
  ).map((e) => ({
    key: `${e.txHash}:${e.logIndex}`,
    type: e.type,
    amount0: BigInt(e.amount0),
    amount1: BigInt(e.amount1),
  }));

/** A second LBFactory (same compiled contracts) with its own DEMO/USDC pair: same interface, not the configured DEX. */
async function deployForeignPair(): Promise<Address> {
  const c = clients();
  const owner = demoAccounts[1]!;
  const deploy = async (artifact: { abi: unknown; bytecode: string }, args: readonly unknown[]) => {
    const hash = await c.wallet.deployContract({
      abi: artifact.abi as Abi,
      bytecode: artifact.bytecode as Hex,
      args,
      account: owner,
      chain: devnetViemChain,
    } as never);
    return (await c.public.waitForTransactionReceipt({ hash })).contractAddress!;
  };
  const factory = await deploy(lfjArtifacts.lbFactory, [owner, owner, 8n * 10n ** 14n]);
  const implementation = await deploy(lfjArtifacts.lbPair, [factory]);
  const write = async (functionName: string, args: readonly unknown[]) => {
    const hash = await c.wallet.writeContract({
      address: factory,
      abi: lfjArtifacts.lbFactory.abi as Abi,
      functionName,
      args,
      account: owner,
      chain: devnetViemChain,
      gas: 5_000_000n,
    } as never);
    expect((await c.public.waitForTransactionReceipt({ hash })).status).toBe('success');
  };
  await write('setLBPairImplementation', [implementation]);
  await write('setPreset', [25, 5_000, 30, 600, 5_000, 40_000, 1_000, 350_000, false]);
  await write('addQuoteAsset', [a().usdc]);
  const activeId = await c.public.readContract({ address: pair(), abi: pairAbi, functionName: 'getActiveId' });
  await write('createLBPair', [a().demo, a().usdc, activeId, 25]);
  const info = await c.public.readContract({
    address: factory,
    abi: parseAbi([
      'function getLBPairInformation(address, address, uint256) view returns ((uint16 binStep, address LBPair, bool createdByOwner, bool ignoredForRouting))',
    ]),
    functionName: 'getLBPairInformation',
    args: [a().demo, a().usdc, 25n],
  });
  return info.LBPair;
}

describe('discovery and verification', () => {
  it('finds the seeded pair through the factory and says "no pool" for a pair without one', async () => {
    const found = await api('POST', 'projects/get-pool-address/', {
      project_id: suite.demoProject,
      dex_id: 'lfj-v2.2',
      token_id: 'usdc',
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({ pool_address: getAddress(pair()), pool_version: 'liquidity-book', fee: null });
    const none = await api('POST', 'projects/get-pool-address/', {
      project_id: suite.smplProject,
      dex_id: 'lfj-v2.2',
      token_id: 'usdc',
    });
    expect(none.statusCode).toBe(404);
    expect(none.json().detail).toBe('No pool found for this pair on LFJ v2.2');
  });

  it('refuses a pair of another LBFactory (same contracts), a pair offered for the wrong token, and a V2 pair; saves nothing', async () => {
    const foreign = await deployForeignPair();
    const refused = await api('POST', `projects/pool/${suite.demoProject}/`, {
      dex: 'lfj-v2.2',
      token: 'usdc',
      pool_address: foreign,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toMatch(/does not belong to LFJ v2\.2: its factory is/);
    const wrongToken = await api('POST', `projects/pool/${suite.demoProject}/`, {
      dex: 'lfj-v2.2',
      token: 'weth',
      pool_address: pair(),
    });
    expect(wrongToken.statusCode).toBe(400);
    expect(wrongToken.json().detail).toBe('This pool does not pair the project token with the selected token.');
    const v2 = await api('POST', `projects/pool/${suite.demoProject}/`, {
      dex: 'lfj-v2.2',
      token: 'weth',
      pool_address: a().pools.demoWethV2,
    });
    expect(v2.statusCode).toBe(400);
    expect((await api('GET', `projects/${suite.demoProject}/pools/`)).json()).toEqual([]);

    // Holders' pool labels: each family's own claim calls; the foreign pair is no pool of a configured DEX.
    const network = suite.ctx.app.chain.registry.get(31337)!;
    const labels = await findPoolsAmong(suite.ctx.app.chain.client(network), network.dexes, a().demo, [
      pair(),
      foreign,
      a().pools.demoWethV2,
      demoAccounts[0]!,
    ]);
    expect(Object.fromEntries([...labels].map(([k, d]) => [k, d.id]))).toEqual({
      [pair().toLowerCase()]: 'lfj-v2.2',
      [a().pools.demoWethV2.toLowerCase()]: 'uniswap-v2',
    });
  }, 120_000);
});

describe('the attached pair', () => {
  let pool: Pool;

  beforeAll(async () => {
    const res = await api('POST', `projects/pool/${suite.demoProject}/`, {
      dex: 'lfj-v2.2',
      token: 'usdc',
      pool_address: pair(),
    });
    expect(res.statusCode, res.body).toBe(201);
    pool = res.json();
    await catchUp();
  }, 180_000);

  it('answers the bin step, a dynamic fee and token X as the project side', () => {
    expect(pool).toMatchObject({
      pool_version: 'liquidity-book',
      fee: null,
      shape: { bin_step: 25, dynamic_fee: true, stable: null, tick_spacing: null, plugin: null },
    });
  });

  it('stores exactly the pair’s Swap, DepositedToBins and WithdrawnFromBins logs, with the pool-side amounts', async () => {
    const chain = await chainLogsOf(pair());
    const stored = await storedOf(pair());
    expect(chain.events.length).toBeGreaterThan(40); // a month of swaps, several bins each, and liquidity
    expect(stored).toEqual(chain.events);
    // The pool side summed is what the pair holds, but the protocol's share of composition fees
    // (logged apart, in CompositionFees) and nothing collected: exact to the unit.
    const sum0 = stored.reduce((s, e) => s + e.amount0, 0n);
    const sum1 = stored.reduce((s, e) => s + e.amount1, 0n);
    const balance0 = await clients().public.readContract({
      address: a().demo,
      abi: erc20,
      functionName: 'balanceOf',
      args: [pair()],
    });
    const balance1 = await clients().public.readContract({
      address: a().usdc,
      abi: erc20,
      functionName: 'balanceOf',
      args: [pair()],
    });
    expect(sum0 + chain.compositionProtocol0).toBe(balance0);
    expect(sum1 + chain.compositionProtocol1).toBe(balance1);
  });

  it('shows the active bin’s price (the pair’s getPriceFromId) and liquidity = getReserves = every bin summed', async () => {
    const c = clients().public;
    const [activeId, binStep] = await Promise.all([
      c.readContract({ address: pair(), abi: pairAbi, functionName: 'getActiveId' }),
      c.readContract({ address: pair(), abi: pairAbi, functionName: 'getBinStep' }),
    ]);
    const onChain = await c.readContract({
      address: pair(),
      abi: pairAbi,
      functionName: 'getPriceFromId',
      args: [activeId],
    });
    expect(priceFromId(activeId, binStep)).toBe(onChain); // the port is bit for bit
    const live = (await api('GET', `projects/${suite.demoProject}/pools/`)).json<Pool[]>()[0]!;
    // DEMO in USDC: raw Y per raw X (128.128) × 10^18 / 10^6.
    const expected = Number(formatRatio(onChain * 10n ** 18n, (1n << 128n) * 10n ** 6n));
    expect(Math.abs(Number(live.price) / expected - 1)).toBeLessThan(1e-12);
    // A small sell quoted by the router (eth_call, no transaction) trades at that bin's price, less its fee.
    const amountIn = 10n ** 18n;
    const [left, out, fee] = await c.readContract({
      address: a().lfj.router,
      abi: routerAbi,
      functionName: 'getSwapOut',
      args: [pair(), amountIn, true],
    });
    expect(left).toBe(0n);
    const quoted = Number(out) / 1e6 / (Number(amountIn - fee) / 1e18);
    expect(Math.abs(quoted / Number(live.price) - 1)).toBeLessThan(5e-6); // one 6-decimal unit of 0.3 USDC

    const [r0, r1] = await c.readContract({ address: pair(), abi: pairAbi, functionName: 'getReserves' });
    expect(live.pool_funds).toMatchObject({
      amount_project_token: formatUnits(r0, 18),
      amount_token: formatUnits(r1, 6),
    });
    let binX = 0n;
    let binY = 0n;
    let id = await c.readContract({
      address: pair(),
      abi: pairAbi,
      functionName: 'getNextNonEmptyBin',
      args: [false, 0],
    });
    for (let n = 0; n < 500 && id !== 0 && id !== 2 ** 24 - 1; n++) {
      const [bx, by] = await c.readContract({ address: pair(), abi: pairAbi, functionName: 'getBin', args: [id] });
      binX += bx;
      binY += by;
      id = await c.readContract({
        address: pair(),
        abi: pairAbi,
        functionName: 'getNextNonEmptyBin',
        args: [false, id],
      });
    }
    expect([binX, binY]).toEqual([r0, r1]);
  });

  it('the 24 h change is known right after attaching: each swap carries its bin’s price (getPriceFromId of the logged id)', async () => {
    const logs = await clients().public.getLogs({
      address: pair(),
      event: pairEvents[0],
      fromBlock: 0n,
      toBlock: 'latest',
    });
    expect(logs.length).toBeGreaterThan(40);
    const binPrice = new Map<number, bigint>();
    for (const id of new Set(logs.map((l) => l.args.id!))) {
      binPrice.set(
        id,
        await clients().public.readContract({
          address: pair(),
          abi: pairAbi,
          functionName: 'getPriceFromId',
          args: [id],
        }),
      );
    }
    const stored = new Map(
      (
        await suite.ctx.database.db.select().from(poolEvents).where(eq(poolEvents.poolAddress, pair().toLowerCase()))
      ).map((e) => [`${e.txHash}:${e.logIndex}`, e.sqrtPriceX96]),
    );
    for (const l of logs) {
      // The pair's own 128.128 price of the bin, as the Q64.96 square root every price is stored in.
      expect(stored.get(`${l.transactionHash!.toLowerCase()}:${l.logIndex}`), `bin ${l.args.id}`).toBe(
        sqrtPriceX96FromPrice128(binPrice.get(l.args.id!)!).toString(),
      );
    }
    const shown = (await api('GET', `projects/user/pools/funds/${pool.id}/`)).json<Pool>();
    expect(shown.change_24h).not.toBeNull();
    // The base is the last swap at or before 24 h ago: its bin's price against the active bin's.
    const cutoff = Date.now() - 86_400_000;
    const [base] = await suite.ctx.database.db
      .select()
      .from(poolEvents)
      .where(
        and(
          eq(poolEvents.poolAddress, pair().toLowerCase()),
          eq(poolEvents.type, 'swap'),
          lte(poolEvents.blockTime, new Date(cutoff)),
        ),
      )
      .orderBy(desc(poolEvents.blockTime), desc(poolEvents.blockNumber), desc(poolEvents.logIndex))
      .limit(1);
    const basePrice = Number(formatRatio(BigInt(base!.sqrtPriceX96!) ** 2n * 10n ** 18n, (1n << 192n) * 10n ** 6n));
    expect(Number(shown.change_24h)).toBeCloseTo((Number(shown.price) / basePrice - 1) * 100, 3);
  });

  it('a trade across several bins is one Swap log per bin, each stored with its amounts, and counts as one trade (decision 0078)', async () => {
    const before = (await storedOf(pair())).length;
    type Candle = { time: string; trades: number; buys: number; sells: number; volume: string };
    const figures = async () => {
      const shown = (await api('GET', `projects/user/pools/funds/${pool.id}/`)).json<Pool>();
      const candles = (await api('GET', `projects/pool/${pool.id}/candles/?interval=1h&range=24h`)).json<{
        candles: Candle[];
      }>().candles;
      const traders = (await api('GET', `projects/pool/${pool.id}/traders/?range=24h`)).json<TopTraders>();
      const seller = traders.traders.find((t) => t.address === getAddress(demoAccounts[0]!));
      return {
        buys: shown.buys_24h!,
        sells: shown.sells_24h!,
        volume: parseUnits(shown.volume_24h!, 6),
        candles,
        traderSells: seller?.sells ?? 0,
        complete: traders.complete,
      };
    };
    await readAllSenders();
    const was = await figures();
    expect(was.complete).toBe(true);
    const { hash } = await swapOnDevnet(clients(), {
      from: demoAccounts[0]!,
      pool: 'demo-usdc-lfj',
      side: 'sell',
      amount: '2000',
    });
    const block = await clients().public.getBlock({
      blockNumber: (await clients().public.getTransactionReceipt({ hash })).blockNumber,
    });
    // The candle of the trade's hour, before (it may not have existed) and after.
    const hour = new Date(Math.floor(Number(block.timestamp) / 3600) * 3_600_000).toISOString();
    const candleOf = (list: Candle[]) =>
      list.find((c) => c.time === hour) ?? { trades: 0, buys: 0, sells: 0, volume: '0' };
    await catchUp();
    await readAllSenders();
    const chain = await chainLogsOf(pair());
    const stored = await storedOf(pair());
    expect(stored).toEqual(chain.events);
    const ofTrade = stored.filter((e) => e.key.startsWith(hash.toLowerCase()));
    expect(ofTrade.length).toBeGreaterThan(1);
    expect(stored.length).toBe(before + ofTrade.length);
    expect(ofTrade.every((e) => e.type === 'swap' && e.amount0 > 0n && e.amount1 < 0n)).toBe(true);

    // One sell, whatever the bins it crossed; its volume is every fill's USDC.
    const fills = ofTrade.reduce((s, e) => s - e.amount1, 0n);
    const now = await figures();
    expect(now.complete).toBe(true);
    const [c0, c1] = [candleOf(was.candles), candleOf(now.candles)];
    expect({
      buys: now.buys,
      sells: now.sells,
      candleTrades: c1.trades,
      candleBuys: c1.buys,
      candleSells: c1.sells,
      traderSells: now.traderSells,
    }).toEqual({
      buys: was.buys,
      sells: was.sells + 1,
      candleTrades: c0.trades + 1,
      candleBuys: c0.buys,
      candleSells: c0.sells + 1,
      traderSells: was.traderSells + 1,
    });
    expect(now.volume - was.volume).toBe(fills);
    expect(parseUnits(c1.volume, 6) - parseUnits(c0.volume, 6)).toBe(fills);
  }, 120_000);

  it('a reorganisation rolls back its orphaned swap, snapshots and 24 h figures, and follows the new chain', async () => {
    await expectReorgFollowed({
      rpcUrl: suite.devnet.rpcUrl,
      ctx: suite.ctx,
      get: (url) => api('GET', url),
      poolId: pool.id,
      pool: pair(),
      catchUp,
      buy: async () =>
        (await swapOnDevnet(clients(), { from: demoAccounts[1]!, pool: 'demo-usdc-lfj', side: 'buy', amount: '150' }))
          .hash,
      sell: async () =>
        (await swapOnDevnet(clients(), { from: demoAccounts[2]!, pool: 'demo-usdc-lfj', side: 'sell', amount: '400' }))
          .hash,
      chainEvents: async () => (await chainLogsOf(pair())).events.map((e) => `${e.key}:${e.amount0}:${e.amount1}`),
      // The pair's liquidity is getReserves (decision 0071 §6).
      reservesAt: (blockNumber) =>
        clients().public.readContract({ address: pair(), abi: pairAbi, functionName: 'getReserves', blockNumber }),
    });
  }, 120_000);
});

describe('the new-pool watch', () => {
  it('sees an LBPairCreated of a project token after the project, once, with its bin step', async () => {
    const watch = () =>
      new PoolWatch(suite.ctx.database.db, suite.ctx.app.chain, suite.ctx.app.chain.registry.get(31337)!);
    await watch().tick();
    const c = clients();
    const hash = await c.wallet.writeContract({
      address: a().lfj.factory,
      abi: factoryAbi,
      functionName: 'createLBPair',
      args: [a().smpl, a().usdc, 2 ** 23, 25],
      account: LFJ_DEPLOYER,
      chain: devnetViemChain,
      gas: 5_000_000n,
    });
    const receipt = await c.public.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    expect((await watch().tick()).found).toBe(1);
    expect((await watch().tick()).found).toBe(0);
    expect(
      await suite.ctx.database.db.select().from(indexerSkippedItems).where(eq(indexerSkippedItems.part, 'pool-watch')),
    ).toEqual([]);
    const list = (await api('GET', `projects/${suite.smplProject}/discovered-pools/`)).json<{
      pools: {
        pool_address: string;
        pool_version: string;
        fee: number | null;
        paired_token: { symbol: string | null };
      }[];
    }>();
    expect(list.pools).toHaveLength(1);
    expect(list.pools[0]).toMatchObject({
      pool_version: 'liquidity-book',
      fee: null,
      paired_token: { symbol: 'USDC' },
    });
    const [notice] = await suite.ctx.database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, suite.user.userId),
          eq(notifications.navigationUrl, `/projects/${suite.smplProject}`),
        ),
      );
    expect(notice!.message).toContain('SMPL/USDC');
    // …and it attaches: the factory lists it.
    const attached = await api('POST', `projects/pool/${suite.smplProject}/`, {
      dex: 'lfj-v2.2',
      token: 'usdc',
      pool_address: list.pools[0]!.pool_address,
    });
    expect(attached.statusCode, attached.body).toBe(201);
  }, 120_000);
});

describe('a USD reference route through an LFJ pair (decision 0078)', () => {
  it('a USDC/WETH pair (token X = USDC, the higher address) deeper than every other WETH/USDC pool carries the USD rate, its sides read from the pair', async () => {
    const c = clients();
    const deployer = a().deployer;
    // X = USDC, Y = WETH: not the address order (WETH is the lower address), which the factory's lookup key follows.
    expect(BigInt(a().weth) < BigInt(a().usdc)).toBe(true);
    await send(LFJ_DEPLOYER, a().lfj.factory, lfjArtifacts.lbFactory.abi as Abi, 'addQuoteAsset', [a().weth]);
    // About 3,000 USDC per WETH: raw WETH per raw USDC is 10^18 / (3,000 · 10^6).
    const activeId = 2 ** 23 + Math.round(Math.log(1e18 / 3e9) / Math.log(1.0025));
    await send(LFJ_DEPLOYER, a().lfj.factory, lfjArtifacts.lbFactory.abi as Abi, 'createLBPair', [
      a().usdc,
      a().weth,
      activeId,
      25,
    ]);
    const info = await c.public.readContract({
      address: a().lfj.factory,
      abi: parseAbi([
        'function getLBPairInformation(address, address, uint256) view returns ((uint16 binStep, address LBPair, bool createdByOwner, bool ignoredForRouting))',
      ]),
      functionName: 'getLBPairInformation',
      args: [a().weth, a().usdc, 25n],
    });
    const refPair = info.LBPair;
    // Twice the USDC of the devnet's reference pool (Uniswap V3 WETH/USDC), in the active bin and 5 above; WETH in it and 5 below.
    const v3Usdc = await c.public.readContract({
      address: a().usdc,
      abi: erc20,
      functionName: 'balanceOf',
      args: [a().pools.wethUsdcV3],
    });
    const wethAbi = parseAbi(['function deposit() payable', 'function approve(address, uint256) returns (bool)']);
    await send(deployer, a().weth, wethAbi, 'deposit', [], 20n * 10n ** 18n);
    await send(deployer, a().weth, wethAbi, 'approve', [a().lfj.router, 2n ** 256n - 1n]);
    await send(deployer, a().usdc, wethAbi, 'approve', [a().lfj.router, 2n ** 256n - 1n]);
    const ids = [-5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5];
    const share = (on: (d: number) => boolean) => ids.map((d) => (on(d) ? 10n ** 18n / 6n : 0n));
    await send(deployer, a().lfj.router, lfjArtifacts.lbRouter.abi as Abi, 'addLiquidity', [
      {
        tokenX: a().usdc,
        tokenY: a().weth,
        binStep: 25n,
        amountX: 2n * v3Usdc,
        amountY: 20n * 10n ** 18n,
        amountXMin: 0n,
        amountYMin: 0n,
        activeIdDesired: BigInt(activeId),
        idSlippage: 5n,
        deltaIds: ids.map(BigInt),
        distributionX: share((d) => d >= 0),
        distributionY: share((d) => d <= 0),
        to: deployer,
        refundTo: deployer,
        deadline: 2n ** 256n - 1n,
      },
    ]);
    const [reserveX, reserveY] = await c.public.readContract({
      address: refPair,
      abi: pairAbi,
      functionName: 'getReserves',
    });
    expect(reserveX).toBeGreaterThan(v3Usdc);

    const network = suite.ctx.app.chain.registry.get(31337)!;
    const native = network.tokens.find((t) => t.wrappedNative)!;
    const stables = network.tokens.filter((t) => t.usdPegged);
    const read = await readReferencePools(
      suite.ctx.app.chain.client(network),
      network.multicall3,
      network.dexes,
      native,
      stables,
    );
    const lfj = read.pools.find((p) => p.address === getAddress(refPair));
    expect(lfj).toMatchObject({ baseIsToken0: false, stableReserve: reserveX, baseReserve: reserveY });
    const best = deepestReferencePool(read.pools, native, stables, 10_000);
    expect(best?.pool.address).toBe(getAddress(refPair));
    expect(best?.label).toBe('WETH/USDC on LFJ v2.2');
    // The rate is the pair's own active bin: getPriceFromId is raw WETH per raw USDC (128.128).
    const id = await c.public.readContract({ address: refPair, abi: pairAbi, functionName: 'getActiveId' });
    const onChain = await c.public.readContract({
      address: refPair,
      abi: pairAbi,
      functionName: 'getPriceFromId',
      args: [id],
    });
    const usdcPerWeth = Number(formatRatio((1n << 128n) * 10n ** 18n, onChain * 10n ** 6n));
    expect(Math.abs(Number(decText(best!.rate)) / usdcPerWeth - 1)).toBeLessThan(1e-9);

    // The recorded route (decision 0064) keeps the pair's own X/Y order, as its stored swaps have it.
    const keeper = new ReferencePoolKeeper(suite.ctx.database.db, suite.ctx.app.chain, network, 10_000);
    const tracked = await keeper.poolFor([
      { address: a().pools.demoWethV2, version: 'v2', token0: a().weth, token1: a().demo },
    ]);
    expect(tracked).toMatchObject({
      address: refPair.toLowerCase(),
      version: 'liquidity-book',
      token0: a().usdc.toLowerCase(),
      token1: a().weth.toLowerCase(),
    });

    // A DEMO/WETH pool's USD figures go through it.
    const attached = await api('POST', `projects/pool/${suite.demoProject}/`, {
      dex: 'uniswap-v2',
      token: 'weth',
      pool_address: a().pools.demoWethV2,
    });
    expect(attached.statusCode, attached.body).toBe(201);
    suite.ctx.app.usd.invalidate();
    const shown = (await api('GET', `projects/user/pools/funds/${attached.json<Pool>().id}/`)).json<Pool>();
    expect(shown.usd?.route).toBe('DEMO/WETH on Uniswap V2 × WETH/USDC on LFJ v2.2');
    expect(Number(shown.price_usd) / (Number(shown.price) * usdcPerWeth) - 1).toBeCloseTo(0, 6);
  }, 180_000);
});
