import {
  decodeEventLog,
  encodeAbiParameters,
  getAddress,
  isAddressEqual,
  keccak256,
  zeroAddress,
  type Address,
  type Hex,
  type Log,
  type PublicClient,
} from 'viem';
import { v4PoolManagerEvents, v4StateViewAbi, V4_INITIALIZE_TOPIC } from './v4-abis';
import type { V4DexConfig } from './networks';
import { PoolVerificationError } from './dex/errors';

/*
 * Uniswap V4 pools (docs/decisions/0042). A pool is its PoolKey; its id is keccak256 of the
 * abi-encoded key and is what TokenDesk stores where a V2/V3 pool has its address.
 */

export interface PoolKey {
  currency0: Address;
  currency1: Address;
  /** Hundredths of a bip; DYNAMIC_FEE marks a fee the hook sets per swap. */
  fee: number;
  tickSpacing: number;
  hooks: Address;
}

/** LPFeeLibrary.DYNAMIC_FEE_FLAG. */
export const DYNAMIC_FEE = 0x800000;
export const isDynamicFee = (fee: number) => fee === DYNAMIC_FEE;

/** Native ETH (or the network's native coin) as a V4 currency. */
export const NATIVE_CURRENCY: Address = zeroAddress;

/** PoolId of a key, lower case. */
export function poolIdOf(key: PoolKey): Hex {
  const encoded = encodeAbiParameters(
    [{ type: 'address' }, { type: 'address' }, { type: 'uint24' }, { type: 'int24' }, { type: 'address' }],
    [key.currency0, key.currency1, key.fee, key.tickSpacing, key.hooks],
  );
  return keccak256(encoded).toLowerCase() as Hex;
}

/** Currencies in key order (currency0 < currency1 as numbers, so native ETH is always currency0). */
export function sortCurrencies(a: Address, b: Address): [Address, Address] {
  return BigInt(a) < BigInt(b) ? [a, b] : [b, a];
}

/** v4-core Hooks.sol: permission bit 13 down to bit 0 of the hooks address. */
export const HOOK_FLAG_NAMES = [
  'beforeInitialize',
  'afterInitialize',
  'beforeAddLiquidity',
  'afterAddLiquidity',
  'beforeRemoveLiquidity',
  'afterRemoveLiquidity',
  'beforeSwap',
  'afterSwap',
  'beforeDonate',
  'afterDonate',
  'beforeSwapReturnDelta',
  'afterSwapReturnDelta',
  'afterAddLiquidityReturnDelta',
  'afterRemoveLiquidityReturnDelta',
] as const;

/** The names of the permission bits set in a hooks address; none for address 0. */
export function hookFlags(hooks: string): string[] {
  const bits = Number(BigInt(hooks) & 0x3fffn);
  return HOOK_FLAG_NAMES.filter((_, i) => (bits & (1 << (13 - i))) !== 0);
}

export interface InitializedPool {
  id: Hex;
  key: PoolKey;
  blockNumber: bigint;
  txHash: string;
}

/**
 * A PoolManager's Initialize log, or null for anything else. The id is recomputed from the key and
 * must match the logged one: an id nobody can derive from the key is no pool of this manager.
 */
export function decodeInitialize(
  log: Pick<Log, 'topics' | 'data' | 'blockNumber' | 'transactionHash'>,
): InitializedPool | null {
  try {
    const decoded = decodeEventLog({
      abi: v4PoolManagerEvents,
      topics: log.topics as [Hex, ...Hex[]],
      data: log.data,
      strict: true,
    });
    if (decoded.eventName !== 'Initialize') return null;
    const a = decoded.args;
    const key: PoolKey = {
      currency0: getAddress(a.currency0),
      currency1: getAddress(a.currency1),
      fee: Number(a.fee),
      tickSpacing: Number(a.tickSpacing),
      hooks: getAddress(a.hooks),
    };
    const id = poolIdOf(key);
    if (id !== a.id.toLowerCase()) return null;
    return {
      id,
      key,
      blockNumber: BigInt(log.blockNumber as unknown as string),
      txHash: String(log.transactionHash).toLowerCase(),
    };
  } catch {
    return null;
  }
}

