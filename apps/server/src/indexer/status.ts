import { ChainUnavailableError } from '../chain/client';
import type { NetworkConfig } from '../chain/networks';
import { safeErrorText } from '../lib/error-text';

/** The three loops of a network; the label of their metrics and of /ready's parts. */
export type IndexerPart = 'pools' | 'holders' | 'pool-watch';
/** The loops of a network in the order they run in a tick (and are listed on /ready). */
export const INDEXER_PARTS: readonly IndexerPart[] = ['pools', 'holders', 'pool-watch'];

/**
 * - idle: no pool of this network is tracked, so the node is not contacted for pools
 * - indexing: the last tick of every part succeeded
 * - failing: the last attempt of at least one part (pools, holders, new-pool watch) failed, so
 *   that part of the network makes no progress; `failingPart` and `failingSince` say which and since when
 * - standby: another server on the same PostgreSQL holds this network's indexer lease; head,
 *   indexed block and lag are then read from the stored checkpoint, so a stalled holder shows
 * - starting: no tick has finished yet
 */
export type IndexerState = 'starting' | 'idle' | 'indexing' | 'failing' | 'standby';

export interface IndexerPartStatus {
  part: IndexerPart;
  /** ok: its last attempt succeeded; failing: it failed and waits for `nextAttemptAt`; starting: not run yet. */
  state: 'starting' | 'ok' | 'failing';
  lastError: string | null;
  lastErrorAt: Date | null;
  /** The first failure of the current run of failures; null while it works. */
  failingSince: Date | null;
  /** Seconds since `failingSince` at the time of reading; null while it works. */
  stuckSeconds: number | null;
  consecutiveFailures: number;
  failedTicks: number;
  /** When the loop tries this part again (exponential backoff); null while it works. */
  nextAttemptAt: Date | null;
}

export interface SkippedCount {
  part: IndexerPart;
  reason: string;
  count: number;
}

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
  /** The latest error of any part (kept after recovery, with its time). */
  lastError: string | null;
  lastErrorAt: Date | null;
  /** The part that has been failing longest, while one fails. */
  failingPart: IndexerPart | null;
  failingSince: Date | null;
  stuckSeconds: number | null;
  /** The most consecutive failures of any part right now. */
  consecutiveFailures: number;
  /** Failed attempts of all parts since the process started. */
  failedTicks: number;
  parts: IndexerPartStatus[];
  /** Items skipped (and recorded in indexer_skipped_items) since the process started. */
  skipped: SkippedCount[];
  /** Reorganisations rolled back since the process started, and the latest one. */
  reorgs: number;
  lastReorg: LastReorg | null;
  /** When the stored checkpoint last moved (standby: read from indexer_checkpoints). */
  indexedAt: Date | null;
  /** The network's lease as this server last saw it (docs/decisions/0051-indexer-lease.md). */
  lease: LeaseStatus | null;
  /** Write transactions the lease's fence refused on this server since it started. */
  refusedWrites: number;
}

export interface LeaseStatus {
  /** Whether this server holds it. */
  held: boolean;
  epoch: bigint | null;
  /** Standby only: when the holder's lease runs out unless renewed. */
  expiresAt: Date | null;
}

/** What a standby reports: the stored checkpoint, the node's head, the holder's lease. */
export interface StandbyView {
  headBlock: bigint | null;
  indexedBlock: bigint | null;
  indexedAt: Date | null;
  lease: { epoch: bigint; expiresAt: Date; held: false } | null;
}

export interface LastReorg {
  at: Date;
  /** The newest stored block the chain still had; everything above it was rolled back. */
  forkBlock: bigint;
  /** Stored blocks replaced (the lowest orphaned block up to the newest stored one is at least this deep). */
  orphanedFrom: bigint;
  /** No stored block in the window matched: data older than the window may be from the old chain. */
  beyondWindow: boolean;
}

