import { callTestContract, createPoolOnDevnet, deployTestContract, devnetClients } from '@tokendesk/devchain';
import type { LiquiditySummary, Pool, ProjectMarket } from '@tokendesk/contract';
import { maxUint256, parseAbi, zeroAddress, type Address, type Hash } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceFromAmounts, priceFromSqrt } from '../../src/chain/prices';
import { NetworkIndexer } from '../../src/indexer/indexer';
import { bearer, createTestContext, devnetChain, signUp, type TestContext, requester } from '../helpers';
import { claimSharedChain, type SharedChain } from '@tokendesk/testkit/shared-chain';

/**
 * USD figures (docs/decisions/0032) against values read here from the devnet with viem: reserves,
 * slot0, totalSupply and the burn addresses' balances. The expected figures are computed in this
 * file with its own exact decimal maths; only the pool-price formulas (chain/prices.ts, the prices
 * the pool answers already show) are shared. The file writes to the chain (a dust pool, a token
 * whose totalSupply reverts), so it holds the run's shared devnet and reverts it afterwards.
 */

const DEVNET = 31337;
const DEAD: Address = '0x000000000000000000000000000000000000dEaD';
const DIGITS = 30;

let devnet: SharedChain;
let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;
let demoId: number;
let smplId: number;
const clients = () => devnetClients(devnet.rpcUrl);

const erc20 = parseAbi([
  'function totalSupply() view returns (uint256)',
  'function balanceOf(address) view returns (uint256)',
  'function decimals() view returns (uint8)',
  'function transfer(address, uint256) returns (bool)',
]);
const pairAbi = parseAbi([
  'function getReserves() view returns (uint112, uint112, uint32)',
  'function token0() view returns (address)',
  'function mint(address) returns (uint256)',
]);
const v3PoolAbi = parseAbi([
  'function slot0() view returns (uint160 sqrtPriceX96, int24 tick)',
  'function token0() view returns (address)',
]);
const v2FactoryAbi = parseAbi(['function getPair(address, address) view returns (address)']);
const v3FactoryAbi = parseAbi(['function getPool(address, address, uint24) view returns (address)']);

const request = requester(() => ctx.app);
const call = (token: string, url: string) => request(token, 'GET', url);
const post = (token: string, url: string, payload: object) => request(token, 'POST', url, payload);

/* --- Exact decimals, written here independently of src/market/usd/decimal-math.ts. --- */
type Exact = { n: bigint; scale: number };
const exact = (text: string): Exact => {
  const [whole, fraction = ''] = text.split('.');
  return { n: BigInt(`${whole}${fraction}`), scale: fraction.length };
};
const fromRaw = (raw: bigint, decimals: number): Exact => ({ n: raw, scale: decimals });
const times = (a: Exact, b: Exact): Exact => ({ n: a.n * b.n, scale: a.scale + b.scale });
const plus = (a: Exact, b: Exact): Exact => {
  const scale = Math.max(a.scale, b.scale);
  return { n: a.n * 10n ** BigInt(scale - a.scale) + b.n * 10n ** BigInt(scale - b.scale), scale };
};
/** Truncated to 30 fraction digits, trailing zeros dropped: how the API writes USD figures. */
function text({ n, scale }: Exact): string {
  const v = scale > DIGITS ? n / 10n ** BigInt(scale - DIGITS) : n;
  const s = Math.min(scale, DIGITS);
  const digits = v.toString().padStart(s + 1, '0');
  const whole = digits.slice(0, digits.length - s);
  const fraction = digits.slice(digits.length - s).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}
/** A USD figure as the API writes it (the product of truncated strings, truncated again). */
const usd = (a: Exact) => exact(text(a));
const greater = (a: Exact, b: Exact) => plus(a, { n: -b.n, scale: b.scale }).n > 0n;

