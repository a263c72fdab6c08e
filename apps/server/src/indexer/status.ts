import { ChainUnavailableError } from '../chain/client';
import type { NetworkConfig } from '../chain/networks';
import { safeErrorText } from '../lib/error-text';

/**
 * - idle: no pool of this network is tracked, so the node is not contacted at all
 * - indexing: the last tick succeeded
 * - failing: the last tick failed (the node is unreachable, or a database error)
 * - standby: another server on the same PostgreSQL holds this network's indexer lock
 * - starting: no tick has finished yet
 */
export type IndexerState = 'starting' | 'idle' | 'indexing' | 'failing' | 'standby';

export interface NetworkIndexerStatus {
  networkId: number;
  key: string;
  name: string;
  state: IndexerState;
  /** The node's latest block at the last successful tick. */
  headBlock: bigint | null;
  /** head − confirmations: the newest block the indexer treats as final. */
  safeBlock: bigint | null;
  /** The network checkpoint: every tracked pool is indexed up to this block. */
  indexedBlock: bigint | null;
  /** Final blocks not indexed yet (safe − indexed); 0 when caught up. */
  lagBlocks: bigint | null;
  lastTickAt: Date | null;
  lastError: string | null;
  lastErrorAt: Date | null;
  consecutiveFailures: number;
  failedTicks: number;
}

/** Error text that is safe to show on /ready: RPC URLs may carry provider API keys. */
export function describeIndexerError(err: unknown): string {
  return err instanceof ChainUnavailableError ? err.message : safeErrorText(err);
}

/** What each network's indexer loop did last, for /ready and /metrics; written by the runner. */
export class IndexerStatus {
  private readonly byId = new Map<number, NetworkIndexerStatus>();

  constructor(private readonly now: () => number = Date.now) {}

  private entry(network: NetworkConfig): NetworkIndexerStatus {
    let s = this.byId.get(network.id);
    if (!s) {
      s = {
        networkId: network.id,
        key: network.key,
        name: network.name,
        state: 'starting',
        headBlock: null,
        safeBlock: null,
        indexedBlock: null,
        lagBlocks: null,
        lastTickAt: null,
        lastError: null,
        lastErrorAt: null,
        consecutiveFailures: 0,
        failedTicks: 0,
      };
      this.byId.set(network.id, s);
    }
    return s;
  }

  register(network: NetworkConfig): void {
    this.entry(network);
  }

  standby(network: NetworkConfig): void {
    this.entry(network).state = 'standby';
  }

  succeeded(network: NetworkConfig, tick: { safeBlock?: bigint; idle: boolean; indexedBlock: bigint | null }): void {
    const s = this.entry(network);
    s.state = tick.idle ? 'idle' : 'indexing';
    s.lastTickAt = new Date(this.now());
    s.consecutiveFailures = 0;
    s.indexedBlock = tick.indexedBlock;
    if (tick.safeBlock !== undefined) {
      s.safeBlock = tick.safeBlock;
      s.headBlock = tick.safeBlock + BigInt(network.confirmations);
    }
    if (tick.idle) {
      // Nothing is tracked, so nothing is behind; the last head seen would only be stale.
      s.headBlock = null;
      s.safeBlock = null;
      s.lagBlocks = null;
    } else if (s.safeBlock !== null && s.indexedBlock !== null) {
      s.lagBlocks = s.safeBlock > s.indexedBlock ? s.safeBlock - s.indexedBlock : 0n;
    } else {
      s.lagBlocks = null;
    }
  }

  failed(network: NetworkConfig, err: unknown): void {
    const s = this.entry(network);
    s.state = 'failing';
    s.lastError = describeIndexerError(err);
    s.lastErrorAt = new Date(this.now());
    s.consecutiveFailures += 1;
    s.failedTicks += 1;
  }

  get(networkId: number): NetworkIndexerStatus | undefined {
    const s = this.byId.get(networkId);
    return s && { ...s };
  }

  list(): NetworkIndexerStatus[] {
    return [...this.byId.values()].map((s) => ({ ...s }));
  }
}
