import type { ChainService } from '../chain/chain-service';
import { DEFAULT_SENDER_CONCURRENCY, type NetworkConfig } from '../chain/networks';
import { RequestLimiter } from '../chain/request-limiter';
import { isMethodMissing, readBlockSenders, readTransactionSenders, type SenderRead } from '../chain/tx-senders';
import type { Db } from '../db/client';
import { recordSkippedItem, type OnSkip } from './skipped-items';
import { setTraders, unreadTraderBlocks, unreadTraderTransactions } from './store';

export interface TraderReaderOptions {
  /** Most RPC calls one tick spends on senders (TRADER_READS_PER_TICK). 0 turns the reads off. */
  readsPerTick: number;
  onRequest?: (method: string) => void;
  onSkip?: OnSkip;
  log?: (level: 'info' | 'warn', message: string, extra?: object) => void;
}

export interface TraderTick {
  /** JSON-RPC calls spent. */
  calls: number;
  /** Events whose trader was set. */
  filled: number;
  /** Wall time of the step, database included (the benchmark prints it apart from the tick's). */
  ms: number;
  /** Which read the network gets: block receipts (or not known yet), or (the node lacks them) single transactions. */
  mode: 'unknown' | 'receipts' | 'transactions';
  /** A whole budget of blocks was waiting and some were read: more are likely left (a backfill's backlog). */
  batchFull: boolean;
}

/** A transaction's sender never changes (its hash covers the signature), so the cache outlives reorganisations. */
const CACHE_SIZE = 20_000;
/** A block whose answer was unusable this many times is given up until the process restarts. */
const MAX_ATTEMPTS = 3;
/** Blocks given up at most; past it they are simply retried (something is wrong with the node as a whole). */
const MAX_GIVEN_UP = 1_000;

/**
 * Fills `pool_events.trader` (decision 0033): each tick reads the senders of the newest blocks
 * that hold events without a trader, spending at most `readsPerTick` RPC calls, so an old backfill
 * never starves the log reads and the last 24 hours (what the screens show) come first. It runs
 * after the tick's events are stored; whatever it cannot read now it reads on a later tick.
 */
export class TraderReader {
  private mode: TraderTick['mode'] = 'unknown';
  private readonly cache = new Map<string, string>();
  private readonly attempts = new Map<bigint, number>();
  private readonly givenUp = new Set<bigint>();
  /** Blocks a batch in flight is reading: the batches beside it take others. */
  private readonly claimed = new Set<bigint>();
  private claiming: Promise<unknown> = Promise.resolve();
  /** The network's bound on sender requests in flight (decision 0081); every batch of this reader shares it. */
  readonly limiter: RequestLimiter;

  constructor(
    private readonly db: Db,
    private readonly chain: ChainService,
    private readonly network: NetworkConfig,
    private readonly options: TraderReaderOptions,
  ) {
    this.limiter = new RequestLimiter(network.senderConcurrency ?? DEFAULT_SENDER_CONCURRENCY);
  }

  /** Whether the node has eth_getBlockReceipts is known (until then one batch at a time probes it). */
  get modeKnown(): boolean {
    return this.mode !== 'unknown';
  }

  /** A sender already read (lower-case hash), so a re-stored event (a reorg, a newly attached pool) needs no call. */
  known(txHash: string): string | null {
    return this.cache.get(txHash) ?? null;
  }

  /** One batch: at most `readsPerTick` calls (the full tick's own read, decision 0033). */
  tick(): Promise<TraderTick> {
    return this.readBatches(1);
  }

