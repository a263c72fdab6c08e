import type { Address, PublicClient } from 'viem';
import { ChainUnavailableError, createChainClient, withDeadline, type ChainClientOptions } from './client';
import type { DexContext } from './dex/types';
import { isV4Dex, type DexConfig, type NetworkConfig, type NetworkRegistry } from './networks';
import {
  discoverPool,
  findPoolsAmong,
  poolStateOf,
  readRawStatesAtHead,
  verifyPool,
  type DiscoveredPool,
  type PoolRef,
  type PoolState,
  type VerifiedPool,
} from './pools';
import type { RawPoolState } from './pool-state';
import { readTokenInfo, type TokenInfo } from './token-info';
import type { LogPager, PoolKey } from './v4-pools';
import { normalizeAddress, normalizePoolAddress } from '../lib/addresses';

export interface CachedPoolState {
  state: PoolState | null;
  blockNumber: bigint;
  blockTime: Date;
  fetchedAt: number;
}

/** What the cache keeps: a pool's raw state (its sides are applied per request, from the request's PoolRef). */
interface CachedRawState {
  raw: RawPoolState | null;
  blockNumber: bigint;
  blockTime: Date;
  fetchedAt: number;
  /** The order it was kept in (ChainService.kept): tells a state kept during a read from one kept before. */
  seq?: number;
}

/**
 * The one door to the chains: one viem client per network, every operation under a deadline, and
 * a short cache of pool states so that many open dashboards cost one multicall per network.
 */
export class ChainService {
  private readonly clients = new Map<number, PublicClient>();
  private readonly poolCache = new Map<string, CachedRawState>();
  /** How many states were kept so far (CachedRawState.seq). */
  private kept = 0;
  private readonly poolCheckCache = new Map<string, { dex: DexConfig | null; at: number }>();
  /** Pool reads in flight, by pool, so concurrent requests share them. */
  private readonly poolReads = new Map<string, { done?: Promise<void> }>();
  /** V4 keys by network and pool id: a key is a fact of its id (keccak256), so one read is enough. */
  private readonly v4Keys = new Map<string, PoolKey>();

  constructor(
    readonly registry: NetworkRegistry,
    private readonly options: ChainClientOptions & { poolStateTtlMs?: number; pageLogs?: LogPager } = {},
  ) {}

  /** The indexer's log pager, for V4 pools' Initialize logs (the app hands it over: chain may not import the indexer). */
  setLogPager(pageLogs: LogPager): void {
    this.options.pageLogs ??= pageLogs;
  }

  client(network: NetworkConfig): PublicClient {
    let client = this.clients.get(network.id);
    if (!client) {
      client = createChainClient(network, this.options);
      this.clients.set(network.id, client);
    }
    return client;
  }

  tokenInfo(network: NetworkConfig, address: Address): Promise<TokenInfo> {
    return withDeadline(network, () => readTokenInfo(this.client(network), address, network.name));
  }

  /** The network's latest block, uncached: where a new project's new-pool watch starts (decision 0057). */
  headBlock(network: NetworkConfig): Promise<bigint> {
    return withDeadline(network, () => this.client(network).getBlockNumber({ cacheTime: 0 }));
  }

  /** What a family's discovery and verification read the chain with. */
  private dexContext(network: NetworkConfig): DexContext {
    return { client: this.client(network), pageLogs: this.options.pageLogs };
  }

  discoverPool(
    network: NetworkConfig,
    dex: DexConfig,
    projectToken: Address,
    pairedToken: Address,
  ): Promise<DiscoveredPool | null> {
    return withDeadline(network, async () => {
      const found = await discoverPool(this.dexContext(network), dex, projectToken, pairedToken);
      // A pool known by its key (V4): attaching it needs no second log read.
      if (found?.key) this.v4Keys.set(`${network.id}:${normalizePoolAddress(found.address)}`, found.key);
      return found;
    });
  }

  verifyPool(
    network: NetworkConfig,
    dex: DexConfig,
    pool: Address,
    projectToken: Address,
    pairedToken: Address,
  ): Promise<VerifiedPool> {
    return withDeadline(network, async () => {
      const cacheKey = `${network.id}:${normalizePoolAddress(pool)}`;
      const verified = await verifyPool(
        this.dexContext(network),
        dex,
        pool,
        projectToken,
        pairedToken,
        this.v4Keys.get(cacheKey),
      );
      if (verified.v4) {
        const [currency0, currency1] = verified.projectIsToken0
          ? [projectToken, pairedToken]
          : [pairedToken, projectToken];
        this.v4Keys.set(cacheKey, {
          currency0,
          currency1,
          fee: verified.fee ?? 0,
          tickSpacing: verified.v4.tickSpacing,
          hooks: verified.v4.hooks,
        });
        if (this.v4Keys.size > 10_000) this.v4Keys.clear();
      }
      return verified;
    });
  }

  /**
   * Which addresses are verified pools of `token` on the network's DEXes. Whether an address is a
   * pool never changes once it is one, so answers are kept; addresses that are not pools are asked
   * again after an hour (a pool can be created at a precomputed address).
   */
  async poolsAmong(
    network: NetworkConfig,
    token: Address,
    addresses: readonly Address[],
  ): Promise<Map<string, DexConfig>> {
    const key = (a: string) => `${network.id}:${normalizeAddress(token)}:${normalizeAddress(a)}`;
    const fresh = (a: string) => {
      const hit = this.poolCheckCache.get(key(a));
      return hit && (hit.dex || Date.now() - hit.at < 3_600_000);
    };
    const unknown = addresses.filter((a) => !fresh(a));
    if (unknown.length > 0) {
      const found = await withDeadline(network, () =>
        findPoolsAmong(this.client(network), network.dexes, token, unknown),
      );
      for (const a of unknown)
        this.poolCheckCache.set(key(a), { dex: found.get(normalizeAddress(a)) ?? null, at: Date.now() });
    }
    const result = new Map<string, DexConfig>();
    for (const a of addresses) {
      const dex = this.poolCheckCache.get(key(a))?.dex;
      if (dex) result.set(normalizeAddress(a), dex);
    }
    return result;
  }

