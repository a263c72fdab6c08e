import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createPublicClient,
  encodeAbiParameters,
  encodePacked,
  getAddress,
  getContractAddress,
  hexToString,
  http,
  keccak256,
  parseAbi,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  erc20Abi,
  positionManagerAbi,
  uniswapV2FactoryAbi,
  uniswapV2PairAbi,
  uniswapV2RouterAbi,
  uniswapV3FactoryAbi,
  uniswapV3PoolAbi,
} from './abis.js';
import {
  BURN_ADDRESS,
  DEPLOYER,
  DEPLOYER_NONCES,
  demoAccounts,
  devnetAddresses as A,
  devnetTokens,
  MARKET_MAKER,
  REFERENCE_V3_FEE,
  V3_FEE,
} from './addresses.js';
import { launchAnvil } from './anvil.js';
import { UNISWAP_V2_PAIR_INIT_CODE_HASH, UNISWAP_V3_POOL_INIT_CODE_HASH } from './artifacts.js';
import { devnetChain, WrongChainError } from './client.js';
import { DEMO_BURN, HISTORY, MONTH_DAYS, MONTH_HISTORY, monthBlocks } from './deploy.js';
import { formatDevnetSummary, startDevnet, type Devnet } from './devnet.js';
import { runSwapCli, UsageError } from './swap-cli.js';
import { algebraPoolAbi, lbPairAbi } from './algebra-lfj.js';
import { isSolidlyStep, SOLIDLY_POOLS } from './solidly.js';
import { v4PoolManagerAbi } from './v4.js';

const tmpDirs: string[] = [];
function tmp(): string {
  const dir = mkdtempSync(join(tmpdir(), 'devchain-test-'));
  tmpDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of tmpDirs) rmSync(dir, { recursive: true, force: true });
});

function client(rpcUrl: string): PublicClient {
  // cacheTime 0: viem otherwise reuses an eth_blockNumber answer for seconds.
  return createPublicClient({ chain: devnetChain, transport: http(rpcUrl), cacheTime: 0 });
}

const v2Swap = parseAbi([
  'event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)',
])[0];
const v3Swap = uniswapV3PoolAbi.find((x) => x.type === 'event' && x.name === 'Swap')!;
const v4Swap = v4PoolManagerAbi.find((x) => x.type === 'event' && x.name === 'Swap')!;
const v4ModifyLiquidity = v4PoolManagerAbi.find((x) => x.type === 'event' && x.name === 'ModifyLiquidity')!;
const algebraPoolEvent = <N extends 'Swap' | 'Burn'>(name: N) =>
  algebraPoolAbi.find(
    (x): x is Extract<(typeof algebraPoolAbi)[number], { type: 'event'; name: N }> =>
      x.type === 'event' && x.name === name,
  )!;
const lbPairEvent = <N extends 'Swap' | 'DepositedToBins'>(name: N) =>
  lbPairAbi.find(
    (x): x is Extract<(typeof lbPairAbi)[number], { type: 'event'; name: N }> => x.type === 'event' && x.name === name,
  )!;

/** `pool` is the pool's address, or for V4 its pool id (the PoolManager logs every V4 pool's events). */
async function swapSenders(c: PublicClient, pool: Hex, version: 'v2' | 'v3' | 'v4') {
  const logs =
    version === 'v2'
      ? await c.getLogs({ address: pool, event: v2Swap, fromBlock: 0n })
      : version === 'v3'
        ? await c.getLogs({ address: pool, event: v3Swap, fromBlock: 0n })
        : await c.getLogs({ address: A.v4.poolManager, event: v4Swap, args: { id: pool }, fromBlock: 0n });
  const senders = await Promise.all(logs.map(async (l) => (await c.getTransaction({ hash: l.transactionHash })).from));
  return { logs, senders: new Set(senders.map((s) => getAddress(s))) };
}