  /**
   * Up to `batches` batches read at once, each of at most `readsPerTick` calls on blocks of its own
   * (a backfill's backlog, decision 0081), their HTTP requests within the network's
   * senderConcurrency. Until the node has shown it has eth_getBlockReceipts, one batch. A batch
   * that fails (the node throttled it past its retries, say) loses nothing: its blocks are read
   * again later; the step then reports no full batch, so the runner slows down. All of them
   * failing is the step's failure.
   */
  async readBatches(batches: number): Promise<TraderTick> {
    const started = performance.now();
    const out: TraderTick = { calls: 0, filled: 0, ms: 0, mode: this.mode, batchFull: false };
    const budget = this.options.readsPerTick;
    if (budget <= 0) return out;
    const n = this.mode === 'unknown' ? 1 : Math.max(1, Math.floor(batches));
    const blocks = await this.claim(budget * n);
    try {
      if (blocks.length === 0) return out;
      // Newest first, as the batches of one tick after another would have read them.
      const parts: bigint[][] = [];
      for (let i = 0; i < blocks.length; i += budget) parts.push(blocks.slice(i, i + budget));
      const settled = await Promise.allSettled(parts.map((part) => this.readBlocks(part)));
      const failed = settled.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failed.length === settled.length) throw failed[0]!.reason;
      for (const r of settled) {
        if (r.status !== 'fulfilled') continue;
        out.calls += r.value.calls;
        out.filled += r.value.filled;
      }
      out.mode = this.mode;
      // Progress is required too: a node failing every read must not make the runner spin.
      out.batchFull = failed.length === 0 && blocks.length >= budget * n && out.filled > 0;
      return out;
    } finally {
      for (const b of blocks) this.claimed.delete(b);
      out.ms = performance.now() - started;
    }
  }

  /**
   * The senders of a backfill slice's transactions, read from its blocks' receipts before the slice
   * is stored, so its events go in with their trader (NetworkConfig.sendersWithSlices, decision
   * 0081 point 5). Within the network's limiter, like every sender read. Nothing is written and no
   * attempt is counted: whatever this misses (a malformed or failed answer, a node without
   * eth_getBlockReceipts) stays null and is read by the batches after the events as before. What it
   * reads is remembered, so a slice stored before its senders arrived costs those batches no call.
   * `unread` counts the blocks whose answer was not usable (failed, null or malformed).
   */
  async sendersOfSlice(
    txs: readonly { blockNumber: bigint; txHash: string }[],
  ): Promise<{ senders: Map<string, string>; unread: number }> {
    const found = new Map<string, string>();
    let unread = 0;
    if (this.options.readsPerTick <= 0 || this.mode === 'transactions') return { senders: found, unread };
    const wanted = new Set<string>();
    const blocks = new Set<bigint>();
    for (const t of txs) {
      const known = this.cache.get(t.txHash);
      if (known) found.set(t.txHash, known);
      else if (!wanted.has(t.txHash)) {
        wanted.add(t.txHash);
        blocks.add(t.blockNumber);
      }
    }
    const list = [...blocks];
    if (list.length === 0) return { senders: found, unread };
    const client = this.chain.client(this.network);
    const reading = { onRequest: (method: string) => this.options.onRequest?.(method), limiter: this.limiter };
    const take = (reads: Map<bigint, SenderRead>) => {
      for (const read of reads.values()) {
        if (read.kind !== 'ok') {
          unread++;
          continue;
        }
        for (const [hash, sender] of read.senders) {
          if (!wanted.has(hash)) continue;
          found.set(hash, sender);
          this.remember(hash, sender);
        }
      }
    };
    if (this.mode === 'unknown') {
      // The same probe as readBlocks: one block first; a node without the method is left to the batches.
      const probe = await readBlockSenders(client, list.slice(0, 1), reading);
      const first = [...probe.values()][0];
      if (!first || first.kind === 'failed') return { senders: found, unread: list.length };
      this.mode = 'receipts';
      take(probe);
      list.shift();
    }
    take(await readBlockSenders(client, list, reading));
    return { senders: found, unread };
  }

  /** The newest unread blocks no batch in flight has taken, taken for the caller (one claim at a time). */
  private claim(limit: number): Promise<bigint[]> {
    const claimed = this.claiming.then(async () => {
      const blocks = await unreadTraderBlocks(this.db, this.network.id, limit, [...this.givenUp, ...this.claimed]);
      for (const b of blocks) this.claimed.add(b);
      return blocks;
    });
    this.claiming = claimed.catch(() => undefined);
    return claimed;
  }

  /** The senders of the events of these blocks: at most one call per block (or `readsPerTick` per transaction). */
  private async readBlocks(blocks: bigint[]): Promise<{ calls: number; filled: number }> {
    const out = { calls: 0, filled: 0 };
    const budget = this.options.readsPerTick;
    const request = (method: string) => {
      out.calls++;
      this.options.onRequest?.(method);
    };
    const reading = { onRequest: request, limiter: this.limiter };
    const txs = await unreadTraderTransactions(this.db, this.network.id, blocks);

    const found = new Map<string, string>();
    for (const t of txs) {
      const sender = this.cache.get(t.txHash);
      if (sender) found.set(t.txHash, sender);
    }
    const open = () => txs.filter((t) => !found.has(t.txHash));
    const client = this.chain.client(this.network);
    // One attempt per block and tick, however many of its transactions were left unread.
    const failures = new Map<bigint, SenderRead>();

    if (this.mode !== 'transactions') {
      const wanted = [...new Set(open().map((t) => t.blockNumber))].slice(0, budget);
      // Until the node has shown it has eth_getBlockReceipts, one block asks for all of them.
      const probing = this.mode === 'unknown';
      const reads = await readBlockSenders(client, probing ? wanted.slice(0, 1) : wanted, reading);
      const unsupported = [...reads.values()].some((r) => r.kind === 'failed' && isMethodMissing(r.error));
      const probe = [...reads.values()][0];
      // Any answer but a failure shows the method is there (a lagging node, a bad answer are per block).
      if (probing && probe && probe.kind !== 'failed') {
        this.mode = 'receipts';
        for (const [block, read] of await readBlockSenders(client, wanted.slice(1), reading)) reads.set(block, read);
      }
      if (unsupported) {
        // Remembered for the life of the process: the node is asked per transaction from now on.
        // Once, though a batch beside this one may have found it first (the mode is shared).
        if ((this.mode as TraderTick['mode']) !== 'transactions')
          this.options.log?.(
            'info',
            `${this.network.name}: the node has no eth_getBlockReceipts; reading senders per transaction`,
          );
        this.mode = 'transactions';
      } else {
        for (const [block, read] of reads) {
          const mine = open().filter((t) => t.blockNumber === block);
          if (read.kind === 'ok') {
            for (const t of mine) {
              const sender = read.senders.get(t.txHash);
              if (sender) found.set(t.txHash, sender);
            }
          }
          // A transaction missing from its block's receipts was moved by a reorganisation (the
          // guard removes its event) or the node is wrong: either way, try again later.
          if (mine.some((t) => !found.has(t.txHash))) failures.set(block, read);
        }
        // Senders seen in the block beyond our events are not kept: the cache is for our events.
      }
    }
    if (this.mode === 'transactions') {
      const left = budget - out.calls;
      const wanted = open().slice(0, Math.max(0, left));
      const reads = await readTransactionSenders(
        client,
        wanted.map((t) => t.txHash),
        reading,
      );
      for (const t of wanted) {
        const read = reads.get(t.txHash)!;
        const sender = read.kind === 'ok' ? read.senders.get(t.txHash) : undefined;
        if (sender) found.set(t.txHash, sender);
        else failures.set(t.blockNumber, read);
      }
    }
    for (const [block, read] of failures) await this.failed(block, read);

    for (const [hash, sender] of found) this.remember(hash, sender);
    out.filled = await setTraders(this.db, this.network.id, found);
    return out;
  }

  private remember(hash: string, sender: string) {
    if (this.cache.has(hash)) return;
    // Oldest out first (a Map iterates in insertion order).
    if (this.cache.size >= CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(hash, sender);
  }

  /**
   * An unusable answer for a block. A node that lags or fails is asked again on the next tick;
   * after MAX_ATTEMPTS the block is given up (its traders stay null, shown as not read) and
   * recorded as a skipped item, so one bad block cannot take the budget of every tick.
   */
  private async failed(block: bigint, read: SenderRead) {
    const n = (this.attempts.get(block) ?? 0) + 1;
    this.attempts.set(block, n);
    if (n < MAX_ATTEMPTS || this.givenUp.size >= MAX_GIVEN_UP) return;
    this.attempts.delete(block);
    this.givenUp.add(block);
    const reason =
      read.kind === 'malformed'
        ? read.reason
        : read.kind === 'failed'
          ? read.error.message
          : read.kind === 'missing'
            ? 'the node answered null'
            : 'a transaction is not in its block';
    const item = {
      part: 'pools' as const,
      item: `senders of block ${block}`,
      reason: 'trader-unreadable',
      error: new Error(`The senders of block ${block} could not be read ${MAX_ATTEMPTS} times: ${reason}`),
      blockNumber: block,
    };
    this.options.onSkip?.({ ...item, detail: await recordSkippedItem(this.db, this.network.id, item) });
  }
}
