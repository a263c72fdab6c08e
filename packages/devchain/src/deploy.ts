import {
  encodeFunctionData,
  formatUnits,
  maxUint256,
  numberToHex,
  parseAbi,
  parseEther,
  parseUnits,
  stringToHex,
  type Abi,
  type Address,
  type Hash,
  type Hex,
} from 'viem';
import {
  erc20Abi,
  positionManagerAbi,
  uniswapV2PairAbi,
  uniswapV2RouterAbi,
  uniswapV3PoolAbi,
  wethAbi,
} from './abis.js';
import {
  ALGEBRA_LIQUIDITY,
  ALGEBRA_MAX_TICK,
  ALGEBRA_MIN_TICK,
  algebraLfjSeedStatus,
  algebraLiquidityForAmounts,
  algebraNarrowRange,
  algebraPositionLiquidity,
  algebraRouterAbi,
  algebraSqrtPrice,
  deployAlgebra,
  deployLfj,
  LFJ_LIQUIDITY,
  lfjActiveId,
  lfjAddLiquidityRequest,
} from './algebra-lfj.js';
import {
  ALGEBRA_DEPLOYER,
  BURN_ADDRESS,
  DEPLOYER,
  DEPLOYER_NONCES,
  demoAccounts,
  LFJ_DEPLOYER,
  devnetAddresses as A,
  devnetTokens,
  MARKET_MAKER,
  REFERENCE_V3_FEE,
  SOLIDLY_DEPLOYER,
  V3_FEE,
  V4_DEPLOYER,
  type DevnetAddresses,
} from './addresses.js';
import { uniswapArtifacts, type Artifact } from './artifacts.js';
import { assertDevnet, devnetClients, mined, type DevnetClients } from './client.js';
import { bytes32Token, demoERC20, devnetMarker, multicall3RuntimeCode } from './generated/contracts.js';
import {
  addSolidlyInitialLiquidity,
  deploySolidly,
  isSolidlyStep,
  runSolidlyStep,
  solidlyFundingCalls,
  solidlySeedStatus,
  type SolidlyStep,
} from './solidly.js';
import { sendContractTx, swapOnDevnet, swapRequest, type DevnetSwap } from './swap.js';
import {
  deployV4,
  v4FullRangeLiquidity,
  v4ModifyLiquidityRequest,
  v4PositionLiquidity,
  v4SeedStatus,
  v4SqrtPrice,
} from './v4.js';

/** Thrown when the chain holds only part of the seed (or someone else's use of the deployer). */
export class PartialSeedError extends Error {
  constructor(detail: string) {
    super(`the devnet holds an incomplete demo deployment (${detail}); start from an empty chain`);
    this.name = 'PartialSeedError';
  }
}

export type SeedStatus = 'empty' | 'complete' | 'partial';

/** All contract addresses of the seed, pools included (Multicall3 is set separately). */
function seededAddresses(): Address[] {
  // V4, Algebra, LFJ, Solidly and Slipstream have their own deployers and status (v4SeedStatus,
  // algebraLfjSeedStatus, solidlySeedStatus).
  const {
    deployer: _deployer,
    multicall3: _multicall3,
    pools,
    v4: _v4,
    algebra: _algebra,
    lfj: _lfj,
    solidly: _solidly,
    slipstream: _slipstream,
    ...contracts
  } = A;
  return [...Object.values(contracts), ...Object.values(pools)];
}

async function hasCode(clients: DevnetClients, address: Address): Promise<boolean> {
  const code = await clients.public.getCode({ address });
  return code !== undefined && code !== '0x';
}

export async function seedStatus(clients: DevnetClients): Promise<SeedStatus> {
  const [nonce, withCode] = await Promise.all([
    clients.public.getTransactionCount({ address: DEPLOYER }),
    Promise.all(seededAddresses().map((a) => hasCode(clients, a))),
  ]);
  if (withCode.every(Boolean) && nonce > DEPLOYER_NONCES.notAToken) return 'complete';
  if (nonce === 0 && !withCode.some(Boolean)) return 'empty';
  return 'partial';
}

/**
 * Deploys the demo contracts, pools and history into a local anvil chain (31337) unless they are
 * already there. Idempotent: a complete seed (code at every address, the deployer past its last
 * nonce) is left alone; an empty chain is seeded; anything in between throws PartialSeedError —
 * addresses depend on the deployer's nonces, so a half-done seed cannot be resumed safely.
 */
