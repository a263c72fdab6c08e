import { encodeFunctionData, isAddressEqual, type Address, type Hex, type PublicClient } from 'viem';
import { formatUnits } from './decimal';
import { ADAPTERS, adapterOf } from './dex/registry';
import type { CallResult, DexContext, DiscoveredPool, StateCall, VerifiedPool } from './dex/types';
import { readRawPoolStates, type RawPoolState } from './pool-state';
import { priceFromAmounts, priceFromSqrt } from './prices';
import { familyOf, type DexConfig, type DexFamily, type DexVersion } from './networks';
import { normalizeAddress, normalizePoolAddress } from '../lib/addresses';

export { PoolVerificationError } from './dex/errors';
export type { DiscoveredPool, VerifiedPool };

/** The pool of a token pair on a DEX, as its family finds it (the deepest, where a pair has several). */
export function discoverPool(
  ctx: DexContext,
  dex: DexConfig,
  projectToken: Address,
  pairedToken: Address,
): Promise<DiscoveredPool | null> {
  return adapterOf(dex).discover(ctx, dex, projectToken, pairedToken);
}

/**
 * Before a pool is saved: its family checks that the DEX's own factory (or PoolManager) lists it
 * and that it pairs exactly these two tokens. A contract can claim any factory(), so the factory's
 * own answer is what makes the check trustworthy.
 */
export function verifyPool(
  ctx: DexContext,
  dex: DexConfig,
  pool: Address,
  projectToken: Address,
  pairedToken: Address,
  known?: DiscoveredPool['key'],
): Promise<VerifiedPool> {
  return adapterOf(dex).verify(ctx, dex, pool, projectToken, pairedToken, known);
}

export interface PoolRef {
  /** A V4 pool's id. */
  address: Address;
  version: DexVersion;
  family?: DexFamily;
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
  const { blockNumber, blockTime, states: raw } = await readRawStatesAtHead(client, pools);
  const states = pools.map((p): PoolState | null => {
    const state = raw.get(normalizePoolAddress(p.address));
    return state ? poolStateOf(p, state) : null;
  });
  return { blockNumber, blockTime, states };
}

/** readPoolStates before the pools' sides are applied: raw states by normalised pool address. */
export async function readRawStatesAtHead(
  client: PublicClient,
  pools: readonly PoolRef[],
): Promise<{ blockNumber: bigint; blockTime: Date; states: Map<string, RawPoolState> }> {
  const multicall3 = client.chain?.contracts?.multicall3?.address;
  if (!multicall3) throw new Error('The chain client has no Multicall3 address');
  const blockNumber = await client.getBlockNumber({ cacheTime: 0 });
  const tracked = pools.map((p) => ({
    address: p.address,
    version: p.version,
    family: p.family,
    stateView: p.stateView,
    token0: p.projectIsToken0 ? p.projectToken : p.pairedToken,
    token1: p.projectIsToken0 ? p.pairedToken : p.projectToken,
  }));
  const { blockTime, states } = await readRawPoolStates(client, multicall3, tracked, blockNumber);
  return { blockNumber, blockTime, states };
}

/** A pool's raw state in its project's terms: whole-token reserves and the project token's price. */
export function poolStateOf(p: PoolRef, state: RawPoolState): PoolState {
  const side = {
    projectIsToken0: p.projectIsToken0,
    projectDecimals: p.projectDecimals,
    pairedDecimals: p.pairedDecimals,
  };
  const projectRaw = p.projectIsToken0 ? state.reserve0 : state.reserve1;
  const pairedRaw = p.projectIsToken0 ? state.reserve1 : state.reserve0;
  return {
    projectReserve: formatUnits(projectRaw, p.projectDecimals),
    pairedReserve: formatUnits(pairedRaw, p.pairedDecimals),
    price:
      state.sqrtPriceX96 !== null
        ? priceFromSqrt(side, state.sqrtPriceX96)
        : priceFromAmounts(side, projectRaw, pairedRaw),
  };
}

/**
 * Which of `addresses` are pools of `token` on the given DEXes: the contract names a configured
 * factory and the token, and that factory lists it (a contract can claim any factory, so the
 * factory's answer decides; a factory answering another family's lookup too is asked only in its
 * configured family's terms). Two multicalls whatever the number of addresses.
 */
export async function findPoolsAmong(
  client: PublicClient,
  dexes: readonly DexConfig[],
  token: Address,
  addresses: readonly Address[],
): Promise<Map<string, DexConfig>> {
  const found = new Map<string, DexConfig>();
  const listable = dexes.filter((d) => adapterOf(d).listing);
  if (addresses.length === 0 || listable.length === 0) return found;
  // Each family names its own claim calls (Liquidity Book's getTokenX is no token0): one list per
  // address of every distinct call, each family reading its own positions in it. Calls are told
  // apart by their calldata, so V2's and V3's factory() is asked once.
  const families = [...new Set(listable.map(familyOf))];
  const layout = claimLayout(families, addresses[0]!);
  const perAddress = layout.calls.length;
  const claims = (await client.multicall({
    allowFailure: true,
    contracts: addresses.flatMap((address) => layout.calls.map((c) => ({ ...c, address }))),
  })) as CallResult[];
  const candidates: { address: Address; dex: DexConfig; lookup: StateCall }[] = [];
  addresses.forEach((address, i) => {
    const answers = claims.slice(i * perAddress, (i + 1) * perAddress);
    for (const dex of listable) {
      const claim = adapterOf(dex).listing!.read(
        dex,
        layout.positions.get(familyOf(dex))!.map((p) => answers[p]!),
      );
      if (!claim || !isAddressEqual(adapterOf(dex).registryAddress(dex), claim.factory)) continue;
      if (!isAddressEqual(claim.token0, token) && !isAddressEqual(claim.token1, token)) continue;
      candidates.push({ address, dex, lookup: claim.lookup });
    }
  });
  if (candidates.length === 0) return found;
  const listed = (await client.multicall({
    allowFailure: true,
    contracts: candidates.map((c) => c.lookup),
  })) as CallResult[];
  candidates.forEach((c, i) => {
    const r = listed[i];
    const key = normalizeAddress(c.address);
    if (r?.status !== 'success' || found.has(key)) return;
    const listedPool = adapterOf(c.dex).listing!.listedPool;
    if (isAddressEqual(listedPool ? listedPool(r.result) : (r.result as Address), c.address)) found.set(key, c.dex);
  });
  return found;
}

/** The distinct claim calls of the families (on one address; each is re-aimed per address) and each family's positions in them. */
function claimLayout(
  families: readonly DexFamily[],
  sample: Address,
): { calls: StateCall[]; positions: Map<DexFamily, number[]> } {
  const calls: StateCall[] = [];
  const byData = new Map<Hex, number>();
  const positions = new Map<DexFamily, number[]>();
  for (const f of families) {
    positions.set(
      f,
      ADAPTERS[f].listing!.claims(sample).map((call) => {
        const data = encodeFunctionData({ abi: call.abi, functionName: call.functionName, args: call.args });
        let at = byData.get(data);
        if (at === undefined) {
          at = calls.push(call) - 1;
          byData.set(data, at);
        }
        return at;
      }),
    );
  }
  return { calls, positions };
}
