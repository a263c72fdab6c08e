import {
  concat,
  encodeAbiParameters,
  encodePacked,
  getContractAddress,
  keccak256,
  numberToHex,
  parseEther,
  parseUnits,
  size,
  slice,
  type Abi,
  type Address,
} from 'viem';
import {
  ALGEBRA_DEPLOYER,
  LFJ_BIN_STEP,
  LFJ_DEPLOYER,
  devnetAddresses as A,
  type ALGEBRA_DEPLOYER_NONCES,
  type LFJ_DEPLOYER_NONCES,
} from './addresses.js';
import { mined, type DevnetClients } from './client.js';
import {
  ALGEBRA_POOL_INIT_CODE_HASH,
  algebraFactory,
  algebraPoolAbi as generatedAlgebraPoolAbi,
  algebraPoolDeployer,
  devnetAlgebraRouter,
} from './generated/algebra.js';
import { lbFactory, lbPair, lbRouter } from './generated/lfj.js';

// The ABIs as compiled (src/generated): events decode exactly as the contracts emit them.
export const algebraFactoryAbi = algebraFactory.abi;
export const algebraPoolAbi = generatedAlgebraPoolAbi;
export const algebraRouterAbi = devnetAlgebraRouter.abi;
export const lbFactoryAbi = lbFactory.abi;
export const lbPairAbi = lbPair.abi;
export const lbRouterAbi = lbRouter.abi;

/** ILBRouter.Version.V2_2: the router's path names which factory version each hop uses. */
export const LB_VERSION_V2_2 = 3;

/** Liquidity Book's id of price 1: price(id) = (1 + binStep / 10,000) ^ (id − 2^23), in Y per X raw units. */
export const LB_ID_ONE = 2 ** 23;

/**
 * The DEMO/USDC pair's first active bin: DEMO (X, 18 decimals) at about 0.30 USDC (Y, 6), i.e.
 * 3e-13 raw USDC per raw DEMO: 2^23 + round(ln(3e-13) / ln(1.0025)) — 0.3003 USDC at bin step 25.
 */
export const LFJ_INITIAL_ACTIVE_ID =
  LB_ID_ONE + Math.round(Math.log((0.3 * 1e6) / 1e18) / Math.log(1 + LFJ_BIN_STEP / 10_000));

/**
 * The factory's preset for bin step 25: the fee parameters joe-v2's own tests use
 * (test/helpers/TestHelper.sol DEFAULT_*), a base fee of 0.125 % at this bin step; closed to the
 * public (the factory's owner creates the pair, as on LFJ's own presets).
 */
export const LFJ_PRESET = {
  baseFactor: 5_000,
  filterPeriod: 30,
  decayPeriod: 600,
  reductionFactor: 5_000,
  variableFeeControl: 40_000,
  protocolShare: 1_000,
  maxVolatilityAccumulator: 350_000,
  isOpen: false,
} as const;
/** joe-v2's TestHelper DEFAULT_FLASHLOAN_FEE (0.08 %). */
export const LFJ_FLASH_LOAN_FEE = 8n * 10n ** 14n;

/** Algebra's full range at its default tick spacing (60, Constants.INIT_DEFAULT_TICK_SPACING). */
export const ALGEBRA_MIN_TICK = -887220;
export const ALGEBRA_MAX_TICK = 887220;

/** DEMO/WETH at launch: token0 WETH, token1 DEMO, 10,000 DEMO per WETH (0.0001 ETH per DEMO, as the V2 pool). */
const Q96 = 2n ** 96n;
export const ALGEBRA_INITIAL_SQRT_PRICE = 100n * Q96;

