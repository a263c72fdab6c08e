import { demoAccounts, devnetClients, swapOnDevnet } from '@tokendesk/devchain';
import {
  CANDLE_INTERVAL_SECONDS,
  CANDLE_RANGE_SECONDS,
  type Candle,
  type CandleInterval,
  type CandleRange,
  type Candles,
} from '@tokendesk/contract';
import { and, eq } from 'drizzle-orm';
import { decodeEventLog, formatUnits, parseAbi, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, alertTriggers, indexedPools } from '../../src/db/schema';
import { NetworkIndexer } from '../../src/indexer/indexer';
import { budgetClassOf } from '../../src/plugins/user-budget';
import { bearer, createTestContext, devnetChain, signUp, type TestContext } from '../helpers';
import { createDevnetV2Pool } from '../support/factories';
import { claimSharedChain, type SharedChain } from '@tokendesk/testkit/shared-chain';

/**
 * Candles (decision 0034) against the chain: the OHLCV of a range is recomputed here from the
 * pool's Swap logs (viem getLogs + block timestamps), independently of the server's SQL.
 * This file swaps and changes liquidity on the shared devnet (reverted at the end).
 */

let devnet: SharedChain;
let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;
let usdcPoolId: number;
let wethPoolId: number;
let strangerUsdcPoolId: number;
const a = () => devnet.addresses;
const clients = () => devnetClients(devnet.rpcUrl);

const pairAbi = parseAbi([
  'event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)',
  'event Mint(address indexed sender, uint256 amount0, uint256 amount1)',
  'event Burn(address indexed sender, uint256 amount0, uint256 amount1, address indexed to)',
  'function balanceOf(address) view returns (uint256)',
  'function transfer(address, uint256) returns (bool)',
  'function burn(address) returns (uint256, uint256)',
  'function mint(address) returns (uint256)',
]);
const erc20Abi = parseAbi([
  'function transfer(address, uint256) returns (bool)',
  'function balanceOf(address) view returns (uint256)',
]);

const get = (url: string, user = owner) =>
  ctx.app.inject({ method: 'GET', url, headers: { authorization: bearer(user.token) } });

async function catchUp() {
  const chain = ctx.app.chain;
  const indexer = new NetworkIndexer(ctx.database.db, chain, chain.registry.get(31337)!);
  for (let i = 0; i < 100; i++) if ((await indexer.tick()).caughtUp) return;
  throw new Error('indexer did not catch up');
}

async function setUpUser(user: typeof owner) {
  const auth = { authorization: bearer(user.token) };
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/projects/create/',
    headers: auth,
    payload: { network: 31337, contract_address: a().demo, name: 'Demo', token_symbol: 'DEMO', token_decimal: 18 },
  });
  if (created.statusCode !== 201) throw new Error(`create: ${created.statusCode} ${created.body}`);
  // The pool rows as attaching writes them (features/pools/attach.ts), inserted directly so this file
  // does not depend on the pool answer's live figures.
  const attach = async (token: 'usdc' | 'weth', pool: Address) => {
    const row = await createDevnetV2Pool(ctx.database.db, user.userId, {
      projectId: created.json().id,
      projectToken: a().demo,
      token,
      pairedAddress: a()[token],
      pool,
    });
    return row.id;
  };
  return { usdc: await attach('usdc', a().pools.demoUsdcV2), weth: await attach('weth', a().pools.demoWethV2) };
}

async function createAlert(user: typeof owner, poolId: number) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/projects/alerts/',
    headers: { authorization: bearer(user.token) },
    payload: { kind: 'large_swap', pool_id: poolId, min_amount: 1 },
  });
  if (res.statusCode !== 201) throw new Error(`alert: ${res.statusCode} ${res.body}`);
  return res.json().id as number;
}

async function write(address: Address, abi: typeof pairAbi | typeof erc20Abi, functionName: string, args: unknown[]) {
  const { wallet, public: pub } = clients();
  const hash = await wallet.writeContract({
    account: a().deployer,
    chain: null,
    address,
    abi,
    functionName,
    args,
    gas: 3_000_000n,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one helper for a few plain calls
  } as any);
  const receipt = await pub.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`${functionName} reverted`);
  return hash;
}

