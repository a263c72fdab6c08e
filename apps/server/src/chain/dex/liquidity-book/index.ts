import { getAddress, isAddressEqual, parseAbi, zeroAddress, type Address, type Hex, type Log } from 'viem';
import { erc20Abi } from '../../abis';
import { normalizeAddress } from '../../../lib/addresses';
import { eventDecoder } from '../event-decoder';
import { PoolVerificationError } from '../errors';
import { checkPoolClaims, deepestIndex, factoryOf, requireListed } from '../factory-pools';
import type { CallResult, DexAdapter, LogDecoder } from '../types';
import { priceFromId, sqrtPriceX96FromPrice128 } from './bin-price';

/*
 * LFJ Liquidity Book v2.1 and v2.2 (docs/decisions/0071): a pair per (token X, token Y, bin step),
 * listed by the factory's getLBPairInformation; liquidity sits in bins of one fixed price each, the
 * active bin's price is the pair's price. The events and reads used here are identical in both
 * versions (joe-v2 tags v2.1.1 and v2.2.0, src/interfaces/ILBPair.sol and ILBFactory.sol).
 *
 * token0/token1 are token X/token Y as the pair names them, NOT sorted by address (the factory sorts
 * only its own lookup key): every side here comes from the pair's getTokenX/getTokenY, and the
 * stored projectIsToken0 says which one the project is.
 */

export const lbFactoryAbi = parseAbi([
  'struct LBPairInformation { uint16 binStep; address LBPair; bool createdByOwner; bool ignoredForRouting; }',
  'function getLBPairInformation(address tokenA, address tokenB, uint256 binStep) view returns (LBPairInformation)',
  'function getAllLBPairs(address tokenX, address tokenY) view returns (LBPairInformation[])',
]);
export const lbPairAbi = parseAbi([
  'function getFactory() view returns (address)',
  'function getTokenX() view returns (address)',
  'function getTokenY() view returns (address)',
  'function getBinStep() view returns (uint16)',
  'function getActiveId() view returns (uint24)',
  'function getReserves() view returns (uint128 reserveX, uint128 reserveY)',
  'function getBin(uint24 id) view returns (uint128 binReserveX, uint128 binReserveY)',
  'function getNextNonEmptyBin(bool swapForY, uint24 id) view returns (uint24)',
  'function getPriceFromId(uint24 id) view returns (uint256)',
  'function getSwapOut(uint128 amountIn, bool swapForY) view returns (uint128 amountInLeft, uint128 amountOut, uint128 fee)',
]);
const LB_CLAIMS = { factory: 'getFactory', token0: 'getTokenX', token1: 'getTokenY' };

const events = parseAbi([
  'event Swap(address indexed sender, address indexed to, uint24 id, bytes32 amountsIn, bytes32 amountsOut, uint24 volatilityAccumulator, bytes32 totalFees, bytes32 protocolFees)',
  'event DepositedToBins(address indexed sender, address indexed to, uint256[] ids, bytes32[] amounts)',
  'event WithdrawnFromBins(address indexed sender, address indexed to, uint256[] ids, bytes32[] amounts)',
  'event LBPairCreated(address indexed tokenX, address indexed tokenY, uint256 indexed binStep, address LBPair, uint256 pid)',
]);
const swap = eventDecoder(events[0]);
const deposited = eventDecoder(events[1]);
const withdrawn = eventDecoder(events[2]);
const pairCreated = eventDecoder(events[3]);

const MASK_128 = (1n << 128n) - 1n;
/** PackedUint128Math: token X's amount in the low 128 bits, token Y's in the high ones. */
export const unpack = (packed: Hex): [bigint, bigint] => {
  const v = BigInt(packed);
  return [v & MASK_128, v >> 128n];
};
const sumPacked = (list: readonly Hex[]): [bigint, bigint] =>
  list.reduce<[bigint, bigint]>(
    ([x, y], p) => {
      const [px, py] = unpack(p);
      return [x + px, y + py];
    },
    [0n, 0n],
  );

