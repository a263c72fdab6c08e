import { getAddress, isAddressEqual, zeroAddress, type Address, type Hex, type Log } from 'viem';
import { erc20Abi } from '../../abis';
import type { FactoryDexConfig } from '../../networks';
import { normalizeAddress } from '../../../lib/addresses';
import { eventDecoder } from '../event-decoder';
import { PoolVerificationError } from '../errors';
import { checkPoolClaims, deepestIndex, factoryOf, factoryTokenListing, requireListed } from '../factory-pools';
import type { CallResult, DexAdapter, LogDecoder, StateCall } from '../types';
import { uniswapV3PoolDecoders } from '../uniswap-v3';
import { clEvents, clFactoryAbi, clPoolAbi } from './abis';

/*
 * Slipstream (Aerodrome and Velodrome concentrated liquidity, docs/decisions/0069): Uniswap V3's pool
 * keyed by tick spacing instead of fee, getPool(a, b, int24 tickSpacing), its own PoolCreated, a
 * six-field slot0, and a fee the factory answers per pool (getSwapFee: a fee module's, else the tick
 * spacing's). Its Swap, Mint and Burn are Uniswap V3's to the byte, so they are V3's decoders. The
 * price is slot0's sqrtPriceX96; the liquidity shown is what the pool holds of each token, as for V3.
 */

const poolCreated = eventDecoder(clEvents[0]);
const decoders = new Map<Hex, LogDecoder>([
  uniswapV3PoolDecoders.swap,
  uniswapV3PoolDecoders.mint,
  uniswapV3PoolDecoders.burn,
]);

/** CLFactory.enableTickSpacing accepts 0 < spacing < 16384; a factory's list beyond that, or too long, is not believed. */
const MAX_TICK_SPACING = 16_384;
const MAX_SPACINGS = 32;
const validSpacing = (s: unknown): s is number =>
  typeof s === 'number' && Number.isInteger(s) && s > 0 && s < MAX_TICK_SPACING;

const tickSpacingsOf = (dex: unknown) => (dex as FactoryDexConfig).tickSpacings ?? [];
const getPool = (factory: Address, a: Address, b: Address, tickSpacing: number): StateCall => ({
  address: factory,
  abi: clFactoryAbi,
  functionName: 'getPool',
  args: [a, b, tickSpacing],
});
const ok = (r: CallResult | undefined): r is { status: 'success'; result: unknown } => r?.status === 'success';
/** Whether the factory has a swap fee module: then a pool's fee is whatever the module answers, swap by swap. */
const hasFeeModule = (r: CallResult | undefined) => !ok(r) || !isAddressEqual(r.result as Address, zeroAddress);