/** WETH's USD rate as the engine must find it: its deepest pool (by stable reserve) against USDC/USDT through the factories. */
async function wethRate(block: bigint): Promise<{ rate: string; label: string }> {
  const c = clients().public;
  const a = devnet.addresses;
  let best: { rate: string; depth: Exact; label: string } | null = null;
  for (const stable of [
    { address: a.usdc, symbol: 'USDC' },
    { address: a.usdt, symbol: 'USDT' },
  ]) {
    const wethIs0 = a.weth.toLowerCase() < stable.address.toLowerCase();
    const side = { projectIsToken0: wethIs0, projectDecimals: 18, pairedDecimals: 6 };
    const candidates: { pool: Address; v3: boolean; dex: string }[] = [];
    const pair = await c.readContract({
      address: a.uniswapV2Factory,
      abi: v2FactoryAbi,
      functionName: 'getPair',
      args: [a.weth, stable.address],
      blockNumber: block,
    });
    if (pair !== zeroAddress) candidates.push({ pool: pair, v3: false, dex: 'Uniswap V2' });
    for (const fee of [100, 500, 3000, 10000]) {
      const pool = await c.readContract({
        address: a.uniswapV3Factory,
        abi: v3FactoryAbi,
        functionName: 'getPool',
        args: [a.weth, stable.address, fee],
        blockNumber: block,
      });
      if (pool !== zeroAddress) candidates.push({ pool, v3: true, dex: 'Uniswap V3' });
    }
    for (const cand of candidates) {
      let rate: string | null;
      let stableRaw: bigint;
      if (cand.v3) {
        // V3 depth: the stable tokens the pool holds.
        const [sqrt] = await c.readContract({
          address: cand.pool,
          abi: v3PoolAbi,
          functionName: 'slot0',
          blockNumber: block,
        });
        rate = priceFromSqrt(side, sqrt);
        stableRaw = await c.readContract({
          address: stable.address,
          abi: erc20,
          functionName: 'balanceOf',
          args: [cand.pool],
          blockNumber: block,
        });
      } else {
        const [r0, r1] = await c.readContract({
          address: cand.pool,
          abi: pairAbi,
          functionName: 'getReserves',
          blockNumber: block,
        });
        rate = priceFromAmounts(side, wethIs0 ? r0 : r1, wethIs0 ? r1 : r0);
        stableRaw = wethIs0 ? r1 : r0;
      }
      const depth = fromRaw(stableRaw, 6);
      const liquid = !greater(exact('10000'), times(depth, exact('2')));
      if (rate && liquid && (!best || greater(depth, best.depth)))
        best = { rate, depth, label: `WETH/${stable.symbol} on ${cand.dex}` };
    }
  }
  if (!best) throw new Error('the devnet has no WETH/stable reference pool with $10,000');
  return best;
}

async function pairReserves(
  pool: Address,
  project: Address,
  block: bigint,
): Promise<{ projectRaw: bigint; pairedRaw: bigint }> {
  const c = clients().public;
  const [r0, r1] = await c.readContract({
    address: pool,
    abi: pairAbi,
    functionName: 'getReserves',
    blockNumber: block,
  });
  const token0 = await c.readContract({ address: pool, abi: pairAbi, functionName: 'token0', blockNumber: block });
  const projectIs0 = token0.toLowerCase() === project.toLowerCase();
  return { projectRaw: projectIs0 ? r0 : r1, pairedRaw: projectIs0 ? r1 : r0 };
}

async function send(
  from: Address,
  address: Address,
  abi: typeof erc20 | typeof pairAbi,
  functionName: string,
  args: readonly unknown[],
): Promise<void> {
  const c = clients();
  const hash: Hash = await c.wallet.writeContract({
    address,
    abi,
    functionName,
    args,
    account: from,
    chain: c.wallet.chain,
    gas: 3_000_000n,
  } as never);
  const receipt = await c.public.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`${functionName} reverted`);
}

const funds = async (token = owner.token) =>
  ((await call(token, 'projects/user/pools/funds/')).json() as { pools: Pool[] }).pools;

