import { getAddress, isAddressEqual, parseAbi, zeroAddress, type Address, type Hex, type Log } from 'viem';
import { erc20Abi, v3FactoryAbi, v3PoolAbi } from '../../abis';
import type { FactoryDexConfig } from '../../networks';
import { normalizeAddress } from '../../../lib/addresses';
import { eventDecoder } from '../event-decoder';
import { PoolVerificationError } from '../errors';
import { checkPoolClaims, deepestIndex, factoryOf, factoryTokenListing, requireListed } from '../factory-pools';
import type { CallResult, DexAdapter, LogDecoder } from '../types';

/*
 * Uniswap V3 and its forks (SushiSwap V3, PancakeSwap V3): a pool per token pair and fee tier,
 * listed by the factory's getPool(a, b, fee). The liquidity shown is what the pool holds of each
 * token; the price is slot0's sqrtPriceX96. PancakeSwap V3 differs in config only: pools deployed
 * by its PoolDeployer still answer factory() with the factory, slot0's feeProtocol is a uint32
 * (only slot0's first two fields are read: v3PoolAbi), and its Swap carries two more fields (its own
 * topic, decoded below).
 */

const events = parseAbi([
  'event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick)',
  'event Mint(address sender, address indexed owner, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount, uint256 amount0, uint256 amount1)',
  'event Burn(address indexed owner, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount, uint256 amount0, uint256 amount1)',
  'event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick, uint128 protocolFeesToken0, uint128 protocolFeesToken1)',
  'event PoolCreated(address indexed token0, address indexed token1, uint24 indexed fee, int24 tickSpacing, address pool)',
]);
const swap = eventDecoder(events[0]);
const mint = eventDecoder(events[1]);
const burn = eventDecoder(events[2]);
const pancakeSwap = eventDecoder(events[3]);
const poolCreated = eventDecoder(events[4]);

type Amounts = Record<string, bigint>;
const swapOf =
  (decoder: typeof swap): LogDecoder =>
  (log) => {
    const a = decoder.decode(log) as Amounts | null;
    return (
      a && { kind: 'event', type: 'swap', amount0: a.amount0!, amount1: a.amount1!, sqrtPriceX96: a.sqrtPriceX96! }
    );
  };
/**
 * Uniswap V3's Swap, Mint and Burn, topic → decoder. Exported as these very objects: a family whose
 * pool logs the same three events (Slipstream) puts them in its own map, since the registry refuses
 * two different decoders for one topic.
 */
export const uniswapV3PoolDecoders: {
  readonly swap: readonly [Hex, LogDecoder];
  readonly mint: readonly [Hex, LogDecoder];
  readonly burn: readonly [Hex, LogDecoder];
} = {
  swap: [swap.topic, swapOf(swap)],
  mint: [
    mint.topic,
    (log) => {
      const a = mint.decode(log) as Amounts | null;
      return a && { kind: 'event', type: 'mint', amount0: a.amount0!, amount1: a.amount1!, sqrtPriceX96: null };
    },
  ],
  burn: [
    burn.topic,
    (log) => {
      const a = burn.decode(log) as Amounts | null;
      return a && { kind: 'event', type: 'burn', amount0: -a.amount0!, amount1: -a.amount1!, sqrtPriceX96: null };
    },
  ],
};
const decoders = new Map<Hex, LogDecoder>([
  uniswapV3PoolDecoders.swap,
  [pancakeSwap.topic, swapOf(pancakeSwap)],
  uniswapV3PoolDecoders.mint,
  uniswapV3PoolDecoders.burn,
]);

const feeTiers = (dex: unknown) => (dex as FactoryDexConfig).feeTiers ?? [];
const getPool = (factory: Address, a: Address, b: Address, fee: number) => ({
  address: factory,
  abi: v3FactoryAbi,
  functionName: 'getPool',
  args: [a, b, fee] as const,
});