beforeAll(async () => {
  devnet = await claimSharedChain('candles.test.ts');
  ctx = await createTestContext({}, { chain: devnetChain({ rpcUrl: devnet.rpcUrl }) });
  owner = await signUp(ctx.app);
  stranger = await signUp(ctx.app);
  ({ usdc: usdcPoolId, weth: wethPoolId } = await setUpUser(owner));
  ({ usdc: strangerUsdcPoolId } = await setUpUser(stranger));
  await catchUp();
  // Both users watch DEMO/USDC for swaps of 1 USDC and more; each pool row is its user's own.
  await createAlert(owner, usdcPoolId);
  await createAlert(stranger, strangerUsdcPoolId);
  await catchUp(); // the alerts start after the history
  // New trades and liquidity changes inside the range: a large buy, liquidity added straight at the
  // pair (tokens in, mint), and a small part of the deployer's liquidity removed.
  await swapOnDevnet(clients(), { from: demoAccounts[1]!, pool: 'demo-usdc', side: 'buy', amount: '50' });
  await swapOnDevnet(clients(), { from: demoAccounts[2]!, pool: 'demo-weth', side: 'sell', amount: '1000' });
  const pair = a().pools.demoUsdcV2;
  await write(a().demo, erc20Abi, 'transfer', [pair, 1000n * 10n ** 18n]);
  await write(a().usdc, erc20Abi, 'transfer', [pair, 100n * 10n ** 6n]);
  await write(pair, pairAbi, 'mint', [a().deployer]);
  const lp = await clients().public.readContract({
    address: pair,
    abi: pairAbi,
    functionName: 'balanceOf',
    args: [a().deployer],
  });
  await write(pair, pairAbi, 'transfer', [pair, lp / 50n]);
  await write(pair, pairAbi, 'burn', [a().deployer]);
  await catchUp();
}, 600_000); // includes waiting for the chain-writer lock

afterAll(async () => {
  await ctx?.close();
  await devnet?.release();
});

interface ChainEvent {
  kind: 'Swap' | 'Mint' | 'Burn';
  block: bigint;
  logIndex: number;
  time: number;
  txHash: string;
  project: bigint; // signed, into the pool positive
  paired: bigint;
}

/** The pool's Swap/Mint/Burn logs over the blocks the indexer has stored, with block times. */
async function chainEvents(pool: Address, paired: Address): Promise<ChainEvent[]> {
  const [row] = await ctx.database.db
    .select()
    .from(indexedPools)
    .where(and(eq(indexedPools.networkId, 31337), eq(indexedPools.poolAddress, pool.toLowerCase())));
  const pub = clients().public;
  const logs = await pub.getLogs({ address: pool, fromBlock: row!.fromBlock, toBlock: row!.toBlock! });
  const projectIsToken0 = a().demo.toLowerCase() < paired.toLowerCase();
  const times = new Map<bigint, number>();
  const events: ChainEvent[] = [];
  for (const log of logs) {
    let decoded;
    try {
      decoded = decodeEventLog({ abi: pairAbi, topics: log.topics, data: log.data });
    } catch {
      continue; // Sync, Transfer, Approval
    }
    let a0: bigint;
    let a1: bigint;
    if (decoded.eventName === 'Swap') {
      a0 = decoded.args.amount0In - decoded.args.amount0Out;
      a1 = decoded.args.amount1In - decoded.args.amount1Out;
    } else if (decoded.eventName === 'Mint') {
      a0 = decoded.args.amount0;
      a1 = decoded.args.amount1;
    } else if (decoded.eventName === 'Burn') {
      a0 = -decoded.args.amount0;
      a1 = -decoded.args.amount1;
    } else continue;
    if (!times.has(log.blockNumber))
      times.set(log.blockNumber, Number((await pub.getBlock({ blockNumber: log.blockNumber })).timestamp));
    events.push({
      kind: decoded.eventName,
      block: log.blockNumber,
      logIndex: log.logIndex,
      time: times.get(log.blockNumber)!,
      txHash: log.transactionHash,
      project: projectIsToken0 ? a0 : a1,
      paired: projectIsToken0 ? a1 : a0,
    });
  }
  return events.sort((x, y) => (x.block === y.block ? x.logIndex - y.logIndex : Number(x.block - y.block)));
}

const abs = (v: bigint) => (v < 0n ? -v : v);

/** OHLCV recomputed from the logs: price = |paired| / |project| in whole tokens, 30 decimals truncated. */
function expectedCandles(events: ChainEvent[], fromSeconds: number, step: number, pairedDecimals: number): Candle[] {
  const price = (e: ChainEvent) =>
    formatUnits((abs(e.paired) * 10n ** 18n * 10n ** 30n) / (abs(e.project) * 10n ** BigInt(pairedDecimals)), 30);
  const buckets = new Map<number, ChainEvent[]>();
  for (const e of events) {
    if (e.kind !== 'Swap' || e.time < fromSeconds || e.project === 0n) continue;
    const bucket = Math.floor(e.time / step) * step;
    buckets.set(bucket, [...(buckets.get(bucket) ?? []), e]);
  }
  return [...buckets.entries()]
    .sort(([x], [y]) => x - y)
    .map(([bucket, trades]) => {
      const scaled = trades.map((t) => (abs(t.paired) * 10n ** 48n) / (abs(t.project) * 10n ** BigInt(pairedDecimals)));
      const max = scaled.reduce((m, v) => (v > m ? v : m));
      const min = scaled.reduce((m, v) => (v < m ? v : m));
      const buys = trades.filter((t) => t.project < 0n).length;
      return {
        time: new Date(bucket * 1000).toISOString(),
        open: price(trades[0]!),
        high: formatUnits(max, 30),
        low: formatUnits(min, 30),
        close: price(trades.at(-1)!),
        volume: formatUnits(
          trades.reduce((s, t) => s + abs(t.paired), 0n),
          pairedDecimals,
        ),
        volume_project_token: formatUnits(
          trades.reduce((s, t) => s + abs(t.project), 0n),
          18,
        ),
        trades: trades.length,
        buys,
        sells: trades.length - buys,
      };
    });
}

