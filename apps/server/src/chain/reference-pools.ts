import { getAddress, isAddress, isAddressEqual, zeroAddress, type Address, type PublicClient } from 'viem';
import { adapterOf } from './dex/registry';
import type { StateCall, StatePool } from './dex/types';
import { readRawPoolStates, type TrackedPool } from './pool-state';
import type { DexConfig } from './networks';
import { normalizeAddress } from '../lib/addresses';

export interface ReferenceToken {
  address: Address;
  decimals: number;
}

export interface ReferencePool {
  address: Address;
  dex: DexConfig;
  fee: number | null;
  stable: ReferenceToken;
  /** Raw reserves (V3: the tokens the pool holds) and, for V3, slot0's sqrtPriceX96. */
  baseIsToken0: boolean;
  baseReserve: bigint;
  stableReserve: bigint;
  sqrtPriceX96: bigint | null;
}

export interface ReferencePools {
  blockNumber: bigint;
  blockTime: Date;
  pools: ReferencePool[];
}

/**
 * Every pool of `base` (the wrapped native) against each of `stables` on the given DEXes, found
 * through the factories (each family's referenceLookups: V2 getPair, V3 getPool per fee tier, Liquidity
 * Book getAllLBPairs) and read at one block. Nothing here is
 * a hard-coded pool address: a pool the factory does not list is not a reference pool. Three RPC
 * requests (the lookups, the block number, the reads) whatever the number of DEXes.
 */
export async function readReferencePools(
  client: PublicClient,
  multicall3: Address,
  dexes: readonly DexConfig[],
  base: ReferenceToken,
  stables: readonly ReferenceToken[],
): Promise<ReferencePools> {
  const lookups: {
    dex: DexConfig;
    fee: number | null;
    stable: ReferenceToken;
    call: StateCall;
    pools?: (answer: unknown) => Address[];
  }[] = [];
  // A family without referenceLookups has no reference pools (V4 not yet: docs/decisions/0042).
  for (const dex of dexes) {
    const lookupsOf = adapterOf(dex).referenceLookups;
    if (!lookupsOf) continue;
    for (const stable of stables)
      for (const { call, fee, pools } of lookupsOf(dex, base.address, stable.address))
        lookups.push({ dex, fee, stable, call, pools });
  }
  const blockNumber = await client.getBlockNumber({ cacheTime: 0 });
  if (lookups.length === 0) return { blockNumber, blockTime: new Date(0), pools: [] };
  const found = await client.multicall({
    allowFailure: true,
    blockNumber,
    batchSize: 0,
    contracts: lookups.map((l) => l.call),
  });
  const candidates = lookups.flatMap((l, i) => {
    const r = found[i];
    if (r?.status !== 'success') return [];
    let addresses: Address[];
    try {
      // A lookup answers one pool's address, or (Liquidity Book) a list the adapter reads.
      addresses = l.pools ? l.pools(r.result) : [r.result as Address];
    } catch {
      return [];
    }
    // The Uniswap-style factories sort the pair by address: token0 is the lower one. A family
    // that orders its tokens otherwise answers its order with the state (sidesUnknown below).
    const baseIsToken0 = normalizeAddress(base.address) < normalizeAddress(l.stable.address);
    return addresses
      .filter((a) => isAddress(a) && !isAddressEqual(a, zeroAddress))
      .map((a) => ({ ...l, address: getAddress(a), baseIsToken0 }));
  });
  const { blockTime, states } = await readRawPoolStates(
    client,
    multicall3,
    candidates.map((c): TrackedPool & StatePool => ({
      address: c.address,
      version: c.dex.version,
      family: c.dex.family,
      token0: c.baseIsToken0 ? base.address : c.stable.address,
      token1: c.baseIsToken0 ? c.stable.address : base.address,
      sidesUnknown: true,
    })),
    blockNumber,
  );
  const pools = candidates.flatMap((c): ReferencePool[] => {
    const state = states.get(normalizeAddress(c.address));
    if (!state) return [];
    // The pool's own answer wins over the address order (a Liquidity Book pair's token X).
    const baseIsToken0 = state.token0 ? isAddressEqual(state.token0, base.address) : c.baseIsToken0;
    if (state.token0 && !baseIsToken0 && !isAddressEqual(state.token0, c.stable.address)) return [];
    return [
      {
        address: c.address,
        dex: c.dex,
        fee: c.fee,
        stable: c.stable,
        baseIsToken0,
        baseReserve: baseIsToken0 ? state.reserve0 : state.reserve1,
        stableReserve: baseIsToken0 ? state.reserve1 : state.reserve0,
        sqrtPriceX96: state.sqrtPriceX96,
      },
    ];
  });
  return { blockNumber, blockTime, pools };
}
