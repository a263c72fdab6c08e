import { getAddress, isAddressEqual, parseAbi, zeroAddress, type Address, type Hex, type Log } from 'viem';
import { erc20Abi } from '../../abis';
import { normalizeAddress } from '../../../lib/addresses';
import { eventDecoder } from '../event-decoder';
import { PoolVerificationError } from '../errors';
import { checkPoolClaims, deepestIndex, factoryOf, factoryTokenListing, requireListed } from '../factory-pools';
import type { CallResult, DexAdapter, LogDecoder } from '../types';
import { v2Decoders } from '../uniswap-v2';
import { stableSqrtPriceX96 } from './stable-math';

/*
 * Solidly V2 (decision 0068): Aerodrome on Base and Velodrome V2 on Optimism, from
 * aerodrome-finance/contracts contracts/Pool.sol and factories/PoolFactory.sol. A pair has up to
 * two pools, a volatile one (x·y = k) and a stable one (x³y + y³x = k), each its own contract;
 * the factory lists them by getPool(a, b, bool stable). The factory also answers
 * getPool(a, b, uint24), the selector of Uniswap V3's getPool: a factory is this family because
 * its registry row says so, never because it answers a probe. The liquidity shown is the pool's
 * reserves (its fees go to a separate PoolFees contract, so reserves are what trades against);
 * the price is the reserve ratio for a volatile pool and the curve's marginal price for a stable one.
 */

export const solidlyFactoryAbi = parseAbi([
  'function getPool(address tokenA, address tokenB, bool stable) view returns (address)',
  'function isPool(address pool) view returns (bool)',
  'function getFee(address pool, bool stable) view returns (uint256)',
]);
export const solidlyPoolAbi = parseAbi([
  'function factory() view returns (address)',
  'function token0() view returns (address)',
  'function token1() view returns (address)',
  'function stable() view returns (bool)',
  'function getReserves() view returns (uint256 reserve0, uint256 reserve1, uint256 blockTimestampLast)',
  'function getAmountOut(uint256 amountIn, address tokenIn) view returns (uint256)',
  'function metadata() view returns (uint256 dec0, uint256 dec1, uint256 r0, uint256 r1, bool st, address t0, address t1)',
]);

// IPool.sol and IPoolFactory.sol, parameter for parameter (names, indexed, types: they make the topics).
const events = parseAbi([
  'event Swap(address indexed sender, address indexed to, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out)',
  'event Mint(address indexed sender, uint256 amount0, uint256 amount1)',
  'event Burn(address indexed sender, address indexed to, uint256 amount0, uint256 amount1)',
  'event Sync(uint256 reserve0, uint256 reserve1)',
  'event PoolCreated(address indexed token0, address indexed token1, bool indexed stable, address pool, uint256 count)',
]);
const swap = eventDecoder(events[0]);
const mint = eventDecoder(events[1]);
const burn = eventDecoder(events[2]);
const sync = eventDecoder(events[3]);
const poolCreated = eventDecoder(events[4]);

// Mint(address indexed, uint256, uint256) is Uniswap V2's Mint to the byte: one topic, V2's decoder.
const v2Mint = v2Decoders.get(mint.topic);
if (!v2Mint) throw new Error('chain/dex/solidly: Uniswap V2 no longer decodes the Mint topic Solidly shares');

type Amounts = Record<string, bigint>;
const decoders = new Map<Hex, LogDecoder>([
  [
    swap.topic,
    (log) => {
      const a = swap.decode(log) as Amounts | null;
      return (
        a && {
          kind: 'event',
          type: 'swap',
          amount0: a.amount0In! - a.amount0Out!,
          amount1: a.amount1In! - a.amount1Out!,
          sqrtPriceX96: null,
        }
      );
    },
  ],
  [mint.topic, v2Mint],
  [
    burn.topic,
    (log) => {
      const a = burn.decode(log) as Amounts | null;
      return a && { kind: 'event', type: 'burn', amount0: -a.amount0!, amount1: -a.amount1!, sqrtPriceX96: null };
    },
  ],
  [
    sync.topic,
    (log) => {
      const a = sync.decode(log) as Amounts | null;
      return a && { kind: 'sync', reserve0: a.reserve0!, reserve1: a.reserve1! };
    },
  ],
]);

/** A fee in basis points (PoolFactory's getFee, out of 10,000) in the hundredths of a bip every fee is stored in. */
const feeOf = (r: CallResult | undefined): number | null =>
  r?.status === 'success' ? Number(r.result as bigint) * 100 : null;

/**
 * The price at reserves on either curve: null for a volatile pool (the ratio is the price), the
 * stable curve's marginal price for a stable one, undefined where a stable pool's decimals are
 * unknown (no price rather than the ratio's wrong one).
 */
export function curveSqrtPrice(
  stable: boolean | null | undefined,
  reserve0: bigint,
  reserve1: bigint,
  decimals0?: number,
  decimals1?: number,
): bigint | null | undefined {
  if (stable === false) return null;
  if (stable !== true || decimals0 === undefined || decimals1 === undefined) return undefined;
  return stableSqrtPriceX96(reserve0, reserve1, 10n ** BigInt(decimals0), 10n ** BigInt(decimals1)) ?? undefined;
}

