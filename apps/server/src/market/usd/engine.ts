import type { Address } from 'viem';
import { ChainUnavailableError, type ChainService } from '../../chain/chain-service';
import { withDeadline } from '../../chain/client';
import { DEVNET_ID, type NetworkConfig } from '../../chain/networks';
import { readReferencePools } from '../../chain/reference-pools';
import { readSupplies, type SupplyRead } from '../../chain/supply';
import { normalizeAddress } from '../../lib/addresses';
import { decOf, type Dec } from './decimal-math';
import { deepestReferencePool } from './reference-choice';
import { dollars, NO_NATIVE_RATE, referenceList, type PairedRate, type RouteLeg } from './valuation';

/** Reference rates and supplies are read again after this long; requests in between share the last read. */
export const USD_CACHE_MS = 30_000;

interface Cached<T> {
  value: T;
  fetchedAt: number;
}

interface NativeRate {
  symbol: string;
  rate: Dec;
  label: string;
  blockNumber: bigint;
  blockTime: Date;
}

interface NetworkRates {
  native: NativeRate | null;
  /** Why there is no native rate (starts with NO_NATIVE_RATE). */
  reason: string | null;
}

export interface SupplySnapshot extends SupplyRead {
  fetchedAt: number;
}

/**
 * A cache of values read from a chain: fresh values are reused for USD_CACHE_MS, concurrent
 * requests share one read in flight (as ChainService.poolStates does), and when the node is down
 * the last value is answered with its age (the caller shows it stale) rather than an error.
 */
class SharedReads<T> {
  private readonly values = new Map<string, Cached<T>>();
  private readonly flights = new Map<string, Promise<Cached<T> | null>>();

  constructor(private readonly ttlMs: number) {}

  async get(key: string, read: () => Promise<T>): Promise<Cached<T> | null> {
    const hit = this.values.get(key);
    if (hit && Date.now() - hit.fetchedAt <= this.ttlMs) return hit;
    let flight = this.flights.get(key);
    if (!flight) {
      flight = (async () => {
        try {
          const fresh = { value: await read(), fetchedAt: Date.now() };
          if (this.values.size > 10_000) this.values.clear();
          this.values.set(key, fresh);
          return fresh;
        } catch (err) {
          if (!(err instanceof ChainUnavailableError)) throw err;
          return this.values.get(key) ?? null;
        } finally {
          this.flights.delete(key);
        }
      })();
      this.flights.set(key, flight);
    }
    return flight;
  }

  fresh(key: string): boolean {
    const hit = this.values.get(key);
    return hit !== undefined && Date.now() - hit.fetchedAt <= this.ttlMs;
  }

  clear(): void {
    this.values.clear();
  }
}

/**
 * The USD engine (docs/decisions/0032): the USD rate of a paired token and the supply of a project
 * token, per network, from the chain. A usdPegged token is 1 USD by definition; the wrapped native
 * is priced in its deepest pool against a usdPegged token on the network's DEXes (depth = the
 * stable side's reserve), found through the factories.
 */
export class UsdEngine {
  private readonly rateReads: SharedReads<NetworkRates>;
  private readonly supplyReads: SharedReads<SupplyRead>;

  constructor(
    private readonly chain: ChainService,
    readonly minLiquidityUsd: number,
    readonly cacheMs = USD_CACHE_MS,
  ) {
    this.rateReads = new SharedReads(cacheMs);
    this.supplyReads = new SharedReads(cacheMs);
  }

  /** The network's reference symbols for reasons: "WETH, USDC or USDT". */
  referenceSymbols(network: NetworkConfig): string[] {
    return [...network.tokens.filter((t) => t.wrappedNative), ...network.tokens.filter((t) => t.usdPegged)].map(
      (t) => t.symbol,
    );
  }

  /**
   * A read is stale when a refresh is overdue by more than 3 poll intervals (the node did not answer
   * it); on a real network also when its block is that much older than the cache period. The local
   * devnet mines only on transactions, so an old head block is normal there.
   */
  isStale(network: NetworkConfig, fetchedAt: number, blockTime: Date, nowMs = Date.now()): boolean {
    const limit = this.cacheMs + 3 * network.pollIntervalMs;
    if (nowMs - fetchedAt > limit) return true;
    return network.id !== DEVNET_ID && nowMs - blockTime.getTime() > limit;
  }

