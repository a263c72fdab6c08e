import {
  getAddress,
  isAddressEqual,
  parseAbi,
  zeroAddress,
  type Abi,
  type Address,
  type Hex,
  type Log,
  type PublicClient,
} from 'viem';
import { erc20Abi } from '../../abis';
import { isNodeFailure } from '../../client';
import type { DexConfig, FactoryDexConfig } from '../../networks';
import { normalizeAddress } from '../../../lib/addresses';
import { eventDecoder } from '../event-decoder';
import { PoolVerificationError } from '../errors';
import { checkPoolClaims, factoryOf, factoryTokenListing, requireListed } from '../factory-pools';
import type { CallResult, DexAdapter, LogDecoder, PoolShapeKey, StateCall } from '../types';
import { uniswapV3 } from '../uniswap-v3';
import { exactFeeOf, priceOf } from './global-state';

/*
 * Algebra (docs/decisions/0070): QuickSwap V3 (Algebra v1), Camelot V3 (v1.9) and Algebra Integral
 * (the devnet). One pool per token pair, listed by the factory's poolByPair(a, b) and announced by
 * its Pool(token0, token1, pool) event (the same in every version). The price is globalState()'s
 * first word, a Q64.96 sqrt of token1 per token0 as on Uniswap V3; the liquidity shown is what the
 * pool holds of each token (its balances), as for Uniswap V3. Integral's custom pools
 * (createCustomPool, customPoolByPair) are not poolByPair's and are not read.
 *
 * Events: v1 and v1.9 log Uniswap V3's Swap, Mint and Burn signatures, so those topics keep the
 * uniswap-v3 decoders (the registry allows one decoder per topic); Integral 1.2 keeps the Mint and
 * adds overrideFee and pluginFee to Swap and pluginFee to Burn: two topics of its own.
 */

const poolAbi = parseAbi([
  'function factory() view returns (address)',
  'function token0() view returns (address)',
  'function token1() view returns (address)',
  'function tickSpacing() view returns (int24)',
  'function plugin() view returns (address)',
]);
/** globalState() in whole words (global-state.ts): four for discovery and verification, one for the price. */
const globalStateAbi = parseAbi([
  'function globalState() view returns (uint256 price, uint256 tick, uint256 word2, uint256 word3)',
]);
const priceAbi = parseAbi(['function globalState() view returns (uint256 price)']);
const factoryAbi = parseAbi(['function poolByPair(address tokenA, address tokenB) view returns (address pool)']);

const events = parseAbi([
  // Algebra v1 / v1.9 (IAlgebraPoolEvents.sol at tag v1.0.0 and branch direction-based-fee-v2).
  'event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 price, uint128 liquidity, int24 tick)',
  'event Mint(address sender, address indexed owner, int24 indexed bottomTick, int24 indexed topTick, uint128 liquidityAmount, uint256 amount0, uint256 amount1)',
  'event Burn(address indexed owner, int24 indexed bottomTick, int24 indexed topTick, uint128 liquidityAmount, uint256 amount0, uint256 amount1)',
  // Integral 1.2 (tag v1.2-integral, the devnet's vendored copy).
  'event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 price, uint128 liquidity, int24 tick, uint24 overrideFee, uint24 pluginFee)',
  'event Burn(address indexed owner, int24 indexed bottomTick, int24 indexed topTick, uint128 liquidityAmount, uint256 amount0, uint256 amount1, uint24 pluginFee)',
  // IAlgebraFactory.sol, every version.
  'event Pool(address indexed token0, address indexed token1, address pool)',
]);

/** Uniswap V3's decoder of the same signature: the registry refuses two decoders for one topic. */
function sharedWithV3(event: (typeof events)[number]): [Hex, LogDecoder] {
  const { topic } = eventDecoder(event);
  const decoder = uniswapV3.decoders.get(topic);
  // Not a runtime case: a changed signature here must fail at load, not decode wrongly.
  if (!decoder) throw new Error(`chain/dex/algebra: ${event.name} is not Uniswap V3's signature`);
  return [topic, decoder];
}

const integralSwap = eventDecoder(events[3]);
const integralBurn = eventDecoder(events[4]);
const poolCreated = eventDecoder(events[5]);

type Amounts = Record<string, bigint>;
const decoders = new Map<Hex, LogDecoder>([
  sharedWithV3(events[0]),
  sharedWithV3(events[1]),
  sharedWithV3(events[2]),
  [
    integralSwap.topic,
    (log) => {
      // amount0/amount1 are the pool's balance deltas (positive in), as on Uniswap V3.
      const a = integralSwap.decode(log) as Amounts | null;
      const price = a && priceOf(a.price);
      return a && price !== null
        ? { kind: 'event', type: 'swap', amount0: a.amount0!, amount1: a.amount1!, sqrtPriceX96: price }
        : null;
    },
  ],
  [
    integralBurn.topic,
    (log) => {
      // What the position is credited, after the plugin's share (AlgebraPool.burn): out of the pool.
      const a = integralBurn.decode(log) as Amounts | null;
      return a && { kind: 'event', type: 'burn', amount0: -a.amount0!, amount1: -a.amount1!, sqrtPriceX96: null };
    },
  ],
]);

const versionOf = (dex: DexConfig) => (dex as FactoryDexConfig).algebraVersion;
const poolByPair = (factory: Address, a: Address, b: Address): StateCall => ({
  address: factory,
  abi: factoryAbi as Abi,
  functionName: 'poolByPair',
  args: [a, b],
});

