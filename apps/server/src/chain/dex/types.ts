import type { Abi, Address, Hex, Log, PublicClient } from 'viem';
import type { DexConfig, DexFamily, DexVersion } from '../networks';
import type { LogPager } from '../v4-pools';

/*
 * The questions every DEX family answers (docs/decisions/0059). Callers (chain-service, pool-state,
 * reference-pools, the indexer, the new-pool watch, the pool presenter) ask them through the
 * registry (./registry.ts) and never switch on a family themselves, so a new family is one folder
 * beside these plus a registry row.
 *
 * Prices travel as they do in storage: `sqrtPriceX96` when the pool's price is not the ratio of the
 * amounts beside it (concentrated liquidity, a stable curve, an active bin: the adapter converts its
 * own price into a Q64.96 square root of token1 per token0), or null when the two amounts' ratio is
 * the price (a constant-product pool's reserves). Everything downstream (snapshots, alerts, candles,
 * USD) then needs no family case.
 */

/** One read of the per-tick multicall, in viem's multicall shape. */
export interface StateCall {
  address: Address;
  abi: Abi;
  functionName: string;
  args?: readonly unknown[];
}

/** A multicall answer with allowFailure. */
export type CallResult = { status: 'success'; result: unknown } | { status: 'failure'; error?: unknown };

/** A tracked pool as the state reads need it. */
export interface StatePool {
  /** A pool contract's address, or a singleton family's pool id (V4). */
  address: Address;
  token0: Address;
  token1: Address;
  /** The DEX's singleton reader, for families without pool contracts (V4: StateView). */
  stateView?: Address;
  /**
   * token0/token1 are the two tokens sorted by address, a guess (reference-pools.ts): a family
   * whose pools order their tokens otherwise (Liquidity Book: X/Y) reads the order and answers it
   * as RawPoolState.token0.
   */
  sidesUnknown?: boolean;
}

export interface RawPoolState {
  /** The amounts shown as the pool's liquidity (balances, reserves, or what in-range liquidity stands for). */
  reserve0: bigint;
  reserve1: bigint;
  /** The price as a Q64.96 square root, or null when reserve1/reserve0 is the price. */
  sqrtPriceX96: bigint | null;
  /** The pool's own token0, where it was asked for (StatePool.sidesUnknown) and the family reads it. */
  token0?: Address;
}

/** What a pool log means to TokenDesk: amounts are the pool's side (signed, positive into the pool). */
export interface DecodedEvent {
  kind: 'event';
  type: 'swap' | 'mint' | 'burn';
  amount0: bigint;
  amount1: bigint;
  /** The price after the log, where the log carries it; null when the amounts' ratio is the price or there is none. */
  sqrtPriceX96: bigint | null;
}
/** A pool's full reserves at a log (V2 Sync): a price point from the logs alone. */
export interface DecodedSync {
  kind: 'sync';
  reserve0: bigint;
  reserve1: bigint;
}
export type DecodedPoolLog = DecodedEvent | DecodedSync;

/**
 * What a log's price needs beyond the log, from the stored pool (decisions 0068, 0078): a Sync log
 * does not say which curve its pool is on (a Solidly stable and volatile pool log the same topic),
 * a Liquidity Book Swap names its bin but not the bin step that makes the bin a price.
 */
export interface SyncPool {
  /** pools.stable: null/absent where unknown (a reference pool, a row from before the families). */
  stable?: boolean | null;
  decimals0?: number;
  decimals1?: number;
  /** pools.bin_step (Liquidity Book): null/absent where unknown (a reference pool). */
  binStep?: number | null;
}
/** The stored pool as a decoder sees it. */
export type LogPool = SyncPool;

/**
 * Decodes one log whose topic0 is already known to be its event; null for a log of another shape.
 * `pool` is the stored pool the log came from where the indexer knows it; a decoder whose price
 * needs it (Liquidity Book's bin step) stores no price without it. A decoder shared by several
 * families (the registry merges them by topic) must not need it.
 */
export type LogDecoder = (log: Pick<Log, 'topics' | 'data'>, pool?: LogPool) => DecodedPoolLog | null;

/**
 * What a pool of the families beyond Uniswap is keyed or told apart by (decision 0067), stored in
 * pools.stable / bin_step / tick_spacing / hooks. Absent fields: the family has none.
 */
export interface PoolShapeKey {
  /** Solidly, Camelot V2: the stable curve (true) or constant product (false). */
  stable?: boolean;
  /** Slipstream, Algebra. */
  tickSpacing?: number;
  /** Liquidity Book. */
  binStep?: number;
  /** Algebra: the plugin contract (zero address for none). */
  plugin?: Address;
}

export interface DiscoveredPool {
  /** A V4 pool's id. */
  address: Address;
  version: DexVersion;
  fee: number | null;
  shape?: PoolShapeKey;
  /** V4: the key, so that attaching it needs no second log read. */
  key?: { currency0: Address; currency1: Address; fee: number; tickSpacing: number; hooks: Address };
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
  shape?: PoolShapeKey;
}

/** A pool-creation log of a configured factory (the new-pool watch). */
export interface CreatedPool {
  /** The factory, or a V4 pool's PoolManager, lower case. */
  factory: string;
  token0: string;
  token1: string;
  /** A V4 pool's id. */
  pool: Address;
  version: DexVersion;
  fee: number | null;
  /** V4 only: the rest of the key. */
  v4?: { tickSpacing: number; hooks: string };
  shape?: PoolShapeKey;
  blockNumber: bigint;
  txHash: string;
}