/** Initialize logs of a PoolManager, filtered by id or by the two currencies (the reader pages the ranges). */
export type InitializeReader = (
  filter: { id: Hex } | { currency0: Address; currency1: Address },
) => Promise<InitializedPool[]>;

/**
 * The indexer's eth_getLogs pager (indexer/get-logs.ts getLogsChunked: ranges shrink on a
 * provider's refusal, a lagging node's short answer is refused). The chain layer may not import
 * the indexer, so the app hands it to ChainService (app.ts).
 */
export type LogPager = (
  client: PublicClient,
  addresses: readonly Address[],
  topics: Hex[],
  fromBlock: bigint,
  toBlock: bigint,
  options: { maxRange: bigint; maxAddresses: number; moreTopics?: (Hex | Hex[] | null)[]; onRequest?: () => void },
) => Promise<{ logs: Log[] }>;

export const topicOf = (value: string): Hex => `0x${value.slice(2).toLowerCase().padStart(64, '0')}`;

/** Wide first ranges: a filter on the pool id or both currencies matches a handful of logs, and a provider's refusal shrinks the range. */
const INITIALIZE_RANGE = 500_000n;

/**
 * Reads a PoolManager's Initialize logs from its deployment block (V4DexConfig.startBlock) to the
 * head, by pool id (topic 1) or by both currencies (topics 2 and 3).
 */
export function initializeReader(client: PublicClient, dex: V4DexConfig, pageLogs: LogPager): InitializeReader {
  return async (filter) => {
    const toBlock = await client.getBlockNumber({ cacheTime: 0 });
    const moreTopics: (Hex | null)[] =
      'id' in filter ? [topicOf(filter.id)] : [null, topicOf(filter.currency0), topicOf(filter.currency1)];
    const { logs } = await pageLogs(client, [dex.poolManager], [V4_INITIALIZE_TOPIC], dex.startBlock ?? 0n, toBlock, {
      maxRange: INITIALIZE_RANGE,
      maxAddresses: 1,
      moreTopics,
    });
    return logs.map(decodeInitialize).filter((p): p is InitializedPool => p !== null);
  };
}

/** Initialize logs of pools with any of `tokens` as currency0 or currency1, over one range (the new-pool watch). */
export async function initializeLogsOfTokens(
  client: PublicClient,
  dex: V4DexConfig,
  pageLogs: LogPager,
  tokens: readonly Address[],
  from: bigint,
  to: bigint,
  onRequest?: () => void,
): Promise<{ pools: InitializedPool[]; logs: Log[] }> {
  const padded = tokens.map(topicOf);
  const byId = new Map<string, InitializedPool>();
  const all: Log[] = [];
  for (const moreTopics of [
    [null, padded],
    [null, null, padded],
  ]) {
    const { logs } = await pageLogs(client, [dex.poolManager], [V4_INITIALIZE_TOPIC], from, to, {
      maxRange: 10_000n,
      maxAddresses: 1,
      moreTopics,
      onRequest,
    });
    // A pool of two project tokens matches both filters; count it once.
    all.push(...logs);
    for (const log of logs) {
      const p = decodeInitialize(log);
      if (p) byId.set(p.id, p);
    }
  }
  return { pools: [...byId.values()], logs: all };
}

export interface V4State {
  sqrtPriceX96: bigint;
  tick: number;
  lpFee: number;
  liquidity: bigint;
}