export async function deployDemo(
  rpcUrl: string,
  opts: { log?: (line: string) => void } = {},
): Promise<DevnetAddresses> {
  const log = opts.log ?? (() => {});
  const clients = devnetClients(rpcUrl);
  await assertDevnet(clients);
  await ensureMulticall3(clients);
  const [status, v4, families, solidly] = await Promise.all([
    seedStatus(clients),
    v4SeedStatus(clients),
    algebraLfjSeedStatus(clients),
    solidlySeedStatus(clients),
  ]);
  if (status === 'complete' && v4 === 'complete' && families === 'complete' && solidly === 'complete') return A;
  if (status === 'partial')
    throw new PartialSeedError(`deployer nonce ${await clients.public.getTransactionCount({ address: DEPLOYER })}`);
  if (v4 === 'partial') throw new PartialSeedError('Uniswap V4 is only partly deployed');
  if (families === 'partial') throw new PartialSeedError('Algebra or LFJ is only partly deployed');
  if (solidly === 'partial') throw new PartialSeedError('Solidly V2 and Slipstream are only partly deployed');
  const accounts = (await clients.wallet.getAddresses()).map((a) => a.toLowerCase());
  for (const account of [
    DEPLOYER,
    MARKET_MAKER,
    V4_DEPLOYER,
    SOLIDLY_DEPLOYER,
    ALGEBRA_DEPLOYER,
    LFJ_DEPLOYER,
    ...demoAccounts,
  ]) {
    if (!accounts.includes(account.toLowerCase()))
      throw new Error(`anvil does not sign for ${account}: start it with the default mnemonic`);
  }
  const started = Date.now();
  if (status === 'complete') {
    // A chain seeded before V4 (or Algebra and LFJ, or Solidly and Slipstream) existed: add them and
    // their liquidity now, with no history (its blocks cannot go back in time). Everything older stays.
    if (v4 === 'empty') {
      await seedV4OnOlderChain(clients, rpcUrl, log);
      log(
        `devnet: Uniswap V4 added to the existing chain in ${((Date.now() - started) / 1000).toFixed(1)} s (no V4 history: make swaps with the swap script)`,
      );
    }
    if (families === 'empty') {
      await seedAlgebraLfjOnOlderChain(clients, rpcUrl, log);
      log(
        `devnet: Algebra and LFJ added to the existing chain in ${((Date.now() - started) / 1000).toFixed(1)} s (no history for them: make swaps with the swap script)`,
      );
    }
    if (solidly === 'empty') {
      await seedSolidlyOnOlderChain(clients, rpcUrl, log);
      log(
        `devnet: Solidly V2 and Slipstream added to the existing chain in ${((Date.now() - started) / 1000).toFixed(1)} s (no history: make swaps with the swap script)`,
      );
    }
    return A;
  }
  await seed(clients, rpcUrl, log);
  const missing = (
    await Promise.all(seededAddresses().map(async (a) => ((await hasCode(clients, a)) ? null : a)))
  ).filter(Boolean);
  if (missing.length > 0) throw new Error(`seed finished but these addresses have no code: ${missing.join(', ')}`);
  log(`devnet: demo contracts, pools and history seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return A;
}

/** Multicall3 lives at its canonical address on every real network; put the same code there. */
export async function ensureMulticall3(clients: DevnetClients): Promise<void> {
  const code = await clients.public.getCode({ address: A.multicall3 });
  if (code?.toLowerCase() === multicall3RuntimeCode.toLowerCase()) return;
  await clients.test.setCode({ address: A.multicall3, bytecode: multicall3RuntimeCode });
}

const MAX = maxUint256;
const DEADLINE = maxUint256;
const [A1, A2, A3, A4] = demoAccounts as [Address, Address, Address, Address];

function token(key: (typeof devnetTokens)[number]['key']) {
  const t = devnetTokens.find((x) => x.key === key);
  if (!t) throw new Error(`unknown token ${key}`);
  return t;
}

/**
 * Amounts of the initial liquidity: DEMO at 0.0001 ETH = 0.30 USDC, SMPL at 0.000005 ETH, and the
 * WETH/USDC reference pool at 3,000 USDC per WETH, deep enough that the demo's trades barely move it.
 */
const LIQUIDITY = {
  demoWeth: { demo: parseUnits('1000000', 18), eth: parseEther('100') },
  demoUsdc: { demo: parseUnits('600000', 18), usdc: parseUnits('180000', 6) },
  smplWeth: { smpl: parseUnits('20000000', 9), weth: parseEther('100') },
  wethUsdc: { weth: parseEther('1000'), usdc: parseUnits('3000000', 6) },
};

/**
 * The V4 pools' first liquidity, from two demo accounts through v4-core's test router: smaller than
 * the V2 pools (the V2 pools stay the deepest DEMO markets) at the same launch prices.
 */
const V4_LIQUIDITY = {
  demoEthV4: { from: demoAccounts[2]!, amount0: '6', amount1: '60000' },
  hookedV4: { from: demoAccounts[1]!, amount0: '30000', amount1: '9000' },
} as const;

/** USDC the deployer hands the market maker: the reference pool's side plus a reserve for a later add. */
const MARKET_MAKER_USDC = parseUnits('3600000', 6);

/**
 * DEMO the deployer sends to the burn address at launch, so DEMO's circulating supply (total less
 * burnt) differs from its total supply: market cap ≠ FDV on the demo (docs/decisions/0036).
 */
export const DEMO_BURN = parseUnits('50000', 18);

/** What each demo account receives from the deployer before trading. */
const DEMO_ACCOUNT_FUNDING = {
  demo: parseUnits('200000', 18),
  usdc: parseUnits('50000', 6),
  smpl: parseUnits('5000000', 9),
};

/** Full range for tick spacing 60 (fee 0.3%) and 10 (fee 0.05%). */
const MIN_TICK_60 = -887220;
const MAX_TICK_60 = 887220;
const MIN_TICK_10 = -887270;
const MAX_TICK_10 = 887270;

type HistoryStep =
  | ({ kind: 'swap' } & DevnetSwap)
  | { kind: 'v2-add-liquidity'; from: Address; eth: string; maxDemo: string }
  | { kind: 'v2-remove-half'; from: Address }
  | { kind: 'v3-mint-narrow'; from: Address }
  | { kind: 'v3-remove-half'; from: Address }
  | { kind: 'reference-add-liquidity'; from: Address; eth: string; usdc: string }
  | { kind: 'reference-remove-quarter'; from: Address }
  /** Full-range liquidity in a seeded V4 pool; amounts are decimal strings of currency0 and currency1 (at most). */
  | { kind: 'v4-add-liquidity'; from: Address; pool: 'demoEthV4' | 'hookedV4'; amount0: string; amount1: string }
  | { kind: 'v4-remove-half'; from: Address; pool: 'demoEthV4' | 'hookedV4' }
  /** Half of the narrow Algebra DEMO/WETH position (ALGEBRA_LIQUIDITY) taken out, fees collected. */
  | { kind: 'algebra-remove-half'; from: Address }
  /** DEMO and USDC (decimal strings) spread over `bins` bins each side of the LFJ pair's active bin. */
  | { kind: 'lfj-add-liquidity'; from: Address; demo: string; usdc: string; bins: number }
  /** Aerodrome's Solidly V2 and Slipstream pools (src/solidly.ts, docs/decisions/0060). */
  | SolidlyStep;

const swap = (from: Address, pool: DevnetSwap['pool'], side: DevnetSwap['side'], amount: string): HistoryStep => ({
  kind: 'swap',
  from,
  pool,
  side,
  amount,
});

/**
 * The recent history, in the last six hours before the first start: fixed amounts, four accounts,
 * both directions in every pool, one liquidity add and one removal on each protocol. Each step is
 * mined in its own block. (The month before it is MONTH_HISTORY.)
 */
export const HISTORY: readonly HistoryStep[] = [
  swap(A1, 'demo-weth', 'buy', '0.8'),
  swap(A2, 'smpl-weth', 'buy', '0.5'),
  swap(A3, 'demo-usdc', 'sell', '20000'),
  swap(A2, 'demo-weth', 'sell', '15000'),
  swap(A4, 'demo-usdc', 'buy', '1200'),
  swap(A1, 'smpl-weth', 'sell', '600000'),
  { kind: 'v2-add-liquidity', from: A3, eth: '2', maxDemo: '25000' },
  swap(A4, 'demo-weth', 'buy', '0.35'),
  swap(A1, 'smpl-weth', 'buy', '1.2'),
  swap(A2, 'demo-usdc', 'buy', '2500'),
  { kind: 'v3-mint-narrow', from: A4 },
  swap(A3, 'demo-weth', 'sell', '8000'),
  swap(A2, 'smpl-weth', 'sell', '900000'),
  swap(A1, 'demo-usdc', 'sell', '30000'),
  swap(A3, 'smpl-weth', 'buy', '0.25'),
  swap(A4, 'demo-weth', 'sell', '12000'),
  { kind: 'v2-remove-half', from: A3 },
  swap(A1, 'demo-usdc', 'buy', '400'),
  swap(A4, 'smpl-weth', 'sell', '400000'),
  swap(A2, 'demo-weth', 'buy', '1.5'),
  { kind: 'v3-remove-half', from: A4 },
  swap(A3, 'demo-usdc', 'sell', '5000'),
  swap(A1, 'smpl-weth', 'buy', '0.6'),
  swap(A2, 'demo-weth', 'buy', '0.15'),
  // Uniswap V4: both pools, both directions, one liquidity add.
  swap(A3, 'demo-eth-v4', 'buy', '0.05'),
  swap(A4, 'demo-usdc-v4', 'sell', '500'),
  { kind: 'v4-add-liquidity', from: A1, pool: 'hookedV4', amount0: '5000', amount1: '1500' },
  swap(A1, 'demo-eth-v4', 'sell', '400'),
  swap(A2, 'demo-usdc-v4', 'buy', '60'),
  // Algebra and LFJ: both directions in each.
  swap(A2, 'demo-weth-algebra', 'buy', '0.02'),
  swap(A4, 'demo-usdc-lfj', 'sell', '250'),
  swap(A1, 'demo-weth-algebra', 'sell', '180'),
  swap(A3, 'demo-usdc-lfj', 'buy', '40'),
  // Solidly V2 (volatile and stable) and Slipstream: both directions in each, a stable-pool add and
  // a Slipstream removal.
  swap(A2, 'demo-weth-solidly', 'buy', '0.04'),
  swap(A3, 'usdc-dai-stable', 'sell', '800'),
  swap(A4, 'demo-weth-slipstream', 'sell', '350'),
  { kind: 'solidly-stable-add-liquidity', from: A2, usdc: '2000', dai: '2000' },
  swap(A1, 'demo-weth-solidly', 'sell', '500'),
  swap(A4, 'usdc-dai-stable', 'buy', '1200'),
  { kind: 'slipstream-remove-half', from: A4 },
  swap(A3, 'demo-weth-slipstream', 'buy', '0.03'),
];

/** Days of MONTH_HISTORY; the chain's genesis lies a day before it (GENESIS_AGE_SECONDS in devnet.ts). */
export const MONTH_DAYS = 30;
/** Swaps per pool per day in MONTH_HISTORY (all but MONTH_FULL_POOLS: MONTH_V4_SWAPS_PER_POOL_PER_DAY). */
export const MONTH_SWAPS_PER_POOL_PER_DAY = 3;
export const MONTH_V4_SWAPS_PER_POOL_PER_DAY = 2;

/**
 * Each pool's typical trade in MONTH_HISTORY — a buy spends `buy` of the quote, a sell gives `sell`
 * of the token — about 0.5% of the pool's depth, and the step the amounts are rounded to.
 */
const MONTH_POOLS = [
  { pool: 'demo-weth', buy: '0.5', sell: '5000', round: { buy: '0.001', sell: '1' } },
  { pool: 'demo-usdc', buy: '900', sell: '3000', round: { buy: '0.01', sell: '1' } },
  { pool: 'smpl-weth', buy: '0.5', sell: '100000', round: { buy: '0.001', sell: '1' } },
  { pool: 'weth-usdc', buy: '2000', sell: '0.66', round: { buy: '0.01', sell: '0.001' } },
  { pool: 'demo-eth-v4', buy: '0.03', sell: '300', round: { buy: '0.0001', sell: '1' } },
  { pool: 'demo-usdc-v4', buy: '45', sell: '150', round: { buy: '0.01', sell: '1' } },
  { pool: 'demo-weth-algebra', buy: '0.015', sell: '150', round: { buy: '0.0001', sell: '1' } },
  { pool: 'demo-usdc-lfj', buy: '45', sell: '150', round: { buy: '0.01', sell: '1' } },
  { pool: 'demo-weth-solidly', buy: '0.02', sell: '200', round: { buy: '0.0001', sell: '1' } },
  { pool: 'usdc-dai-stable', buy: '100', sell: '100', round: { buy: '0.01', sell: '0.01' } },
  { pool: 'demo-weth-slipstream', buy: '0.015', sell: '150', round: { buy: '0.0001', sell: '1' } },
] as const satisfies readonly {
  pool: DevnetSwap['pool'];
  buy: string;
  sell: string;
  round: { buy: string; sell: string };
}[];

/**
 * The market's mood per day, oldest first: `+` net buying, `-` net selling, `0` balanced. DEMO's two
 * pools share one but for the last days: HISTORY then sells DEMO for USDC on balance (about −12 %
 * on DEMO/USDC, −2 % on DEMO/WETH), so DEMO/USDC leans the other way first and both DEMO pools end
 * within a few percent of each other through WETH/USDC. WETH/USDC wanders only a little. Fixed
 * tables, no randomness: every fresh devnet is the same.
 */
const MOODS: Record<(typeof MONTH_POOLS)[number]['pool'], string> = {
  'demo-weth': '+++++++++-------+++++++000----',
  'demo-usdc': '+++++++++-------+++++++000++++',
  'smpl-weth': '---00+++++++++0-----++++0--+++',
  'weth-usdc': '0+0-+0-00+0+-0-+00-0+0+-0-+0+0',
  // The V4 DEMO pools follow their V2 siblings' mood, so DEMO's prices stay close across versions.
  'demo-eth-v4': '+++++++++-------+++++++000----',
  'demo-usdc-v4': '+++++++++-------+++++++000++++',
  // Algebra and LFJ follow the DEMO pools of their quote too.
  'demo-weth-algebra': '+++++++++-------+++++++000----',
  'demo-usdc-lfj': '+++++++++-------+++++++000++++',
  // Solidly and Slipstream DEMO/WETH follow Uniswap's DEMO/WETH; the stable pool wanders like WETH/USDC.
  'demo-weth-solidly': '+++++++++-------+++++++000----',
  'usdc-dai-stable': '0-0+-0+00-0-+0+-00+0-0-+0+-0-0',
  'demo-weth-slipstream': '+++++++++-------+++++++000----',
};
/** A fixed wobble of trade sizes, in thousandths (13 entries: it does not line up with days or pools). */
const WAVE = [1000, 620, 1350, 810, 1720, 550, 1180, 930, 1470, 700, 1260, 880, 1600];

/** Liquidity changes during the month, before the day's trades (by day index, 0 = the oldest day). */
const MONTH_LIQUIDITY: Record<number, HistoryStep> = {
  6: { kind: 'v2-add-liquidity', from: A1, eth: '5', maxDemo: '60000' },
  12: { kind: 'reference-add-liquidity', from: MARKET_MAKER, eth: '200', usdc: '600000' },
  9: { kind: 'v4-add-liquidity', from: A1, pool: 'demoEthV4', amount0: '2', amount1: '25000' },
  19: { kind: 'v2-remove-half', from: A1 },
  22: { kind: 'v4-remove-half', from: A1, pool: 'demoEthV4' },
  16: { kind: 'lfj-add-liquidity', from: A3, demo: '1000', usdc: '300', bins: 4 },
  27: { kind: 'algebra-remove-half', from: ALGEBRA_LIQUIDITY.from },
  25: { kind: 'reference-remove-quarter', from: MARKET_MAKER },
  3: { kind: 'solidly-add-liquidity', from: A1, eth: '1', maxDemo: '12000' },
  15: { kind: 'slipstream-mint-narrow', from: A4 },
  28: { kind: 'solidly-remove-half', from: A1 },
};

function monthSwap(day: number, slot: number, p: number): HistoryStep {
  const info = MONTH_POOLS[p]!;
  const mood = MOODS[info.pool][day];
  const sides: readonly DevnetSwap['side'][] =
    mood === '+'
      ? ['buy', 'sell', 'buy']
      : mood === '-'
        ? ['sell', 'buy', 'sell']
        : (day + p) % 2 === 0
          ? ['buy', 'sell', 'sell']
          : ['sell', 'buy', 'buy'];
  const side = sides[slot % sides.length]!;
  // The side the mood favours trades bigger: that is the drift. Balanced days trade evenly.
  const favoured = (mood === '+' && side === 'buy') || (mood === '-' && side === 'sell');
  const moodPerMille = mood === '0' ? 1000n : favoured ? 1500n : 600n;
  const wave = BigInt(WAVE[(day * MONTH_SWAPS_PER_POOL_PER_DAY + slot + p * 5) % WAVE.length]!);
  const decimals = side === 'buy' ? quoteDecimals(info.pool) : tokenDecimals(info.pool);
  const unit = parseUnits(side === 'buy' ? info.round.buy : info.round.sell, decimals);
  const raw = (parseUnits(side === 'buy' ? info.buy : info.sell, decimals) * moodPerMille * wave) / 1_000_000n;
  const amount = formatUnits((raw / unit) * unit, decimals);
  return swap(demoAccounts[(day + slot + p) % demoAccounts.length]!, info.pool, side, amount);
}

const quoteDecimals = (pool: DevnetSwap['pool']) =>
  pool === 'demo-usdc' ||
  pool === 'weth-usdc' ||
  pool === 'demo-usdc-v4' ||
  pool === 'demo-usdc-lfj' ||
  pool === 'usdc-dai-stable'
    ? 6
    : 18;
const tokenDecimals = (pool: DevnetSwap['pool']) => (pool === 'smpl-weth' ? 9 : 18);

/** The pools that trade MONTH_SWAPS_PER_POOL_PER_DAY times a day; the others (V4 and the other families) fewer: fewer blocks to mine at first start. */
const MONTH_FULL_POOLS: ReadonlySet<DevnetSwap['pool']> = new Set(['demo-weth', 'demo-usdc', 'smpl-weth', 'weth-usdc']);

/**
 * The month before HISTORY, spread over MONTH_DAYS days up to seven hours before the first start:
 * MONTH_SWAPS_PER_POOL_PER_DAY swaps a day in each of the four pools, both directions, from the four
 * demo accounts, amounts from the tables above; DEMO rises, falls, rises and eases; four liquidity
 * changes. So the 24 h change, candles of every interval and the USD figures have history at once.
 */
export const MONTH_HISTORY: readonly HistoryStep[] = Array.from({ length: MONTH_DAYS }, (_, day) => {
  const steps: HistoryStep[] = [];
  const liquidity = MONTH_LIQUIDITY[day];
  if (liquidity) steps.push(liquidity);
  for (let slot = 0; slot < MONTH_SWAPS_PER_POOL_PER_DAY; slot++) {
    for (let p = 0; p < MONTH_POOLS.length; p++) {
      // The V4, Algebra, LFJ, Solidly and Slipstream pools trade MONTH_V4_SWAPS_PER_POOL_PER_DAY times a day.
      const fewer = !MONTH_FULL_POOLS.has(MONTH_POOLS[p]!.pool);
      if (!fewer || slot < MONTH_V4_SWAPS_PER_POOL_PER_DAY) steps.push(monthSwap(day, slot, p));
    }
  }
  return steps;
}).flat();

async function seed(clients: DevnetClients, rpcUrl: string, log: (line: string) => void): Promise<void> {
  const { wallet } = clients;
  const chain = wallet.chain;
  const u = uniswapArtifacts();

  async function deploy(
    key: keyof typeof DEPLOYER_NONCES,
    artifact: Artifact,
    args: readonly unknown[],
  ): Promise<void> {
    const hash = await wallet.deployContract({
      abi: artifact.abi,
      bytecode: artifact.bytecode,
      args,
      account: DEPLOYER,
      chain,
    } as never);
    const receipt = await mined(clients, hash);
    if (receipt.contractAddress?.toLowerCase() !== A[key].toLowerCase()) {
      throw new Error(
        `${key} deployed at ${receipt.contractAddress}, expected ${A[key]}: the deployer's nonce order changed`,
      );
    }
  }
  async function write(
    from: Address,
    address: Address,
    abi: Abi,
    functionName: string,
    args: readonly unknown[],
    value?: bigint,
  ) {
    return mined(clients, await sendContractTx(clients, from, { address, abi, functionName, args, value }));
  }
  const erc20 = (t: { key: Parameters<typeof token>[0] }) => {
    const meta = token(t.key);
    const artifact: Artifact = { abi: demoERC20.abi as Abi, bytecode: demoERC20.bytecode };
    return deploy(t.key as keyof typeof DEPLOYER_NONCES, artifact, [
      meta.name,
      meta.symbol,
      meta.decimals,
      parseUnits(String(meta.supply), meta.decimals),
      DEPLOYER,
    ]);
  };

  log('devnet: deploying tokens, Uniswap V2 and V3 contracts');
  await deploy('weth', u.weth9, []);
  await erc20({ key: 'usdc' });
  await erc20({ key: 'usdt' });
  await erc20({ key: 'demo' });
  await erc20({ key: 'smpl' });
  const b32 = token('bytes32Token');
  await deploy('bytes32Token', { abi: bytes32Token.abi as Abi, bytecode: bytes32Token.bytecode }, [
    stringToHex(b32.name, { size: 32 }),
    stringToHex(b32.symbol, { size: 32 }),
    b32.decimals,
    parseUnits(String(b32.supply), b32.decimals),
    DEPLOYER,
  ]);
  await deploy('uniswapV2Factory', u.uniswapV2Factory, [DEPLOYER]);
  await deploy('uniswapV2Router', u.uniswapV2Router02, [A.uniswapV2Factory, A.weth]);
  await deploy('uniswapV3Factory', u.uniswapV3Factory, []);
  // No token descriptor: tokenURI() of a position NFT reverts, which nothing here needs.
  await deploy('positionManager', u.nonfungiblePositionManager, [
    A.uniswapV3Factory,
    A.weth,
    '0x0000000000000000000000000000000000000000',
  ]);
  await deploy('uniswapV3Router', u.swapRouter, [A.uniswapV3Factory, A.weth]);

  log('devnet: adding liquidity to DEMO/WETH, DEMO/USDC (V2) and SMPL/WETH (V3 0.3%)');
  await write(DEPLOYER, A.demo, erc20Abi, 'approve', [A.uniswapV2Router, MAX]);
  await write(DEPLOYER, A.usdc, erc20Abi, 'approve', [A.uniswapV2Router, MAX]);
  await write(DEPLOYER, A.smpl, erc20Abi, 'approve', [A.positionManager, MAX]);
  await write(
    DEPLOYER,
    A.uniswapV2Router,
    uniswapV2RouterAbi,
    'addLiquidityETH',
    [A.demo, LIQUIDITY.demoWeth.demo, 0n, 0n, DEPLOYER, DEADLINE],
    LIQUIDITY.demoWeth.eth,
  );
  await write(DEPLOYER, A.uniswapV2Router, uniswapV2RouterAbi, 'addLiquidity', [
    A.demo,
    A.usdc,
    LIQUIDITY.demoUsdc.demo,
    LIQUIDITY.demoUsdc.usdc,
    0n,
    0n,
    DEPLOYER,
    DEADLINE,
  ]);
  const v3 = v3Order(LIQUIDITY.smplWeth.smpl, LIQUIDITY.smplWeth.weth);
  await write(DEPLOYER, A.positionManager, positionManagerAbi, 'createAndInitializePoolIfNecessary', [
    v3.token0,
    v3.token1,
    V3_FEE,
    sqrtPriceX96(v3.amount0, v3.amount1),
  ]);
  // The WETH side is paid in ETH, which the position manager wraps: one transaction where a WETH
  // deposit and an approval took two. The two nonces saved carry the market maker's USDC and the
  // burn below, so every address derived from the deployer's nonces stays as it was.
  await mintPayingEth(
    clients,
    DEPLOYER,
    {
      token0: v3.token0,
      token1: v3.token1,
      fee: V3_FEE,
      tickLower: MIN_TICK_60,
      tickUpper: MAX_TICK_60,
      amount0Desired: v3.amount0,
      amount1Desired: v3.amount1,
      amount0Min: 0n,
      amount1Min: 0n,
      recipient: DEPLOYER,
      deadline: DEADLINE,
    },
    LIQUIDITY.smplWeth.weth,
  );
  await write(DEPLOYER, A.usdc, erc20Abi, 'transfer', [MARKET_MAKER, MARKET_MAKER_USDC]);
  await write(DEPLOYER, A.demo, erc20Abi, 'transfer', [BURN_ADDRESS, DEMO_BURN]);

  log('devnet: adding the WETH/USDC reference pool (V3 0.05%)');
  const ref = referenceOrder(LIQUIDITY.wethUsdc.weth, LIQUIDITY.wethUsdc.usdc);
  await write(MARKET_MAKER, A.usdc, erc20Abi, 'approve', [A.positionManager, MAX]);
  await write(MARKET_MAKER, A.positionManager, positionManagerAbi, 'createAndInitializePoolIfNecessary', [
    ref.token0,
    ref.token1,
    REFERENCE_V3_FEE,
    sqrtPriceX96(ref.amount0, ref.amount1),
  ]);
  await mintPayingEth(clients, MARKET_MAKER, referenceMint(MARKET_MAKER, ref), LIQUIDITY.wethUsdc.weth);

  log('devnet: deploying Uniswap V4 (PoolManager, StateView, test routers, hook) from account 6');
  await deployV4(clients);
  log('devnet: deploying Algebra Integral (account 8) and LFJ Liquidity Book v2.2 (account 9)');
  await deployAlgebra(clients);
  await deployLfj(clients);

  log(
    'devnet: deploying Aerodrome Solidly V2 and Slipstream (pools DEMO/WETH volatile, USDC/DAI stable, DEMO/WETH CL200) from account 7',
  );
  await deploySolidly(clients);

  log('devnet: funding demo accounts');
  // Transfers and approvals that do not depend on each other: one block, sent in one batch.
  const setup: BlockCall[] = [];
  for (const account of demoAccounts) {
    setup.push({
      from: DEPLOYER,
      address: A.demo,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [account, DEMO_ACCOUNT_FUNDING.demo],
    });
    setup.push({
      from: DEPLOYER,
      address: A.usdc,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [account, DEMO_ACCOUNT_FUNDING.usdc],
    });
    setup.push({
      from: DEPLOYER,
      address: A.smpl,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [account, DEMO_ACCOUNT_FUNDING.smpl],
    });
  }
  for (const account of demoAccounts) {
    setup.push({
      from: account,
      address: A.demo,
      abi: erc20Abi,
      functionName: 'approve',
      args: [A.uniswapV2Router, MAX],
    });
    setup.push({
      from: account,
      address: A.usdc,
      abi: erc20Abi,
      functionName: 'approve',
      args: [A.uniswapV2Router, MAX],
    });
    setup.push({
      from: account,
      address: A.smpl,
      abi: erc20Abi,
      functionName: 'approve',
      args: [A.uniswapV3Router, MAX],
    });
    setup.push({
      from: account,
      address: A.usdc,
      abi: erc20Abi,
      functionName: 'approve',
      args: [A.uniswapV3Router, MAX],
    });
  }
  setup.push({
    from: A1,
    address: A.pools.demoWethV2,
    abi: uniswapV2PairAbi,
    functionName: 'approve',
    args: [A.uniswapV2Router, MAX],
  });
  setup.push({
    from: A3,
    address: A.pools.demoWethV2,
    abi: uniswapV2PairAbi,
    functionName: 'approve',
    args: [A.uniswapV2Router, MAX],
  });
  setup.push({ from: A4, address: A.weth, abi: wethAbi, functionName: 'deposit', args: [], value: parseEther('10') });
  setup.push({ from: A4, address: A.weth, abi: erc20Abi, functionName: 'approve', args: [A.positionManager, MAX] });
  setup.push({ from: A4, address: A.smpl, abi: erc20Abi, functionName: 'approve', args: [A.positionManager, MAX] });
  setup.push(...v4Approvals());
  setup.push(...algebraLfjApprovals());
  setup.push(...solidlyFundingCalls());
  await clients.test.setAutomine(false);
  try {
    await checkMined(rpcUrl, [await mineBlock(rpcUrl, setup, undefined)]);
  } finally {
    await clients.test.setAutomine(true);
  }

  log('devnet: adding liquidity to DEMO/ETH and the hooked DEMO/USDC (V4)');
  await addV4InitialLiquidity(clients, write);
  log('devnet: adding liquidity to DEMO/WETH (Algebra) and DEMO/USDC (LFJ)');
  await addAlgebraLfjInitialLiquidity(clients, write);
  log('devnet: adding liquidity to the Solidly and Slipstream pools');
  await addSolidlyInitialLiquidity(clients, write);

  const blocks = monthBlocks(MONTH_HISTORY);
  log(`devnet: seeding a month of history (${MONTH_HISTORY.length} steps in ${blocks.length} blocks)`);
  const monthTimes = await monthTimestamps(clients, blocks.length);
  // Several swaps to a block, mined by hand: two round trips a block instead of eight a swap.
  const monthBlocksMined: Hash[][] = [];
  await clients.test.setAutomine(false);
  try {
    for (const [i, block] of blocks.entries()) {
      const at = monthTimes?.[i];
      const swaps = block.filter((step) => step.kind === 'swap');
      if (swaps.length === block.length) {
        monthBlocksMined.push(await mineSwaps(rpcUrl, swaps, at));
        continue;
      }
      await clients.test.setAutomine(true);
      if (at !== undefined) await clients.test.setNextBlockTimestamp({ timestamp: at });
      for (const step of block) await runStep(clients, step, write);
      await clients.test.setAutomine(false);
    }
  } finally {
    await clients.test.setAutomine(true);
  }
  await checkMined(rpcUrl, monthBlocksMined);

  log(`devnet: seeding the last hours' history (${HISTORY.length} steps)`);
  const times = await historyTimestamps(clients, HISTORY.length + 1);
  for (const [i, step] of HISTORY.entries()) {
    const at = times?.[i];
    if (at !== undefined) await clients.test.setNextBlockTimestamp({ timestamp: at });
    await runStep(clients, step, write);
  }

  // Last of all, so that its code means "seed complete" (see seedStatus).
  const nonce = await clients.public.getTransactionCount({ address: DEPLOYER });
  if (nonce !== DEPLOYER_NONCES.notAToken)
    throw new Error(`deployer nonce is ${nonce} before the marker, expected ${DEPLOYER_NONCES.notAToken}`);
  const end = times?.[HISTORY.length];
  if (end !== undefined) await clients.test.setNextBlockTimestamp({ timestamp: end });
  await deploy('notAToken', { abi: devnetMarker.abi as Abi, bytecode: devnetMarker.bytecode }, []);
}