describe('devnet', () => {
  let dataDir: string;
  let devnet: Devnet;
  let c: PublicClient;
  const lines: string[] = [];

  beforeAll(async () => {
    dataDir = tmp();
    const started = Date.now();
    devnet = await startDevnet({ dataDir, log: (line) => lines.push(line) });
    lines.push(`cold start ${Date.now() - started} ms`);
    c = client(devnet.rpcUrl);
  });
  afterAll(async () => {
    await devnet?.stop();
  });

  it('runs on loopback with chain id 31337 and a fresh chain', async () => {
    expect(devnet.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await c.getChainId()).toBe(31337);
    expect(devnet.created).toBe(true);
  });

  it('has code at every recorded address', async () => {
    // Solidly V2 and Slipstream: src/solidly.test.ts.
    const { deployer: _d, pools, v4, algebra, lfj, solidly: _s, slipstream: _c, ...contracts } = devnet.addresses;
    const v4Contracts = [v4.poolManager, v4.stateView, v4.swapRouter, v4.liquidityRouter, v4.hook];
    const algebraLfj = [
      algebra.factory,
      algebra.poolDeployer,
      algebra.router,
      algebra.pools.demoWeth,
      lfj.factory,
      lfj.pairImplementation,
      lfj.router,
      lfj.pairs.demoUsdc,
    ];
    for (const address of [...Object.values(contracts), ...Object.values(pools), ...v4Contracts, ...algebraLfj]) {
      const code = await c.getCode({ address });
      expect(code && code.length > 2, `code at ${address}`).toBe(true);
    }
  });

  it('devnetAddresses are what the deployer nonces and the factories produce', async () => {
    expect(devnet.addresses).toEqual(A);
    for (const [key, nonce] of Object.entries(DEPLOYER_NONCES)) {
      expect(getContractAddress({ from: DEPLOYER, nonce: BigInt(nonce) }), key).toBe(
        A[key as keyof typeof DEPLOYER_NONCES],
      );
    }
    expect(await c.getTransactionCount({ address: DEPLOYER })).toBe(DEPLOYER_NONCES.notAToken + 1);
    const sorted = (x: Address, y: Address) =>
      x.toLowerCase() < y.toLowerCase() ? ([x, y] as const) : ([y, x] as const);
    const v2 = (x: Address, y: Address) =>
      getContractAddress({
        opcode: 'CREATE2',
        from: A.uniswapV2Factory,
        salt: keccak256(encodePacked(['address', 'address'], sorted(x, y))),
        bytecodeHash: UNISWAP_V2_PAIR_INIT_CODE_HASH,
      });
    const v3 = (x: Address, y: Address, fee: number) =>
      getContractAddress({
        opcode: 'CREATE2',
        from: A.uniswapV3Factory,
        salt: keccak256(
          encodeAbiParameters([{ type: 'address' }, { type: 'address' }, { type: 'uint24' }], [...sorted(x, y), fee]),
        ),
        bytecodeHash: UNISWAP_V3_POOL_INIT_CODE_HASH,
      });
    expect(v2(A.demo, A.weth)).toBe(A.pools.demoWethV2);
    expect(v2(A.demo, A.usdc)).toBe(A.pools.demoUsdcV2);
    expect(v3(A.smpl, A.weth, V3_FEE)).toBe(A.pools.smplWethV3);
    expect(v3(A.usdc, A.weth, REFERENCE_V3_FEE)).toBe(A.pools.wethUsdcV3);

    const read = <T>(address: Address, abi: readonly unknown[], functionName: string, args: unknown[] = []) =>
      c.readContract({
        address,
        abi: abi as never,
        functionName: functionName as never,
        args: args as never,
      }) as Promise<T>;
    expect(await read(A.uniswapV2Factory, uniswapV2FactoryAbi, 'getPair', [A.demo, A.weth])).toBe(A.pools.demoWethV2);
    expect(await read(A.uniswapV2Factory, uniswapV2FactoryAbi, 'getPair', [A.usdc, A.demo])).toBe(A.pools.demoUsdcV2);
    expect(await read(A.uniswapV2Factory, uniswapV2FactoryAbi, 'allPairsLength')).toBe(2n);
    expect(await read(A.uniswapV3Factory, uniswapV3FactoryAbi, 'getPool', [A.smpl, A.weth, V3_FEE])).toBe(
      A.pools.smplWethV3,
    );
    expect(await read(A.uniswapV3Factory, uniswapV3FactoryAbi, 'getPool', [A.usdc, A.weth, REFERENCE_V3_FEE])).toBe(
      A.pools.wethUsdcV3,
    );
    expect(await read(A.uniswapV2Router, uniswapV2RouterAbi, 'factory')).toBe(A.uniswapV2Factory);
    expect(await read(A.uniswapV2Router, uniswapV2RouterAbi, 'WETH')).toBe(A.weth);
    expect(await read(A.positionManager, positionManagerAbi, 'factory')).toBe(A.uniswapV3Factory);
    expect(await read(A.positionManager, positionManagerAbi, 'WETH9')).toBe(A.weth);
  });

  it('token metadata is exact', async () => {
    for (const t of devnetTokens) {
      if (t.key === 'bytes32Token') continue;
      expect(await c.readContract({ address: t.address, abi: erc20Abi, functionName: 'name' })).toBe(t.name);
      expect(await c.readContract({ address: t.address, abi: erc20Abi, functionName: 'symbol' })).toBe(t.symbol);
      expect(await c.readContract({ address: t.address, abi: erc20Abi, functionName: 'decimals' })).toBe(t.decimals);
      if (t.supply !== null) {
        expect(await c.readContract({ address: t.address, abi: erc20Abi, functionName: 'totalSupply' })).toBe(
          t.supply * 10n ** BigInt(t.decimals),
        );
      }
    }
    expect(devnetTokens.map((t) => [t.symbol, t.decimals])).toEqual([
      ['WETH', 18],
      ['USDC', 6],
      ['USDT', 6],
      ['DEMO', 18],
      ['SMPL', 9],
      ['B32', 18],
    ]);
  });

  it('bytes32Token answers name() and symbol() as bytes32; notAToken has no ERC-20 methods', async () => {
    const b32 = parseAbi(['function name() view returns (bytes32)', 'function symbol() view returns (bytes32)']);
    const name = await c.readContract({ address: A.bytes32Token, abi: b32, functionName: 'name' });
    const symbol = await c.readContract({ address: A.bytes32Token, abi: b32, functionName: 'symbol' });
    expect(hexToString(name, { size: 32 })).toBe('Bytes32 Token');
    expect(hexToString(symbol, { size: 32 })).toBe('B32');
    expect(await c.readContract({ address: A.bytes32Token, abi: erc20Abi, functionName: 'decimals' })).toBe(18);
    // A string-typed read of a bytes32 answer fails to decode, as it does on mainnet's MKR.
    await expect(c.readContract({ address: A.bytes32Token, abi: erc20Abi, functionName: 'symbol' })).rejects.toThrow();
    for (const fn of ['name', 'symbol', 'decimals', 'totalSupply'] as const) {
      await expect(c.readContract({ address: A.notAToken, abi: erc20Abi, functionName: fn })).rejects.toThrow();
    }
  });

  it('pools hold liquidity', async () => {
    for (const pool of [A.pools.demoWethV2, A.pools.demoUsdcV2]) {
      const [r0, r1] = await c.readContract({ address: pool, abi: uniswapV2PairAbi, functionName: 'getReserves' });
      expect(r0 > 0n && r1 > 0n).toBe(true);
    }
    expect(
      await c.readContract({ address: A.pools.smplWethV3, abi: uniswapV3PoolAbi, functionName: 'liquidity' }),
    ).toBeGreaterThan(0n);
    expect(await c.readContract({ address: A.pools.smplWethV3, abi: uniswapV3PoolAbi, functionName: 'fee' })).toBe(
      3000,
    );
    const [sqrtPriceX96] = await c.readContract({
      address: A.pools.smplWethV3,
      abi: uniswapV3PoolAbi,
      functionName: 'slot0',
    });
    expect(sqrtPriceX96).toBeGreaterThan(0n);
  });

  it('the WETH/USDC reference pool is deep and prices WETH near 3,000 USDC', async () => {
    const ref = A.pools.wethUsdcV3;
    expect(await c.readContract({ address: ref, abi: uniswapV3PoolAbi, functionName: 'fee' })).toBe(REFERENCE_V3_FEE);
    const [token0, token1] = await Promise.all([
      c.readContract({ address: ref, abi: uniswapV3PoolAbi, functionName: 'token0' }),
      c.readContract({ address: ref, abi: uniswapV3PoolAbi, functionName: 'token1' }),
    ]);
    expect([token0, token1].sort()).toEqual([A.weth, A.usdc].sort());
    const [sqrtPriceX96] = await c.readContract({ address: ref, abi: uniswapV3PoolAbi, functionName: 'slot0' });
    // price of token0 in token1, raw units; USDC per WETH after the decimals (18 vs 6).
    const raw = (Number(sqrtPriceX96) / 2 ** 96) ** 2;
    const usdcPerWeth = token0 === A.weth ? raw * 1e12 : 1 / (raw * 1e-12);
    expect(usdcPerWeth).toBeGreaterThan(2900);
    expect(usdcPerWeth).toBeLessThan(3100);
    const balance = (token: Address) =>
      c.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [ref] });
    expect(await balance(A.weth)).toBeGreaterThan(500n * 10n ** 18n);
    expect(await balance(A.usdc)).toBeGreaterThan(1_500_000n * 10n ** 6n);
    // Its liquidity is the market maker's (anvil account 5), not the deployer's.
    expect(
      await c.readContract({
        address: A.positionManager,
        abi: positionManagerAbi,
        functionName: 'balanceOf',
        args: [MARKET_MAKER],
      }),
    ).toBeGreaterThan(0n);
  });

  it('the deployer burnt DEMO: circulating supply is below total supply', async () => {
    const demo = devnetTokens.find((t) => t.key === 'demo')!;
    expect(
      await c.readContract({ address: A.demo, abi: erc20Abi, functionName: 'balanceOf', args: [BURN_ADDRESS] }),
    ).toBe(DEMO_BURN);
    expect(await c.readContract({ address: A.demo, abi: erc20Abi, functionName: 'totalSupply' })).toBe(
      demo.supply! * 10n ** 18n,
    );
    const burns = await c.getLogs({
      address: A.demo,
      event: erc20Abi.find((x) => x.type === 'event' && x.name === 'Transfer')!,
      args: { to: BURN_ADDRESS },
      fromBlock: 0n,
    });
    expect(burns.map((l) => [l.args.from, l.args.value])).toEqual([[DEPLOYER, DEMO_BURN]]);
  });

  it('Multicall3 at the canonical address serves viem multicall', async () => {
    const [demo, smpl] = await c.multicall({
      multicallAddress: A.multicall3,
      allowFailure: false,
      contracts: [
        { address: A.demo, abi: erc20Abi, functionName: 'symbol' },
        { address: A.smpl, abi: erc20Abi, functionName: 'decimals' },
      ],
    });
    expect([demo, smpl]).toEqual(['DEMO', 9]);
  });

  it('the history has swaps in both directions from at least three accounts in each pool', async () => {
    // Uniswap's pools here; Solidly V2 and Slipstream (their own steps and blocks) in src/solidly.test.ts.
    // Every step but Solidly V2 and Slipstream's (solidly.test.ts checks those).
    const uniswap = (step: (typeof MONTH_HISTORY)[number]) =>
      !isSolidlyStep(step) && !(step.kind === 'swap' && SOLIDLY_POOLS.has(step.pool));
    const seeded = [...MONTH_HISTORY, ...HISTORY].filter(uniswap);
    const pools = [
      [A.pools.demoWethV2, 'v2', 'demo-weth'],
      [A.pools.demoUsdcV2, 'v2', 'demo-usdc'],
      [A.pools.smplWethV3, 'v3', 'smpl-weth'],
      [A.pools.wethUsdcV3, 'v3', 'weth-usdc'],
      [A.v4.pools.demoEthV4.id, 'v4', 'demo-eth-v4'],
      [A.v4.pools.hookedV4.id, 'v4', 'demo-usdc-v4'],
    ] as const;
    for (const [pool, version, key] of pools) {
      const { logs, senders } = await swapSenders(c, pool, version);
      expect(logs.length, pool).toBe(seeded.filter((s) => s.kind === 'swap' && s.pool === key).length);
      expect(senders.size, pool).toBeGreaterThanOrEqual(3);
      for (const s of senders) expect(demoAccounts).toContain(s);
      const directions = new Set(
        logs.map((l) => {
          const args = l.args as Record<string, bigint>;
          // V3 signs amounts from the pool's side (> 0 flows in), V4 from the swapper's (< 0 is paid in).
          return version === 'v2'
            ? args.amount0In! > 0n
              ? 'in0'
              : 'in1'
            : version === 'v3'
              ? args.amount0! > 0n
                ? 'in0'
                : 'in1'
              : args.amount0! < 0n
                ? 'in0'
                : 'in1';
        }),
      );
      expect(directions.size, pool).toBe(2);
    }
    // The liquidity changes of the histories besides the initial liquidity.
    const count = (kind: (typeof seeded)[number]['kind']) => seeded.filter((s) => s.kind === kind).length;
    const v2Mints = await c.getLogs({
      address: A.pools.demoWethV2,
      event: uniswapV2PairAbi.find((x) => x.type === 'event' && x.name === 'Mint')!,
      fromBlock: 0n,
    });
    const v2Burns = await c.getLogs({
      address: A.pools.demoWethV2,
      event: uniswapV2PairAbi.find((x) => x.type === 'event' && x.name === 'Burn')!,
      fromBlock: 0n,
    });
    const v3Mints = await c.getLogs({
      address: A.pools.smplWethV3,
      event: uniswapV3PoolAbi.find((x) => x.type === 'event' && x.name === 'Mint')!,
      fromBlock: 0n,
    });
    const v3Burns = await c.getLogs({
      address: A.pools.smplWethV3,
      event: uniswapV3PoolAbi.find((x) => x.type === 'event' && x.name === 'Burn')!,
      fromBlock: 0n,
    });
    const refMints = await c.getLogs({
      address: A.pools.wethUsdcV3,
      event: uniswapV3PoolAbi.find((x) => x.type === 'event' && x.name === 'Mint')!,
      fromBlock: 0n,
    });
    const refBurns = await c.getLogs({
      address: A.pools.wethUsdcV3,
      event: uniswapV3PoolAbi.find((x) => x.type === 'event' && x.name === 'Burn')!,
      fromBlock: 0n,
    });
    // collect() pokes the position with a zero-amount Burn first, so count only real removals.
    const real = (burns: typeof v3Burns) => burns.filter((l) => (l.args as { amount: bigint }).amount > 0n);
    // V4: one ModifyLiquidity event per change; the first two adds are the pools' initial liquidity.
    const v4Changes = await c.getLogs({ address: A.v4.poolManager, event: v4ModifyLiquidity, fromBlock: 0n });
    const v4Adds = v4Changes.filter((l) => l.args.liquidityDelta! > 0n);
    const v4Removes = v4Changes.filter((l) => l.args.liquidityDelta! < 0n);
    expect([
      v2Mints.length,
      v2Burns.length,
      v3Mints.length,
      real(v3Burns).length,
      refMints.length,
      real(refBurns).length,
      v4Adds.length,
      v4Removes.length,
    ]).toEqual([
      1 + count('v2-add-liquidity'),
      count('v2-remove-half'),
      1 + count('v3-mint-narrow'),
      count('v3-remove-half'),
      1 + count('reference-add-liquidity'),
      count('reference-remove-quarter'),
      2 + count('v4-add-liquidity'),
      count('v4-remove-half'),
    ]);
    expect(count('v4-add-liquidity')).toBeGreaterThanOrEqual(2);
    expect(count('v4-remove-half')).toBeGreaterThanOrEqual(1);
    expect(count('v2-add-liquidity') + count('reference-add-liquidity')).toBeGreaterThanOrEqual(3);

    // The month's swaps share blocks (a liquidity change has its own); each recent step has its own.
    const swapLogs = (
      await Promise.all(pools.map(async ([pool, version]) => (await swapSenders(c, pool, version)).logs))
    ).flat();
    // Algebra and LFJ (algebra-lfj.test.ts checks them): a log per transaction of their history. An
    // LFJ swap logs a Swap per bin it crosses; the first Algebra Mints and LFJ deposit are the seed's.
    const algebraSwaps = await c.getLogs({
      address: A.algebra.pools.demoWeth,
      event: algebraPoolEvent('Swap'),
      fromBlock: 0n,
    });
    const algebraBurns = (
      await c.getLogs({ address: A.algebra.pools.demoWeth, event: algebraPoolEvent('Burn'), fromBlock: 0n })
    ).filter((l) => l.args.liquidityAmount! > 0n);
    const lfjSwaps = [
      ...new Map(
        (await c.getLogs({ address: A.lfj.pairs.demoUsdc, event: lbPairEvent('Swap'), fromBlock: 0n })).map((l) => [
          l.transactionHash,
          l,
        ]),
      ).values(),
    ];
    const lfjDeposits = await c.getLogs({
      address: A.lfj.pairs.demoUsdc,
      event: lbPairEvent('DepositedToBins'),
      fromBlock: 0n,
    });
    expect([algebraSwaps.length + lfjSwaps.length, algebraBurns.length, lfjDeposits.length - 1]).toEqual([
      seeded.filter((s) => s.kind === 'swap' && (s.pool === 'demo-weth-algebra' || s.pool === 'demo-usdc-lfj')).length,
      count('algebra-remove-half'),
      count('lfj-add-liquidity'),
    ]);
    const historyLogs = [
      ...swapLogs,
      ...v2Mints.slice(1),
      ...v2Burns,
      ...v3Mints.slice(1),
      ...real(v3Burns),
      ...refMints.slice(1),
      ...real(refBurns),
      ...v4Adds.slice(2),
      ...v4Removes,
      ...algebraSwaps,
      ...algebraBurns,
      ...lfjSwaps,
      ...lfjDeposits.slice(1),
    ];
    expect(historyLogs.length).toBe(seeded.length);
    const blocks = new Set(historyLogs.map((l) => l.blockNumber));
    expect(blocks.size).toBe(
      monthBlocks(MONTH_HISTORY).filter((block) => block.some(uniswap)).length + HISTORY.filter(uniswap).length,
    );

    // The month spreads over MONTH_DAYS days, a trade in every pool every day; the recent steps over
    // the last six hours; the chain ends near now.
    const latest = await c.getBlock();
    const times = new Map(
      await Promise.all([...blocks].map(async (n) => [n, (await c.getBlock({ blockNumber: n })).timestamp] as const)),
    );
    const ages = swapLogs.map((l) => Number(latest.timestamp - times.get(l.blockNumber)!));
    expect(Math.max(...ages)).toBeGreaterThan((MONTH_DAYS - 1) * 86_400);
    for (const [pool, version] of pools) {
      const days = new Set(
        (await swapSenders(c, pool, version)).logs.map((l) =>
          Math.floor(Number(latest.timestamp - times.get(l.blockNumber)!) / 86_400),
        ),
      );
      for (let day = 1; day < MONTH_DAYS; day++) expect(days.has(day), `${pool} trades ${day} days ago`).toBe(true);
    }
    expect(ages.filter((age) => age < 6.5 * 3600).length).toBe(
      HISTORY.filter((s) => s.kind === 'swap' && pools.some(([, , key]) => key === s.pool)).length,
    );
    expect(Math.abs(Number(latest.timestamp) - Date.now() / 1000)).toBeLessThan(600);
    // Uniswap, Algebra and LFJ here; Solidly V2 and Slipstream's 8 in solidly.test.ts.
    expect(HISTORY.filter(uniswap).length).toBe(33);
    expect(HISTORY.length).toBe(41);
  });

  it('formatDevnetSummary lists the RPC URL and every address', () => {
    const text = formatDevnetSummary(devnet);
    expect(text).toContain(devnet.rpcUrl);
    const {
      pools,
      v4: { pools: v4Pools, ...v4 },
      algebra: { pools: algebraPools, ...algebra },
      lfj: { pairs: lfjPairs, ...lfj },
      solidly: { pools: sPools, ...solidly },
      slipstream: { pools: cPools, ...slipstream },
      ...rest
    } = devnet.addresses;
    for (const address of [
      ...Object.values(solidly),
      ...Object.values(sPools),
      ...Object.values(slipstream),
      ...Object.values(cPools),
    ])
      expect(text).toContain(address);
    for (const address of [...Object.values(rest), ...Object.values(pools), ...Object.values(v4)])
      expect(text).toContain(address);
    for (const address of [
      ...Object.values(algebra),
      ...Object.values(algebraPools),
      ...Object.values(lfj),
      ...Object.values(lfjPairs),
    ])
      expect(text).toContain(address);
    for (const pool of Object.values(v4Pools)) expect(text).toContain(pool.id);
  });

  it('swap-cli makes one swap on the devnet', async () => {
    const before = (await swapSenders(c, A.pools.demoWethV2, 'v2')).logs.length;
    const out: string[] = [];
    await runSwapCli(['--rpc', devnet.rpcUrl, '--pool', 'demo-weth', '--side', 'buy', '--amount', '0.1'], (l) =>
      out.push(l),
    );
    expect((await swapSenders(c, A.pools.demoWethV2, 'v2')).logs.length).toBe(before + 1);
    expect(out.join('\n')).toMatch(/demo-weth buy: 0\.1 ETH → DEMO/);
    // And the other two pools, selling, from another account.
    await runSwapCli(
      ['--rpc', devnet.rpcUrl, '--pool', 'smpl-weth', '--side', 'sell', '--amount', '1000', '--account', '2'],
      () => {},
    );
    await runSwapCli(
      ['--rpc', devnet.rpcUrl, '--pool', 'demo-usdc', '--side', 'sell', '--amount', '50', '--account', '3'],
      () => {},
    );
    // The reference pool both ways: USDC for WETH, and ETH (wrapped by the router) for USDC.
    const refSwaps = async () => (await swapSenders(c, A.pools.wethUsdcV3, 'v3')).logs.length;
    const refBefore = await refSwaps();
    out.length = 0;
    await runSwapCli(
      ['--rpc', devnet.rpcUrl, '--pool', 'weth-usdc', '--side', 'buy', '--amount', '100', '--account', '4'],
      (l) => out.push(l),
    );
    await runSwapCli(
      ['--rpc', devnet.rpcUrl, '--pool', 'weth-usdc', '--side', 'sell', '--amount', '0.05', '--account', '4'],
      (l) => out.push(l),
    );
    expect(await refSwaps()).toBe(refBefore + 2);
    expect(out.join('\n')).toMatch(/weth-usdc buy: 100 USDC → WETH[\s\S]*weth-usdc sell: 0\.05 ETH → USDC/);
  });

  it('a second start with the same directory is refused while the first runs', async () => {
    await expect(startDevnet({ dataDir })).rejects.toThrow(/already running/);
  });

  it('a restart reuses the state: same block, no redeploy, history intact; a corrupt file is restored', async () => {
    const block = await c.getBlockNumber();
    const swaps = (await swapSenders(c, A.pools.demoWethV2, 'v2')).logs.length;
    const t0 = Date.now();
    await devnet.stop();
    const stopMs = Date.now() - t0;
    const t1 = Date.now();
    devnet = await startDevnet({ dataDir });
    const warmMs = Date.now() - t1;
    c = client(devnet.rpcUrl);
    expect(devnet.created).toBe(false);
    expect(await c.getBlockNumber()).toBe(block);
    expect(await c.getTransactionCount({ address: DEPLOYER })).toBe(DEPLOYER_NONCES.notAToken + 1);
    expect((await swapSenders(c, A.pools.demoWethV2, 'v2')).logs.length).toBe(swaps);
    lines.push(`clean stop ${stopMs} ms, warm start ${warmMs} ms`);

    // anvil rewrites state.json in place; a crash mid-write leaves it truncated.
    await devnet.stop();
    const state = devnet.statePath;
    writeFileSync(state, readFileSync(state, 'utf8').slice(0, 1000));
    devnet = await startDevnet({ dataDir, log: (l) => lines.push(l) });
    c = client(devnet.rpcUrl);
    expect(devnet.created).toBe(false);
    expect(await c.getBlockNumber()).toBe(block);
    console.log(lines.filter((l) => /start|stop|saved/.test(l)).join('\n'));
  });

  it('saves a change within seconds, so a crash of anvil itself loses nothing older', async () => {
    const savedBlock = () =>
      BigInt(JSON.parse(readFileSync(devnet.statePath, 'utf8')).best_block_number as string | number);
    await runSwapCli(['--rpc', devnet.rpcUrl, '--pool', 'demo-usdc', '--side', 'buy', '--amount', '25'], () => {});
    const block = await c.getBlockNumber();
    const t0 = Date.now();
    expect(savedBlock()).toBe(block - 1n);
    // The periodic saver writes it without a restart: about 3 s on an idle machine (a 2 s check and a
    // 0.5–0.7 s anvil_dumpState of the ~19 MB state with every DEX family), but 8–12 s while the
    // whole suite loads both cores. Whether it is saved is this test's question; how fast is
    // reported below, not asserted against the machine's load.
    while (savedBlock() !== block && Date.now() - t0 < 30_000) await new Promise((r) => setTimeout(r, 100));
    expect(savedBlock()).toBe(block);
    lines.push(`change saved after ${Date.now() - t0} ms`);

    const lock = JSON.parse(readFileSync(join(dataDir, 'devnet', 'devnet.lock'), 'utf8')) as { anvilPid: number };
    process.kill(lock.anvilPid, 'SIGKILL');
    await devnet.stop();
    devnet = await startDevnet({ dataDir });
    c = client(devnet.rpcUrl);
    expect(devnet.created).toBe(false);
    expect(await c.getBlockNumber()).toBe(block);
    console.log(lines.filter((l) => /saved/.test(l)).join('\n'));
  });
});