export const uniswapV3: DexAdapter = {
  family: 'uniswap-v3',
  version: 'v3',
  logSource: 'pool',
  registryAddress: factoryOf,

  /** Every fee tier is asked in one multicall and the deepest pool (most of the paired token held) wins. */
  async discover({ client }, dex, projectToken, pairedToken) {
    const fees = feeTiers(dex);
    const factory = factoryOf(dex);
    const found = await client.multicall({
      allowFailure: true,
      contracts: fees.map((fee) => ({
        address: factory,
        abi: v3FactoryAbi,
        functionName: 'getPool' as const,
        args: [projectToken, pairedToken, fee] as const,
      })),
    });
    const candidates = found
      .map((r, i) => ({ address: r.status === 'success' ? (r.result as Address) : zeroAddress, fee: fees[i]! }))
      .filter((c) => !isAddressEqual(c.address, zeroAddress));
    if (candidates.length === 0) return null;
    const depths = await client.multicall({
      allowFailure: true,
      contracts: candidates.map((c) => ({
        address: pairedToken,
        abi: erc20Abi,
        functionName: 'balanceOf' as const,
        args: [c.address] as const,
      })),
    });
    const best = candidates[deepestIndex(depths as CallResult[])]!;
    return { address: getAddress(best.address), version: 'v3', fee: best.fee };
  },

  async verify({ client }, dex, pool, projectToken, pairedToken) {
    const address = getAddress(pool);
    const claims = await checkPoolClaims(
      client,
      dex,
      address,
      v3PoolAbi,
      [{ address, abi: v3PoolAbi, functionName: 'fee' }],
      projectToken,
      pairedToken,
    );
    const fee = claims.extra[0];
    if (fee?.status !== 'success') throw new PoolVerificationError(`This address is not a ${dex.name} pool.`);
    const feeTier = Number(fee.result);
    const listed = await client.readContract({
      address: factoryOf(dex),
      abi: v3FactoryAbi,
      functionName: 'getPool',
      args: [claims.token0, claims.token1, feeTier],
    });
    requireListed(dex, listed, address);
    return { address, version: 'v3', fee: feeTier, projectIsToken0: claims.projectIsToken0 };
  },

  listing: factoryTokenListing(
    v3PoolAbi,
    (pool) => [{ address: pool, abi: v3PoolAbi, functionName: 'fee' }],
    (dex, token0, token1, [fee]) =>
      fee?.status === 'success' ? getPool(factoryOf(dex), token0, token1, Number(fee.result)) : null,
  ),

  referenceLookups: (dex, base, stable) =>
    feeTiers(dex).map((fee) => ({ call: getPool(factoryOf(dex), base, stable, fee), fee })),

  stateCalls: (pool) => [
    { address: pool.address, abi: v3PoolAbi, functionName: 'slot0' },
    { address: pool.token0, abi: erc20Abi, functionName: 'balanceOf', args: [pool.address] },
    { address: pool.token1, abi: erc20Abi, functionName: 'balanceOf', args: [pool.address] },
  ],
  readState([slot0, b0, b1]) {
    if (slot0?.status !== 'success' || b0?.status !== 'success' || b1?.status !== 'success') return null;
    return {
      reserve0: b0.result as bigint,
      reserve1: b1.result as bigint,
      sqrtPriceX96: (slot0.result as readonly [bigint, number])[0],
    };
  },

  liquidityRatioIsPrice: false,
  swapsCarryPrice: true,
  decoders,
  creation: {
    topic: poolCreated.topic,
    decode(log: Log) {
      const a = poolCreated.decode(log) as { token0: Address; token1: Address; pool: Address; fee: number } | null;
      if (!a) return null;
      return {
        factory: normalizeAddress(log.address),
        token0: normalizeAddress(a.token0),
        token1: normalizeAddress(a.token1),
        pool: getAddress(a.pool),
        version: 'v3',
        fee: Number(a.fee),
        blockNumber: BigInt(log.blockNumber as unknown as string),
        txHash: (log.transactionHash as string).toLowerCase(),
      };
    },
  },

  facts: (pool) => ({ fee: pool.fee }),
};