/**
 * MONTH_HISTORY cut into blocks: consecutive swaps share a block while their accounts and pools all
 * differ (then their order inside it changes nothing); a liquidity change has a block of its own.
 */
export function monthBlocks(steps: readonly HistoryStep[]): HistoryStep[][] {
  const blocks: HistoryStep[][] = [];
  let current: HistoryStep[] = [];
  for (const step of steps) {
    const fits =
      step.kind === 'swap' && current.every((s) => s.kind === 'swap' && s.from !== step.from && s.pool !== step.pool);
    if (!fits && current.length > 0) {
      blocks.push(current);
      current = [];
    }
    current.push(step);
    if (step.kind !== 'swap') {
      blocks.push(current);
      current = [];
    }
  }
  if (current.length > 0) blocks.push(current);
  return blocks;
}

/** Fixed gas for mineBlock's calls: an estimate would cost a round trip each (a swap needs < 250k). */
const BLOCK_CALL_GAS = 400_000n;

/** One JSON-RPC batch (one HTTP round trip); the answers in the calls' order, or the first error. */
async function rpcBatch(
  rpcUrl: string,
  calls: readonly { method: string; params: readonly unknown[] }[],
): Promise<unknown[]> {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(calls.map((call, id) => ({ jsonrpc: '2.0', id, ...call }))),
    signal: AbortSignal.timeout(30_000),
  });
  const answers = (await res.json()) as { id: number; result?: unknown; error?: { message: string } }[];
  return calls.map((call, id) => {
    const answer = answers.find((a) => a.id === id);
    if (!answer || answer.error) throw new Error(`${call.method}: ${answer?.error?.message ?? 'no answer'}`);
    return answer.result;
  });
}