beforeAll(async () => {
  devnet = await claimSharedChain('usd.test.ts');
  ctx = await createTestContext({}, { chain: devnetChain({ rpcUrl: devnet.rpcUrl }) });
  owner = await signUp(ctx.app);
  other = await signUp(ctx.app);
  const a = devnet.addresses;
  const demo = await post(owner.token, 'projects/create/', {
    network: DEVNET,
    contract_address: a.demo,
    name: 'Demo',
    token_symbol: 'DEMO',
    token_decimal: 18,
  });
  expect(demo.statusCode, demo.body).toBe(201);
  demoId = demo.json().id;
  for (const [token, pool] of [
    ['weth', a.pools.demoWethV2],
    ['usdc', a.pools.demoUsdcV2],
  ] as const) {
    const res = await post(owner.token, `projects/pool/${demoId}/`, { dex: 'uniswap-v2', token, pool_address: pool });
    expect(res.statusCode, res.body).toBe(201);
  }
  const smpl = await post(owner.token, 'projects/create/', {
    network: DEVNET,
    contract_address: a.smpl,
    name: 'Simple',
    token_symbol: 'SMPL',
    token_decimal: 9,
  });
  smplId = smpl.json().id;
  const v3 = await post(owner.token, `projects/pool/${smplId}/`, {
    dex: 'uniswap-v3',
    token: 'weth',
    pool_address: a.pools.smplWethV3,
    pool_version: 'v3',
  });
  expect(v3.statusCode, v3.body).toBe(201);
}, 600_000); // includes waiting for the chain-writer lock

afterAll(async () => {
  await ctx?.close();
  await devnet?.release();
});

/** Everything the API must answer for DEMO, computed from the chain at `block`. */
async function expectedDemo(block: bigint) {
  const a = devnet.addresses;
  const weth = await wethRate(block);
  const side = { projectIsToken0: true, projectDecimals: 18, pairedDecimals: 18 };
  const wethPool = await pairReserves(a.pools.demoWethV2, a.demo, block);
  const usdcPool = await pairReserves(a.pools.demoUsdcV2, a.demo, block);
  const wethPrice = priceFromAmounts(side, wethPool.projectRaw, wethPool.pairedRaw)!;
  const usdcPrice = priceFromAmounts({ ...side, pairedDecimals: 6 }, usdcPool.projectRaw, usdcPool.pairedRaw)!;
  const pools = {
    weth: {
      priceUsd: usd(times(exact(wethPrice), exact(weth.rate))),
      depth: times(times(fromRaw(wethPool.pairedRaw, 18), exact(weth.rate)), exact('2')),
      route: `DEMO/WETH on Uniswap V2 × ${weth.label}`,
      ...wethPool,
      rate: exact(weth.rate),
      pairedDecimals: 18,
    },
    usdc: {
      priceUsd: usd(times(exact(usdcPrice), exact('1'))),
      depth: times(fromRaw(usdcPool.pairedRaw, 6), exact('2')),
      route: 'DEMO/USDC on Uniswap V2',
      ...usdcPool,
      rate: exact('1'),
      pairedDecimals: 6,
    },
  };
  const chosen: keyof typeof pools = greater(pools.usdc.depth, pools.weth.depth) ? 'usdc' : 'weth';
  const price = pools[chosen].priceUsd;
  const liquidity = (p: (typeof pools)['weth']) =>
    usd(plus(times(fromRaw(p.projectRaw, 18), price), times(fromRaw(p.pairedRaw, p.pairedDecimals), p.rate)));
  const c = clients().public;
  const [total, zero, dead] = await Promise.all([
    c.readContract({ address: a.demo, abi: erc20, functionName: 'totalSupply', blockNumber: block }),
    c.readContract({ address: a.demo, abi: erc20, functionName: 'balanceOf', args: [zeroAddress], blockNumber: block }),
    c.readContract({ address: a.demo, abi: erc20, functionName: 'balanceOf', args: [DEAD], blockNumber: block }),
  ]);
  return { pools, chosen, price, liquidity, total, circulating: total - zero - dead };
}