/** Where an Algebra pool lands: CREATE2 from the pool deployer, salt keccak256(abi.encode(token0, token1)). */
export function algebraPoolAddress(
  tokenA: Address,
  tokenB: Address,
  poolDeployer: Address = A.algebra.poolDeployer,
): Address {
  const [token0, token1] = BigInt(tokenA) < BigInt(tokenB) ? [tokenA, tokenB] : [tokenB, tokenA];
  const salt = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'address' }], [token0, token1]));
  return getContractAddress({
    opcode: 'CREATE2',
    from: poolDeployer,
    salt,
    bytecodeHash: ALGEBRA_POOL_INIT_CODE_HASH as `0x${string}`,
  });
}

/**
 * Where the LFJ factory puts a pair: an ImmutableClone (libraries/ImmutableClone.sol) of the pair
 * implementation carrying abi.encodePacked(tokenX, tokenY, binStep), CREATE2 from the factory with
 * salt keccak256(abi.encode(sorted tokens, binStep)). The clone's creation code is rebuilt here byte
 * for byte as the library's assembly lays it out.
 */
export function lfjPairAddress(
  tokenX: Address,
  tokenY: Address,
  binStep: number,
  factory: Address = A.lfj.factory,
  implementation: Address = A.lfj.pairImplementation,
): Address {
  const data = encodePacked(['address', 'address', 'uint16'], [tokenX, tokenY, binStep]);
  const extraLength = BigInt(size(data) + 2);
  const word =
    ((extraLength + 0x35n) << 0xd8n) |
    (extraLength << 0x48n) |
    0x6100003d81600a3d39f3363d3d373d3d3d3d610000806035363936013d73n;
  const initCode = concat([
    slice(numberToHex(word, { size: 32 }), 2),
    implementation,
    '0x5af43d3d93803e603357fd5bf3',
    data,
    numberToHex(extraLength, { size: 2 }),
  ]);
  const [a, b] = BigInt(tokenX) < BigInt(tokenY) ? [tokenX, tokenY] : [tokenY, tokenX];
  const salt = keccak256(
    encodeAbiParameters([{ type: 'address' }, { type: 'address' }, { type: 'uint256' }], [a, b, BigInt(binStep)]),
  );
  return getContractAddress({ opcode: 'CREATE2', from: factory, salt, bytecode: initCode });
}

/**
 * The seeded liquidity. Algebra DEMO/WETH: a full-range position and a narrower one (about ±27 %
 * around launch) from account 4, so the pool's liquidity changes with the price like a V3 pool's.
 * LFJ DEMO/USDC: DEMO in the active bin and the 40 above it, USDC in the active bin and the 40
 * below (±10 % at 25 bps a bin), from account 2, evenly per bin: about 195 DEMO or 59 USDC a bin,
 * so that the month's trades (MONTH_POOLS in deploy.ts) cross bins and the price moves (inside a
 * bin it cannot). Both smaller than the V2 pools.
 */
export const ALGEBRA_LIQUIDITY = {
  from: '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65' as Address,
  fullRange: { weth: parseEther('2'), demo: parseUnits('20000', 18) },
  narrow: { weth: parseEther('1'), demo: parseUnits('10000', 18), ticks: 2400 },
} as const;

export const LFJ_LIQUIDITY = {
  from: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' as Address,
  demo: parseUnits('8000', 18),
  usdc: parseUnits('2400', 6),
  binsEachSide: 40,
} as const;

/** Full-range and narrow ticks (multiples of 60) of the seeded Algebra positions. */
export function algebraNarrowRange(): { bottomTick: number; topTick: number } {
  // The launch tick of 10,000 DEMO per WETH: log(10^4) / log(1.0001) = 92,108.
  const launch = 92_108;
  const w = ALGEBRA_LIQUIDITY.narrow.ticks;
  return { bottomTick: Math.floor((launch - w) / 60) * 60, topTick: Math.floor((launch + w) / 60) * 60 };
}

/** sqrt(1.0001^tick) in Q64.96, in floating point: close enough to size a position (it is scaled down). */
function sqrtRatioAtTick(tick: number): bigint {
  return BigInt(Math.floor(Math.sqrt(1.0001 ** tick) * 2 ** 48)) * 2n ** 48n;
}