/** A call for mineBlock: a contract function from an anvil dev account. */
type BlockCall = {
  from: Address;
  address: Address;
  abi: Abi;
  functionName: string;
  args: readonly unknown[];
  value?: bigint;
};

/**
 * Sends the calls in one batch with automining off and mines them into one block at `at` (anvil's
 * clock when undefined). Each account's calls get consecutive nonces in the order given, so they
 * run in that order; no estimate (a fixed gas limit): only the demo's own transactions run here.
 */
async function mineBlock(rpcUrl: string, calls: readonly BlockCall[], at: bigint | undefined): Promise<Hash[]> {
  const accounts = [...new Set(calls.map((c) => c.from))];
  // One call per account (the month's blocks): anvil picks the nonce. Otherwise they are explicit,
  // as the batch's calls may reach anvil in any order.
  const counts =
    accounts.length === calls.length
      ? []
      : ((await rpcBatch(
          rpcUrl,
          accounts.map((a) => ({ method: 'eth_getTransactionCount', params: [a, 'pending'] })),
        )) as Hex[]);
  const nonces = new Map(accounts.map((a, i) => [a, counts[i] === undefined ? undefined : BigInt(counts[i])]));
  const sends = calls.map((call) => {
    const nonce = nonces.get(call.from);
    if (nonce !== undefined) nonces.set(call.from, nonce + 1n);
    const data = encodeFunctionData({ abi: call.abi, functionName: call.functionName, args: call.args });
    const tx = {
      from: call.from,
      to: call.address,
      data,
      value: numberToHex(call.value ?? 0n),
      gas: numberToHex(BLOCK_CALL_GAS),
    };
    return { method: 'eth_sendTransaction', params: [nonce === undefined ? tx : { ...tx, nonce: numberToHex(nonce) }] };
  });
  const hashes = (await rpcBatch(rpcUrl, sends)) as Hash[];
  await rpcBatch(rpcUrl, [{ method: 'evm_mine', params: at === undefined ? [] : [Number(at)] }]);
  return hashes;
}