describe('devnet process lifetime', () => {
  it('anvil exits and keeps its state when the parent process is killed', async () => {
    const dataDir = tmp();
    const main = fileURLToPath(new URL('./main.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', main], {
      env: { ...process.env, DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const rpcUrl = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no summary:\n${output}`)), 60_000);
      child.stdout.on('data', () => {
        const match = /RPC URL\s+(http:\S+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
      child.on('exit', () => reject(new Error(`exited early:\n${output}`)));
    });
    const block = await client(rpcUrl).getBlockNumber();
    const lock = JSON.parse(readFileSync(join(dataDir, 'devnet', 'devnet.lock'), 'utf8')) as { anvilPid: number };
    child.kill('SIGKILL');
    const deadline = Date.now() + 20_000;
    const alive = () => {
      try {
        process.kill(lock.anvilPid, 0);
        return true;
      } catch {
        return false;
      }
    };
    while (alive() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(alive(), 'anvil outlived its parent').toBe(false);

    const devnet = await startDevnet({ dataDir });
    try {
      expect(devnet.created).toBe(false);
      expect(await client(devnet.rpcUrl).getBlockNumber()).toBe(block);
    } finally {
      await devnet.stop();
    }
  });

  it('an incomplete seed left by an interrupted first start is replaced by a complete one', async () => {
    const dataDir = tmp();
    const dir = join(dataDir, 'devnet');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(dir, { recursive: true });
    const { freeLoopbackPort } = await import('./anvil.js');
    const anvil = await launchAnvil({
      port: await freeLoopbackPort(),
      statePath: join(dir, 'state.json'),
      logPath: join(dir, 'anvil.log'),
    });
    const { devnetClients } = await import('./client.js');
    const clients = devnetClients(anvil.rpcUrl);
    // The deployer's first transaction only, as if the process died right after it. Mined before
    // the stop: anvil answers with the hash before it mines, and a transaction still in its pool
    // is not in the state it writes on exit (a loaded CI machine stopped it in between once, and
    // the chain read as empty instead of partly seeded).
    const hash = await clients.wallet.sendTransaction({
      account: DEPLOYER,
      chain: devnetChain,
      to: A.deployer,
      value: 0n,
    });
    await clients.public.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    await anvil.stop();

    const lines: string[] = [];
    const devnet = await startDevnet({ dataDir, log: (l) => lines.push(l) });
    try {
      expect(devnet.created).toBe(true);
      expect(lines.join('\n')).toMatch(/incomplete demo deployment/);
      expect(await client(devnet.rpcUrl).getTransactionCount({ address: DEPLOYER })).toBe(
        DEPLOYER_NONCES.notAToken + 1,
      );
    } finally {
      await devnet.stop();
    }
    expect(existsSync(join(dir, 'state.json'))).toBe(true);
  });
});

describe('swap-cli safety', () => {
  let server: Server;
  let url: string;
  const methods: string[] = [];

  beforeAll(async () => {
    // A JSON-RPC endpoint claiming to be Ethereum mainnet.
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        const msg = JSON.parse(body) as { id: number; method: string };
        methods.push(msg.method);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ jsonrpc: '2.0', id: msg.id, result: msg.method === 'eth_chainId' ? '0x1' : null }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('refuses a chain whose id is not 31337 before sending anything', async () => {
    await expect(
      runSwapCli(['--rpc', url, '--pool', 'demo-weth', '--side', 'buy', '--amount', '0.1'], () => {}),
    ).rejects.toBeInstanceOf(WrongChainError);
    expect(methods).toEqual(['eth_chainId']);
  });

  it('refuses an RPC that is not on this machine, and bad arguments', async () => {
    await expect(
      runSwapCli(
        ['--rpc', 'https://eth.example.org', '--pool', 'demo-weth', '--side', 'buy', '--amount', '1'],
        () => {},
      ),
    ).rejects.toBeInstanceOf(UsageError);
    await expect(
      runSwapCli(['--rpc', url, '--pool', 'demo-eth', '--side', 'buy', '--amount', '1'], () => {}),
    ).rejects.toBeInstanceOf(UsageError);
    await expect(
      runSwapCli(['--rpc', url, '--pool', 'demo-weth', '--side', 'hold', '--amount', '1'], () => {}),
    ).rejects.toBeInstanceOf(UsageError);
    await expect(
      runSwapCli(['--rpc', url, '--pool', 'demo-weth', '--side', 'buy', '--amount', '-1'], () => {}),
    ).rejects.toThrow();
    expect(methods).toEqual(['eth_chainId']);
  });
});