/** getSlot0 and getLiquidity of many pools through StateView, in one multicall; null where a read failed. */
export async function readV4States(
  client: PublicClient,
  stateView: Address,
  ids: readonly Hex[],
  blockNumber?: bigint,
): Promise<(V4State | null)[]> {
  if (ids.length === 0) return [];
  const results = await client.multicall({
    allowFailure: true,
    ...(blockNumber === undefined ? {} : { blockNumber }),
    contracts: ids.flatMap((id) => [
      { address: stateView, abi: v4StateViewAbi, functionName: 'getSlot0' as const, args: [id] as const },
      { address: stateView, abi: v4StateViewAbi, functionName: 'getLiquidity' as const, args: [id] as const },
    ]),
  });
  return ids.map((_, i) => {
    const slot0 = results[i * 2];
    const liquidity = results[i * 2 + 1];
    if (slot0?.status !== 'success' || liquidity?.status !== 'success') return null;
    const [sqrtPriceX96, tick, , lpFee] = slot0.result as readonly [bigint, number, number, number];
    return { sqrtPriceX96, tick: Number(tick), lpFee: Number(lpFee), liquidity: liquidity.result as bigint };
  });
}

export interface V4Candidate {
  id: Hex;
  key: PoolKey;
}

/**
 * The V4 pool of a token pair: every pool the PoolManager initialised with exactly these two
 * currencies (any fee, tick spacing and hooks), the deepest one by in-range liquidity. Null when
 * there is none, or none is initialised with liquidity readable.
 */
export async function discoverV4Pool(
  client: PublicClient,
  dex: V4DexConfig,
  readInitialize: InitializeReader,
  projectToken: Address,
  pairedToken: Address,
): Promise<V4Candidate | null> {
  const [currency0, currency1] = sortCurrencies(getAddress(projectToken), getAddress(pairedToken));
  const found = await readInitialize({ currency0, currency1 });
  const candidates = found.filter(
    (p) => isAddressEqual(p.key.currency0, currency0) && isAddressEqual(p.key.currency1, currency1),
  );
  if (candidates.length === 0) return null;
  const states = await readV4States(
    client,
    dex.stateView,
    candidates.map((c) => c.id),
  );
  let best: V4Candidate | null = null;
  let bestLiquidity = -1n;
  candidates.forEach((c, i) => {
    const state = states[i];
    if (!state || state.sqrtPriceX96 === 0n) return;
    if (state.liquidity > bestLiquidity) {
      bestLiquidity = state.liquidity;
      best = { id: c.id, key: c.key };
    }
  });
  return best;
}

/**
 * Before a V4 pool is saved: StateView must show it initialised in the network's PoolManager, its
 * key must come from that PoolManager's Initialize log (the id recomputed from it), and the key's
 * currencies must be exactly the project token and the paired token. `known` skips the log read
 * when the key is already known (from discovery); its id is recomputed all the same.
 */
export async function verifyV4Pool(
  client: PublicClient,
  dex: V4DexConfig,
  readInitialize: InitializeReader,
  poolId: Hex,
  projectToken: Address,
  pairedToken: Address,
  known?: PoolKey,
): Promise<{ id: Hex; key: PoolKey; projectIsToken0: boolean }> {
  const id = poolId.toLowerCase() as Hex;
  const [state] = await readV4States(client, dex.stateView, [id]);
  if (!state) throw new PoolVerificationError(`${dex.name}'s StateView did not answer for this pool id.`);
  if (state.sqrtPriceX96 === 0n)
    throw new PoolVerificationError(`This pool id is not an initialised ${dex.name} pool on this network.`);
  let key = known && poolIdOf(known) === id ? known : undefined;
  if (!key) {
    const [logged] = await readInitialize({ id });
    if (!logged) throw new PoolVerificationError(`${dex.name}'s PoolManager has no Initialize record of this pool id.`);
    key = logged.key;
  }
  const project = getAddress(projectToken);
  const paired = getAddress(pairedToken);
  const projectIsToken0 = isAddressEqual(key.currency0, project) && isAddressEqual(key.currency1, paired);
  const projectIsToken1 = isAddressEqual(key.currency1, project) && isAddressEqual(key.currency0, paired);
  if (!projectIsToken0 && !projectIsToken1)
    throw new PoolVerificationError('This pool does not pair the project token with the selected token.');
  return { id, key, projectIsToken0 };
}