/** Error text that is safe to show on /ready: RPC URLs may carry provider API keys. */
export function describeIndexerError(err: unknown): string {
  if (err instanceof ChainUnavailableError) return err.message;
  const text = safeErrorText(err);
  // viem's short message ("RPC Request failed.") leaves out what the node said; that is in `details`.
  const details = (err as { details?: unknown } | null)?.details;
  if (typeof details !== 'string' || details.trim() === '' || text.includes(details)) return text;
  return safeErrorText({ message: `${text.replace(/\.$/, '')}: ${details.trim()}` });
}

interface Entry {
  networkId: number;
  key: string;
  name: string;
  /** What the pool part's last success said: idle (nothing tracked) or indexing. */
  base: 'starting' | 'idle' | 'indexing' | 'standby';
  headBlock: bigint | null;
  safeBlock: bigint | null;
  indexedBlock: bigint | null;
  lagBlocks: bigint | null;
  lastTickAt: Date | null;
  lastError: string | null;
  lastErrorAt: Date | null;
  parts: Map<IndexerPart, Omit<IndexerPartStatus, 'stuckSeconds'>>;
  skipped: Map<string, SkippedCount>;
  reorgs: number;
  lastReorg: LastReorg | null;
  indexedAt: Date | null;
  lease: LeaseStatus | null;
  refusedWrites: number;
}

/** What each network's indexer loops did last, for /ready and /metrics; written by the runner. */
export class IndexerStatus {
  private readonly byId = new Map<number, Entry>();

  constructor(private readonly now: () => number = Date.now) {}

  private entry(network: NetworkConfig): Entry {
    let s = this.byId.get(network.id);
    if (!s) {
      s = {
        networkId: network.id,
        key: network.key,
        name: network.name,
        base: 'starting',
        headBlock: null,
        safeBlock: null,
        indexedBlock: null,
        lagBlocks: null,
        lastTickAt: null,
        lastError: null,
        lastErrorAt: null,
        parts: new Map(
          INDEXER_PARTS.map((part) => [
            part,
            {
              part,
              state: 'starting',
              lastError: null,
              lastErrorAt: null,
              failingSince: null,
              consecutiveFailures: 0,
              failedTicks: 0,
              nextAttemptAt: null,
            },
          ]),
        ),
        skipped: new Map(),
        reorgs: 0,
        lastReorg: null,
        indexedAt: null,
        lease: null,
        refusedWrites: 0,
      };
      this.byId.set(network.id, s);
    }
    return s;
  }

  register(network: NetworkConfig): void {
    this.entry(network);
  }

  /**
   * Another server holds the network: its progress as stored (the checkpoint) against the node's
   * head, so every server's /ready and /metrics show a holder that stalls.
   */
  standby(network: NetworkConfig, view: StandbyView): void {
    const s = this.entry(network);
    s.base = 'standby';
    s.headBlock = view.headBlock;
    s.safeBlock = view.headBlock === null ? null : view.headBlock - BigInt(network.confirmations);
    s.indexedBlock = view.indexedBlock;
    s.indexedAt = view.indexedAt;
    s.lagBlocks =
      s.safeBlock !== null && s.indexedBlock !== null
        ? s.safeBlock > s.indexedBlock
          ? s.safeBlock - s.indexedBlock
          : 0n
        : null;
    s.lease = { held: false, epoch: view.lease?.epoch ?? null, expiresAt: view.lease?.expiresAt ?? null };
  }

  /** This server's hold on the lease, after each renewal (or a write the fence refused). */
  lease(network: NetworkConfig, lease: { held: boolean; epoch: bigint | null; refusedWrites: number }): void {
    const s = this.entry(network);
    s.refusedWrites = lease.refusedWrites;
    if (!lease.held) {
      if (s.lease?.held) s.lease = { held: false, epoch: null, expiresAt: null };
      return;
    }
    // Just taken over: no tick of its own yet.
    if (s.base === 'standby') s.base = 'starting';
    s.lease = { held: true, epoch: lease.epoch, expiresAt: null };
  }