/**
 * Liquidity that amount0 and amount1 cover between two ticks at the current price (Uniswap's
 * LiquidityAmounts, with float tick prices), less 1 %, so the pool never asks for more than given.
 */
export function algebraLiquidityForAmounts(
  sqrtPrice: bigint,
  bottomTick: number,
  topTick: number,
  amount0: bigint,
  amount1: bigint,
): bigint {
  const a = sqrtRatioAtTick(bottomTick);
  const b = sqrtRatioAtTick(topTick);
  const p = sqrtPrice < a ? a : sqrtPrice > b ? b : sqrtPrice;
  const from0 = p < b ? (((amount0 * p) / Q96) * b) / (b - p) : null;
  const from1 = p > a ? (amount1 * Q96) / (p - a) : null;
  const l = from0 === null ? from1! : from1 === null ? from0 : from0 < from1 ? from0 : from1;
  return (l * 99n) / 100n;
}

/** An even spread over `bins` bins each side of the active one: deltaIds and the two distributions (each sums to 1e18). */
export function lfjSpread(binsEachSide: number): {
  deltaIds: bigint[];
  distributionX: bigint[];
  distributionY: bigint[];
} {
  const deltaIds: bigint[] = [];
  const distributionX: bigint[] = [];
  const distributionY: bigint[] = [];
  const share = 10n ** 18n / BigInt(binsEachSide + 1);
  const rest = 10n ** 18n - share * BigInt(binsEachSide + 1);
  for (let d = -binsEachSide; d <= binsEachSide; d++) {
    deltaIds.push(BigInt(d));
    // X (DEMO) sits at and above the active bin, Y (USDC) at and below; the active bin takes the rounding.
    distributionX.push(d < 0 ? 0n : d === 0 ? share + rest : share);
    distributionY.push(d > 0 ? 0n : d === 0 ? share + rest : share);
  }
  return { deltaIds, distributionX, distributionY };
}

/** The router call that adds amountX DEMO and amountY USDC to the LFJ pair, spread as lfjSpread. */
export function lfjAddLiquidityRequest(
  to: Address,
  amountX: bigint,
  amountY: bigint,
  binsEachSide: number,
  activeId: number,
) {
  return {
    address: A.lfj.router,
    abi: lbRouterAbi as Abi,
    functionName: 'addLiquidity',
    args: [
      {
        tokenX: A.demo,
        tokenY: A.usdc,
        binStep: BigInt(LFJ_BIN_STEP),
        amountX,
        amountY,
        amountXMin: 0n,
        amountYMin: 0n,
        activeIdDesired: BigInt(activeId),
        idSlippage: 5n,
        ...lfjSpread(binsEachSide),
        to,
        refundTo: to,
        deadline: 2n ** 256n - 1n,
      },
    ] as readonly unknown[],
  };
}

export type FamilySeedStatus = 'empty' | 'complete' | 'partial';

/** The final nonces: every deployment and setup call of deployAlgebra / deployLfj made. */
export const ALGEBRA_DEPLOYER_FINAL_NONCE = 5;
export const LFJ_DEPLOYER_FINAL_NONCE = 7;

async function hasCode(clients: DevnetClients, address: Address): Promise<boolean> {
  return ((await clients.public.getCode({ address })) ?? '0x') !== '0x';
}

/**
 * Complete: both deployers past their last nonce, code at every address and liquidity in both
 * pools (the last seed step before the history). Empty: none of it.
 */