/**
 * The month's swaps of one block. No slippage bound (minOut 0): only the demo trades on this chain.
 * Their accounts and pools all differ (monthBlocks), so their order changes no balance or price.
 */
function mineSwaps(
  rpcUrl: string,
  swaps: readonly ({ kind: 'swap' } & DevnetSwap)[],
  at: bigint | undefined,
): Promise<Hash[]> {
  return mineBlock(
    rpcUrl,
    swaps.map((step) => ({ from: step.from, ...swapRequest(step, 0n) })),
    at,
  );
}

/**
 * Every transaction of mineBlock succeeded, and those sent for one block are all in one block: all
 * receipts in one batch at the end rather than a round trip per block.
 */
async function checkMined(rpcUrl: string, blocks: readonly Hash[][]): Promise<void> {
  const hashes = blocks.flat();
  if (hashes.length === 0) return;
  const receipts = (await rpcBatch(
    rpcUrl,
    hashes.map((hash) => ({ method: 'eth_getTransactionReceipt', params: [hash] })),
  )) as ({ status: Hex; blockNumber: Hex } | null)[];
  const byHash = new Map(hashes.map((hash, i) => [hash, receipts[i]]));
  for (const block of blocks) {
    for (const hash of block) {
      const receipt = byHash.get(hash);
      if (!receipt) throw new Error(`transaction ${hash} was not mined`);
      if (receipt.status !== '0x1') throw new Error(`transaction ${hash} reverted`);
      if (receipt.blockNumber !== byHash.get(block[0]!)!.blockNumber)
        throw new Error(`transaction ${hash} was mined apart from its block's other swaps`);
    }
  }
}

