import type { Log, PublicClient } from 'viem';
import type { ChainService } from '../chain/chain-service';
import { withDeadline } from '../chain/client';
import type { NetworkConfig } from '../chain/networks';
import type { Db } from '../db/client';
import { holderBalanceJournal, indexedBlocks } from '../db/schema';
import {
  bucketHasOrphanedPoint,
  deleteDiscoveredPoolsAbove,
  deletePoolDataAbove,
  forgetBlocksAbove,
  forgetFinalBlocks,
  forgetHolderRecordsAbove,
  holderSyncsAbove,
  journaledBalancesAbove,
  recordedBlocks,
  resetHolderHistoryFrom,
  restartHolderHistory,
  restoreBalance,
  rewindCheckpoints,
  rewindHolderSync,
  withdrawFiringsAbove,
  withdrawNoticesAbove,
} from './reorg-store';
import { inChunks } from './store';

/**
 * Chain reorganisations (decision 0016). The indexers record the hash of every recent block they
 * store data from or checkpoint at (indexed_blocks), in the same transaction as that data. At the
 * start of each tick the newest recorded hashes are compared with the chain in one batched request;
 * on a mismatch everything stored from the orphaned blocks is removed in one transaction and the
 * checkpoints go back to the fork, so the normal tick re-indexes the new chain.
 */

export interface RecordedBlock {
  number: bigint;
  hash: string;
}

/**
 * How many blocks below the safe head keep their hashes (and the holder journal). A reorganisation
 * deeper than this cannot be undone exactly; the window is far beyond every confirmation depth.
 */
export function reorgWindow(network: NetworkConfig): bigint {
  return BigInt(Math.max(256, network.confirmations * 8));
}

/** Whether data of `block` is recent enough to be journaled, given the tick's safe block. */
export function inReorgWindow(network: NetworkConfig, block: bigint, safe: bigint): boolean {
  return block > safe - reorgWindow(network);
}

async function hashAt(client: PublicClient, blockNumber: bigint): Promise<string | null> {
  try {
    const block = await client.getBlock({ blockNumber });
    return block.hash?.toLowerCase() ?? null;
  } catch (err) {
    // A node that does not have the block (a lagging one behind a load balancer, or a chain that
    // got shorter) cannot tell us anything about it: neither a match nor a mismatch.
    if ((err as Error).name === 'BlockNotFoundError') return null;
    throw err;
  }
}

/**
 * The hash of the last block of a range, read BEFORE the range's logs: if the chain reorganises in
 * between, the recorded hash is the old one and the next tick rolls the range back. (Read after,
 * it could be the new chain's hash recorded over old data, and the reorg would go unnoticed.)
 * Null outside the window, where nothing is recorded.
 */
export async function rangeEndBlock(
  client: PublicClient,
  network: NetworkConfig,
  end: bigint,
  safe: bigint,
  onRequest?: (method: string) => void,
): Promise<RecordedBlock | null> {
  if (!inReorgWindow(network, end, safe)) return null;
  onRequest?.('eth_getBlockByNumber');
  const hash = await hashAt(client, end);
  return hash ? { number: end, hash } : null;
}

/** The blocks the logs came from, as the node reported them (each log carries its block hash). */
export function logBlocks(logs: readonly Log[]): RecordedBlock[] {
  const seen = new Map<string, RecordedBlock>();
  for (const log of logs) {
    if (!log.blockHash || log.blockNumber === null) continue;
    const number = BigInt(log.blockNumber as unknown as string);
    const hash = log.blockHash.toLowerCase();
    seen.set(`${number}:${hash}`, { number, hash });
  }
  return [...seen.values()];
}

/** Records block hashes inside the caller's transaction (the one that stores their data). */
export async function recordBlocks(
  tx: Pick<Db, 'insert'>,
  network: NetworkConfig,
  safe: bigint,
  blocks: readonly (RecordedBlock | null)[],
): Promise<void> {
  const rows = blocks
    .filter((b): b is RecordedBlock => b !== null && inReorgWindow(network, b.number, safe))
    .map((b) => ({ networkId: network.id, blockNumber: b.number, blockHash: b.hash }));
  await inChunks(rows, 1000, async (chunk) => {
    await tx.insert(indexedBlocks).values(chunk).onConflictDoNothing();
  });
}

/**
 * The holder indexer's undo log for one token and slice: each holder's balance before the first
 * transfer of each recent block that touched it. Fed after every applied transfer, written in the
 * slice's transaction. Before-values (not deltas) stay exact when balances are clamped at zero.
 */
export class BalanceJournal {
  private readonly shadow: Map<string, bigint>;
  private readonly entries = new Map<string, { holder: string; block: bigint; before: bigint }>();

