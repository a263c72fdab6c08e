import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createPublicClient,
  getContractAddress,
  http,
  parseEther,
  parseUnits,
  type Address,
  type PublicClient,
} from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { algebraLfjGeneratedIsCurrent } from '../scripts/build-algebra-lfj.js';
import { erc20Abi } from './abis.js';
import {
  ALGEBRA_DEPLOYER,
  ALGEBRA_DEPLOYER_NONCES,
  demoAccounts,
  devnetAddresses as A,
  LFJ_BIN_STEP,
  LFJ_DEPLOYER,
  LFJ_DEPLOYER_NONCES,
} from './addresses.js';
import {
  ALGEBRA_DEPLOYER_FINAL_NONCE,
  algebraFactoryAbi,
  algebraLfjSeedStatus,
  algebraPoolAbi,
  algebraPoolAddress,
  LFJ_DEPLOYER_FINAL_NONCE,
  LFJ_INITIAL_ACTIVE_ID,
  LFJ_LIQUIDITY,
  lbFactoryAbi,
  lbPairAbi,
  lfjPairAddress,
  lfjSpread,
} from './algebra-lfj.js';
import { devnetChain, devnetClients } from './client.js';
import { HISTORY, MONTH_DAYS, MONTH_HISTORY } from './deploy.js';
import { formatDevnetSummary, startDevnet, type Devnet } from './devnet.js';
import { ALGEBRA_POOL_INIT_CODE_HASH } from './generated/algebra.js';
import { runSwapCli } from './swap-cli.js';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');

describe('Algebra and LFJ addresses and artifacts (no chain)', () => {
  it(
    'the generated artifacts match a fresh solc-js compile of contracts/vendor and DevnetAlgebraRouter.sol',
    { timeout: 600_000 },
    () => {
      expect(algebraLfjGeneratedIsCurrent(), 'run: npx tsx packages/devchain/scripts/build-algebra-lfj.ts').toBe(true);
    },
  );

  it("AlgebraPool compiles to upstream's init code: our hash is the POOL_INIT_CODE_HASH in the vendored AlgebraFactory.sol", () => {
    const source = readFileSync(join(packageDir, 'contracts', 'vendor', 'algebra', 'AlgebraFactory.sol'), 'utf8');
    const upstream = /POOL_INIT_CODE_HASH = (0x[0-9a-f]{64});/.exec(source)?.[1];
    expect(upstream).toBeDefined();
    expect(ALGEBRA_POOL_INIT_CODE_HASH).toBe(upstream);
  });

  it('the contracts sit at accounts 8 and 9 nonces; the pool and pair at the addresses their factories compute', () => {
    for (const [key, nonce] of Object.entries(ALGEBRA_DEPLOYER_NONCES)) {
      expect(getContractAddress({ from: ALGEBRA_DEPLOYER, nonce: BigInt(nonce) }), key).toBe(
        A.algebra[key as keyof typeof ALGEBRA_DEPLOYER_NONCES],
      );
    }
    for (const [key, nonce] of Object.entries(LFJ_DEPLOYER_NONCES)) {
      expect(getContractAddress({ from: LFJ_DEPLOYER, nonce: BigInt(nonce) }), key).toBe(
        A.lfj[key as keyof typeof LFJ_DEPLOYER_NONCES],
      );
    }
    expect(algebraPoolAddress(A.demo, A.weth)).toBe(A.algebra.pools.demoWeth);
    expect(algebraPoolAddress(A.weth, A.demo)).toBe(A.algebra.pools.demoWeth);
    expect(lfjPairAddress(A.demo, A.usdc, LFJ_BIN_STEP)).toBe(A.lfj.pairs.demoUsdc);
    // Another bin step is another pair.
    expect(lfjPairAddress(A.demo, A.usdc, 20)).not.toBe(A.lfj.pairs.demoUsdc);
  });

  it('the LFJ spread puts DEMO at and above the active bin, USDC at and below, each summing to 100 %', () => {
    const { deltaIds, distributionX, distributionY } = lfjSpread(3);
    expect(deltaIds).toEqual([-3n, -2n, -1n, 0n, 1n, 2n, 3n]);
    expect(distributionX.reduce((a, b) => a + b)).toBe(10n ** 18n);
    expect(distributionY.reduce((a, b) => a + b)).toBe(10n ** 18n);
    expect(distributionX.slice(0, 3)).toEqual([0n, 0n, 0n]);
    expect(distributionY.slice(4)).toEqual([0n, 0n, 0n]);
  });
});