/** The position manager's mint with the WETH side sent as ETH (wrapped by it, the rest refunded). */
async function mintPayingEth(clients: DevnetClients, from: Address, params: MintParams, eth: bigint): Promise<void> {
  const calls = [
    encodeFunctionData({ abi: positionManagerAbi, functionName: 'mint', args: [params] }),
    encodeFunctionData({ abi: refundEthAbi, functionName: 'refundETH' }),
  ];
  await mined(
    clients,
    await sendContractTx(clients, from, {
      address: A.positionManager,
      abi: MULTICALL_ABI,
      functionName: 'multicall',
      args: [calls],
      value: eth,
    }),
  );
}

type MintParams = {
  token0: Address;
  token1: Address;
  fee: number;
  tickLower: number;
  tickUpper: number;
  amount0Desired: bigint;
  amount1Desired: bigint;
  amount0Min: bigint;
  amount1Min: bigint;
  recipient: Address;
  deadline: bigint;
};

const refundEthAbi = parseAbi(['function refundETH() payable']);

/** A full-range position in the reference pool for these amounts (the pool takes them at its price). */
function referenceMint(recipient: Address, ref: ReturnType<typeof referenceOrder>): MintParams {
  return {
    token0: ref.token0,
    token1: ref.token1,
    fee: REFERENCE_V3_FEE,
    tickLower: MIN_TICK_10,
    tickUpper: MAX_TICK_10,
    amount0Desired: ref.amount0,
    amount1Desired: ref.amount1,
    amount0Min: 0n,
    amount1Min: 0n,
    recipient,
    deadline: DEADLINE,
  };
}

type Write = (
  from: Address,
  address: Address,
  abi: Abi,
  functionName: string,
  args: readonly unknown[],
  value?: bigint,
) => Promise<unknown>;