describe('USD figures of the pools and the project', () => {
  it('price, liquidity, market cap, FDV and volume equal the figures computed from the chain', async () => {
    // The stored swaps of the last 24 h give volume_24h (in the paired token); USD values it at today's rate.
    const indexer = new NetworkIndexer(ctx.database.db, ctx.app.chain, ctx.app.chain.registry.get(DEVNET)!, {});
    for (let i = 0; !(await indexer.tick()).caughtUp; i++) if (i > 200) throw new Error('indexer did not catch up');
    const list = await funds();
    const wethPool = list.find((p) => p.pool_address === devnet.addresses.pools.demoWethV2)!;
    const usdcPool = list.find((p) => p.pool_address === devnet.addresses.pools.demoUsdcV2)!;
    const block = BigInt(wethPool.pool_funds!.block_number!);
    const e = await expectedDemo(block);

    expect(usdcPool.price_usd).toBe(text(e.pools.usdc.priceUsd));
    expect(usdcPool.price_usd).toBe(usdcPool.price); // USDC counts at exactly 1 USD
    expect(wethPool.price_usd).toBe(text(e.pools.weth.priceUsd));
    expect(wethPool.liquidity_usd).toBe(text(e.liquidity(e.pools.weth)));
    expect(usdcPool.liquidity_usd).toBe(text(e.liquidity(e.pools.usdc)));
    expect(wethPool.usd).toMatchObject({ route: e.pools.weth.route, stale: false });
    expect(usdcPool.usd).toMatchObject({ route: 'DEMO/USDC on Uniswap V2', block_number: String(block), stale: false });
    for (const p of [wethPool, usdcPool]) expect(p.usd_unavailable_reason).toBeNull();
    expect(wethPool.volume_24h).not.toBeNull();
    expect(wethPool.volume_24h_usd).toBe(text(times(exact(wethPool.volume_24h!), e.pools.weth.rate)));
    expect(usdcPool.volume_24h_usd).toBe(usdcPool.volume_24h);

    const res = await call(owner.token, `projects/${demoId}/market/`);
    expect(res.statusCode, res.body).toBe(200);
    const market = res.json() as ProjectMarket;
    const chosenPool = e.chosen === 'weth' ? wethPool : usdcPool;
    expect(market).toMatchObject({
      project_id: demoId,
      price_usd: text(e.price),
      price_pool_id: chosenPool.id,
      change_24h: chosenPool.change_24h,
      liquidity_usd: text(plus(e.liquidity(e.pools.weth), e.liquidity(e.pools.usdc))),
      total_supply: text(fromRaw(e.total, 18)),
      circulating_supply: text(fromRaw(e.circulating, 18)),
      market_cap_usd: text(times(fromRaw(e.circulating, 18), e.price)),
      fdv_usd: text(times(fromRaw(e.total, 18), e.price)),
      supply_unavailable_reason: null,
      usd_unavailable_reason: null,
      volume_24h_usd: text(plus(exact(wethPool.volume_24h_usd!), exact(usdcPool.volume_24h_usd!))),
      stale: false,
    });
    console.log(
      `DEMO: $${market.price_usd} via ${market.usd?.route}; volume 24 h ${wethPool.volume_24h} WETH + ${usdcPool.volume_24h} USDC = $${market.volume_24h_usd}`,
    );
    expect(market.usd?.route).toBe(e.pools[e.chosen].route);
    // A V3 pool: SMPL/WETH priced from slot0 × WETH's rate; its supply read in the same multicall as DEMO's.
    const a = devnet.addresses;
    const smplPool = list.find((p) => p.pool_address === a.pools.smplWethV3)!;
    const smplBlock = BigInt(smplPool.pool_funds!.block_number!);
    const c = clients().public;
    const [sqrt] = await c.readContract({
      address: a.pools.smplWethV3,
      abi: v3PoolAbi,
      functionName: 'slot0',
      blockNumber: smplBlock,
    });
    const smplIs0 =
      (await c.readContract({ address: a.pools.smplWethV3, abi: v3PoolAbi, functionName: 'token0' })).toLowerCase() ===
      a.smpl.toLowerCase();
    const smplPrice = priceFromSqrt({ projectIsToken0: smplIs0, projectDecimals: 9, pairedDecimals: 18 }, sqrt)!;
    expect(smplPool.price).toBe(smplPrice);
    expect(smplPool.price_usd).toBe(text(times(exact(smplPrice), exact((await wethRate(smplBlock)).rate))));
    const smplTotal = await c.readContract({ address: a.smpl, abi: erc20, functionName: 'totalSupply' });
    // The list route answers the same figures, in the order asked.
    const many = await call(owner.token, `projects/market/?ids=${smplId},${demoId}`);
    expect(many.statusCode, many.body).toBe(200);
    const [smplMarket, demoMarket] = many.json() as ProjectMarket[];
    expect(demoMarket).toEqual(market);
    expect(smplMarket).toMatchObject({ project_id: smplId, total_supply: text(fromRaw(smplTotal, 9)) });
    // Its one pool sets its price when it holds $10,000 (WETH side × rate × 2), else nothing does.
    const smplWeth = await c.readContract({
      address: a.weth,
      abi: erc20,
      functionName: 'balanceOf',
      args: [a.pools.smplWethV3],
      blockNumber: smplBlock,
    });
    const smplDeep = !greater(
      exact('10000'),
      times(times(fromRaw(smplWeth, 18), exact((await wethRate(smplBlock)).rate)), exact('2')),
    );
    expect(smplMarket!.price_usd).toBe(smplDeep ? smplPool.price_usd : null);
    expect(smplMarket!.price_pool_id).toBe(smplDeep ? smplPool.id : null);
    console.log(`SMPL/WETH V3 holds ${smplWeth} wei WETH; SMPL price_usd ${smplMarket!.price_usd}`);
    // The prices panel carries each pool's USD price.
    const prices = (await call(owner.token, 'projects/pool/prices/')).json() as {
      pool_id: number;
      price_usd: string | null;
    }[];
    expect(prices.find((p) => p.pool_id === wethPool.id)?.price_usd).toBe(wethPool.price_usd);
    // The Dashboard's total is the sum over the valued pools.
    const liq = (await call(owner.token, 'projects/user/pools/liquidity/')).json() as LiquiditySummary;
    expect(liq).toMatchObject({
      total_liquidity_usd: text(plus(exact(market.liquidity_usd!), exact(smplMarket!.liquidity_usd ?? '0'))),
      stale: false,
    });
    expect(liq.pools_valued + liq.pools_not_valued).toBe(3);
  });

  it('a dust pool with an absurd price does not move the USD price, and its own liquidity stays tiny', async () => {
    const a = devnet.addresses;
    const before = (await call(owner.token, `projects/${demoId}/market/`)).json() as ProjectMarket;
    // 0.000001 DEMO against 10 USDT: 10,000,000 USD per DEMO, in a pool worth $20.
    const { address: dust } = await createPoolOnDevnet(clients(), { version: 'v2', tokenA: a.demo, tokenB: a.usdt });
    const holder = a.deployer;
    expect(
      await clients().public.readContract({ address: a.usdt, abi: erc20, functionName: 'balanceOf', args: [holder] }),
    ).toBeGreaterThan(10_000_000n);
    await send(holder, a.demo, erc20, 'transfer', [dust, 10n ** 12n]);
    await send(holder, a.usdt, erc20, 'transfer', [dust, 10_000_000n]);
    await send(holder, dust, pairAbi, 'mint', [holder]);
    const attached = await post(owner.token, `projects/pool/${demoId}/`, {
      dex: 'uniswap-v2',
      token: 'usdt',
      pool_address: dust,
    });
    expect(attached.statusCode, attached.body).toBe(201);
    ctx.app.usd.invalidate();

    const dustPool = (await funds()).find((p) => p.pool_address === dust)!;
    expect(dustPool.price).toBe('10000000');
    expect(dustPool.price_usd).toBe('10000000'); // the pool's own price, shown as such
    const after = (await call(owner.token, `projects/${demoId}/market/`)).json() as ProjectMarket;
    // Mining the dust pool's blocks moved nothing else on the chain: the project's price is the same.
    expect(after.price_usd).toBe(before.price_usd);
    expect(after.price_pool_id).toBe(before.price_pool_id);
    expect(after.fdv_usd).toBe(before.fdv_usd);
    // Its liquidity: 0.000001 DEMO at the project's price + 10 USDT.
    expect(dustPool.liquidity_usd).toBe(text(plus(times(exact('0.000001'), exact(after.price_usd!)), exact('10'))));
    expect(after.liquidity_usd).toBe(text(plus(exact(before.liquidity_usd!), exact(dustPool.liquidity_usd!))));
  });

  it('a token whose only pool is dust has no USD price at all: a pool below the minimum liquidity never sets one', async () => {
    const a = devnet.addresses;
    const { address: token } = await deployTestContract(clients(), a.deployer, 'oddMetadataToken', [
      'Dust',
      'DUST',
      false,
      10n ** 24n,
    ]);
    const { address: dust } = await createPoolOnDevnet(clients(), { version: 'v2', tokenA: token, tokenB: a.usdt });
    await send(a.deployer, token, erc20, 'transfer', [dust, 10n ** 18n]);
    await send(a.deployer, a.usdt, erc20, 'transfer', [dust, 4_000_000_000n]); // 1 DUST for 4,000 USDT: a $8,000 pool
    await send(a.deployer, dust, pairAbi, 'mint', [a.deployer]);
    const project = await post(owner.token, 'projects/create/', {
      network: DEVNET,
      contract_address: token,
      name: 'Dust',
      token_symbol: 'DUST',
      token_decimal: 18,
    });
    expect(project.statusCode, project.body).toBe(201);
    expect(
      (
        await post(owner.token, `projects/pool/${project.json().id}/`, {
          dex: 'uniswap-v2',
          token: 'usdt',
          pool_address: dust,
        })
      ).statusCode,
    ).toBe(201);
    const pool = (await funds()).find((p) => p.pool_address === dust)!;
    expect(pool.price_usd).toBe('4000');
    expect(pool.liquidity_usd).toBeNull();
    const market = (await call(owner.token, `projects/${project.json().id}/market/`)).json() as ProjectMarket;
    expect(market).toMatchObject({
      price_usd: null,
      market_cap_usd: null,
      fdv_usd: null,
      price_pool_id: null,
      total_supply: '1000000',
    });
    expect(market.usd_unavailable_reason).toBe('No pool of DUST holds at least $10,000 of liquidity.');
  });

  it('a token whose totalSupply() reverts gets no market cap or FDV, with the reason, and no error', async () => {
    const a = devnet.addresses;
    const { address: token } = await deployTestContract(clients(), a.deployer, 'rebasingToken', [10n ** 24n]);
    // Accepted as a token while it behaves (a project needs totalSupply() to answer)…
    const project = await post(owner.token, 'projects/create/', {
      network: DEVNET,
      contract_address: token,
      name: 'Rebasing',
      token_symbol: 'RBS',
      token_decimal: 18,
    });
    expect(project.statusCode, project.body).toBe(201);
    // …then an index so large that totalShares × index overflows: totalSupply() reverts from now on.
    await callTestContract(clients(), a.deployer, 'rebasingToken', token, 'rebase', [maxUint256]);
    await expect(
      clients().public.readContract({ address: token, abi: erc20, functionName: 'totalSupply' }),
    ).rejects.toThrow();
    const res = await call(owner.token, `projects/${project.json().id}/market/`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      total_supply: null,
      circulating_supply: null,
      market_cap_usd: null,
      fdv_usd: null,
      supply_unavailable_reason: "The token's totalSupply() reverted or did not answer a number.",
      price_usd: null,
      usd_unavailable_reason: 'No USD price: RBS has no pools attached.',
    });
  });
});

