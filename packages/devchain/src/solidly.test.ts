import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createPublicClient,
  getAddress,
  getContractAddress,
  http,
  parseAbi,
  parseUnits,
  type Address,
  type PublicClient,
} from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solidlyInputsChanged } from '../scripts/build-solidly.js';
import { erc20Abi } from './abis.js';
import {
  demoAccounts,
  devnetAddresses as A,
  SLIPSTREAM_TICK_SPACING,
  SOLIDLY_DEPLOYER,
  SOLIDLY_DEPLOYER_NONCES,
} from './addresses.js';
import { devnetChain, devnetClients } from './client.js';
import { HISTORY, MONTH_DAYS, MONTH_HISTORY } from './deploy.js';
import { startDevnet, type Devnet } from './devnet.js';
import {
  DAI_PER_DEMO_ACCOUNT,
  slipstreamFactoryAbi,
  slipstreamPoolAbi,
  slipstreamPoolAddress,
  slipstreamPositionManagerAbi,
  solidlyPoolAbi,
  solidlyPoolAddress,
  solidlyPoolFactoryAbi,
  solidlyRouterAbi,
  solidlySeedStatus,
  SOLIDLY_DEPLOYER_FINAL_NONCE,
} from './solidly.js';
import { runSwapCli } from './swap-cli.js';

const S = A.solidly;
const CL = A.slipstream;

describe('Solidly V2 and Slipstream addresses (no chain)', () => {
  it("src/generated/solidly.ts and slipstream.ts were compiled from today's vendored sources and settings", () => {
    // The recorded inputs hash, not a compile: two solc-js compiles of ~90 files cost ~20 s of CPU in
    // every suite run. `npx tsx packages/devchain/scripts/build-solidly.ts --check` compiles and compares.
    expect(solidlyInputsChanged(), 'run: npx tsx packages/devchain/scripts/build-solidly.ts').toEqual([]);
  });

  it("the contracts sit at SOLIDLY_DEPLOYER's nonces, the pools at the factories' clone addresses", () => {
    const expected: Record<keyof typeof SOLIDLY_DEPLOYER_NONCES, Address> = {
      dai: S.dai,
      poolImplementation: S.poolImplementation,
      poolFactory: S.poolFactory,
      factoryRegistry: S.factoryRegistry,
      voter: S.voter,
      router: S.router,
      clPoolImplementation: CL.poolImplementation,
      clFactory: CL.factory,
      clPositionManager: CL.positionManager,
      clSwapRouter: CL.swapRouter,
    };
    for (const [key, nonce] of Object.entries(SOLIDLY_DEPLOYER_NONCES)) {
      expect(getContractAddress({ from: SOLIDLY_DEPLOYER, nonce: BigInt(nonce) }), key).toBe(
        expected[key as keyof typeof expected],
      );
    }
    // Either token order gives the same pool, as the factories sort them.
    expect(solidlyPoolAddress(A.weth, A.demo, false)).toBe(S.pools.demoWethVolatile);
    expect(solidlyPoolAddress(S.dai, A.usdc, true)).toBe(S.pools.usdcDaiStable);
    expect(solidlyPoolAddress(A.demo, A.weth, true)).not.toBe(S.pools.demoWethVolatile);
    expect(slipstreamPoolAddress(A.demo, A.weth, SLIPSTREAM_TICK_SPACING)).toBe(CL.pools.demoWeth200);
  });
});

/** Solidly's Swap: (sender, to, amount0In, amount1In, amount0Out, amount1Out) — not Uniswap V2's order. */
const solidlySwap = solidlyPoolAbi.find((x) => x.type === 'event' && x.name === 'Swap')!;
const solidlyMint = solidlyPoolAbi.find((x) => x.type === 'event' && x.name === 'Mint')!;
const solidlyBurn = solidlyPoolAbi.find((x) => x.type === 'event' && x.name === 'Burn')!;
const clSwap = slipstreamPoolAbi.find((x) => x.type === 'event' && x.name === 'Swap')!;
const clMint = slipstreamPoolAbi.find((x) => x.type === 'event' && x.name === 'Mint')!;
const clBurn = slipstreamPoolAbi.find((x) => x.type === 'event' && x.name === 'Burn')!;