export async function algebraLfjSeedStatus(clients: DevnetClients): Promise<FamilySeedStatus> {
  const addresses = [
    A.algebra.poolDeployer,
    A.algebra.factory,
    A.algebra.router,
    A.algebra.pools.demoWeth,
    A.lfj.factory,
    A.lfj.pairImplementation,
    A.lfj.router,
    A.lfj.pairs.demoUsdc,
  ];
  const [algebraNonce, lfjNonce, codes] = await Promise.all([
    clients.public.getTransactionCount({ address: ALGEBRA_DEPLOYER }),
    clients.public.getTransactionCount({ address: LFJ_DEPLOYER }),
    Promise.all(addresses.map((a) => hasCode(clients, a))),
  ]);
  if (algebraNonce === 0 && lfjNonce === 0 && !codes.some(Boolean)) return 'empty';
  if (!codes.every(Boolean) || algebraNonce < ALGEBRA_DEPLOYER_FINAL_NONCE || lfjNonce < LFJ_DEPLOYER_FINAL_NONCE)
    return 'partial';
  const [algebraLiquidity, [reserveX, reserveY]] = await Promise.all([
    clients.public.readContract({ address: A.algebra.pools.demoWeth, abi: algebraPoolAbi, functionName: 'liquidity' }),
    clients.public.readContract({ address: A.lfj.pairs.demoUsdc, abi: lbPairAbi, functionName: 'getReserves' }),
  ]);
  return algebraLiquidity > 0n && reserveX > 0n && reserveY > 0n ? 'complete' : 'partial';
}

/**
 * Algebra Integral from account 8: the pool deployer (told the factory's address before it
 * exists: the next nonce), the factory, our router; then the DEMO/WETH pool, created and
 * initialised at launch price. No plugin factory and no vault factory: the pool has no plugin, so
 * its fee is the factory's default, a static 0.05 % (Constants.INIT_DEFAULT_FEE), tick spacing 60.
 */
export async function deployAlgebra(clients: DevnetClients): Promise<void> {
  const { wallet } = clients;
  const chain = wallet.chain;
  const deploy = async (
    key: keyof typeof ALGEBRA_DEPLOYER_NONCES,
    artifact: { abi: unknown; bytecode: string },
    args: readonly unknown[],
  ) => {
    const hash = await wallet.deployContract({
      abi: artifact.abi as Abi,
      bytecode: artifact.bytecode as `0x${string}`,
      args,
      account: ALGEBRA_DEPLOYER,
      chain,
    } as never);
    const receipt = await mined(clients, hash);
    if (receipt.contractAddress?.toLowerCase() !== A.algebra[key].toLowerCase()) {
      throw new Error(
        `Algebra ${key} deployed at ${receipt.contractAddress}, expected ${A.algebra[key]}: account 8's nonce order changed`,
      );
    }
  };
  await deploy('poolDeployer', algebraPoolDeployer, [A.algebra.factory]);
  await deploy('factory', algebraFactory, [A.algebra.poolDeployer]);
  await deploy('router', devnetAlgebraRouter, [A.weth, A.algebra.factory]);
  const write = async (address: Address, abi: Abi, functionName: string, args: readonly unknown[]) =>
    mined(
      clients,
      await wallet.writeContract({
        address,
        abi,
        functionName,
        args,
        account: ALGEBRA_DEPLOYER,
        chain,
        gas: 6_000_000n,
      } as never),
    );
  await write(A.algebra.factory, algebraFactoryAbi, 'createPool', [A.weth, A.demo, '0x']);
  const pool = await clients.public.readContract({
    address: A.algebra.factory,
    abi: algebraFactoryAbi,
    functionName: 'poolByPair',
    args: [A.weth, A.demo],
  });
  if (pool.toLowerCase() !== A.algebra.pools.demoWeth.toLowerCase())
    throw new Error(`Algebra DEMO/WETH created at ${pool}, expected ${A.algebra.pools.demoWeth}`);
  await write(A.algebra.pools.demoWeth, algebraPoolAbi, 'initialize', [ALGEBRA_INITIAL_SQRT_PRICE]);
}

/**
 * LFJ Liquidity Book v2.2 from account 9 (owner and fee recipient): the factory, the pair
 * implementation (clones of it are the pairs), the router (no v1, v2.0 or v2.1 factories: zero
 * addresses; WETH as the wrapped native), the bin step 25 preset, USDC as a quote asset, and the
 * DEMO/USDC pair at DEMO ≈ 0.30 USDC.
 */