const rangeStart = (interval: CandleInterval, range: CandleRange) => {
  const step = CANDLE_INTERVAL_SECONDS[interval];
  return Math.floor((Math.floor(Date.now() / 1000) - CANDLE_RANGE_SECONDS[range]) / step) * step;
};

/** The answer and the range start it was computed for (asked again if a bucket boundary passed meanwhile). */
async function candlesOf(poolId: number, interval: CandleInterval, range: CandleRange, extra = '') {
  for (;;) {
    const before = rangeStart(interval, range);
    const res = await get(`/api/v1/projects/pool/${poolId}/candles/?interval=${interval}&range=${range}${extra}`);
    expect(res.statusCode, res.body).toBe(200);
    if (rangeStart(interval, range) === before) return { answer: res.json<Candles>(), from: before };
  }
}

describe('candles from the stored swaps', () => {
  it.each([
    ['5m', '24h'],
    ['1h', '24h'],
    ['15m', '7d'],
  ] as const)('%s over %s equal the OHLCV recomputed from the pool logs', async (interval, range) => {
    for (const [poolId, pool, paired, decimals] of [
      [usdcPoolId, a().pools.demoUsdcV2, a().usdc, 6],
      [wethPoolId, a().pools.demoWethV2, a().weth, 18],
    ] as const) {
      const events = await chainEvents(pool, paired);
      const { answer, from } = await candlesOf(poolId, interval, range);
      const expected = expectedCandles(events, from, CANDLE_INTERVAL_SECONDS[interval], decimals);
      expect(expected.length).toBeGreaterThan(0);
      expect(answer.candles).toEqual(expected);
      expect(answer).toMatchObject({
        interval,
        range,
        currency: 'quote',
        quote_symbol: paired === a().usdc ? 'USDC' : 'WETH',
      });
      const [row] = await ctx.database.db
        .select()
        .from(indexedPools)
        .where(eq(indexedPools.poolAddress, pool.toLowerCase()));
      expect(answer.covered_to_block).toBe(row!.toBlock!.toString());
    }
  });

  it('defaults the range by interval', async () => {
    const day = await get(`/api/v1/projects/pool/${usdcPoolId}/candles/?interval=15m`);
    expect(day.json()).toMatchObject({ interval: '15m', range: '24h' });
    const month = await get(`/api/v1/projects/pool/${usdcPoolId}/candles/?interval=1d`);
    expect(month.json()).toMatchObject({ interval: '1d', range: '30d' });
  });

  it('marks the liquidity changes, the largest swaps and only this user’s alert firings', async () => {
    const events = await chainEvents(a().pools.demoUsdcV2, a().usdc);
    const { answer, from } = await candlesOf(usdcPoolId, '5m', '24h');
    const inRange = events.filter((e) => e.time >= from);
    const liquidity = inRange.filter((e) => e.kind !== 'Swap');
    expect(liquidity.length).toBeGreaterThanOrEqual(2); // the mint and the burn of this file
    const liquidityMarkers = answer.markers.filter((m) => m.kind === 'add_liquidity' || m.kind === 'remove_liquidity');
    expect(liquidityMarkers.map((m) => [m.kind, m.tx_hash]).sort()).toEqual(
      liquidity
        .slice(-45)
        .map((e) => [e.kind === 'Mint' ? 'add_liquidity' : 'remove_liquidity', e.txHash])
        .sort(),
    );
    // The five largest swaps by paired amount.
    const largest = inRange
      .filter((e) => e.kind === 'Swap')
      .sort((x, y) =>
        abs(y.paired) === abs(x.paired) ? Number(y.block - x.block) : abs(y.paired) > abs(x.paired) ? 1 : -1,
      )
      .slice(0, 5);
    const swapMarkers = answer.markers.filter((m) => m.kind === 'large_buy' || m.kind === 'large_sell');
    expect(swapMarkers.map((m) => m.tx_hash).sort()).toEqual(largest.map((e) => e.txHash).sort());
    for (const m of swapMarkers) expect(m.text).toMatch(/^Large (buy|sell): [\d,.]+ DEMO for [\d,.]+ USDC$/);
    // Oldest first.
    expect(answer.markers.map((m) => m.time)).toEqual([...answer.markers.map((m) => m.time)].sort());

    // One firing each; the owner sees only the owner's.
    const triggers = await ctx.database.db
      .select({ alert: alerts, trigger: alertTriggers })
      .from(alertTriggers)
      .innerJoin(alerts, eq(alerts.id, alertTriggers.alertId));
    const mine = triggers.filter((t) => t.alert.userId === owner.userId);
    expect(mine).toHaveLength(1);
    expect(triggers.filter((t) => t.alert.userId === stranger.userId)).toHaveLength(1);
    const alertMarkers = answer.markers.filter((m) => m.kind === 'alert');
    expect(alertMarkers).toEqual([
      {
        time: mine[0]!.trigger.triggeredAt.toISOString(),
        kind: 'alert',
        text: mine[0]!.trigger.message,
        tx_hash: null,
      },
    ]);
    const wethAnswer = (await candlesOf(wethPoolId, '5m', '24h')).answer;
    expect(wethAnswer.markers.filter((m) => m.kind === 'alert')).toHaveLength(0);
  });

  it('USD: exact for a USDC pair (rate 1); a WETH pair is valued at the recorded reference rates (usd-candles.test.ts)', async () => {
    const quote = (await candlesOf(usdcPoolId, '1h', '24h')).answer;
    const usd = (await candlesOf(usdcPoolId, '1h', '24h', '&currency=usd')).answer;
    expect(usd.usd_unavailable_reason).toBeNull();
    expect(usd.quote_symbol).toBe('USD');
    expect(usd.currency).toBe('usd');
    expect(usd.candles.length).toBeGreaterThan(0);
    expect(usd.candles).toEqual(quote.candles);

    const weth = (await candlesOf(wethPoolId, '1h', '24h', '&currency=usd')).answer;
    expect(weth).toMatchObject({
      usd_unavailable_reason: null,
      usd_route: 'WETH/USDC on Uniswap V3',
      quote_symbol: 'USD',
    });
    expect(weth.candles.length).toBeGreaterThan(0);
    // The quote answer says so too, so the chart knows its USD switch works without asking.
    const wethQuote = (await candlesOf(wethPoolId, '1h', '24h')).answer;
    expect(wethQuote.usd_unavailable_reason).toBeNull();
    expect(wethQuote.usd_route).toBe(weth.usd_route);
    expect(wethQuote.candles.length).toBe(weth.candles.length);
  });

  it("another user's pool answers 404, like a missing one", async () => {
    for (const url of [`/api/v1/projects/pool/${usdcPoolId}/candles/`, `/api/v1/projects/pool/999999/candles/`]) {
      const res = await get(url, stranger);
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe('Pool not found.');
    }
  });

  it('is in the OpenAPI document with its query and answer', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const route = doc.paths['/api/v1/projects/pool/{id}/candles']?.get;
    expect(route).toBeDefined();
    expect(route.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['id', 'interval', 'range', 'currency']),
    );
    expect(Object.keys(route.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '404']));
    expect(JSON.stringify(doc.components.schemas.Candles)).toContain('usd_unavailable_reason');
  });

  it("counts against the user's heavy budget (it aggregates every swap of the range)", () => {
    expect(budgetClassOf('GET', '/api/v1/projects/pool/:id/candles')).toBe('heavy');
  });

  it('bad queries answer 400 with a clear text', async () => {
    const cases: [string, string, string][] = [
      ['interval=2m', 'interval', 'Expected interval: one of 5m, 15m, 1h, 4h, 1d'],
      ['interval=1h&range=1y', 'range', 'Expected range: one of 24h, 7d, 30d'],
      ['currency=eur', 'currency', 'Expected currency: one of quote, usd'],
      [
        'interval=5m&range=30d',
        'range',
        '30d of 5m candles would be 8640 candles; at most 2,016 are served. Choose a longer interval or a shorter range.',
      ],
      [
        'interval=15m&range=30d',
        'range',
        '30d of 15m candles would be 2880 candles; at most 2,016 are served. Choose a longer interval or a shorter range.',
      ],
    ];
    for (const [query, field, message] of cases) {
      const res = await get(`/api/v1/projects/pool/${usdcPoolId}/candles/?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({ detail: message, errors: [{ field, message }] });
    }
    expect((await get(`/api/v1/projects/pool/${usdcPoolId}/candles/?interval=5m&range=7d`)).statusCode).toBe(200);
  });
});