  /** The USD rate of a token paired with project tokens on `network`. */
  async pairedRate(network: NetworkConfig, pairedToken: string, nowMs = Date.now()): Promise<PairedRate> {
    const token = network.tokens.find((t) => normalizeAddress(t.address) === normalizeAddress(pairedToken));
    if (token?.usdPegged) return { ok: true, rate: decOf(1n), legs: [] };
    // The native coin (a V4 pool's currency 0x0) is worth its wrapped token one for one (decision 0042).
    if (!token?.wrappedNative && !token?.native) {
      const symbol = token?.symbol ?? 'The paired token';
      return {
        ok: false,
        reason: `No USD route: ${symbol} is not one of the USD references of ${network.name} (${referenceList(this.referenceSymbols(network))}).`,
      };
    }
    const cached = await this.rateReads.get(String(network.id), () => this.readRates(network));
    if (!cached)
      return { ok: false, reason: `${NO_NATIVE_RATE} ${token.symbol}: the ${network.name} node did not answer.` };
    const { native, reason } = cached.value;
    if (!native) return { ok: false, reason: reason ?? `${NO_NATIVE_RATE} ${token.symbol}.` };
    const leg: RouteLeg = {
      label: native.label,
      blockNumber: native.blockNumber,
      blockTime: native.blockTime,
      stale: this.isStale(network, cached.fetchedAt, native.blockTime, nowMs),
    };
    return { ok: true, rate: native.rate, legs: [leg] };
  }

  private async readRates(network: NetworkConfig): Promise<NetworkRates> {
    const native = network.tokens.find((t) => t.wrappedNative);
    const stables = network.tokens.filter((t) => t.usdPegged);
    if (!native || stables.length === 0)
      return {
        native: null,
        reason: `${NO_NATIVE_RATE} the native token: ${network.name} has no reference tokens configured.`,
      };
    const read = await withDeadline(network, () =>
      readReferencePools(this.chain.client(network), network.multicall3, network.dexes, native, stables),
    );
    const best = deepestReferencePool(read.pools, native, stables, this.minLiquidityUsd);
    if (!best) {
      return {
        native: null,
        reason: `${NO_NATIVE_RATE} ${native.symbol}: no ${native.symbol} pool against ${referenceList(stables.map((s) => s.symbol))} on the DEXes of ${network.name} holds at least ${dollars(this.minLiquidityUsd)}.`,
      };
    }
    return {
      native: {
        symbol: native.symbol,
        rate: best.rate,
        label: best.label,
        blockNumber: read.blockNumber,
        blockTime: read.blockTime,
      },
      reason: null,
    };
  }

  /**
   * totalSupply and the burn addresses' balances of tokens of one network (cached like the rates):
   * the tokens not fresh in the cache are read together, one multicall, and requests in flight for
   * a token are shared. null for a token never read (the node did not answer).
   */
  async supplies(network: NetworkConfig, tokens: readonly Address[]): Promise<(SupplySnapshot | null)[]> {
    const key = (t: Address) => `${network.id}:${normalizeAddress(t)}`;
    const read = (list: readonly Address[]) =>
      withDeadline(network, () => readSupplies(this.chain.client(network), list));
    const missing = [
      ...new Set(tokens.filter((t) => !this.supplyReads.fresh(key(t))).map(normalizeAddress)),
    ] as Address[];
    // Started by the first token that needs it, so a batch nobody waits for is never started.
    let batch: Promise<SupplyRead[]> | undefined;
    const cached = await Promise.all(
      tokens.map((t) => {
        const i = missing.indexOf(normalizeAddress(t) as Address);
        return this.supplyReads.get(key(t), async () =>
          i < 0 ? (await read([t]))[0]! : (await (batch ??= read(missing)))[i]!,
        );
      }),
    );
    return cached.map((c) => c && { ...c.value, fetchedAt: c.fetchedAt });
  }

  /** Forget cached reads (tests, after writing to the devnet). */
  invalidate(): void {
    this.rateReads.clear();
    this.supplyReads.clear();
  }
}
