import { devnetClients } from '@tokendesk/devchain';
import type { ActivityEvent, ActivityPage } from '@tokendesk/contract';
import { parseAbi, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { NetworkIndexer } from '../../src/indexer/indexer';
import { bearer, createTestContext, devnetChain, signUp, type TestContext } from '../helpers';

/**
 * Liquidity rows of a Uniswap V3 pool carry no price of their own: the two amounts of a V3 Mint or
 * Burn follow the position's price range, so their ratio is not the pool's price. The seeded
 * devnet has a V3 SMPL/WETH pool with full-range and narrow-range mints and a burn. This file only
 * reads the shared devnet (it indexes it and queries the API).
 */

let ctx: TestContext;
let user: Awaited<ReturnType<typeof signUp>>;
let v3PoolId: number;
let v2PoolId: number;
const devnet = inject('devnet');
const a = devnet.addresses;
const clients = () => devnetClients(devnet.rpcUrl);

const v3PoolAbi = parseAbi([
  'function slot0() view returns (uint160 sqrtPriceX96, int24 tick, uint16, uint16, uint16, uint8, bool)',
  'function token0() view returns (address)',
]);
const v2PairAbi = parseAbi([
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32)',
  'function token0() view returns (address)',
]);

beforeAll(async () => {
  ctx = await createTestContext({}, { chain: devnetChain() });
  user = await signUp(ctx.app);
  const auth = { authorization: bearer(user.token) };
  const create = async (address: Address, symbol: string, decimals: number) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/projects/create/',
      headers: auth,
      payload: {
        network: 31337,
        contract_address: address,
        name: symbol,
        token_symbol: symbol,
        token_decimal: decimals,
      },
    });
    if (res.statusCode !== 201) throw new Error(`create ${symbol}: ${res.statusCode} ${res.body}`);
    return res.json().id as number;
  };
  const attach = async (projectId: number, dex: string, pool: Address) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/projects/pool/${projectId}/`,
      headers: auth,
      payload: { dex, token: 'weth', pool_address: pool },
    });
    if (res.statusCode !== 201) throw new Error(`attach ${pool}: ${res.statusCode} ${res.body}`);
    return res.json().id as number;
  };
  v3PoolId = await attach(await create(a.smpl, 'SMPL', 9), 'uniswap-v3', a.pools.smplWethV3);
  v2PoolId = await attach(await create(a.demo, 'DEMO', 18), 'uniswap-v2', a.pools.demoWethV2);
  const indexer = new NetworkIndexer(ctx.database.db, ctx.app.chain, ctx.app.chain.registry.get(31337)!, {});
  for (let i = 0; ; i++) {
    if ((await indexer.tick()).caughtUp) break;
    if (i > 50) throw new Error('indexer did not catch up');
  }
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

async function activity(query: string): Promise<ActivityEvent[]> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/projects/activity/?limit=200&${query}`,
    headers: { authorization: bearer(user.token) },
  });
  expect(res.statusCode).toBe(200);
  return res.json<ActivityPage>().events;
}

/** SMPL (9 decimals) in WETH (18) from a V3 sqrtPriceX96 at a block, as a float for comparing. */
async function v3PoolPrice(blockNumber: bigint): Promise<number> {
  const [sqrt] = await clients().public.readContract({
    address: a.pools.smplWethV3,
    abi: v3PoolAbi,
    functionName: 'slot0',
    blockNumber,
  });
  const token0 = await clients().public.readContract({
    address: a.pools.smplWethV3,
    abi: v3PoolAbi,
    functionName: 'token0',
  });
  const raw1per0 = (Number(sqrt) / 2 ** 96) ** 2;
  // price of SMPL in WETH, whole tokens
  return token0.toLowerCase() === a.smpl.toLowerCase() ? raw1per0 * 10 ** (9 - 18) : (1 / raw1per0) * 10 ** (9 - 18);
}

describe('V3 liquidity rows', () => {
  it('carry no price of their own, while V3 swaps keep their trade price', async () => {
    const rows = await activity(`pool=${v3PoolId}`);
    const liquidity = rows.filter((e) => e.kind === 'add_liquidity' || e.kind === 'remove_liquidity');
    expect(liquidity.filter((e) => e.kind === 'add_liquidity').length).toBeGreaterThanOrEqual(2);
    expect(liquidity.some((e) => e.kind === 'remove_liquidity')).toBe(true);
    for (const e of liquidity) expect(e.price, `${e.kind} in ${e.tx_hash}`).toBeNull();

    // What the row used to show was the ratio of the deposited amounts. For the seed's narrow-range
    // mint that ratio is far from the pool's price at that block: it was never a price.
    let misleading = 0;
    for (const e of liquidity) {
      const ratio = Number(e.amount_token) / Number(e.amount_project_token);
      const poolPrice = await v3PoolPrice(BigInt(e.block_number));
      if (Number.isFinite(ratio) && Math.abs(ratio / poolPrice - 1) > 0.05) misleading++;
    }
    expect(misleading).toBeGreaterThan(0);

    const swaps = rows.filter((e) => e.kind === 'buy' || e.kind === 'sell');
    expect(swaps.length).toBeGreaterThan(0);
    for (const e of swaps) {
      expect(e.price).not.toBeNull();
      expect(Number(e.price)).toBeCloseTo(Number(e.amount_token) / Number(e.amount_project_token), 9);
    }
  });

  it('the kind filter and the CSV export say the same', async () => {
    for (const e of await activity(`pool=${v3PoolId}&kind=add_liquidity`)) expect(e.price).toBeNull();
    const from = new Date(Date.now() - 2 * 86_400_000).toISOString();
    const to = new Date(Date.now() + 86_400_000).toISOString();
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/projects/activity/export/?pool=${v3PoolId}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
      headers: { authorization: bearer(user.token) },
    });
    expect(res.statusCode).toBe(200);
    const [header, ...lines] = res.body.trim().split('\r\n');
    const cols = header!.split(',');
    const kindAt = cols.indexOf('kind');
    const priceAt = cols.indexOf('price');
    const liquidity = lines
      .map((l) => l.split(','))
      .filter((c) => c[kindAt] === 'add_liquidity' || c[kindAt] === 'remove_liquidity');
    expect(liquidity.length).toBeGreaterThan(0);
    for (const c of liquidity) expect(c[priceAt]).toBe('');
  });
});

describe('V2 liquidity rows', () => {
  it('keep a price, and it is the pool ratio they were made at', async () => {
    const rows = (await activity(`pool=${v2PoolId}`)).filter(
      (e) => e.kind === 'add_liquidity' || e.kind === 'remove_liquidity',
    );
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const token0 = await clients().public.readContract({
      address: a.pools.demoWethV2,
      abi: v2PairAbi,
      functionName: 'token0',
    });
    const demoIs0 = token0.toLowerCase() === a.demo.toLowerCase();
    for (const e of rows) {
      expect(e.price).not.toBeNull();
      // The reserves after the event's block: the router adds, and a burn removes, at this ratio.
      const [r0, r1] = await clients().public.readContract({
        address: a.pools.demoWethV2,
        abi: v2PairAbi,
        functionName: 'getReserves',
        blockNumber: BigInt(e.block_number),
      });
      const poolPrice = demoIs0 ? Number(r1) / Number(r0) : Number(r0) / Number(r1);
      expect(Number(e.price) / poolPrice).toBeCloseTo(1, 6);
    }
  });
});