/** What the UI shows about a pool beyond its tokens; a field a family does not have is absent. */
export interface PoolFacts {
  /** The fee in hundredths of a bip, or null where it is not one fixed tier (V4 dynamic fee, a dynamic Algebra fee). */
  fee: number | null;
  dynamicFee?: boolean;
  /** Solidly-style pools: stable curve or volatile (constant product). */
  stable?: boolean;
  tickSpacing?: number;
  /** Liquidity Book. */
  binStep?: number;
  /** V4 hooks (Algebra: its plugin). */
  hooks?: Address;
}

/** The stored pool fields the facts are made from. */
export interface StoredPoolKey {
  fee: number | null;
  tickSpacing: number | null;
  hooks: string | null;
  stable?: boolean | null;
  binStep?: number | null;
}

/** What a contract's claim calls say about it; the lookup is the factory's call answering the pool's address. */
export interface PoolClaim {
  factory: Address;
  token0: Address;
  token1: Address;
  lookup: StateCall;
}

export interface PoolListing {
  /** Calls on the candidate address only (findPoolsAmong asks each distinct call once per address). */
  claims(pool: Address): StateCall[];
  read(dex: DexConfig, answers: readonly CallResult[]): PoolClaim | null;
  /** The pool address in the lookup's answer, where it is not the answer itself (Liquidity Book: a struct). */
  listedPool?(answer: unknown): Address;
}

export interface DexContext {
  client: PublicClient;
  /** The indexer's log pager, for families that find pools through logs (V4 Initialize). */
  pageLogs?: LogPager;
}

export interface DexAdapter {
  family: DexFamily;
  /** The pool_version stored for its pools (kept from before the families: existing rows stay valid). */
  version: DexVersion;
  /**
   * Where a pool's logs come from: 'pool' = each pool contract logs its own events (eth_getLogs by
   * address); 'singleton' = one contract logs every pool's events, told apart by topic 1 (V4).
   */
  logSource: 'pool' | 'singleton';
  /** The contract a DEX's pools are verified against and its creation events come from (factory or PoolManager). */
  registryAddress(dex: DexConfig): Address;

  /** The pool of a token pair on this DEX (the deepest, where a pair has several), or null. */
  discover(
    ctx: DexContext,
    dex: DexConfig,
    projectToken: Address,
    pairedToken: Address,
  ): Promise<DiscoveredPool | null>;
  /**
   * Before a pool is saved: it is this DEX's (its factory, asked itself, lists it: a contract can
   * claim any factory) and pairs exactly these two tokens. Throws PoolVerificationError.
   */
  verify(
    ctx: DexContext,
    dex: DexConfig,
    pool: Address,
    projectToken: Address,
    pairedToken: Address,
    known?: DiscoveredPool['key'],
  ): Promise<VerifiedPool>;
  /**
   * For recognising pools among arbitrary addresses (holders' pool labels): the family's own claim
   * calls on a candidate (Uniswap: factory(), token0(), token1(), V3 adds fee(); Liquidity Book:
   * getFactory(), getTokenX(), getTokenY(), getBinStep()), and what their answers claim: the factory,
   * the two tokens and the factory's lookup that must answer the candidate itself (null when the
   * answers do not fit this family). Absent for families without pool contracts.
   */
  listing?: PoolListing;
  /** Factory lookups for a reference pool of base/stable (USD rates); each may find one pool. Absent: no reference pools. */
  referenceLookups?(
    dex: DexConfig,
    base: Address,
    stable: Address,
  ): {
    call: StateCall;
    fee: number | null;
    /** The pools in the lookup's answer where it is not one address (Liquidity Book: a list of structs). */
    pools?(answer: unknown): Address[];
  }[];

  /** The reads of one pool in the per-tick multicall (none: the pool gets no state). */
  stateCalls(pool: StatePool): StateCall[];
  /** The pool's state from the answers to its stateCalls, or null (a failed read, an uninitialised pool). */
  readState(results: readonly CallResult[], pool: StatePool): RawPoolState | null;

  /**
   * Whether a liquidity change's two amounts are at the pool's price, so that their ratio is one (a
   * constant-product pool's Mint and Burn: yes; a concentrated position's amounts depend on where its
   * range sits: no, the activity row shows no price).
   */
  liquidityRatioIsPrice: boolean;
  /**
   * Where a family's liquidity changes are made at the reserves' proportion but that proportion is
   * not the price on every pool (a stable curve: decision 0078): the price at a Mint or Burn of
   * these absolute amounts as a Q64.96 square root; null: their ratio is the price (a volatile
   * pool); undefined: no price (a stable pool without its decimals). Absent: liquidityRatioIsPrice.
   */
  liquidityPrice?(amount0: bigint, amount1: bigint, pool: SyncPool): bigint | null | undefined;
  /**
   * The price at a Sync of this pool where its reserves' ratio is not the price (a stable curve), as
   * a Q64.96 square root; null: the reserve ratio is the price; undefined: no price can be made from
   * it (a stable pool without its decimals), so the Sync is no price point. Absent: always null.
   */
  syncPrice?(sync: DecodedSync, pool: SyncPool): bigint | null | undefined;
  /** Whether its swap logs carry the price after the swap (sqrtPriceX96): the 24 h base price looks them up only then. */
  swapsCarryPrice: boolean;

  /** topic0 → decoder of every pool event it stores, computed once (singleton families decode in their own pass). */
  decoders: ReadonlyMap<Hex, LogDecoder>;
  /** The creation event of a new pool on its factory (the new-pool watch), when it is a factory-logged event. */
  creation?: { topic: Hex; decode(log: Log): CreatedPool | null };

  /** What the UI shows about a stored pool. */
  facts(pool: StoredPoolKey): PoolFacts;
}
