import { getAddress, isAddressEqual, parseAbi, zeroAddress, type Address, type Log } from 'viem';
import { v2FactoryAbi } from '../../abis';
import { normalizeAddress } from '../../../lib/addresses';
import { PoolVerificationError } from '../errors';
import { checkPoolClaims, factoryOf, requireListed } from '../factory-pools';
import type { CallResult, DexAdapter } from '../types';
import { curveSqrtPrice } from '../solidly';
import { stableSqrtPriceX96 } from '../solidly/stable-math';
import { uniswapV2, v2Decoders, v2PairCreated } from '../uniswap-v2';

/*
 * Camelot V2 (Arbitrum; decision 0068), from CamelotLabs/core contracts/CamelotPair.sol and
 * CamelotFactory.sol: a Uniswap V2 pair (getPair, PairCreated, and Swap/Mint/Burn/Sync logged with
 * V2's exact signatures, so V2's decoders are shared) with two differences. Its fee is per
 * direction: getReserves() answers token0FeePercent and token1FeePercent out of FEE_DENOMINATOR
 * (100,000). And a pair may be switched to the Solidly stable curve (stableSwap(), x³y + y³x = k on
 * reserves scaled by precisionMultiplier0/1 = 10^decimals), until its owner makes the type
 * immutable: so the curve is read with the reserves on every tick, not trusted from storage.
 */

const FEE_DENOMINATOR = 100_000;

export const camelotPairAbi = parseAbi([
  'function factory() view returns (address)',
  'function token0() view returns (address)',
  'function token1() view returns (address)',
  'function stableSwap() view returns (bool)',
  'function precisionMultiplier0() view returns (uint256)',
  'function precisionMultiplier1() view returns (uint256)',
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint16 token0FeePercent, uint16 token1FeePercent)',
  'function getAmountOut(uint256 amountIn, address tokenIn) view returns (uint256)',
]);

/**
 * The stored fee in hundredths of a bip: one number only when both directions charge the same
 * (Camelot's default); otherwise null (the UI says the fee is not one tier) rather than one side's.
 */
function feeOf(reserves: CallResult | undefined): number | null {
  if (reserves?.status !== 'success') return null;
  const [, , f0, f1] = reserves.result as readonly [bigint, bigint, number, number];
  return f0 === f1 ? (Number(f0) * 1_000_000) / FEE_DENOMINATOR : null;
}

async function pairFacts(client: Parameters<DexAdapter['discover']>[0]['client'], pair: Address) {
  const [stable, reserves] = (await client.multicall({
    allowFailure: true,
    contracts: [
      { address: pair, abi: camelotPairAbi, functionName: 'stableSwap' },
      { address: pair, abi: camelotPairAbi, functionName: 'getReserves' },
    ],
  })) as CallResult[];
  return { stable: stable?.status === 'success' ? (stable.result as boolean) : null, fee: feeOf(reserves) };
}

export const camelotV2: DexAdapter = {
  family: 'camelot-v2',
  version: 'camelot-v2',
  logSource: 'pool',
  registryAddress: factoryOf,

  async discover({ client }, dex, projectToken, pairedToken) {
    const pair = await client.readContract({
      address: factoryOf(dex),
      abi: v2FactoryAbi,
      functionName: 'getPair',
      args: [projectToken, pairedToken],
    });
    if (isAddressEqual(pair, zeroAddress)) return null;
    const facts = await pairFacts(client, pair);
    return {
      address: getAddress(pair),
      version: 'camelot-v2',
      fee: facts.fee,
      shape: facts.stable === null ? {} : { stable: facts.stable },
    };
  },

  async verify({ client }, dex, pool, projectToken, pairedToken) {
    const address = getAddress(pool);
    const claims = await checkPoolClaims(
      client,
      dex,
      address,
      camelotPairAbi,
      [
        { address, abi: camelotPairAbi, functionName: 'stableSwap' },
        { address, abi: camelotPairAbi, functionName: 'getReserves' },
      ],
      projectToken,
      pairedToken,
    );
    const [stable, reserves] = claims.extra;
    // A plain Uniswap V2 pair has no stableSwap() and a three-field getReserves(): not Camelot's.
    if (stable?.status !== 'success' || reserves?.status !== 'success')
      throw new PoolVerificationError(`This address is not a ${dex.name} pool.`);
    const listed = await client.readContract({
      address: factoryOf(dex),
      abi: v2FactoryAbi,
      functionName: 'getPair',
      args: [claims.token0, claims.token1],
    });
    requireListed(dex, listed, address);
    return {
      address,
      version: 'camelot-v2',
      fee: feeOf(reserves),
      projectIsToken0: claims.projectIsToken0,
      shape: { stable: stable.result as boolean },
    };
  },

  listing: uniswapV2.listing,
  referenceLookups: uniswapV2.referenceLookups,

  stateCalls: (pool) => [
    { address: pool.address, abi: camelotPairAbi, functionName: 'getReserves' },
    { address: pool.address, abi: camelotPairAbi, functionName: 'stableSwap' },
    { address: pool.address, abi: camelotPairAbi, functionName: 'precisionMultiplier0' },
    { address: pool.address, abi: camelotPairAbi, functionName: 'precisionMultiplier1' },
  ],
  readState([reserves, stable, unit0, unit1]) {
    if (reserves?.status !== 'success' || stable?.status !== 'success') return null;
    const [reserve0, reserve1] = reserves.result as readonly [bigint, bigint, number, number];
    if (!(stable.result as boolean)) return { reserve0, reserve1, sqrtPriceX96: null };
    if (unit0?.status !== 'success' || unit1?.status !== 'success') return null;
    const sqrtPriceX96 = stableSqrtPriceX96(reserve0, reserve1, unit0.result as bigint, unit1.result as bigint);
    return sqrtPriceX96 === null ? null : { reserve0, reserve1, sqrtPriceX96 };
  },

  syncPrice: (s, pool) => curveSqrtPrice(pool.stable, s.reserve0, s.reserve1, pool.decimals0, pool.decimals1),

  // As Solidly's: a Mint/Burn is at the reserves' proportion; on a stable pair the curve prices it (decision 0078).
  liquidityRatioIsPrice: false,
  liquidityPrice: (amount0, amount1, pool) =>
    curveSqrtPrice(pool.stable, amount0, amount1, pool.decimals0, pool.decimals1),
  swapsCarryPrice: false,
  decoders: v2Decoders,
  creation: {
    topic: v2PairCreated.topic,
    decode(log: Log) {
      const a = v2PairCreated.decode(log) as { token0: Address; token1: Address; pair: Address } | null;
      if (!a) return null;
      return {
        factory: normalizeAddress(log.address),
        token0: normalizeAddress(a.token0),
        token1: normalizeAddress(a.token1),
        pool: getAddress(a.pair),
        version: 'camelot-v2',
        // A new pair starts volatile at the default fee; both can change, so neither is claimed here.
        fee: null,
        blockNumber: BigInt(log.blockNumber as unknown as string),
        txHash: (log.transactionHash as string).toLowerCase(),
      };
    },
  },

  facts: (pool) => ({ fee: pool.fee, stable: pool.stable ?? undefined }),
};
