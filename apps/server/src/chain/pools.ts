import { getAddress, isAddressEqual, zeroAddress, type Address, type PublicClient } from 'viem';
import { erc20Abi, v2FactoryAbi, v2PairAbi, v3FactoryAbi, v3PoolAbi } from './abis';
import { formatUnits } from './decimal';
import { readRawPoolStates } from './pool-state';
import { priceFromAmounts, priceFromSqrt } from './prices';
import type { DexVersion, FactoryDexConfig } from './networks';
import type { PoolKey } from './v4-pools';
import { normalizeAddress, normalizePoolAddress } from '../lib/addresses';

export interface DiscoveredPool {
  /** A V4 pool's id. */
  address: Address;
  version: DexVersion;
  fee: number | null;
  /** V4: the key, so that attaching it needs no second log read. */
  key?: PoolKey;
}

/**
 * The pool of a token pair on a DEX, straight from its factory. V3: every fee tier is asked in
 * one multicall and the deepest pool (most of the paired token held) wins.
 */
export async function discoverPool(client: PublicClient, dex: FactoryDexConfig, projectToken: Address, pairedToken: Address): Promise<DiscoveredPool | null> {
  if (dex.version === 'v2') {
    const pair = await client.readContract({ address: dex.factory, abi: v2FactoryAbi, functionName: 'getPair', args: [projectToken, pairedToken] });
    return isAddressEqual(pair, zeroAddress) ? null : { address: getAddress(pair), version: 'v2', fee: null };
  }
  const fees = dex.feeTiers ?? [];
  const found = await client.multicall({
    allowFailure: true,
    contracts: fees.map((fee) => ({ address: dex.factory, abi: v3FactoryAbi, functionName: 'getPool' as const, args: [projectToken, pairedToken, fee] as const })),
  });
  const candidates = found
    .map((r, i) => ({ address: r.status === 'success' ? (r.result as Address) : zeroAddress, fee: fees[i]! }))
    .filter((c) => !isAddressEqual(c.address, zeroAddress));
  if (candidates.length === 0) return null;
  const depths = await client.multicall({
    allowFailure: true,
    contracts: candidates.map((c) => ({ address: pairedToken, abi: erc20Abi, functionName: 'balanceOf' as const, args: [c.address] as const })),
  });
  let best = candidates[0]!;
  let bestDepth = -1n;
  depths.forEach((d, i) => {
    const depth = d.status === 'success' ? (d.result as bigint) : 0n;
    if (depth > bestDepth) {
      bestDepth = depth;
      best = candidates[i]!;
    }
  });
  return { address: getAddress(best.address), version: 'v3', fee: best.fee };
}

export class PoolVerificationError extends Error {
  override name = 'PoolVerificationError';
}

export interface VerifiedPool {
  /** A V4 pool's id. */
  address: Address;
  version: DexVersion;
  /** V4: the key's fee, DYNAMIC_FEE (0x800000) included. */
  fee: number | null;
  projectIsToken0: boolean;
  /** V4 only: the rest of the key. */
  v4?: { tickSpacing: number; hooks: Address };
}

/**
 * Before a pool is saved: the contract must say it belongs to the DEX's factory and pairs exactly
 * these two tokens, and the factory itself must list it. A contract can claim any factory(), so
 * the factory's own answer is what makes the check trustworthy.
 */
export async function verifyPool(client: PublicClient, dex: FactoryDexConfig, poolAddress: Address, projectToken: Address, pairedToken: Address): Promise<VerifiedPool> {
  const address = getAddress(poolAddress);
  const code = await client.getCode({ address });
  if (!code || code === '0x') throw new PoolVerificationError('There is no contract at this pool address.');
  const abi = dex.version === 'v2' ? v2PairAbi : v3PoolAbi;
  const calls = [
    { address, abi, functionName: 'factory' as const },
    { address, abi, functionName: 'token0' as const },
    { address, abi, functionName: 'token1' as const },
    ...(dex.version === 'v3' ? [{ address, abi: v3PoolAbi, functionName: 'fee' as const }] : []),
  ];
  const [factory, token0, token1, fee] = await client.multicall({ allowFailure: true, contracts: calls });
  if (factory?.status !== 'success' || token0?.status !== 'success' || token1?.status !== 'success') {
    throw new PoolVerificationError(`This address is not a ${dex.name} pool.`);
  }
  if (!isAddressEqual(factory.result as Address, dex.factory)) {
    throw new PoolVerificationError(`This pool does not belong to ${dex.name}: its factory is ${factory.result as string}.`);
  }
  const t0 = token0.result as Address;
  const t1 = token1.result as Address;
  const projectIsToken0 = isAddressEqual(t0, projectToken) && isAddressEqual(t1, pairedToken);
  const projectIsToken1 = isAddressEqual(t1, projectToken) && isAddressEqual(t0, pairedToken);
  if (!projectIsToken0 && !projectIsToken1) {
    throw new PoolVerificationError('This pool does not pair the project token with the selected token.');
  }
  let feeTier: number | null = null;
  let listed: Address;
  if (dex.version === 'v3') {
    if (fee?.status !== 'success') throw new PoolVerificationError(`This address is not a ${dex.name} pool.`);
    feeTier = Number(fee.result);
    listed = await client.readContract({ address: dex.factory, abi: v3FactoryAbi, functionName: 'getPool', args: [t0, t1, feeTier] });
  } else {
    listed = await client.readContract({ address: dex.factory, abi: v2FactoryAbi, functionName: 'getPair', args: [t0, t1] });
  }
  if (!isAddressEqual(listed, address)) {
    throw new PoolVerificationError(`${dex.name}'s factory does not list this contract as the pool of these tokens.`);
  }
  return { address, version: dex.version, fee: feeTier, projectIsToken0 };
}