describe('Algebra and LFJ on the devnet', () => {
  let dir: string;
  let devnet: Devnet;
  let c: PublicClient;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'devchain-algebra-lfj-'));
    devnet = await startDevnet({ dataDir: dir });
    c = createPublicClient({ chain: devnetChain, transport: http(devnet.rpcUrl), cacheTime: 0 });
  });
  afterAll(async () => {
    await devnet?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const algebraSwap = algebraPoolAbi.find((x) => x.type === 'event' && x.name === 'Swap')!;
  const lbSwap = lbPairAbi.find((x) => x.type === 'event' && x.name === 'Swap')!;

  it('is complete; the Algebra factory answers poolByPair either way round with the pool, which names its factory and tokens', async () => {
    expect(await algebraLfjSeedStatus(devnetClients(devnet.rpcUrl))).toBe('complete');
    expect(await c.getTransactionCount({ address: ALGEBRA_DEPLOYER })).toBe(ALGEBRA_DEPLOYER_FINAL_NONCE);
    expect(await c.getTransactionCount({ address: LFJ_DEPLOYER })).toBe(LFJ_DEPLOYER_FINAL_NONCE);
    const pool = A.algebra.pools.demoWeth;
    expect(
      await c.readContract({
        address: A.algebra.factory,
        abi: algebraFactoryAbi,
        functionName: 'poolByPair',
        args: [A.demo, A.weth],
      }),
    ).toBe(pool);
    expect(
      await c.readContract({
        address: A.algebra.factory,
        abi: algebraFactoryAbi,
        functionName: 'poolByPair',
        args: [A.weth, A.demo],
      }),
    ).toBe(pool);
    // No pool for a pair that has none.
    expect(
      await c.readContract({
        address: A.algebra.factory,
        abi: algebraFactoryAbi,
        functionName: 'poolByPair',
        args: [A.demo, A.usdc],
      }),
    ).toBe('0x0000000000000000000000000000000000000000');
    expect(
      await c.readContract({ address: A.algebra.factory, abi: algebraFactoryAbi, functionName: 'poolDeployer' }),
    ).toBe(A.algebra.poolDeployer);
    expect(await c.readContract({ address: pool, abi: algebraPoolAbi, functionName: 'factory' })).toBe(
      A.algebra.factory,
    );
    expect(await c.readContract({ address: pool, abi: algebraPoolAbi, functionName: 'token0' })).toBe(A.weth);
    expect(await c.readContract({ address: pool, abi: algebraPoolAbi, functionName: 'token1' })).toBe(A.demo);
    expect(await c.readContract({ address: pool, abi: algebraPoolAbi, functionName: 'plugin' })).toBe(
      '0x0000000000000000000000000000000000000000',
    );
    expect(await c.readContract({ address: pool, abi: algebraPoolAbi, functionName: 'tickSpacing' })).toBe(60);
  });

  it("Algebra DEMO/WETH has liquidity and a price near DEMO's launch price; its fee is the factory default 0.05 %", async () => {
    const pool = A.algebra.pools.demoWeth;
    const [price, , fee] = await c.readContract({ address: pool, abi: algebraPoolAbi, functionName: 'globalState' });
    expect(fee).toBe(500);
    const demoPerWeth = (Number(price) / 2 ** 96) ** 2;
    expect(demoPerWeth).toBeGreaterThan(5_000);
    expect(demoPerWeth).toBeLessThan(20_000);
    expect(await c.readContract({ address: pool, abi: algebraPoolAbi, functionName: 'liquidity' })).toBeGreaterThan(0n);
    // Liquidity equals balances: the pool holds both tokens.
    expect(
      await c.readContract({ address: A.weth, abi: erc20Abi, functionName: 'balanceOf', args: [pool] }),
    ).toBeGreaterThan(parseEther('2'));
    expect(
      await c.readContract({ address: A.demo, abi: erc20Abi, functionName: 'balanceOf', args: [pool] }),
    ).toBeGreaterThan(parseUnits('20000', 18));
  });

  it('LFJ: the factory answers getLBPairInformation with the pair; liquidity lies in many bins around the active one', async () => {
    const pair = A.lfj.pairs.demoUsdc;
    for (const [x, y] of [
      [A.demo, A.usdc],
      [A.usdc, A.demo],
    ] as const) {
      const info = await c.readContract({
        address: A.lfj.factory,
        abi: lbFactoryAbi,
        functionName: 'getLBPairInformation',
        args: [x, y, BigInt(LFJ_BIN_STEP)],
      });
      expect(info.LBPair).toBe(pair);
      expect(info.binStep).toBe(LFJ_BIN_STEP);
    }
    const none = await c.readContract({
      address: A.lfj.factory,
      abi: lbFactoryAbi,
      functionName: 'getLBPairInformation',
      args: [A.demo, A.usdc, 20n],
    });
    expect(none.LBPair).toBe('0x0000000000000000000000000000000000000000');
    expect(await c.readContract({ address: pair, abi: lbPairAbi, functionName: 'getFactory' })).toBe(A.lfj.factory);
    expect(await c.readContract({ address: pair, abi: lbPairAbi, functionName: 'getTokenX' })).toBe(A.demo);
    expect(await c.readContract({ address: pair, abi: lbPairAbi, functionName: 'getTokenY' })).toBe(A.usdc);
    expect(await c.readContract({ address: pair, abi: lbPairAbi, functionName: 'getBinStep' })).toBe(LFJ_BIN_STEP);

    const active = await c.readContract({ address: pair, abi: lbPairAbi, functionName: 'getActiveId' });
    // The month moved the price: the active bin is not where the pair started, and not far from it.
    expect(active).not.toBe(LFJ_INITIAL_ACTIVE_ID);
    expect(Math.abs(active - LFJ_INITIAL_ACTIVE_ID)).toBeLessThan(LFJ_LIQUIDITY.binsEachSide);
    const span = LFJ_LIQUIDITY.binsEachSide + 5;
    const bins = await Promise.all(
      Array.from({ length: 2 * span + 1 }, (_, i) =>
        c.readContract({ address: pair, abi: lbPairAbi, functionName: 'getBin', args: [active - span + i] }),
      ),
    );
    const withX = bins.filter(([x]) => x > 0n).length;
    const withY = bins.filter(([, y]) => y > 0n).length;
    expect(withX).toBeGreaterThan(20);
    expect(withY).toBeGreaterThan(20);
    // Bins below the active one hold only USDC, above only DEMO.
    for (let i = 0; i < span; i++) expect(bins[i]![0], `bin ${active - span + i}`).toBe(0n);
    for (let i = span + 1; i < bins.length; i++) expect(bins[i]![1], `bin ${active - span + i}`).toBe(0n);
    const [reserveX, reserveY] = await c.readContract({ address: pair, abi: lbPairAbi, functionName: 'getReserves' });
    const sumX = bins.reduce((a, [x]) => a + x, 0n);
    const sumY = bins.reduce((a, [, y]) => a + y, 0n);
    expect(sumX).toBe(reserveX);
    expect(sumY).toBe(reserveY);
    // The price of the active bin: (1 + 25 / 10,000)^(id − 2^23) raw USDC per raw DEMO, ≈ 0.30 USDC.
    const usdcPerDemo = 1.0025 ** (active - 2 ** 23) * 1e12;
    expect(usdcPerDemo).toBeGreaterThan(0.25);
    expect(usdcPerDemo).toBeLessThan(0.36);
  });

  it('the month and the last hours hold Swap logs in both directions from three or more accounts, every day, in each', async () => {
    const latest = await c.getBlock();
    const seeded = [...MONTH_HISTORY, ...HISTORY];
    const algebraLogs = await c.getLogs({ address: A.algebra.pools.demoWeth, event: algebraSwap, fromBlock: 0n });
    const lfjLogs = await c.getLogs({ address: A.lfj.pairs.demoUsdc, event: lbSwap, fromBlock: 0n });
    // Algebra signs amounts from the pool's side: > 0 flows in. LFJ logs a Swap per bin crossed.
    const lfjTxs = new Map(lfjLogs.map((l) => [l.transactionHash, l]));
    expect(algebraLogs.length).toBe(seeded.filter((s) => s.kind === 'swap' && s.pool === 'demo-weth-algebra').length);
    expect(lfjTxs.size).toBe(seeded.filter((s) => s.kind === 'swap' && s.pool === 'demo-usdc-lfj').length);
    expect(lfjLogs.length).toBeGreaterThan(lfjTxs.size);
    expect(new Set(algebraLogs.map((l) => l.args.amount0! > 0n))).toEqual(new Set([true, false]));
    // amountsIn packs X in its low 128 bits and Y in its high 128.
    expect(new Set(lfjLogs.map((l) => (BigInt(l.args.amountsIn!) & (2n ** 128n - 1n)) > 0n))).toEqual(
      new Set([true, false]),
    );
    for (const [name, logs] of [
      ['algebra', algebraLogs],
      ['lfj', [...lfjTxs.values()]],
    ] as const) {
      const senders = new Set(
        await Promise.all(
          logs.map(async (l) => (await c.getTransaction({ hash: l.transactionHash })).from.toLowerCase()),
        ),
      );
      expect(senders.size, name).toBeGreaterThanOrEqual(3);
      for (const s of senders) expect(demoAccounts.map((a) => a.toLowerCase())).toContain(s);
      const blockTimes = new Map<bigint, bigint>();
      for (const l of logs)
        if (!blockTimes.has(l.blockNumber))
          blockTimes.set(l.blockNumber, (await c.getBlock({ blockNumber: l.blockNumber })).timestamp);
      const days = new Set(
        logs.map((l) => Math.floor(Number(latest.timestamp - blockTimes.get(l.blockNumber)!) / 86_400)),
      );
      for (let day = 1; day < MONTH_DAYS; day++) expect(days.has(day), `${name} trades ${day} days ago`).toBe(true);
    }
  });

  it('swap-cli buys and sells on each; the pool logs the swap and the balances move by its amounts', async () => {
    const out: string[] = [];
    const from = demoAccounts[3]! as Address;
    const balance = (token: Address) =>
      c.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [from] });

    const demoBefore = await balance(A.demo);
    await runSwapCli(['--rpc', devnet.rpcUrl, 'demo-weth-algebra', 'buy', '0.05', '--account', '4'], (l) =>
      out.push(l),
    );
    const tx = /tx (0x[0-9a-f]{64})/.exec(out.at(-1)!)![1] as `0x${string}`;
    const receipt = await c.getTransactionReceipt({ hash: tx });
    const [bought] = await c.getLogs({
      address: A.algebra.pools.demoWeth,
      event: algebraSwap,
      blockHash: receipt.blockHash,
    });
    expect(bought!.args.amount0).toBe(parseEther('0.05'));
    expect((await balance(A.demo)) - demoBefore).toBe(-bought!.args.amount1!);
    expect(out.join('\n')).toMatch(/demo-weth-algebra buy: 0\.05 ETH → DEMO/);

    const wethBefore = await balance(A.weth);
    await runSwapCli(
      ['--rpc', devnet.rpcUrl, '--pool', 'demo-weth-algebra', '--side', 'sell', '--amount', '300', '--account', '4'],
      (l) => out.push(l),
    );
    expect(out.join('\n')).toMatch(/demo-weth-algebra sell: 300 DEMO → WETH/);
    expect(await balance(A.weth)).toBeGreaterThan(wethBefore);

    for (const [side, amount, spent, got] of [
      ['buy', '40', A.usdc, A.demo],
      ['sell', '200', A.demo, A.usdc],
    ] as const) {
      const spentBefore = await balance(spent);
      const gotBefore = await balance(got);
      out.length = 0;
      await runSwapCli(['--rpc', devnet.rpcUrl, 'demo-usdc-lfj', side, amount, '--account', '4'], (l) => out.push(l));
      const hash = /tx (0x[0-9a-f]{64})/.exec(out.at(-1)!)![1] as `0x${string}`;
      const logs = await c.getLogs({
        address: A.lfj.pairs.demoUsdc,
        event: lbSwap,
        blockHash: (await c.getTransactionReceipt({ hash })).blockHash,
      });
      expect(logs.length, side).toBeGreaterThan(0);
      // Summed over the bins it crossed: what went in is what the account spent, what came out what it
      // got. A bin's amountsIn leaves out the protocol's share of the fee, logged as protocolFees.
      const low = (v: `0x${string}`) => BigInt(v) & (2n ** 128n - 1n);
      const high = (v: `0x${string}`) => BigInt(v) >> 128n;
      const inSum = logs.reduce((a, l) => {
        const pick = side === 'buy' ? high : low;
        return a + pick(l.args.amountsIn!) + pick(l.args.protocolFees!);
      }, 0n);
      const outSum = logs.reduce(
        (a, l) => a + (side === 'buy' ? low(l.args.amountsOut!) : high(l.args.amountsOut!)),
        0n,
      );
      expect(spentBefore - (await balance(spent)), side).toBe(inSum);
      expect((await balance(got)) - gotBefore, side).toBe(outSum);
      expect(inSum).toBe(parseUnits(amount, side === 'buy' ? 6 : 18));
    }
  });

  it('formatDevnetSummary lists them and names both pools for --pool', () => {
    const text = formatDevnetSummary(devnet);
    for (const address of [
      A.algebra.factory,
      A.algebra.poolDeployer,
      A.algebra.router,
      A.algebra.pools.demoWeth,
      A.lfj.factory,
      A.lfj.router,
      A.lfj.pairs.demoUsdc,
    ]) {
      expect(text).toContain(address);
    }
    expect(text).toMatch(/demo-weth-algebra/);
    expect(text).toMatch(/demo-usdc-lfj/);
  });
});
