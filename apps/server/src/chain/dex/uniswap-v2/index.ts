import { getAddress, isAddressEqual, parseAbi, zeroAddress, type Address, type Log } from 'viem';
import { v2FactoryAbi, v2PairAbi } from '../../abis';
import { normalizeAddress } from '../../../lib/addresses';
import { eventDecoder } from '../event-decoder';
import { checkPoolClaims, factoryOf, factoryTokenListing, requireListed } from '../factory-pools';
import type { DexAdapter, LogDecoder } from '../types';

/*
 * Uniswap V2 and its forks (SushiSwap, PancakeSwap V2, BaseSwap, QuickSwap V2): a pair contract per
 * token pair, listed by the factory's getPair; reserves are the liquidity and their ratio the price.
 */

const events = parseAbi([
  'event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)',
  'event Mint(address indexed sender, uint256 amount0, uint256 amount1)',
  'event Burn(address indexed sender, uint256 amount0, uint256 amount1, address indexed to)',
  'event Sync(uint112 reserve0, uint112 reserve1)',
  // Every parameter named: the decoder reads arguments by name.
  'event PairCreated(address indexed token0, address indexed token1, address pair, uint256 pairIndex)',
]);
const swap = eventDecoder(events[0]);
const mint = eventDecoder(events[1]);
const burn = eventDecoder(events[2]);
const sync = eventDecoder(events[3]);
const pairCreated = eventDecoder(events[4]);

type Amounts = Record<string, bigint>;
/**
 * Shared with the families whose pools log the same events (the registry refuses two decoders for
 * one topic): Solidly's Mint is this Mint; Camelot V2 logs all four.
 */
export const v2Decoders = new Map<`0x${string}`, LogDecoder>([
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
  [
    mint.topic,
    (log) => {
      const a = mint.decode(log) as Amounts | null;
      return a && { kind: 'event', type: 'mint', amount0: a.amount0!, amount1: a.amount1!, sqrtPriceX96: null };
    },
  ],
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

/** The factory's PairCreated (Camelot V2's factory logs the same). */
export const v2PairCreated = pairCreated;

export const uniswapV2: DexAdapter = {
  family: 'uniswap-v2',
  version: 'v2',
  logSource: 'pool',
  registryAddress: factoryOf,

  async discover({ client }, dex, projectToken, pairedToken) {
    const pair = await client.readContract({
      address: factoryOf(dex),
      abi: v2FactoryAbi,
      functionName: 'getPair',
      args: [projectToken, pairedToken],
    });
    return isAddressEqual(pair, zeroAddress) ? null : { address: getAddress(pair), version: 'v2', fee: null };
  },

  async verify({ client }, dex, pool, projectToken, pairedToken) {
    const address = getAddress(pool);
    const { token0, token1, projectIsToken0 } = await checkPoolClaims(
      client,
      dex,
      address,
      v2PairAbi,
      [],
      projectToken,
      pairedToken,
    );
    const listed = await client.readContract({
      address: factoryOf(dex),
      abi: v2FactoryAbi,
      functionName: 'getPair',
      args: [token0, token1],
    });
    requireListed(dex, listed, address);
    return { address, version: 'v2', fee: null, projectIsToken0 };
  },

  listing: factoryTokenListing(
    v2PairAbi,
    () => [],
    (dex, token0, token1) => ({
      address: factoryOf(dex),
      abi: v2FactoryAbi,
      functionName: 'getPair',
      args: [token0, token1],
    }),
  ),

  referenceLookups: (dex, base, stable) => [
    { call: { address: factoryOf(dex), abi: v2FactoryAbi, functionName: 'getPair', args: [base, stable] }, fee: null },
  ],

  stateCalls: (pool) => [{ address: pool.address, abi: v2PairAbi, functionName: 'getReserves' }],
  readState([reserves]) {
    if (reserves?.status !== 'success') return null;
    const [reserve0, reserve1] = reserves.result as readonly [bigint, bigint, number];
    return { reserve0, reserve1, sqrtPriceX96: null };
  },

  liquidityRatioIsPrice: true,
  swapsCarryPrice: false,
  decoders: v2Decoders,
  creation: {
    topic: pairCreated.topic,
    decode(log: Log) {
      const a = pairCreated.decode(log) as { token0: Address; token1: Address; pair: Address } | null;
      if (!a) return null;
      return {
        factory: normalizeAddress(log.address),
        token0: normalizeAddress(a.token0),
        token1: normalizeAddress(a.token1),
        pool: getAddress(a.pair),
        version: 'v2',
        fee: null,
        blockNumber: BigInt(log.blockNumber as unknown as string),
        txHash: (log.transactionHash as string).toLowerCase(),
      };
    },
  },

  facts: (pool) => ({ fee: pool.fee }),
};