describe('no USD route', () => {
  it('below the minimum liquidity nothing sets a price, and every null says why', async () => {
    const strict = await createTestContext(
      { USD_MIN_LIQUIDITY: '1000000000000' },
      { chain: devnetChain({ rpcUrl: devnet.rpcUrl }) },
    );
    try {
      const user = await signUp(strict.app);
      const auth = { authorization: bearer(user.token) };
      const a = devnet.addresses;
      const project = await strict.app.inject({
        method: 'POST',
        url: '/api/v1/projects/create/',
        headers: auth,
        payload: { network: DEVNET, contract_address: a.demo, name: 'Demo', token_symbol: 'DEMO', token_decimal: 18 },
      });
      const id = project.json().id;
      for (const [token, pool] of [
        ['weth', a.pools.demoWethV2],
        ['usdc', a.pools.demoUsdcV2],
      ] as const) {
        expect(
          (
            await strict.app.inject({
              method: 'POST',
              url: `/api/v1/projects/pool/${id}/`,
              headers: auth,
              payload: { dex: 'uniswap-v2', token, pool_address: pool },
            })
          ).statusCode,
        ).toBe(201);
      }
      const list = (
        await strict.app.inject({ method: 'GET', url: '/api/v1/projects/user/pools/funds/', headers: auth })
      ).json().pools as Pool[];
      const weth = list.find((p) => p.token.symbol === 'WETH')!;
      const usdc = list.find((p) => p.token.symbol === 'USDC')!;
      expect(weth).toMatchObject({
        price_usd: null,
        liquidity_usd: null,
        volume_24h_usd: null,
        usd: null,
        usd_unavailable_reason:
          'No USD rate for WETH: no WETH pool against USDC or USDT on the DEXes of Local Devnet holds at least $1,000,000,000,000.',
      });
      // USDC is 1 USD by definition, so the pool's own USD price stands; its liquidity needs the project's price.
      expect(usdc.price_usd).toBe(usdc.price);
      expect(usdc.liquidity_usd).toBeNull();
      expect(usdc.usd_unavailable_reason).toBe(
        'No liquidity in USD: No pool of DEMO holds at least $1,000,000,000,000 of liquidity.',
      );
      const market = (
        await strict.app.inject({ method: 'GET', url: `/api/v1/projects/${id}/market/`, headers: auth })
      ).json() as ProjectMarket;
      expect(market).toMatchObject({
        price_usd: null,
        market_cap_usd: null,
        fdv_usd: null,
        price_pool_id: null,
        usd: null,
        liquidity_usd: null,
      });
      expect(market.usd_unavailable_reason).toBe('No pool of DEMO holds at least $1,000,000,000,000 of liquidity.');
      expect(market.total_supply).not.toBeNull(); // the supply does not depend on a price
      const liq = (
        await strict.app.inject({ method: 'GET', url: '/api/v1/projects/user/pools/liquidity/', headers: auth })
      ).json() as LiquiditySummary;
      expect(liq).toEqual({ total_liquidity_usd: null, pools_valued: 0, pools_not_valued: 2, usd: null, stale: false });
    } finally {
      await strict.close();
    }
  });
});