export const slipstream: DexAdapter = {
  family: 'slipstream',
  version: 'slipstream',
  logSource: 'pool',
  registryAddress: factoryOf,

  /**
   * Every tick spacing of the row and every one the factory itself lists (tickSpacings(): its owner
   * can enable more after deployment) is asked; the deepest pool wins, compared as Uniswap V3's
   * pools are: the most of the paired token it holds (balanceOf), one token so the amounts compare.
   */
  async discover({ client }, dex, projectToken, pairedToken) {
    const factory = factoryOf(dex);
    const configured = tickSpacingsOf(dex);
    const [enabled, module, ...listed] = (await client.multicall({
      allowFailure: true,
      contracts: [
        { address: factory, abi: clFactoryAbi, functionName: 'tickSpacings' },
        { address: factory, abi: clFactoryAbi, functionName: 'swapFeeModule' },
        ...configured.map((s) => getPool(factory, projectToken, pairedToken, s)),
      ] as StateCall[],
    })) as CallResult[];
    const more =
      ok(enabled) && Array.isArray(enabled.result)
        ? (enabled.result as unknown[])
            .slice(0, MAX_SPACINGS)
            .filter(validSpacing)
            .filter((s) => !configured.includes(s))
        : [];
    const moreListed = more.length
      ? ((await client.multicall({
          allowFailure: true,
          contracts: more.map((s) => getPool(factory, projectToken, pairedToken, s)),
        })) as CallResult[])
      : [];
    const spacings = [...configured, ...more];
    const candidates = [...listed, ...moreListed]
      .map((r, i) => ({ address: ok(r) ? (r.result as Address) : zeroAddress, tickSpacing: spacings[i]! }))
      .filter((c) => !isAddressEqual(c.address, zeroAddress));
    if (candidates.length === 0) return null;
    const reads = (await client.multicall({
      allowFailure: true,
      contracts: candidates.flatMap((c): StateCall[] => [
        { address: pairedToken, abi: erc20Abi, functionName: 'balanceOf', args: [c.address] },
        { address: c.address, abi: clPoolAbi, functionName: 'fee' },
      ]),
    })) as CallResult[];
    const best = deepestIndex(candidates.map((_, i) => reads[2 * i]));
    const fee = reads[2 * best + 1];
    return {
      address: getAddress(candidates[best]!.address),
      version: 'slipstream',
      fee: hasFeeModule(module) || !ok(fee) ? null : Number(fee.result),
      shape: { tickSpacing: candidates[best]!.tickSpacing },
    };
  },

  async verify({ client }, dex, pool, projectToken, pairedToken) {
    const address = getAddress(pool);
    const claims = await checkPoolClaims(
      client,
      dex,
      address,
      clPoolAbi,
      [
        { address, abi: clPoolAbi, functionName: 'tickSpacing' },
        { address, abi: clPoolAbi, functionName: 'fee' },
      ],
      projectToken,
      pairedToken,
    );
    const [spacing, fee] = claims.extra;
    if (!ok(spacing) || !ok(fee) || !validSpacing(spacing.result))
      throw new PoolVerificationError(`This address is not a ${dex.name} pool.`);
    const tickSpacing = spacing.result;
    const factory = factoryOf(dex);
    const [listed, module] = (await client.multicall({
      allowFailure: false,
      contracts: [
        getPool(factory, claims.token0, claims.token1, tickSpacing),
        { address: factory, abi: clFactoryAbi, functionName: 'swapFeeModule' },
      ] as StateCall[],
    })) as [Address, Address];
    requireListed(dex, listed, address);
    // Without a fee module the pool's fee is its tick spacing's, fixed; with one, it is the module's
    // answer at each swap (a custom or volatility-based fee), so no one number is stored (null).
    const fixedFee = isAddressEqual(module, zeroAddress) ? Number(fee.result) : null;
    return {
      address,
      version: 'slipstream',
      fee: fixedFee,
      projectIsToken0: claims.projectIsToken0,
      shape: { tickSpacing },
    };
  },

  listing: factoryTokenListing(
    clPoolAbi,
    (pool) => [{ address: pool, abi: clPoolAbi, functionName: 'tickSpacing' }],
    (dex, token0, token1, [spacing]) =>
      ok(spacing) && validSpacing(spacing.result) ? getPool(factoryOf(dex), token0, token1, spacing.result) : null,
  ),

  referenceLookups: (dex, base, stable) =>
    tickSpacingsOf(dex).map((s) => ({ call: getPool(factoryOf(dex), base, stable, s), fee: null })),

  stateCalls: (pool) => [
    { address: pool.address, abi: clPoolAbi, functionName: 'slot0' },
    { address: pool.token0, abi: erc20Abi, functionName: 'balanceOf', args: [pool.address] },
    { address: pool.token1, abi: erc20Abi, functionName: 'balanceOf', args: [pool.address] },
  ],
  readState([slot0, b0, b1]) {
    if (!ok(slot0) || !ok(b0) || !ok(b1)) return null;
    const sqrtPriceX96 = (slot0.result as readonly [bigint, ...unknown[]])[0];
    // A clone is initialised with its price when created; zero is no pool state (and no price to divide by).
    if (sqrtPriceX96 === 0n) return null;
    return { reserve0: b0.result as bigint, reserve1: b1.result as bigint, sqrtPriceX96 };
  },

  liquidityRatioIsPrice: false,
  swapsCarryPrice: true,
  decoders,
  creation: {
    topic: poolCreated.topic,
    decode(log: Log) {
      const a = poolCreated.decode(log) as {
        token0: Address;
        token1: Address;
        tickSpacing: number;
        pool: Address;
      } | null;
      if (!a) return null;
      return {
        factory: normalizeAddress(log.address),
        token0: normalizeAddress(a.token0),
        token1: normalizeAddress(a.token1),
        pool: getAddress(a.pool),
        version: 'slipstream',
        // The log names the tick spacing, not the fee (a fee module may set it): the attach verifies and reads it.
        fee: null,
        shape: { tickSpacing: Number(a.tickSpacing) },
        blockNumber: BigInt(log.blockNumber as unknown as string),
        txHash: (log.transactionHash as string).toLowerCase(),
      };
    },
  },

  facts: (pool) => ({
    fee: pool.fee,
    dynamicFee: pool.fee === null,
    ...(pool.tickSpacing === null ? {} : { tickSpacing: pool.tickSpacing }),
  }),
};