const decoders = new Map<Hex, LogDecoder>([
  [
    swap.topic,
    (log, pool) => {
      const a = swap.decode(log) as { id: number; amountsIn: Hex; amountsOut: Hex; protocolFees: Hex } | null;
      if (!a) return null;
      // One Swap per bin crossed. A bin's amountsIn leaves out the protocol's share of its fee
      // (LBPair.swap subtracts pFees before the log and books it to _protocolFees): the pair received
      // amountsIn + protocolFees, which is the pool's side; amountsOut left it.
      const [inX, inY] = unpack(a.amountsIn);
      const [feeX, feeY] = unpack(a.protocolFees);
      const [outX, outY] = unpack(a.amountsOut);
      // The fill's price is its bin's: the log names the bin, the stored pair its bin step (0078).
      // Without the step (a pool the indexer has no row of) the swap is stored without a price.
      const price = pool?.binStep ? priceFromId(Number(a.id), pool.binStep) : null;
      return {
        kind: 'event',
        type: 'swap',
        amount0: inX + feeX - outX,
        amount1: inY + feeY - outY,
        sqrtPriceX96: price ? sqrtPriceX96FromPrice128(price) : null,
      };
    },
  ],
  [
    deposited.topic,
    (log) => {
      const a = deposited.decode(log) as { amounts: readonly Hex[] } | null;
      if (!a) return null;
      const [x, y] = sumPacked(a.amounts);
      return { kind: 'event', type: 'mint', amount0: x, amount1: y, sqrtPriceX96: null };
    },
  ],
  [
    withdrawn.topic,
    (log) => {
      const a = withdrawn.decode(log) as { amounts: readonly Hex[] } | null;
      if (!a) return null;
      const [x, y] = sumPacked(a.amounts);
      return { kind: 'event', type: 'burn', amount0: -x, amount1: -y, sqrtPriceX96: null };
    },
  ],
]);

type PairInformation = { binStep: number; LBPair: Address; createdByOwner: boolean; ignoredForRouting: boolean };
const pairInformation = (factory: Address, a: Address, b: Address, binStep: number) => ({
  address: factory,
  abi: lbFactoryAbi,
  functionName: 'getLBPairInformation' as const,
  args: [a, b, BigInt(binStep)] as const,
});