describe('tenancy and input', () => {
  it("another user's project is a 404 on both market routes; malformed ids are a 400 with the rule", async () => {
    expect((await call(other.token, `projects/${demoId}/market/`)).statusCode).toBe(404);
    expect((await call(other.token, `projects/market/?ids=${demoId}`)).statusCode).toBe(404);
    const mine = await post(other.token, 'projects/create/', {
      network: DEVNET,
      contract_address: devnet.addresses.smpl,
      name: 'Simple',
      token_symbol: 'SMPL',
      token_decimal: 9,
    });
    expect((await call(other.token, `projects/market/?ids=${mine.json().id},${demoId}`)).statusCode).toBe(404);
    expect((await call(other.token, `projects/market/?ids=${mine.json().id}`)).statusCode).toBe(200);
    expect((await call(owner.token, 'projects/999999/market/')).statusCode).toBe(404);
    for (const ids of [
      '',
      'x',
      '0',
      '1,,2',
      '1.5',
      '-1',
      '01',
      Array.from({ length: 51 }, (_, i) => i + 1).join(','),
    ]) {
      const res = await call(owner.token, `projects/market/?ids=${encodeURIComponent(ids)}`);
      expect(res.statusCode, ids).toBe(400);
      expect(res.json().detail, ids).toBe('Expected ids: 1 to 50 project ids separated by commas, e.g. 1,2,3');
    }
    expect((await call(owner.token, 'projects/market/')).statusCode).toBe(400);
    expect((await call(owner.token, 'projects/abc/market/')).statusCode).toBe(400);
    const liq = (await call(other.token, 'projects/user/pools/liquidity/')).json() as LiquiditySummary;
    expect(liq).toEqual({ total_liquidity_usd: null, pools_valued: 0, pools_not_valued: 0, usd: null, stale: false });
  });
});