export const solidly: DexAdapter = {
  family: 'solidly',
  version: 'solidly',
  logSource: 'pool',
  registryAddress: factoryOf,

  /** Both pools of the pair (volatile and stable) in one multicall; the deeper one (more of the paired token held) wins. */
  async discover({ client }, dex, projectToken, pairedToken) {
    const factory = factoryOf(dex);
    const kinds = [false, true] as const;
    const found = await client.multicall({
      allowFailure: true,
      contracts: kinds.map((stable) => ({
        address: factory,
        abi: solidlyFactoryAbi,
        functionName: 'getPool' as const,
        args: [projectToken, pairedToken, stable] as const,
      })),
    });
    const candidates = found
      .map((r, i) => ({ address: r.status === 'success' ? (r.result as Address) : zeroAddress, stable: kinds[i]! }))
      .filter((c) => !isAddressEqual(c.address, zeroAddress));
    if (candidates.length === 0) return null;
    const reads = await client.multicall({
      allowFailure: true,
      contracts: candidates.flatMap((c) => [
        { address: pairedToken, abi: erc20Abi, functionName: 'balanceOf' as const, args: [c.address] as const },
        {
          address: factory,
          abi: solidlyFactoryAbi,
          functionName: 'getFee' as const,
          args: [c.address, c.stable] as const,
        },
      ]),
    });
    const best = deepestIndex(candidates.map((_, i) => reads[2 * i] as CallResult | undefined));
    const pick = candidates[best]!;
    return {
      address: getAddress(pick.address),
      version: 'solidly',
      fee: feeOf(reads[2 * best + 1] as CallResult),
      shape: { stable: pick.stable },
    };
  },

  async verify({ client }, dex, pool, projectToken, pairedToken) {
    const address = getAddress(pool);
    const claims = await checkPoolClaims(
      client,
      dex,
      address,
      solidlyPoolAbi,
      [{ address, abi: solidlyPoolAbi, functionName: 'stable' }],
      projectToken,
      pairedToken,
    );
    const stableRead = claims.extra[0];
    if (stableRead?.status !== 'success') throw new PoolVerificationError(`This address is not a ${dex.name} pool.`);
    const stable = stableRead.result as boolean;
    const factory = factoryOf(dex);
    const [listed, fee] = (await client.multicall({
      allowFailure: true,
      contracts: [
        {
          address: factory,
          abi: solidlyFactoryAbi,
          functionName: 'getPool',
          args: [claims.token0, claims.token1, stable],
        },
        { address: factory, abi: solidlyFactoryAbi, functionName: 'getFee', args: [address, stable] },
      ],
    })) as CallResult[];
    if (listed?.status !== 'success')
      throw listed?.status === 'failure' && listed.error
        ? listed.error
        : new PoolVerificationError(`This address is not a ${dex.name} pool.`);
    requireListed(dex, listed.result as Address, address);
    return { address, version: 'solidly', fee: feeOf(fee), projectIsToken0: claims.projectIsToken0, shape: { stable } };
  },

  listing: factoryTokenListing(
    solidlyPoolAbi,
    (pool) => [{ address: pool, abi: solidlyPoolAbi, functionName: 'stable' }],
    (dex, token0, token1, [stable]) =>
      stable?.status === 'success'
        ? {
            address: factoryOf(dex),
            abi: solidlyFactoryAbi,
            functionName: 'getPool',
            args: [token0, token1, stable.result as boolean],
          }
        : null,
  ),

  /** Only the volatile pool: a reference pool's Sync history is priced without its stored key (decision 0068). */
  referenceLookups: (dex, base, stable) => [
    {
      call: { address: factoryOf(dex), abi: solidlyFactoryAbi, functionName: 'getPool', args: [base, stable, false] },
      fee: null,
    },
  ],

  /** metadata() answers reserves, both decimals and the curve in one read, so a stable pool's price needs nothing stored. */
  stateCalls: (pool) => [{ address: pool.address, abi: solidlyPoolAbi, functionName: 'metadata' }],
  readState([meta]) {
    if (meta?.status !== 'success') return null;
    const [dec0, dec1, reserve0, reserve1, stable] = meta.result as readonly [
      bigint,
      bigint,
      bigint,
      bigint,
      boolean,
      Address,
      Address,
    ];
    if (!stable) return { reserve0, reserve1, sqrtPriceX96: null };
    const sqrtPriceX96 = stableSqrtPriceX96(reserve0, reserve1, dec0, dec1);
    // An empty stable pool has no price: no state rather than a ratio's.
    return sqrtPriceX96 === null ? null : { reserve0, reserve1, sqrtPriceX96 };
  },

  syncPrice: (s, pool) => curveSqrtPrice(pool.stable, s.reserve0, s.reserve1, pool.decimals0, pool.decimals1),

  /**
   * A Mint (through the router's quote) and a Burn (pro rata) are at the reserves' proportion: on a
   * volatile pool that ratio is the price, as for Uniswap V2; on a stable pool the price is the
   * curve's marginal price there, which depends on that proportion only (decision 0078).
   */
  liquidityRatioIsPrice: false,
  liquidityPrice: (amount0, amount1, pool) =>
    curveSqrtPrice(pool.stable, amount0, amount1, pool.decimals0, pool.decimals1),
  swapsCarryPrice: false,
  decoders,
  creation: {
    topic: poolCreated.topic,
    decode(log: Log) {
      const a = poolCreated.decode(log) as { token0: Address; token1: Address; stable: boolean; pool: Address } | null;
      if (!a) return null;
      return {
        factory: normalizeAddress(log.address),
        token0: normalizeAddress(a.token0),
        token1: normalizeAddress(a.token1),
        pool: getAddress(a.pool),
        version: 'solidly',
        // The fee is the factory's getFee at read time (it can change); the log has none.
        fee: null,
        shape: { stable: a.stable },
        blockNumber: BigInt(log.blockNumber as unknown as string),
        txHash: (log.transactionHash as string).toLowerCase(),
      };
    },
  },

  facts: (pool) => ({ fee: pool.fee, stable: pool.stable ?? undefined }),
};