async function runStep(clients: DevnetClients, step: HistoryStep, write: Write): Promise<void> {
  switch (step.kind) {
    case 'swap':
      await swapOnDevnet(clients, step);
      return;
    case 'v2-add-liquidity':
      await write(
        step.from,
        A.uniswapV2Router,
        uniswapV2RouterAbi,
        'addLiquidityETH',
        [A.demo, parseUnits(step.maxDemo, 18), 0n, 0n, step.from, DEADLINE],
        parseEther(step.eth),
      );
      return;
    case 'v2-remove-half': {
      const lp = await clients.public.readContract({
        address: A.pools.demoWethV2,
        abi: uniswapV2PairAbi,
        functionName: 'balanceOf',
        args: [step.from],
      });
      await write(step.from, A.uniswapV2Router, uniswapV2RouterAbi, 'removeLiquidityETH', [
        A.demo,
        lp / 2n,
        0n,
        0n,
        step.from,
        DEADLINE,
      ]);
      return;
    }
    case 'v3-mint-narrow': {
      const [, tick] = await clients.public.readContract({
        address: A.pools.smplWethV3,
        abi: uniswapV3PoolAbi,
        functionName: 'slot0',
      });
      const v3 = v3Order(parseUnits('1000000', 9), parseEther('5'));
      await write(step.from, A.positionManager, positionManagerAbi, 'mint', [
        {
          token0: v3.token0,
          token1: v3.token1,
          fee: V3_FEE,
          tickLower: Math.floor((tick - 6000) / 60) * 60,
          tickUpper: Math.floor((tick + 6000) / 60) * 60,
          amount0Desired: v3.amount0,
          amount1Desired: v3.amount1,
          amount0Min: 0n,
          amount1Min: 0n,
          recipient: step.from,
          deadline: DEADLINE,
        },
      ]);
      return;
    }
    case 'v3-remove-half': {
      const tokenId = await clients.public.readContract({
        address: A.positionManager,
        abi: positionManagerAbi,
        functionName: 'tokenOfOwnerByIndex',
        args: [step.from, 0n],
      });
      const position = await clients.public.readContract({
        address: A.positionManager,
        abi: positionManagerAbi,
        functionName: 'positions',
        args: [tokenId],
      });
      // decreaseLiquidity and collect in one transaction (the pool's Burn and Collect in one block).
      const max128 = 2n ** 128n - 1n;
      const calls = [
        encodeFunctionData({
          abi: positionManagerAbi,
          functionName: 'decreaseLiquidity',
          args: [{ tokenId, liquidity: position[7] / 2n, amount0Min: 0n, amount1Min: 0n, deadline: DEADLINE }],
        }),
        encodeFunctionData({
          abi: positionManagerAbi,
          functionName: 'collect',
          args: [{ tokenId, recipient: step.from, amount0Max: max128, amount1Max: max128 }],
        }),
      ];
      await write(step.from, A.positionManager, MULTICALL_ABI, 'multicall', [calls]);
      return;
    }
    case 'reference-add-liquidity': {
      const ref = referenceOrder(parseEther(step.eth), parseUnits(step.usdc, 6));
      await mintPayingEth(clients, step.from, referenceMint(step.from, ref), parseEther(step.eth));
      return;
    }
    case 'reference-remove-quarter': {
      const tokenId = await clients.public.readContract({
        address: A.positionManager,
        abi: positionManagerAbi,
        functionName: 'tokenOfOwnerByIndex',
        args: [step.from, 0n],
      });
      const position = await clients.public.readContract({
        address: A.positionManager,
        abi: positionManagerAbi,
        functionName: 'positions',
        args: [tokenId],
      });
      const max128 = 2n ** 128n - 1n;
      const calls = [
        encodeFunctionData({
          abi: positionManagerAbi,
          functionName: 'decreaseLiquidity',
          args: [{ tokenId, liquidity: position[7] / 4n, amount0Min: 0n, amount1Min: 0n, deadline: DEADLINE }],
        }),
        encodeFunctionData({
          abi: positionManagerAbi,
          functionName: 'collect',
          args: [{ tokenId, recipient: step.from, amount0Max: max128, amount1Max: max128 }],
        }),
      ];
      await write(step.from, A.positionManager, MULTICALL_ABI, 'multicall', [calls]);
      return;
    }
    case 'v4-add-liquidity': {
      const pool = A.v4.pools[step.pool];
      const decimals = (c: Address) => (c === A.usdc ? 6 : 18);
      const amount0 = parseUnits(step.amount0, decimals(pool.key.currency0));
      const amount1 = parseUnits(step.amount1, decimals(pool.key.currency1));
      const liquidity = v4FullRangeLiquidity(await v4SqrtPrice(clients, pool), amount0, amount1);
      // Native ETH (currency0 = address 0) goes as value; the router refunds what the pool did not take.
      const value = pool.key.currency0 === ZERO ? amount0 : 0n;
      const call = v4ModifyLiquidityRequest(pool, step.from, liquidity, value);
      await write(step.from, call.address, call.abi, call.functionName, call.args, call.value);
      return;
    }
    case 'v4-remove-half': {
      const pool = A.v4.pools[step.pool];
      const liquidity = await v4PositionLiquidity(clients, pool, step.from);
      const call = v4ModifyLiquidityRequest(pool, step.from, -(liquidity / 2n));
      await write(step.from, call.address, call.abi, call.functionName, call.args);
      return;
    }
    case 'algebra-remove-half': {
      const { bottomTick, topTick } = algebraNarrowRange();
      const liquidity = await algebraPositionLiquidity(clients, step.from, bottomTick, topTick);
      await write(step.from, A.algebra.router, algebraRouterAbi as Abi, 'burn', [
        A.algebra.pools.demoWeth,
        bottomTick,
        topTick,
        liquidity / 2n,
      ]);
      return;
    }
    case 'lfj-add-liquidity': {
      const call = lfjAddLiquidityRequest(
        step.from,
        parseUnits(step.demo, 18),
        parseUnits(step.usdc, 6),
        step.bins,
        await lfjActiveId(clients),
      );
      await write(step.from, call.address, call.abi, call.functionName, call.args);
      return;
    }
    default:
      if (isSolidlyStep(step)) await runSolidlyStep(clients, step, write);
      return;
  }
}

/**
 * Every demo account lets the Algebra router and the LFJ router pull its DEMO and USDC; account 4
 * (the Algebra liquidity) wraps the WETH of its positions and lets the Algebra router pull it.
 */
function algebraLfjApprovals(): BlockCall[] {
  const calls: BlockCall[] = demoAccounts.flatMap((account): BlockCall[] => [
    { from: account, address: A.demo, abi: erc20Abi, functionName: 'approve', args: [A.algebra.router, MAX] },
    { from: account, address: A.demo, abi: erc20Abi, functionName: 'approve', args: [A.lfj.router, MAX] },
    { from: account, address: A.usdc, abi: erc20Abi, functionName: 'approve', args: [A.lfj.router, MAX] },
  ]);
  const lp = ALGEBRA_LIQUIDITY;
  calls.push({
    from: lp.from,
    address: A.weth,
    abi: wethAbi,
    functionName: 'deposit',
    args: [],
    value: lp.fullRange.weth + lp.narrow.weth,
  });
  calls.push({ from: lp.from, address: A.weth, abi: erc20Abi, functionName: 'approve', args: [A.algebra.router, MAX] });
  return calls;
}

/** Algebra: a full-range and a narrow position; LFJ: DEMO and USDC over 81 bins (ALGEBRA_LIQUIDITY, LFJ_LIQUIDITY). */
async function addAlgebraLfjInitialLiquidity(clients: DevnetClients, write: Write): Promise<void> {
  const lp = ALGEBRA_LIQUIDITY;
  const pool = A.algebra.pools.demoWeth;
  // token0 is WETH, token1 DEMO (by address).
  const full = algebraLiquidityForAmounts(
    await algebraSqrtPrice(clients),
    ALGEBRA_MIN_TICK,
    ALGEBRA_MAX_TICK,
    lp.fullRange.weth,
    lp.fullRange.demo,
  );
  await write(lp.from, A.algebra.router, algebraRouterAbi as Abi, 'mint', [
    pool,
    ALGEBRA_MIN_TICK,
    ALGEBRA_MAX_TICK,
    full,
  ]);
  const { bottomTick, topTick } = algebraNarrowRange();
  const narrow = algebraLiquidityForAmounts(
    await algebraSqrtPrice(clients),
    bottomTick,
    topTick,
    lp.narrow.weth,
    lp.narrow.demo,
  );
  await write(lp.from, A.algebra.router, algebraRouterAbi as Abi, 'mint', [pool, bottomTick, topTick, narrow]);
  const l = LFJ_LIQUIDITY;
  const call = lfjAddLiquidityRequest(l.from, l.demo, l.usdc, l.binsEachSide, await lfjActiveId(clients));
  await write(l.from, call.address, call.abi, call.functionName, call.args);
}