export const liquidityBook: DexAdapter = {
  family: 'liquidity-book',
  version: 'liquidity-book',
  logSource: 'pool',
  registryAddress: factoryOf,

  /** Every bin step's pair of the two tokens in one factory call; the deepest (most of the paired token held) wins. */
  async discover({ client }, dex, projectToken, pairedToken) {
    const pairs = (await client.readContract({
      address: factoryOf(dex),
      abi: lbFactoryAbi,
      functionName: 'getAllLBPairs',
      args: [projectToken, pairedToken],
    })) as readonly PairInformation[];
    // A factory answer is untrusted input too: a bounded list, zero addresses skipped.
    const candidates = pairs.slice(0, 64).filter((p) => !isAddressEqual(p.LBPair, zeroAddress));
    if (candidates.length === 0) return null;
    const depths = await client.multicall({
      allowFailure: true,
      contracts: candidates.map((c) => ({
        address: pairedToken,
        abi: erc20Abi,
        functionName: 'balanceOf' as const,
        args: [c.LBPair] as const,
      })),
    });
    const best = candidates[deepestIndex(depths as CallResult[])]!;
    return {
      address: getAddress(best.LBPair),
      version: 'liquidity-book',
      fee: null,
      shape: { binStep: Number(best.binStep) },
    };
  },

  async verify({ client }, dex, pool, projectToken, pairedToken) {
    const address = getAddress(pool);
    const claims = await checkPoolClaims(
      client,
      dex,
      address,
      lbPairAbi,
      [{ address, abi: lbPairAbi, functionName: 'getBinStep' }],
      projectToken,
      pairedToken,
      LB_CLAIMS,
    );
    const step = claims.extra[0];
    if (step?.status !== 'success') throw new PoolVerificationError(`This address is not a ${dex.name} pair.`);
    const binStep = Number(step.result);
    const info = (await client.readContract(
      pairInformation(factoryOf(dex), claims.token0, claims.token1, binStep),
    )) as PairInformation;
    requireListed(dex, info.LBPair, address);
    return {
      address,
      version: 'liquidity-book',
      fee: null,
      projectIsToken0: claims.projectIsToken0,
      shape: { binStep },
    };
  },

  listing: {
    claims: (address) => [
      { address, abi: lbPairAbi, functionName: 'getFactory' },
      { address, abi: lbPairAbi, functionName: 'getTokenX' },
      { address, abi: lbPairAbi, functionName: 'getTokenY' },
      { address, abi: lbPairAbi, functionName: 'getBinStep' },
    ],
    read(dex, [factory, tokenX, tokenY, binStep]) {
      if (
        factory?.status !== 'success' ||
        tokenX?.status !== 'success' ||
        tokenY?.status !== 'success' ||
        binStep?.status !== 'success'
      )
        return null;
      const token0 = tokenX.result as Address;
      const token1 = tokenY.result as Address;
      return {
        factory: factory.result as Address,
        token0,
        token1,
        lookup: pairInformation(factoryOf(dex), token0, token1, Number(binStep.result)),
      };
    },
    listedPool: (answer) => (answer as PairInformation).LBPair,
  },

  /**
   * Every bin step's pair of base/stable in one call; each is a candidate (the deepest wins). Their
   * X/Y order is not the addresses' order, so the state read answers it (stateCalls, sidesUnknown).
   */
  referenceLookups: (dex, base, stable) => [
    {
      call: { address: factoryOf(dex), abi: lbFactoryAbi, functionName: 'getAllLBPairs', args: [base, stable] },
      fee: null,
      pools: (answer) => (answer as readonly PairInformation[]).slice(0, 64).map((p) => p.LBPair),
    },
  ],

  /**
   * The active id and the bin step give the price (computed as the pair does: bin-price.ts); the
   * liquidity is getReserves(), every bin's reserves summed by the pair itself, the protocol's
   * unclaimed fees left out (decision 0071: the window is all bins).
   */
  stateCalls: (pool) => [
    { address: pool.address, abi: lbPairAbi, functionName: 'getActiveId' },
    { address: pool.address, abi: lbPairAbi, functionName: 'getBinStep' },
    { address: pool.address, abi: lbPairAbi, functionName: 'getReserves' },
    // A caller that only knows the two tokens (a reference pool candidate) learns which is X.
    ...(pool.sidesUnknown ? [{ address: pool.address, abi: lbPairAbi, functionName: 'getTokenX' }] : []),
  ],
  readState([activeId, binStep, reserves, tokenX], pool) {
    if (activeId?.status !== 'success' || binStep?.status !== 'success' || reserves?.status !== 'success') return null;
    if (pool.sidesUnknown && tokenX?.status !== 'success') return null;
    const price = priceFromId(Number(activeId.result), Number(binStep.result));
    if (price === null || price === 0n) return null;
    const [reserve0, reserve1] = reserves.result as readonly [bigint, bigint];
    const state = { reserve0, reserve1, sqrtPriceX96: sqrtPriceX96FromPrice128(price) };
    return tokenX?.status === 'success' ? { ...state, token0: getAddress(tokenX.result as Address) } : state;
  },

  liquidityRatioIsPrice: false,
  // With the pair's stored bin step (decision 0078): a reference pair's swaps have none.
  swapsCarryPrice: true,
  decoders,
  creation: {
    topic: pairCreated.topic,
    decode(log: Log) {
      const a = pairCreated.decode(log) as {
        tokenX: Address;
        tokenY: Address;
        binStep: bigint;
        LBPair: Address;
      } | null;
      if (!a || a.binStep > 0xffffn) return null;
      return {
        factory: normalizeAddress(log.address),
        token0: normalizeAddress(a.tokenX),
        token1: normalizeAddress(a.tokenY),
        pool: getAddress(a.LBPair),
        version: 'liquidity-book',
        fee: null,
        shape: { binStep: Number(a.binStep) },
        blockNumber: BigInt(log.blockNumber as unknown as string),
        txHash: (log.transactionHash as string).toLowerCase(),
      };
    },
  },

  // The fee is a base fee plus a variable one that follows volatility: no fixed tier to show.
  facts: (pool) => ({ fee: null, dynamicFee: true, ...(pool.binStep == null ? {} : { binStep: pool.binStep }) }),
};