export interface PoolRef {
  /** A V4 pool's id. */
  address: Address;
  version: DexVersion;
  /** V4: the network's StateView (ChainService fills it in). */
  stateView?: Address;
  projectIsToken0: boolean;
  projectToken: Address;
  pairedToken: Address;
  projectDecimals: number;
  pairedDecimals: number;
}

export interface PoolState {
  /** Exact decimal strings, in whole tokens. */
  projectReserve: string;
  pairedReserve: string;
  /** The project token priced in the paired token; null when the pool is empty. */
  price: string | null;
}

export interface PoolStates {
  blockNumber: bigint;
  blockTime: Date;
  states: (PoolState | null)[];
}

/**
 * Reserves and prices of many pools, pinned to one block: the block number, then one multicall
 * with every pool's reads (chain/pool-state.ts). Two RPC requests whatever the number of pools.
 * A pool whose reads fail gets null, not a guess.
 */
export async function readPoolStates(client: PublicClient, pools: readonly PoolRef[]): Promise<PoolStates> {
  const multicall3 = client.chain?.contracts?.multicall3?.address;
  if (!multicall3) throw new Error('The chain client has no Multicall3 address');
  const blockNumber = await client.getBlockNumber({ cacheTime: 0 });
  const tracked = pools.map((p) => ({
    address: p.address,
    version: p.version,
    stateView: p.stateView,
    token0: p.projectIsToken0 ? p.projectToken : p.pairedToken,
    token1: p.projectIsToken0 ? p.pairedToken : p.projectToken,
  }));
  const { blockTime, states: raw } = await readRawPoolStates(client, multicall3, tracked, blockNumber);
  const states = pools.map((p): PoolState | null => {
    const state = raw.get(normalizePoolAddress(p.address));
    if (!state) return null;
    const side = { projectIsToken0: p.projectIsToken0, projectDecimals: p.projectDecimals, pairedDecimals: p.pairedDecimals };
    const projectRaw = p.projectIsToken0 ? state.reserve0 : state.reserve1;
    const pairedRaw = p.projectIsToken0 ? state.reserve1 : state.reserve0;
    return {
      projectReserve: formatUnits(projectRaw, p.projectDecimals),
      pairedReserve: formatUnits(pairedRaw, p.pairedDecimals),
      price: state.sqrtPriceX96 !== null ? priceFromSqrt(side, state.sqrtPriceX96) : priceFromAmounts(side, projectRaw, pairedRaw),
    };
  });
  return { blockNumber, blockTime, states };
}

/**
 * Which of `addresses` are pools of `token` on the given DEXes: the contract names a configured
 * factory and the token, and that factory lists it (a contract can claim any factory, so the
 * factory's answer decides). Two multicalls whatever the number of addresses.
 */
export async function findPoolsAmong(client: PublicClient, dexes: readonly FactoryDexConfig[], token: Address, addresses: readonly Address[]): Promise<Map<string, FactoryDexConfig>> {
  const found = new Map<string, FactoryDexConfig>();
  if (addresses.length === 0) return found;
  const claims = await client.multicall({
    allowFailure: true,
    contracts: addresses.flatMap((address) => [
      { address, abi: v3PoolAbi, functionName: 'factory' as const },
      { address, abi: v3PoolAbi, functionName: 'token0' as const },
      { address, abi: v3PoolAbi, functionName: 'token1' as const },
      { address, abi: v3PoolAbi, functionName: 'fee' as const },
    ]),
  });
  const candidates: { address: Address; dex: FactoryDexConfig; token0: Address; token1: Address; fee: number }[] = [];
  addresses.forEach((address, i) => {
    const [factory, t0, t1, fee] = claims.slice(i * 4, i * 4 + 4);
    if (factory?.status !== 'success' || t0?.status !== 'success' || t1?.status !== 'success') return;
    const token0 = t0.result as Address;
    const token1 = t1.result as Address;
    if (!isAddressEqual(token0, token) && !isAddressEqual(token1, token)) return;
    const isV3 = fee?.status === 'success';
    const dex = dexes.find((d) => isAddressEqual(d.factory, factory.result as Address) && d.version === (isV3 ? 'v3' : 'v2'));
    if (dex) candidates.push({ address, dex, token0, token1, fee: isV3 ? Number(fee.result) : 0 });
  });
  if (candidates.length === 0) return found;
  const listed = await client.multicall({
    allowFailure: true,
    contracts: candidates.map((c) =>
      c.dex.version === 'v3'
        ? { address: c.dex.factory, abi: v3FactoryAbi, functionName: 'getPool' as const, args: [c.token0, c.token1, c.fee] as const }
        : { address: c.dex.factory, abi: v2FactoryAbi, functionName: 'getPair' as const, args: [c.token0, c.token1] as const },
    ),
  });
  candidates.forEach((c, i) => {
    const r = listed[i];
    if (r?.status === 'success' && isAddressEqual(r.result as Address, c.address)) found.set(normalizeAddress(c.address), c.dex);
  });
  return found;
}