describe('Solidly V2 and Slipstream on the devnet', () => {
  let dir: string;
  let devnet: Devnet;
  let c: PublicClient;
  const seeded = [...MONTH_HISTORY, ...HISTORY];
  const seededSwaps = (pool: string) => seeded.filter((s) => s.kind === 'swap' && s.pool === pool).length;
  const count = (kind: string) => seeded.filter((s) => s.kind === kind).length;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'devchain-solidly-'));
    devnet = await startDevnet({ dataDir: dir });
    c = createPublicClient({ chain: devnetChain, transport: http(devnet.rpcUrl), cacheTime: 0 });
  });
  afterAll(async () => {
    await devnet?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const solidlySwaps = (pool: Address) => c.getLogs({ address: pool, event: solidlySwap, fromBlock: 0n });
  const clSwaps = () => c.getLogs({ address: CL.pools.demoWeth200, event: clSwap, fromBlock: 0n });

  it('is seeded completely: code everywhere, account 7 past its last nonce, every pool with liquidity', async () => {
    const { pools: sp, ...s } = S;
    const { pools: cp, ...cl } = CL;
    for (const address of [...Object.values(s), ...Object.values(sp), ...Object.values(cl), ...Object.values(cp)]) {
      expect(((await c.getCode({ address })) ?? '0x').length, `code at ${address}`).toBeGreaterThan(2);
    }
    expect(await c.getTransactionCount({ address: SOLIDLY_DEPLOYER })).toBe(SOLIDLY_DEPLOYER_FINAL_NONCE);
    expect(await solidlySeedStatus(devnetClients(devnet.rpcUrl))).toBe('complete');
  });

  it('the factories answer each pool, and the pools name their factory, tokens and kind', async () => {
    const f = S.poolFactory;
    const read = <T>(address: Address, abi: readonly unknown[], functionName: string, args: unknown[] = []) =>
      c.readContract({
        address,
        abi: abi as never,
        functionName: functionName as never,
        args: args as never,
      }) as Promise<T>;
    expect(await read(f, solidlyPoolFactoryAbi, 'getPool', [A.demo, A.weth, false])).toBe(S.pools.demoWethVolatile);
    expect(await read(f, solidlyPoolFactoryAbi, 'getPool', [A.weth, A.demo, false])).toBe(S.pools.demoWethVolatile);
    expect(await read(f, solidlyPoolFactoryAbi, 'getPool', [S.dai, A.usdc, true])).toBe(S.pools.usdcDaiStable);
    // No stable DEMO/WETH and no volatile USDC/DAI: 'no pool' answers exist for discovery to test.
    expect(await read(f, solidlyPoolFactoryAbi, 'getPool', [A.demo, A.weth, true])).toBe(
      '0x0000000000000000000000000000000000000000',
    );
    expect(await read(f, solidlyPoolFactoryAbi, 'getPool', [A.usdc, S.dai, false])).toBe(
      '0x0000000000000000000000000000000000000000',
    );
    expect(await read(f, solidlyPoolFactoryAbi, 'allPoolsLength')).toBe(2n);
    // The trap of issue 30: PoolFactory also answers Uniswap V3's getPool(address,address,uint24)
    // selector, reading the third argument as 0 = volatile, 1 = stable, anything else = no pool.
    const v3GetPool = parseAbi(['function getPool(address, address, uint24) view returns (address)']);
    expect(await read(f, v3GetPool, 'getPool', [A.demo, A.weth, 0])).toBe(S.pools.demoWethVolatile);
    expect(await read(f, v3GetPool, 'getPool', [A.demo, A.weth, 3000])).toBe(
      '0x0000000000000000000000000000000000000000',
    );
    expect(await read(f, solidlyPoolFactoryAbi, 'getFee', [S.pools.demoWethVolatile, false])).toBe(30n);
    expect(await read(f, solidlyPoolFactoryAbi, 'getFee', [S.pools.usdcDaiStable, true])).toBe(5n);
    expect(await read(S.router, solidlyRouterAbi, 'defaultFactory')).toBe(S.poolFactory);
    expect(await read(S.router, solidlyRouterAbi, 'weth')).toBe(A.weth);

    for (const [pool, stable, tokens] of [
      [S.pools.demoWethVolatile, false, [A.weth, A.demo]],
      [S.pools.usdcDaiStable, true, [A.usdc, S.dai]],
    ] as const) {
      expect(await read(pool, solidlyPoolAbi, 'factory')).toBe(S.poolFactory);
      expect(await read(pool, solidlyPoolAbi, 'stable')).toBe(stable);
      expect([await read(pool, solidlyPoolAbi, 'token0'), await read(pool, solidlyPoolAbi, 'token1')]).toEqual(tokens);
    }

    expect(await read(CL.factory, slipstreamFactoryAbi, 'getPool', [A.demo, A.weth, SLIPSTREAM_TICK_SPACING])).toBe(
      CL.pools.demoWeth200,
    );
    expect(await read(CL.factory, slipstreamFactoryAbi, 'getPool', [A.demo, A.weth, 100])).toBe(
      '0x0000000000000000000000000000000000000000',
    );
    expect(await read(CL.factory, slipstreamFactoryAbi, 'allPoolsLength')).toBe(1n);
    expect(await read(CL.factory, slipstreamFactoryAbi, 'poolImplementation')).toBe(CL.poolImplementation);
    const pool = CL.pools.demoWeth200;
    expect(await read(pool, slipstreamPoolAbi, 'factory')).toBe(CL.factory);
    expect(await read(pool, slipstreamPoolAbi, 'tickSpacing')).toBe(SLIPSTREAM_TICK_SPACING);
    // No gauge, so no unstaked fee: the swap fee is the tick spacing's default, 0.3 %.
    expect(await read(pool, slipstreamPoolAbi, 'fee')).toBe(3000);
    expect([await read(pool, slipstreamPoolAbi, 'token0'), await read(pool, slipstreamPoolAbi, 'token1')]).toEqual([
      A.weth,
      A.demo,
    ]);
    expect(await read(CL.positionManager, slipstreamPositionManagerAbi, 'factory')).toBe(CL.factory);
    expect(await read(CL.positionManager, slipstreamPositionManagerAbi, 'WETH9')).toBe(A.weth);
  });

  it("reserves and liquidity are non-zero and backed by the pools' balances; DEMO trades near its Uniswap price", async () => {
    const balance = (token: Address, holder: Address) =>
      c.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [holder] });
    for (const [pool, t0, t1] of [
      [S.pools.demoWethVolatile, A.weth, A.demo],
      [S.pools.usdcDaiStable, A.usdc, S.dai],
    ] as const) {
      const [r0, r1] = await c.readContract({ address: pool, abi: solidlyPoolAbi, functionName: 'getReserves' });
      expect(r0 > 0n && r1 > 0n, pool).toBe(true);
      // Fees sit in PoolFees, not in the pool: its balances equal the reserves after every Sync.
      expect(await balance(t0, pool)).toBe(r0);
      expect(await balance(t1, pool)).toBe(r1);
    }
    const [weth, demo] = await c.readContract({
      address: S.pools.demoWethVolatile,
      abi: solidlyPoolAbi,
      functionName: 'getReserves',
    });
    const solidlyEthPerDemo = Number(weth) / Number(demo);
    expect(
      await c.readContract({ address: CL.pools.demoWeth200, abi: slipstreamPoolAbi, functionName: 'liquidity' }),
    ).toBeGreaterThan(0n);
    const [sqrtPriceX96, tick, , , , unlocked] = await c.readContract({
      address: CL.pools.demoWeth200,
      abi: slipstreamPoolAbi,
      functionName: 'slot0',
    });
    expect(unlocked).toBe(true);
    expect(typeof tick).toBe('number');
    const clEthPerDemo = 1 / (Number(sqrtPriceX96) / 2 ** 96) ** 2;
    expect(await balance(A.weth, CL.pools.demoWeth200)).toBeGreaterThan(0n);
    expect(await balance(A.demo, CL.pools.demoWeth200)).toBeGreaterThan(0n);
    // Launched at 0.0001 ETH like DEMO's other pools and traded with DEMO/WETH's mood: within 40 %.
    for (const price of [solidlyEthPerDemo, clEthPerDemo]) {
      expect(price).toBeGreaterThan(0.00006);
      expect(price).toBeLessThan(0.00014);
    }
  });

  it('a month of history: every seeded swap is a Swap log, both directions, three accounts or more, every day', async () => {
    const latest = await c.getBlock();
    const logsOf = {
      'demo-weth-solidly': await solidlySwaps(S.pools.demoWethVolatile),
      'usdc-dai-stable': await solidlySwaps(S.pools.usdcDaiStable),
      'demo-weth-slipstream': await clSwaps(),
    };
    const times = new Map<bigint, bigint>();
    for (const [key, logs] of Object.entries(logsOf)) {
      expect(logs.length, key).toBe(seededSwaps(key));
      expect(logs.length, key).toBeGreaterThanOrEqual(MONTH_DAYS * 2);
      const directions = new Set(
        logs.map((l) => {
          const args = l.args as Record<string, bigint>;
          // Solidly: what went in; Slipstream (as V3): amounts from the pool's side, > 0 flows in.
          return key === 'demo-weth-slipstream'
            ? args.amount0! > 0n
              ? 'in0'
              : 'in1'
            : args.amount0In! > 0n
              ? 'in0'
              : 'in1';
        }),
      );
      expect(directions.size, key).toBe(2);
      const senders = new Set(
        await Promise.all(
          logs.map(async (l) => getAddress((await c.getTransaction({ hash: l.transactionHash })).from)),
        ),
      );
      expect(senders.size, key).toBeGreaterThanOrEqual(3);
      for (const s of senders) expect(demoAccounts).toContain(s);
      for (const l of logs)
        if (!times.has(l.blockNumber))
          times.set(l.blockNumber, (await c.getBlock({ blockNumber: l.blockNumber })).timestamp);
      const days = new Set(logs.map((l) => Math.floor(Number(latest.timestamp - times.get(l.blockNumber)!) / 86_400)));
      for (let day = 1; day < MONTH_DAYS; day++) expect(days.has(day), `${key} trades ${day} days ago`).toBe(true);
    }

    // Liquidity: the first add of each pool, then the history's adds and removals.
    const get = (address: Address, event: typeof solidlyMint | typeof solidlyBurn | typeof clMint | typeof clBurn) =>
      c.getLogs({ address, event, fromBlock: 0n } as never);
    const volatileMints = await get(S.pools.demoWethVolatile, solidlyMint);
    const volatileBurns = await get(S.pools.demoWethVolatile, solidlyBurn);
    const stableMints = await get(S.pools.usdcDaiStable, solidlyMint);
    const stableBurns = await get(S.pools.usdcDaiStable, solidlyBurn);
    const clMints = await get(CL.pools.demoWeth200, clMint);
    // collect() pokes the position with a zero-amount Burn first, so count only real removals.
    const clBurns = (await get(CL.pools.demoWeth200, clBurn)).filter(
      (l) => (l as unknown as { args: { amount: bigint } }).args.amount > 0n,
    );
    expect([
      volatileMints.length,
      volatileBurns.length,
      stableMints.length,
      stableBurns.length,
      clMints.length,
      clBurns.length,
    ]).toEqual([
      1 + count('solidly-add-liquidity'),
      count('solidly-remove-half'),
      1 + count('solidly-stable-add-liquidity'),
      0,
      1 + count('slipstream-mint-narrow'),
      count('slipstream-remove-half'),
    ]);
    expect(
      count('solidly-add-liquidity') +
        count('solidly-remove-half') +
        count('slipstream-mint-narrow') +
        count('slipstream-remove-half'),
    ).toBeGreaterThanOrEqual(4);
  });

  it('the stable pool quotes on its curve x³y + y³x = k, not at the reserve ratio', async () => {
    const pool = S.pools.usdcDaiStable;
    const [r0, r1] = await c.readContract({ address: pool, abi: solidlyPoolAbi, functionName: 'getReserves' });
    // Marginal price of USDC in DAI from the curve, both reserves in 18 decimals.
    const x = Number(r0) * 1e12;
    const y = Number(r1);
    const marginal = (3 * x * x * y + y * y * y) / (x * x * x + 3 * x * y * y);
    const dx = parseUnits('10', 6);
    const out = await c.readContract({
      address: pool,
      abi: solidlyPoolAbi,
      functionName: 'getAmountOut',
      args: [dx, A.usdc],
    });
    // 10 USDC less the 0.05 % fee, at the marginal price (10 is tiny against the reserves).
    const expected = Number(dx) * 1e12 * (1 - 0.0005) * marginal;
    expect(Math.abs(Number(out) - expected) / expected).toBeLessThan(1e-5);
    // The reserves are apart (the history traded them), so the ratio is a different price.
    const ratio = y / x;
    expect(Math.abs(ratio - marginal) / marginal).toBeGreaterThan(1e-4);
    expect(marginal).toBeGreaterThan(0.99);
    expect(marginal).toBeLessThan(1.01);
  });

  it('swap-cli swaps on each pool, both ways, and the stable swap pays exactly getAmountOut', async () => {
    const from = demoAccounts[1]!;
    const before = {
      volatile: (await solidlySwaps(S.pools.demoWethVolatile)).length,
      stable: (await solidlySwaps(S.pools.usdcDaiStable)).length,
      cl: (await clSwaps()).length,
    };
    const out: string[] = [];
    const print = (l: string) => out.push(l);
    await runSwapCli(
      ['--rpc', devnet.rpcUrl, '--pool', 'demo-weth-solidly', '--side', 'buy', '--amount', '0.05', '--account', '2'],
      print,
    );
    // The positional form docs/devnet.md shows (npm run swap -w @tokendesk/devchain -- <pool> <side> <amount>).
    await runSwapCli(['demo-weth-solidly', 'sell', '300', '--rpc', devnet.rpcUrl, '--account', '2'], print);
    await runSwapCli(['demo-weth-slipstream', 'buy', '0.02', '--rpc', devnet.rpcUrl, '--account', '2'], print);
    await runSwapCli(['demo-weth-slipstream', 'sell', '200', '--rpc', devnet.rpcUrl, '--account', '2'], print);
    const quoted = await c.readContract({
      address: S.pools.usdcDaiStable,
      abi: solidlyPoolAbi,
      functionName: 'getAmountOut',
      args: [parseUnits('250', 6), A.usdc],
    });
    const daiBefore = await c.readContract({ address: S.dai, abi: erc20Abi, functionName: 'balanceOf', args: [from] });
    await runSwapCli(['usdc-dai-stable', 'buy', '250', '--rpc', devnet.rpcUrl, '--account', '2'], print);
    const daiAfter = await c.readContract({ address: S.dai, abi: erc20Abi, functionName: 'balanceOf', args: [from] });
    expect(daiAfter - daiBefore).toBe(quoted);
    await runSwapCli(['usdc-dai-stable', 'sell', '250', '--rpc', devnet.rpcUrl, '--account', '2'], print);

    expect((await solidlySwaps(S.pools.demoWethVolatile)).length).toBe(before.volatile + 2);
    expect((await solidlySwaps(S.pools.usdcDaiStable)).length).toBe(before.stable + 2);
    expect((await clSwaps()).length).toBe(before.cl + 2);
    const text = out.join('\n');
    expect(text).toMatch(/demo-weth-solidly buy: 0\.05 ETH → DEMO/);
    expect(text).toMatch(/demo-weth-solidly sell: 300 DEMO → ETH/);
    expect(text).toMatch(/demo-weth-slipstream sell: 200 DEMO → WETH/);
    expect(text).toMatch(/usdc-dai-stable buy: 250 USDC → DAI/);
    // Every demo account got its DAI (less what the history and this test moved, more what it bought).
    expect(
      await c.readContract({ address: S.dai, abi: erc20Abi, functionName: 'balanceOf', args: [demoAccounts[0]!] }),
    ).toBeGreaterThan(DAI_PER_DEMO_ACCOUNT / 2n);
  });
});