export async function deployLfj(clients: DevnetClients): Promise<void> {
  const { wallet } = clients;
  const chain = wallet.chain;
  const zero: Address = '0x0000000000000000000000000000000000000000';
  const deploy = async (
    key: keyof typeof LFJ_DEPLOYER_NONCES,
    artifact: { abi: unknown; bytecode: string },
    args: readonly unknown[],
  ) => {
    const hash = await wallet.deployContract({
      abi: artifact.abi as Abi,
      bytecode: artifact.bytecode as `0x${string}`,
      args,
      account: LFJ_DEPLOYER,
      chain,
    } as never);
    const receipt = await mined(clients, hash);
    if (receipt.contractAddress?.toLowerCase() !== A.lfj[key].toLowerCase()) {
      throw new Error(
        `LFJ ${key} deployed at ${receipt.contractAddress}, expected ${A.lfj[key]}: account 9's nonce order changed`,
      );
    }
  };
  await deploy('factory', lbFactory, [LFJ_DEPLOYER, LFJ_DEPLOYER, LFJ_FLASH_LOAN_FEE]);
  await deploy('pairImplementation', lbPair, [A.lfj.factory]);
  await deploy('router', lbRouter, [A.lfj.factory, zero, zero, zero, zero, A.weth]);
  const write = async (functionName: string, args: readonly unknown[]) =>
    mined(
      clients,
      await wallet.writeContract({
        address: A.lfj.factory,
        abi: lbFactoryAbi,
        functionName,
        args,
        account: LFJ_DEPLOYER,
        chain,
        gas: 3_000_000n,
      } as never),
    );
  await write('setLBPairImplementation', [A.lfj.pairImplementation]);
  const p = LFJ_PRESET;
  await write('setPreset', [
    LFJ_BIN_STEP,
    p.baseFactor,
    p.filterPeriod,
    p.decayPeriod,
    p.reductionFactor,
    p.variableFeeControl,
    p.protocolShare,
    p.maxVolatilityAccumulator,
    p.isOpen,
  ]);
  await write('addQuoteAsset', [A.usdc]);
  await write('createLBPair', [A.demo, A.usdc, LFJ_INITIAL_ACTIVE_ID, LFJ_BIN_STEP]);
  const info = await clients.public.readContract({
    address: A.lfj.factory,
    abi: lbFactoryAbi,
    functionName: 'getLBPairInformation',
    args: [A.demo, A.usdc, BigInt(LFJ_BIN_STEP)],
  });
  if (info.LBPair.toLowerCase() !== A.lfj.pairs.demoUsdc.toLowerCase())
    throw new Error(`LFJ DEMO/USDC created at ${info.LBPair}, expected ${A.lfj.pairs.demoUsdc}`);
}

/** The Algebra router's record of `owner`'s liquidity in a range of the seeded pool. */
export async function algebraPositionLiquidity(
  clients: DevnetClients,
  owner: Address,
  bottomTick: number,
  topTick: number,
): Promise<bigint> {
  const key = await clients.public.readContract({
    address: A.algebra.router,
    abi: algebraRouterAbi,
    functionName: 'positionKey',
    args: [A.algebra.pools.demoWeth, owner, bottomTick, topTick],
  });
  return clients.public.readContract({
    address: A.algebra.router,
    abi: algebraRouterAbi,
    functionName: 'liquidityOf',
    args: [key],
  });
}

export async function algebraSqrtPrice(clients: DevnetClients): Promise<bigint> {
  const [price] = await clients.public.readContract({
    address: A.algebra.pools.demoWeth,
    abi: algebraPoolAbi,
    functionName: 'globalState',
  });
  return price;
}

export async function lfjActiveId(clients: DevnetClients): Promise<number> {
  return clients.public.readContract({ address: A.lfj.pairs.demoUsdc, abi: lbPairAbi, functionName: 'getActiveId' });
}