  /**
   * Pool states for pools of one network. Fresh cached states are reused; the rest are read in one
   * multicall. When the node is down, the last known states are returned (callers show their block
   * and age) and pools never read get null.
   */
  async poolStates(network: NetworkConfig, pools: readonly PoolRef[]): Promise<Map<string, CachedPoolState>> {
    const ttl = this.options.poolStateTtlMs ?? 5_000;
    const key = (p: PoolRef) => `${network.id}:${normalizePoolAddress(p.address)}`;
    // V4 pools are read through the network's StateView (docs/decisions/0042).
    const stateView = network.dexes.find(isV4Dex)?.stateView;
    pools = pools.map((p) => (p.version === 'v4' && !p.stateView && stateView ? { ...p, stateView } : p));
    const stale = pools.filter((p) => {
      const hit = this.poolCache.get(key(p));
      return !hit || Date.now() - hit.fetchedAt >= ttl; // >=: a TTL of 0 never serves from the cache
    });
    if (stale.length > 0) {
      // When the cache expires under load, the requests in flight share one read instead of each
      // starting its own multicall: pools already being read are awaited, the rest read together.
      const waiting = new Set<Promise<void>>();
      const toRead = stale.filter((p) => {
        const pending = this.poolReads.get(key(p))?.done;
        if (pending) waiting.add(pending);
        return !pending;
      });
      if (toRead.length > 0) {
        const flight: { done?: Promise<void> } = {};
        flight.done = (async () => {
          try {
            await withDeadline(network, async () => {
              const startedAt = this.kept;
              const read = await readRawStatesAtHead(this.client(network), toRead);
              const fetchedAt = Date.now();
              for (const p of toRead) {
                this.keep(
                  key(p),
                  {
                    raw: read.states.get(normalizePoolAddress(p.address)) ?? null,
                    blockNumber: read.blockNumber,
                    blockTime: read.blockTime,
                    fetchedAt,
                  },
                  startedAt,
                );
              }
            });
          } catch (err) {
            if (!(err instanceof ChainUnavailableError)) throw err;
            // Fall through with whatever is cached: old data with its block beats an error page.
          } finally {
            for (const p of toRead) if (this.poolReads.get(key(p)) === flight) this.poolReads.delete(key(p));
          }
        })();
        for (const p of toRead) this.poolReads.set(key(p), flight);
        waiting.add(flight.done);
      }
      await Promise.all(waiting);
      if (this.poolCache.size > 50_000) this.poolCache.clear();
    }
    const result = new Map<string, CachedPoolState>();
    for (const p of pools) {
      const hit = this.poolCache.get(key(p));
      if (hit)
        result.set(normalizePoolAddress(p.address), {
          state: hit.raw && poolStateOf(p, hit.raw),
          blockNumber: hit.blockNumber,
          blockTime: hit.blockTime,
          fetchedAt: hit.fetchedAt,
        });
    }
    return result;
  }

  /**
   * A state of an older block does not replace one kept while it was being read (the indexer's read
   * of a newer block, kept before a screen's slower read ended). One kept before the read began is
   * replaced whatever its block: the chain can go back (a reorg, a devnet reset), and the fresh read
   * is the truth. `readStartedAt` is the count of states kept when the read began; without it (the
   * indexer's own read) a state never replaces one of a newer block, and a state left from before a
   * reset lasts until it expires and a screen reads anew.
   */
  private keep(cacheKey: string, entry: CachedRawState, readStartedAt = -1): void {
    const held = this.poolCache.get(cacheKey);
    if (held && held.blockNumber > entry.blockNumber && (held.seq ?? 0) > readStartedAt) return;
    this.poolCache.set(cacheKey, { ...entry, seq: ++this.kept });
  }

  /**
   * The indexer's own read of its pools' states at a block it has just stored (one multicall a tick),
   * kept as if a screen had read it: the screens a tick's push refetches are then answered without a
   * chain read of their own (issue 31: the pool page's refetch waited ~0.7 s for that read after each
   * block under load). Only where the indexer reads at the head (no confirmations, the devnet): with
   * confirmations its block is behind what a screen reads, and keeping it would show older figures.
   */
  seedPoolStates(
    network: NetworkConfig,
    blockNumber: bigint,
    blockTime: Date,
    states: ReadonlyMap<string, RawPoolState>,
  ): void {
    if (network.confirmations !== 0) return;
    const fetchedAt = Date.now();
    for (const [address, raw] of states)
      this.keep(`${network.id}:${normalizePoolAddress(address)}`, { raw, blockNumber, blockTime, fetchedAt });
  }

  /**
   * Forget cached states of a network (after a write on the devnet, in tests); with `before`, only
   * those of a block before it (a tick's notice: the states the indexer kept of that block stay).
   */
  invalidate(networkId?: number, before?: bigint): void {
    if (networkId === undefined) return this.poolCache.clear();
    for (const [k, entry] of this.poolCache) {
      if (k.startsWith(`${networkId}:`) && (before === undefined || entry.blockNumber < before))
        this.poolCache.delete(k);
    }
  }
}

export { ChainUnavailableError };