  constructor(
    private readonly network: NetworkConfig,
    private readonly safe: bigint,
    balances: ReadonlyMap<string, bigint>,
  ) {
    this.shadow = new Map(balances);
  }

  note(t: { from: string; to: string; blockNumber: bigint }, balances: ReadonlyMap<string, bigint>): void {
    const recent = inReorgWindow(this.network, t.blockNumber, this.safe);
    for (const holder of [t.from, t.to]) {
      const key = `${holder}:${t.blockNumber}`;
      if (recent && !this.entries.has(key))
        this.entries.set(key, { holder, block: t.blockNumber, before: this.shadow.get(holder) ?? 0n });
      this.shadow.set(holder, balances.get(holder) ?? 0n);
    }
  }

  async write(tx: Pick<Db, 'insert'>, token: string): Promise<void> {
    const rows = [...this.entries.values()].map((e) => ({
      networkId: this.network.id,
      tokenAddress: token,
      blockNumber: e.block,
      holder: e.holder,
      balanceBefore: e.before.toString(),
    }));
    await inChunks(rows, 1000, async (chunk) => {
      await tx.insert(holderBalanceJournal).values(chunk).onConflictDoNothing();
    });
  }
}

export interface ReorgRollback {
  /** The newest recorded block the chain still has: everything above it was removed. */
  forkBlock: bigint;
  /** The lowest recorded block found orphaned. */
  orphanedFrom: bigint;
  /** True when no recorded block in the window matched: the fork may be older than the window. */
  beyondWindow: boolean;
  events: number;
  snapshots: number;
  alertTriggers: number;
  notificationsWithdrawn: number;
  discoveredPools: number;
  holderBalances: number;
}

/** Recorded blocks compared per round trip: detecting needs one, finding the fork usually a few. */
const PAGE = 12;
const MINUTE = 60_000;

/** One network's reorganisation check, run by the runner before the indexers of each tick. */
export class ReorgGuard {
  constructor(
    private readonly db: Db,
    private readonly chain: ChainService,
    readonly network: NetworkConfig,
    private readonly options: { onRequest?: (method: string) => void } = {},
  ) {}

  /** Compares, and rolls back when the chain no longer has a recorded block. Null when nothing changed. */
  async check(): Promise<ReorgRollback | null> {
    const client = this.chain.client(this.network);
    const found = await withDeadline(this.network, () => this.findFork(client), 60_000);
    if (!found) return null;
    // The fork block's time tells which minute bucket mixes kept and orphaned blocks.
    const fork = found.forkBlock;
    const forkBlock =
      fork >= 0n ? await withDeadline(this.network, () => client.getBlock({ blockNumber: fork }), 30_000) : null;
    const forkTime = forkBlock ? new Date(Number(forkBlock.timestamp) * 1000) : null;
    const rewind = forkTime ? await this.poolRewindPoint(client, fork, forkTime) : fork;
    return this.rollback({ ...found, forkTime, poolRewind: rewind });
  }

  /** Walks the recorded blocks from the newest down until one still matches the chain. */
  private async findFork(
    client: PublicClient,
  ): Promise<{ forkBlock: bigint; orphanedFrom: bigint; beyondWindow: boolean } | null> {
    let below: bigint | null = null;
    let orphanedFrom: bigint | null = null;
    let oldest: bigint | null = null;
    for (;;) {
      const rows = await recordedBlocks(this.db, this.network.id, below, PAGE);
      if (rows.length === 0) break;
      const stored = new Map<bigint, string[]>();
      for (const r of rows)
        stored.set(BigInt(r.block_number), [...(stored.get(BigInt(r.block_number)) ?? []), r.block_hash]);
      const numbers = [...stored.keys()].sort((a, b) => (a > b ? -1 : 1));
      this.options.onRequest?.('eth_getBlockByNumber');
      // Concurrent reads share one HTTP batch (the transport batches).
      const hashes = await Promise.all(numbers.map((n) => hashAt(client, n)));
      for (let i = 0; i < numbers.length; i++) {
        const chainHash = hashes[i];
        if (chainHash === null || chainHash === undefined) continue;
        if (stored.get(numbers[i]!)!.every((h) => h === chainHash)) {
          // A reorganisation replaces a suffix of the chain: the newest block that still matches is
          // the fork (or below it), and if that is the newest comparable one, nothing changed.
          if (orphanedFrom === null) {
            await this.prune(numbers[0]!);
            return null;
          }
          return { forkBlock: numbers[i]!, orphanedFrom, beyondWindow: false };
        }
        orphanedFrom = numbers[i]!;
      }
      below = numbers[numbers.length - 1]!;
      oldest = below;
    }
    if (orphanedFrom === null || oldest === null) return null;
    // Even the oldest recorded block is gone: the best we can do is drop everything we recorded.
    return { forkBlock: oldest - 1n, orphanedFrom, beyondWindow: true };
  }