/** The calls whose answers make a pool's fee and shape (poolFacts), beside the claims verify checks. */
const factCalls = (pool: Address): StateCall[] => [
  { address: pool, abi: globalStateAbi as Abi, functionName: 'globalState' },
  { address: pool, abi: poolAbi as Abi, functionName: 'tickSpacing' },
  { address: pool, abi: poolAbi as Abi, functionName: 'plugin' },
];

/**
 * The fee (exact or null: global-state.ts) and shape from factCalls' answers. Only Integral has a
 * plugin; a tick spacing outside int24's range, or a plugin() that is no address, is left out.
 */
function poolFacts(
  dex: DexConfig,
  [state, spacing, plugin]: readonly (CallResult | undefined)[],
): { fee: number | null; shape: PoolShapeKey } {
  if (state?.status !== 'success') {
    // A failed eth_call says nothing about the contract: "try again", not "not a pool" (factory-pools.ts).
    if (state?.status === 'failure' && isNodeFailure(state.error)) throw state.error;
    throw new PoolVerificationError(`This address is not a ${dex.name} pool.`);
  }
  const words = state.result as readonly unknown[];
  if (priceOf(words[0]) === null)
    throw new PoolVerificationError(`This ${dex.name} pool has no price yet (it was never initialised).`);
  const shape: PoolShapeKey = {};
  if (
    spacing?.status === 'success' &&
    typeof spacing.result === 'number' &&
    spacing.result > 0 &&
    spacing.result < 2 ** 23
  )
    shape.tickSpacing = spacing.result;
  if (versionOf(dex) === 'integral' && plugin?.status === 'success' && typeof plugin.result === 'string')
    shape.plugin = getAddress(plugin.result);
  return { fee: exactFeeOf(versionOf(dex), words), shape };
}

async function readFacts(client: PublicClient, dex: DexConfig, pool: Address) {
  const answers = (await client.multicall({ allowFailure: true, contracts: factCalls(pool) })) as CallResult[];
  return poolFacts(dex, answers);
}

export const algebra: DexAdapter = {
  family: 'algebra',
  version: 'algebra',
  logSource: 'pool',
  registryAddress: factoryOf,

  async discover({ client }, dex, projectToken, pairedToken) {
    const found = await client.readContract({
      address: factoryOf(dex),
      abi: factoryAbi,
      functionName: 'poolByPair',
      args: [projectToken, pairedToken],
    });
    if (isAddressEqual(found, zeroAddress)) return null;
    const address = getAddress(found);
    const { fee, shape } = await readFacts(client, dex, address);
    return { address, version: 'algebra', fee, shape };
  },

  async verify({ client }, dex, pool, projectToken, pairedToken) {
    const address = getAddress(pool);
    const claims = await checkPoolClaims(
      client,
      dex,
      address,
      poolAbi as Abi,
      factCalls(address),
      projectToken,
      pairedToken,
    );
    const listed = await client.readContract({
      address: factoryOf(dex),
      abi: factoryAbi,
      functionName: 'poolByPair',
      args: [claims.token0, claims.token1],
    });
    requireListed(dex, listed, address);
    const { fee, shape } = poolFacts(dex, claims.extra);
    return { address, version: 'algebra', fee, projectIsToken0: claims.projectIsToken0, shape };
  },

  listing: factoryTokenListing(
    poolAbi,
    () => [],
    (dex, token0, token1) => poolByPair(factoryOf(dex), token0, token1),
  ),

  // The fee of a reference pool is only a label there; Algebra's is not known without reading the pool.
  referenceLookups: (dex, base, stable) => [{ call: poolByPair(factoryOf(dex), base, stable), fee: null }],

  stateCalls: (pool) => [
    { address: pool.address, abi: priceAbi as Abi, functionName: 'globalState' },
    { address: pool.token0, abi: erc20Abi, functionName: 'balanceOf', args: [pool.address] },
    { address: pool.token1, abi: erc20Abi, functionName: 'balanceOf', args: [pool.address] },
  ],
  readState([state, b0, b1]) {
    if (state?.status !== 'success' || b0?.status !== 'success' || b1?.status !== 'success') return null;
    // viem answers a one-output function with the value itself.
    const price = priceOf(state.result);
    return price === null
      ? null
      : { reserve0: b0.result as bigint, reserve1: b1.result as bigint, sqrtPriceX96: price };
  },

  liquidityRatioIsPrice: false,
  swapsCarryPrice: true,
  decoders,
  creation: {
    topic: poolCreated.topic,
    decode(log: Log) {
      const a = poolCreated.decode(log) as { token0: Address; token1: Address; pool: Address } | null;
      if (!a) return null;
      // The event carries no fee or shape: attaching the pool verifies it and reads them.
      return {
        factory: normalizeAddress(log.address),
        token0: normalizeAddress(a.token0),
        token1: normalizeAddress(a.token1),
        pool: getAddress(a.pool),
        version: 'algebra',
        fee: null,
        blockNumber: BigInt(log.blockNumber as unknown as string),
        txHash: (log.transactionHash as string).toLowerCase(),
      };
    },
  },

  /**
   * A verified pool always has its tick spacing stored: its null fee then means a dynamic fee. A
   * pool the new-pool watch found and nobody verified yet has neither, and claims nothing.
   */
  facts: (pool) => ({
    fee: pool.fee,
    ...(pool.fee === null && pool.tickSpacing !== null ? { dynamicFee: true } : {}),
    ...(pool.tickSpacing !== null ? { tickSpacing: pool.tickSpacing } : {}),
    ...(pool.hooks ? { hooks: getAddress(pool.hooks) } : {}),
  }),
};