/** Algebra and LFJ onto a chain whose seed predates them: deployments, approvals, first liquidity. */
async function seedAlgebraLfjOnOlderChain(
  clients: DevnetClients,
  rpcUrl: string,
  log: (line: string) => void,
): Promise<void> {
  log('devnet: this chain predates Algebra and LFJ on the devnet; deploying them from accounts 8 and 9');
  await deployAlgebra(clients);
  await deployLfj(clients);
  await clients.test.setAutomine(false);
  try {
    await checkMined(rpcUrl, [await mineBlock(rpcUrl, algebraLfjApprovals(), undefined)]);
  } finally {
    await clients.test.setAutomine(true);
  }
  const write: Write = async (from, address, abi, functionName, args, value) =>
    mined(clients, await sendContractTx(clients, from, { address, abi, functionName, args, value }));
  await addAlgebraLfjInitialLiquidity(clients, write);
}

const ZERO: Address = '0x0000000000000000000000000000000000000000';

/** Every demo account lets V4's test routers pull its DEMO and USDC (swaps and liquidity). */
function v4Approvals(): BlockCall[] {
  return demoAccounts.flatMap((account) =>
    [A.demo, A.usdc].flatMap((tokenAddress) =>
      [A.v4.swapRouter, A.v4.liquidityRouter].map(
        (spender): BlockCall => ({
          from: account,
          address: tokenAddress,
          abi: erc20Abi,
          functionName: 'approve',
          args: [spender, MAX],
        }),
      ),
    ),
  );
}

async function addV4InitialLiquidity(clients: DevnetClients, write: Write): Promise<void> {
  for (const pool of ['demoEthV4', 'hookedV4'] as const) {
    await runStep(clients, { kind: 'v4-add-liquidity', pool, ...V4_LIQUIDITY[pool] }, write);
  }
}

/** V4 onto a chain whose V2/V3 seed predates it: the deployment, approvals and first liquidity. */
async function seedV4OnOlderChain(clients: DevnetClients, rpcUrl: string, log: (line: string) => void): Promise<void> {
  log('devnet: this chain predates Uniswap V4 on the devnet; deploying it from account 6');
  await deployV4(clients);
  await clients.test.setAutomine(false);
  try {
    await checkMined(rpcUrl, [await mineBlock(rpcUrl, v4Approvals(), undefined)]);
  } finally {
    await clients.test.setAutomine(true);
  }
  const write: Write = async (from, address, abi, functionName, args, value) =>
    mined(clients, await sendContractTx(clients, from, { address, abi, functionName, args, value }));
  await addV4InitialLiquidity(clients, write);
}

/** Solidly V2 and Slipstream onto a chain whose older seed predates them: deployment, funding, first liquidity. */
async function seedSolidlyOnOlderChain(
  clients: DevnetClients,
  rpcUrl: string,
  log: (line: string) => void,
): Promise<void> {
  log('devnet: this chain predates Solidly V2 and Slipstream on the devnet; deploying them from account 7');
  await deploySolidly(clients);
  await clients.test.setAutomine(false);
  try {
    await checkMined(rpcUrl, [await mineBlock(rpcUrl, solidlyFundingCalls(), undefined)]);
  } finally {
    await clients.test.setAutomine(true);
  }
  const write: Write = async (from, address, abi, functionName, args, value) =>
    mined(clients, await sendContractTx(clients, from, { address, abi, functionName, args, value }));
  await addSolidlyInitialLiquidity(clients, write);
}

const MULTICALL_ABI = [
  {
    type: 'function',
    name: 'multicall',
    stateMutability: 'payable',
    inputs: [{ name: 'data', type: 'bytes[]' }],
    outputs: [{ name: 'results', type: 'bytes[]' }],
  },
] as const satisfies Abi;

/** Token order and amounts of SMPL/WETH as the V3 pool sorts them (token0 < token1). */
function v3Order(smpl: bigint, weth: bigint) {
  const smplFirst = A.smpl.toLowerCase() < A.weth.toLowerCase();
  return smplFirst
    ? { token0: A.smpl, token1: A.weth, amount0: smpl, amount1: weth }
    : { token0: A.weth, token1: A.smpl, amount0: weth, amount1: smpl };
}

/** Token order and amounts of WETH/USDC as the reference pool sorts them. */
function referenceOrder(weth: bigint, usdc: bigint) {
  const wethFirst = A.weth.toLowerCase() < A.usdc.toLowerCase();
  return wethFirst
    ? { token0: A.weth, token1: A.usdc, amount0: weth, amount1: usdc }
    : { token0: A.usdc, token1: A.weth, amount0: usdc, amount1: weth };
}

/** sqrt(amount1 / amount0) in Q64.96: the price at which these amounts are a balanced deposit. */
export function sqrtPriceX96(amount0: bigint, amount1: bigint): bigint {
  return sqrt((amount1 << 192n) / amount0);
}

function sqrt(n: bigint): bigint {
  if (n < 2n) return n;
  let x = n;
  let y = (x + 1n) / 2n;
  while (y < x) {
    x = y;
    y = (x + n / x) / 2n;
  }
  return x;
}

/**
 * Block times for the history: spread over the last six hours when the chain's clock is far enough
 * behind the wall clock (startDevnet starts a fresh chain seven hours back), the last one now. On
 * a chain that started just now, null: blocks keep anvil's own times.
 */
async function historyTimestamps(clients: DevnetClients, count: number): Promise<bigint[] | null> {
  const latest = (await clients.public.getBlock()).timestamp;
  const now = BigInt(Math.floor(Date.now() / 1000));
  const span = 6n * 3600n;
  const first = latest + 60n > now - span ? latest + 60n : now - span;
  const last = now - 120n;
  if (last - first < BigInt(count) * 60n) return null;
  const step = (last - first) / BigInt(count - 1);
  // A fixed wobble so the trades are not evenly spaced; the final slot (the marker) is "now".
  const times = Array.from(
    { length: count - 1 },
    (_, i) => first + BigInt(i) * step + (BigInt((i * 7) % 5) * step) / 8n,
  );
  times.push(now);
  return times;
}

/**
 * Block times for MONTH_HISTORY: spread over MONTH_DAYS days ending seven hours before now (the
 * last hours are HISTORY's), when the chain's clock is far enough behind (startDevnet starts a fresh
 * chain a day before that). Otherwise null: blocks keep anvil's own times.
 */
async function monthTimestamps(clients: DevnetClients, count: number): Promise<bigint[] | null> {
  const latest = (await clients.public.getBlock()).timestamp;
  const now = BigInt(Math.floor(Date.now() / 1000));
  const last = now - 7n * 3600n;
  const first = last - BigInt(MONTH_DAYS) * 86_400n;
  if (first <= latest + 60n) return null;
  const step = (last - first) / BigInt(count);
  // The same fixed wobble as historyTimestamps: trades are not evenly spaced, never out of order.
  return Array.from({ length: count }, (_, i) => first + BigInt(i) * step + (BigInt((i * 7) % 5) * step) / 8n);
}