  /** Hashes older than the window are dropped: their blocks are as final as the window assumes. */
  private async prune(newest: bigint): Promise<void> {
    await forgetFinalBlocks(this.db, this.network.id, newest - reorgWindow(this.network));
  }

  /**
   * Price points are one per pool and minute, the last block of the minute winning. The minute of
   * the fork can hold kept blocks whose point an orphaned block overwrote: the pool indexer re-reads
   * from the first block of that minute (its events are stored already and insert nothing twice).
   */
  private async poolRewindPoint(client: PublicClient, fork: bigint, forkTime: Date): Promise<bigint> {
    const bucket = new Date(Math.floor(forkTime.getTime() / MINUTE) * MINUTE);
    if (!(await bucketHasOrphanedPoint(this.db, this.network.id, fork, bucket))) return fork;
    const floor = fork - reorgWindow(this.network) > 0n ? fork - reorgWindow(this.network) : 0n;
    let lo = floor;
    let hi = fork;
    return withDeadline(
      this.network,
      async () => {
        while (lo < hi) {
          const mid = (lo + hi) / 2n;
          const block = await client.getBlock({ blockNumber: mid });
          if (Number(block.timestamp) * 1000 < bucket.getTime()) lo = mid + 1n;
          else hi = mid;
        }
        return lo - 1n;
      },
      60_000,
    );
  }

  /** Everything stored from blocks above the fork goes, in one transaction; checkpoints go back to it. */
  private async rollback(at: {
    forkBlock: bigint;
    orphanedFrom: bigint;
    beyondWindow: boolean;
    forkTime: Date | null;
    poolRewind: bigint;
  }): Promise<ReorgRollback> {
    const id = this.network.id;
    const fork = at.forkBlock;
    return this.db.transaction(async (tx) => {
      // Firings and notices first: they state what the orphaned blocks said (withdrawNoticesAbove).
      const alertTriggers = await withdrawFiringsAbove(tx, id, fork);
      const notificationsWithdrawn = await withdrawNoticesAbove(tx, this.network, fork);
      const discoveredPools = await deleteDiscoveredPoolsAbove(tx, id, fork);
      const { events, snapshots } = await deletePoolDataAbove(tx, id, fork);
      // Coverage goes back to the pool rewind point (never above the fork).
      await rewindCheckpoints(tx, id, at.poolRewind < fork ? at.poolRewind : fork, fork);
      const holderBalances = await this.rollbackHolders(tx, fork, at.forkTime);
      await forgetBlocksAbove(tx, id, fork);
      return {
        forkBlock: fork,
        orphanedFrom: at.orphanedFrom,
        beyondWindow: at.beyondWindow,
        events,
        snapshots,
        alertTriggers,
        notificationsWithdrawn,
        discoveredPools,
        holderBalances,
      };
    });
  }

  /**
   * Holder balances go back to their journaled value before the first orphaned block that touched
   * them; the holder count follows the restored balances, the daily history loses the orphaned
   * days and the fork's day holds the restored count. Returns how many balances changed.
   */
  private async rollbackHolders(
    tx: Pick<Db, 'execute' | 'insert'>,
    fork: bigint,
    forkTime: Date | null,
  ): Promise<number> {
    const id = this.network.id;
    const ZERO = '0x0000000000000000000000000000000000000000';
    const tokens = await holderSyncsAbove(tx, id, fork);
    let restoredRows = 0;
    for (const t of tokens) {
      const token = t.token_address;
      if (t.deploy_block !== null && BigInt(t.deploy_block) > fork) {
        // The token's deployment itself was orphaned: its holder history starts over.
        await restartHolderHistory(tx, id, token);
        continue;
      }
      const restored = await journaledBalancesAbove(tx, id, token, fork);
      let count = t.holder_count;
      const isHolder = (holder: string, balance: bigint) => holder !== ZERO && balance > 0n;
      for (const r of restored) {
        const before = BigInt(r.before);
        const current = BigInt(r.current ?? '0');
        if (before === current) continue;
        restoredRows++;
        count += (isHolder(r.holder, before) ? 1 : 0) - (isHolder(r.holder, current) ? 1 : 0);
        await restoreBalance(tx, id, token, r.holder, before);
      }
      if (restored.length > 0 && forkTime)
        await resetHolderHistoryFrom(tx, id, token, forkTime.toISOString().slice(0, 10), count);
      await rewindHolderSync(tx, id, token, fork, count);
    }
    await forgetHolderRecordsAbove(tx, id, fork);
    return restoredRows;
  }
}