  /** The pool indexer's tick succeeded. */
  succeeded(network: NetworkConfig, tick: { safeBlock?: bigint; idle: boolean; indexedBlock: bigint | null }): void {
    const s = this.entry(network);
    s.base = tick.idle ? 'idle' : 'indexing';
    s.lastTickAt = new Date(this.now());
    this.partSucceeded(network, 'pools');
    s.indexedBlock = tick.indexedBlock;
    s.indexedAt = null;
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

  partSucceeded(network: NetworkConfig, part: IndexerPart): void {
    const p = this.entry(network).parts.get(part)!;
    p.state = 'ok';
    p.consecutiveFailures = 0;
    p.failingSince = null;
    p.nextAttemptAt = null;
  }

  /** A part's attempt failed; `nextAttemptAt` is when the loop will try it again. */
  failed(network: NetworkConfig, err: unknown, part: IndexerPart = 'pools', nextAttemptAt: Date | null = null): void {
    const s = this.entry(network);
    const p = s.parts.get(part)!;
    const at = new Date(this.now());
    // It holds the lease now, or the database failed: either way not a quiet standby.
    if (s.base === 'standby') s.base = 'starting';
    p.state = 'failing';
    p.lastError = describeIndexerError(err);
    p.lastErrorAt = at;
    p.failingSince ??= at;
    p.consecutiveFailures += 1;
    p.failedTicks += 1;
    p.nextAttemptAt = nextAttemptAt;
    s.lastError = p.lastError;
    s.lastErrorAt = at;
  }

  /** An item was skipped (and recorded) instead of stopping the loop. */
  skipped(network: NetworkConfig, part: IndexerPart, reason: string): void {
    const s = this.entry(network);
    const key = `${part}\n${reason}`;
    const c = s.skipped.get(key) ?? { part, reason, count: 0 };
    c.count += 1;
    s.skipped.set(key, c);
  }

  /** A reorganisation was detected and what was stored from the orphaned blocks rolled back. */
  reorganised(network: NetworkConfig, reorg: Omit<LastReorg, 'at'>): void {
    const s = this.entry(network);
    s.reorgs += 1;
    s.lastReorg = { ...reorg, at: new Date(this.now()) };
  }

  private view(s: Entry): NetworkIndexerStatus {
    const now = this.now();
    const parts = INDEXER_PARTS.map((part) => {
      const p = s.parts.get(part)!;
      return {
        ...p,
        stuckSeconds: p.failingSince ? Math.max(0, Math.round((now - p.failingSince.getTime()) / 1000)) : null,
      };
    });
    const failing = parts
      .filter((p) => p.state === 'failing')
      .sort((a, b) => a.failingSince!.getTime() - b.failingSince!.getTime());
    const oldest = failing[0];
    const state: IndexerState = s.base === 'standby' ? 'standby' : oldest ? 'failing' : s.base;
    return {
      networkId: s.networkId,
      key: s.key,
      name: s.name,
      state,
      headBlock: s.headBlock,
      safeBlock: s.safeBlock,
      indexedBlock: s.indexedBlock,
      lagBlocks: s.lagBlocks,
      lastTickAt: s.lastTickAt,
      lastError: s.lastError,
      lastErrorAt: s.lastErrorAt,
      failingPart: oldest?.part ?? null,
      failingSince: oldest?.failingSince ?? null,
      stuckSeconds: oldest?.stuckSeconds ?? null,
      consecutiveFailures: Math.max(0, ...parts.map((p) => p.consecutiveFailures)),
      failedTicks: parts.reduce((n, p) => n + p.failedTicks, 0),
      parts,
      skipped: [...s.skipped.values()].map((c) => ({ ...c })),
      reorgs: s.reorgs,
      lastReorg: s.lastReorg && { ...s.lastReorg },
      indexedAt: s.indexedAt,
      lease: s.lease && { ...s.lease },
      refusedWrites: s.refusedWrites,
    };
  }

  get(networkId: number): NetworkIndexerStatus | undefined {
    const s = this.byId.get(networkId);
    return s && this.view(s);
  }

  list(): NetworkIndexerStatus[] {
    return [...this.byId.values()].map((s) => this.view(s));
  }
}
