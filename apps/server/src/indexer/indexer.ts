import type { Address, Hex, Log } from 'viem';
import type { ChainService } from '../chain/chain-service';
import { withDeadline } from '../chain/client';
import type { NetworkConfig } from '../chain/networks';
import type { Db } from '../db/client';
import { normalizeAddress, normalizePoolAddress } from '../lib/addresses';
import type { poolEvents, poolSnapshots } from '../db/schema';
import { evaluateAlerts, type NewSwap } from './alert-rules';
import { decodePoolLog, EVENT_TOPICS } from './events';
import { getLogsChunked, LogRange } from './get-logs';
import { recordSkippedItem, type OnSkip, type SkippedItem } from './skipped-items';
import { logBlocks, rangeEndBlock, recordBlocks, type RecordedBlock } from './reorg';
import { readRawPoolStates, type RawPoolState, type TrackedPool } from '../chain/pool-state';
import { adapterOf } from '../chain/dex/registry';
import { ReferencePoolKeeper } from './reference-pool';
import { TraderReader, type TraderTick } from './traders';
import { SliceSenders } from './slice-senders';
import { decodeV4Logs, logKey, splitV4, v4DexOf, v4PoolLogs, type V4Decoded } from './v4-logs';
import {
  anchorNewAlerts,
  indexedCoverage,
  insertPoolEvents,
  latestSnapshots,
  markRangeIndexed,
  startIndexing,
  thinOldSnapshots,
  trackedPools,
  upsertSnapshots,
} from './store';

export interface IndexerOptions {
  /** How far back a newly tracked pool is read (default: the last 24 h of blocks). */
  backfillSeconds?: number;
  /** Most blocks per eth_getLogs before the node says otherwise. */
  maxRange?: bigint;
  maxAddresses?: number;
  /** Most blocks one tick reads for one group of pools, so a long backfill does not stall ticks. */
  maxBlocksPerTick?: bigint;
  /** Observes RPC requests (benchmarks count them). */
  onRequest?: (method: string) => void;
  log?: (level: 'info' | 'warn', message: string, extra?: object) => void;
  /** Told about each log skipped because it does not decode (already recorded in indexer_skipped_items). */
  onSkip?: OnSkip;
  /** Most RPC calls a tick spends reading traders (TRADER_READS_PER_TICK; decision 0033). */
  traderReadsPerTick?: number;
  /**
   * Sender batches beside a backfill's slices (decision 0062 point 6). Off by default: measured on a
   * loaded machine it did not bring the senders' completion forward (bench:backfill compares both).
   */
  sendersBeside?: boolean;
  /** A backfill slice's senders read before it is stored (decision 0081 point 5); NetworkConfig.sendersWithSlices unless set. */
  sendersWithSlices?: boolean;
  /** USD_MIN_LIQUIDITY: the least a reference pool must hold to be chosen (decision 0064). */
  usdMinLiquidity?: number;
  /**
   * Told the pools whose events or state changed as soon as both are stored, before the alerts and
   * the trader reads (the live stream's notice: decision 0074). A failure is logged, never the tick's.
   */
  onPoolsChanged?: (safeBlock: bigint, pools: string[]) => Promise<void>;
}

export interface TickResult {
  skipped?: 'no pools' | 'no new blocks';
  safeBlock?: bigint;
  fromBlocks?: bigint[];
  eventsStored: number;
  snapshotsWritten: number;
  alertsFired: number;
  caughtUp: boolean;
  /** The trader reads of the tick; absent when they failed (they are tried again next tick). */
  traders?: TraderTick;
  /** Senders are left to read after a full batch: a backfill's, so the runner goes again at once. */
  sendersBehind?: boolean;
  /** The pools (addresses as stored) with new events or a new state this tick: the live stream's notice. */
  changedPools?: string[];
  /** The sender batches read beside a backfill's slices (IndexerOptions.sendersBeside); absent when there were none. */
  sendersBeside?: { batches: number; calls: number; filled: number };
  /** Milliseconds per part of the tick (head, coverage, logs, store, multicall, snapshots, alerts, senders): bench:indexer prints them. */
  phases: Record<string, number>;
}

const MINUTE = 60_000;

/**
 * Sender batches beside a backfill (decision 0062 point 6; decision 0081): while a tick fetches and
 * stores slice after slice, several readers take one batch of senders after another (each
 * at most TRADER_READS_PER_TICK calls, on blocks no other batch has; their requests within the
 * network's senderConcurrency) from the blocks already stored, so that the senders are not all left
 * for after the events. A reader stops when the stored blocks are taken (a later slice starts it
 * again), when a batch fills nothing (a node that fails every read cannot make it spin) and at the
 * first failure, which is logged and left to later steps, never the tick's.
 */
class SendersBeside {
  private readonly running = new Set<Promise<void>>();
  /** Stopped, failed, or a batch filled nothing: no further batch this tick. */
  private stopped = false;
  private readonly done = { batches: 0, calls: 0, filled: 0 };

  constructor(
    private readonly traders: TraderReader,
    private readonly onError: (err: Error) => void,
  ) {}

  /**
   * After a slice is stored: as many readers as the network allows requests in flight now (fewer
   * after a throttle), one while it is not known whether the node has eth_getBlockReceipts.
   */
  start(): void {
    const wanted = this.traders.modeKnown ? this.traders.limiter.limit : 1;
    while (!this.stopped && this.running.size < wanted) {
      const reader: Promise<void> = (async () => {
        while (!this.stopped) {
          const batch = await this.traders.tick();
          if (batch.calls === 0 && batch.filled === 0) return;
          this.done.batches++;
          this.done.calls += batch.calls;
          this.done.filled += batch.filled;
          if (batch.filled === 0 && batch.calls > 0) this.stopped = true;
          if (!batch.batchFull) return;
        }
      })()
        .catch((err: unknown) => {
          this.stopped = true;
          this.onError(err as Error);
        })
        .finally(() => this.running.delete(reader));
      this.running.add(reader);
    }
  }

  async stop(): Promise<{ batches: number; calls: number; filled: number } | undefined> {
    this.stopped = true;
    await Promise.all([...this.running]);
    return this.done.batches > 0 ? this.done : undefined;
  }
}
/** Whether a backfill's senders are read beside its slices when the caller does not say (IndexerOptions.sendersBeside; decision 0081). */
export const SENDERS_BESIDE_BY_DEFAULT = false;

/** RPC calls per tick for trader reads when the caller does not say (config TRADER_READS_PER_TICK). */
export const DEFAULT_TRADER_READS = 20;
const bucketOf = (time: Date) => new Date(Math.floor(time.getTime() / MINUTE) * MINUTE);
const hexToBig = (v: unknown) => BigInt(v as string);

/**
 * One network's indexer. Each tick reads the blocks from every tracked pool's checkpoint up to
 * head − confirmations, stores Swap/Mint/Burn idempotently together with the new checkpoints in one
 * transaction, snapshots every pool's state with one multicall, then evaluates the alerts of the
 * pools that changed. The hashes of the recent blocks it stored are recorded with the data, so a
 * reorganisation deeper than the confirmation depth is rolled back (reorg.ts, decision 0016).
 */
export class NetworkIndexer {
  private lastCompaction = 0;
  readonly traders: TraderReader;
  private readonly reference: ReferencePoolKeeper;
  /** The eth_getLogs range that works on this network, kept for the life of the process (get-logs.ts). */
  private readonly logRange: LogRange;

  constructor(
    private readonly db: Db,
    private readonly chain: ChainService,
    readonly network: NetworkConfig,
    private readonly options: IndexerOptions = {},
  ) {
    this.logRange = new LogRange(options.maxRange ?? 10_000n);
    this.traders = new TraderReader(db, chain, network, {
      readsPerTick: options.traderReadsPerTick ?? DEFAULT_TRADER_READS,
      onRequest: options.onRequest,
      onSkip: options.onSkip,
      log: options.log,
    });
    this.reference = new ReferencePoolKeeper(db, chain, network, options.usdMinLiquidity ?? 10_000, options.onRequest);
  }

  /** The first block at or after `time` (binary search on block timestamps; once per new pool set). */
  private async blockAtTime(time: number, head: bigint): Promise<bigint> {
    const client = this.chain.client(this.network);
    let lo = 0n;
    let hi = head;
    while (lo < hi) {
      const mid = (lo + hi) / 2n;
      const block = await client.getBlock({ blockNumber: mid });
      if (Number(block.timestamp) < time) lo = mid + 1n;
      else hi = mid;
    }
    return lo;
  }

  /**
   * Senders and nothing else: the runner's step between full ticks while only senders are behind
   * (pacing.ts). Several batches at once, each at most TRADER_READS_PER_TICK calls, their requests
   * within the network's senderConcurrency (senderBatches; decision 0081). A failure is the caller's.
   */
  readSenders(): Promise<TraderTick> {
    return this.traders.readBatches(this.senderBatches);
  }

  /**
   * Sender batches a senders-only step reads (decision 0081): two per request the network allows in
   * flight now, so that while some batches store their senders the others' requests keep every
   * place in flight busy. The limiter, not this figure, bounds the requests.
   */
  private get senderBatches(): number {
    return 2 * this.traders.limiter.limit;
  }

  async tick(): Promise<TickResult> {
    const result: TickResult = { eventsStored: 0, snapshotsWritten: 0, alertsFired: 0, caughtUp: false, phases: {} };
    let lapStart = performance.now();
    const lap = (phase: string) => {
      const now = performance.now();
      result.phases[phase] = (result.phases[phase] ?? 0) + (now - lapStart);
      lapStart = now;
    };
    const v4Dex = v4DexOf(this.network);
    // V4 pools are read through the network's StateView; without a V4 DEX configured they get no state.
    const tracked = (await trackedPools(this.db, this.network.id)).map((p) =>
      p.version === 'v4' && v4Dex ? { ...p, stateView: v4Dex.stateView } : p,
    );
    if (tracked.length === 0) return { ...result, skipped: 'no pools' };
    // The reference pool rides along, so past USD rates exist (decision 0064); its failure is not the pools'.
    const reference = await this.reference.poolFor(tracked).catch((err: unknown) => {
      this.options.log?.('warn', `reference pool not read; tried again later: ${(err as Error).message}`);
      return null;
    });
    if (reference && !tracked.some((p) => normalizePoolAddress(p.address) === reference.address))
      tracked.push(reference);
    lap('pools');
    const client = this.chain.client(this.network);
    const request = (method: string) => this.options.onRequest?.(method);

    return withDeadline(
      this.network,
      async () => {
        request('eth_blockNumber');
        const head = await client.getBlockNumber({ cacheTime: 0 });
        const safe = head - BigInt(this.network.confirmations);
        if (safe < 0n) return { ...result, skipped: 'no new blocks' as const };
        result.safeBlock = safe;
        lap('head');

        // Newly tracked pools start at the backfill depth; the others continue where they stopped.
        const known = await indexedCoverage(this.db, this.network.id);
        const knownSet = new Map(known.map((k) => [k.poolAddress, k]));
        const fresh = tracked.filter((p) => !knownSet.has(normalizePoolAddress(p.address)));
        if (fresh.length > 0) {
          const headBlock = await client.getBlock({ blockNumber: safe });
          const from = await this.blockAtTime(
            Number(headBlock.timestamp) - (this.network.backfillSeconds ?? this.options.backfillSeconds ?? 86_400),
            safe,
          );
          await startIndexing(this.db, this.network.id, fresh, from);
          for (const p of fresh)
            knownSet.set(normalizePoolAddress(p.address), {
              networkId: this.network.id,
              poolAddress: normalizePoolAddress(p.address),
              version: p.version,
              fromBlock: from,
              toBlock: null,
            });
        }

        // Pools that share a next block read together: normally all of them, in one eth_getLogs.
        const groups = new Map<bigint, Address[]>();
        for (const p of tracked) {
          const k = knownSet.get(normalizePoolAddress(p.address))!;
          const next = k.toBlock === null ? k.fromBlock : k.toBlock + 1n;
          if (next > safe) continue;
          const list = groups.get(next) ?? [];
          list.push(p.address);
          groups.set(next, list);
        }
        result.fromBlocks = [...groups.keys()];

        // Before any swap is judged: new alerts never fire on history (see anchorNewAlerts).
        await anchorNewAlerts(this.db, this.network.id, safe);
        lap('coverage');

        const newSwaps: NewSwap[] = [];
        const changed = new Set<string>();
        // A log's price may need its pool's stored key (a stable curve's Sync, a Liquidity Book bin step: chain/dex/types.ts LogPool).
        const byAddress = new Map(tracked.map((p) => [normalizePoolAddress(p.address), p]));
        const maxPerTick = this.options.maxBlocksPerTick ?? 50_000n;
        const beside = new SendersBeside(this.traders, (err) =>
          this.options.log?.('warn', `trader reads beside the backfill failed; tried again later: ${err.message}`),
        );
        const withSlices =
          (this.options.sendersWithSlices ?? this.network.sendersWithSlices ?? false)
            ? new SliceSenders(this.traders, (message) =>
                this.options.log?.('warn', `${this.network.name}: ${message}`),
              )
            : null;
        try {
          for (const [next, addresses] of groups) {
            const end = next + maxPerTick - 1n < safe ? next + maxPerTick - 1n : safe;
            const split = splitV4(addresses);
            // A backfill (more than one slice): its senders go in with its events. A live tick's one
            // slice does not wait for them (decision 0033: the logs first).
            const sliceSenders = withSlices && next + this.logRange.current - 1n < end ? withSlices : null;
            // One slice: about one eth_getLogs at the network's remembered range (decision 0062).
            const fetchSlice = async (from: bigint) => {
              const to = from + this.logRange.current - 1n < end ? from + this.logRange.current - 1n : end;
              // Before the logs: see rangeEndBlock.
              const endBlock = await rangeEndBlock(client, this.network, to, safe, request);
              const logs: Log[] = [];
              if (split.factory.length > 0) {
                const found = await getLogsChunked(client, split.factory, EVENT_TOPICS, from, to, {
                  maxRange: this.logRange.max,
                  sizer: this.logRange,
                  maxAddresses: this.options.maxAddresses ?? 1_000,
                  onRequest: () => request('eth_getLogs'),
                });
                for (const log of found.logs) logs.push(log);
              }
              let v4: V4Decoded | null = null;
              if (split.v4.length > 0 && v4Dex) {
                const v4Logs = await v4PoolLogs(client, v4Dex, split.v4, from, to, {
                  maxRange: to - from + 1n,
                  // Topic OR-lists are smaller than address lists at most providers.
                  maxIds: Math.min(this.options.maxAddresses ?? 1_000, 100),
                  onRequest: () => request('eth_getLogs'),
                });
                v4 = await decodeV4Logs(client, v4Dex, v4Logs);
                for (const log of v4Logs) logs.push(log);
              }
              return { to, endBlock, logs, v4, senders: sliceSenders?.read(logs) ?? null };
            };
            // Each slice is stored (with its checkpoint) while the next one is fetched; a failure of
            // either ends the tick, and the stored slices stay (the next tick resumes after them).
            let pending: ReturnType<typeof fetchSlice> | null = fetchSlice(next);
            while (pending) {
              const slice: Awaited<ReturnType<typeof fetchSlice>> = await pending;
              lap('logs (waited for)');
              pending = slice.to < end ? fetchSlice(slice.to + 1n) : null;
              pending?.catch(() => {}); // awaited on the next round; meanwhile not an unhandled rejection
              let senders: ReadonlyMap<string, string> | undefined;
              if (sliceSenders) {
                senders = await sliceSenders.wait(slice.senders);
                lap('senders with the slices (waited for)');
              }
              const stored = await this.store(
                slice.logs,
                addresses,
                slice.to,
                { safe, blocks: [slice.endBlock, ...logBlocks(slice.logs)] },
                slice.v4,
                byAddress,
                senders,
              );
              result.eventsStored += stored.events;
              result.snapshotsWritten += stored.snapshots;
              for (const swap of stored.swaps) newSwaps.push(swap);
              for (const a of stored.changed) changed.add(a);
              // A backfill (more slices to come): the stored slices' senders are read meanwhile.
              if (pending && (this.options.sendersBeside ?? SENDERS_BESIDE_BY_DEFAULT)) beside.start();
              lap('store');
            }
          }
        } finally {
          // Never two batches at once: the tick's own batch below waits for these.
          result.sendersBeside = await beside.stop();
          lap('senders beside (waited for)');
        }

        // Current state of every caught-up pool at the safe block, in one multicall.
        const coverage = await indexedCoverage(this.db, this.network.id);
        const upToDate = new Set(coverage.filter((k) => k.toBlock === safe).map((k) => k.poolAddress));
        const caughtUp = tracked.filter((p) => upToDate.has(normalizePoolAddress(p.address)));
        const before = await latestSnapshots(this.db, this.network.id);
        lap('coverage');
        request('eth_call');
        const { blockTime, states } = await readRawPoolStates(client, this.network.multicall3, caughtUp, safe);
        // The screens this tick's push refetches are answered from this read (issue 31).
        this.chain.seedPoolStates(this.network, safe, blockTime, states);
        lap('multicall');
        result.snapshotsWritten += await this.writeStateSnapshots(states, safe, blockTime);
        lap('snapshots');
        for (const [address, state] of states) {
          const prev = before.get(address);
          if (
            !prev ||
            prev.reserve0 !== state.reserve0 ||
            prev.reserve1 !== state.reserve1 ||
            prev.sqrtPriceX96 !== state.sqrtPriceX96
          )
            changed.add(address);
        }
        result.caughtUp = [...groups.keys()].every((next) => next + maxPerTick - 1n >= safe);
        result.changedPools = [...changed];
        // The screens refetch now: what follows (alerts, senders) brings its own notices.
        if (changed.size > 0) await this.options.onPoolsChanged?.(safe, result.changedPools);
        lap('notice');

        result.alertsFired = await evaluateAlerts(this.db, {
          network: this.network,
          changed,
          newSwaps,
          chainTime: blockTime,
          preTick: before,
        });
        lap('alerts');

        // After the events are stored and judged: senders are extra, never in the way of the logs.
        try {
          result.traders = await this.traders.tick();
          // A full batch may leave more: the runner ticks again at once instead of after its interval.
          result.sendersBehind = result.traders.batchFull;
        } catch (err) {
          this.options.log?.('warn', `trader reads failed; tried again next tick: ${(err as Error).message}`);
        }
        lap('senders');

        if (Date.now() - this.lastCompaction > 10 * MINUTE) {
          this.lastCompaction = Date.now();
          await this.compactSnapshots(blockTime);
        }
        return result;
      },
      // A tick may read a long range; each RPC call keeps its own timeout.
      120_000,
    );
  }

  /** Events, V2 Sync snapshots, the new checkpoints and the blocks' hashes of one range, in one transaction. */
  private async store(
    logs: Log[],
    addresses: Address[],
    end: bigint,
    recorded: { safe: bigint; blocks: (RecordedBlock | null)[] },
    v4: V4Decoded | null = null,
    pools: ReadonlyMap<string, TrackedPool> = new Map(),
    senders: ReadonlyMap<string, string> = new Map(),
  ) {
    const client = this.chain.client(this.network);
    const times = new Map<bigint, Date>();
    for (const log of logs) {
      const ts = (log as unknown as { blockTimestamp?: Hex }).blockTimestamp;
      if (ts) times.set(hexToBig(log.blockNumber), new Date(Number(hexToBig(ts)) * 1000));
    }
    const missing = [...new Set(logs.map((l) => hexToBig(l.blockNumber)))].filter((b) => !times.has(b));
    // Nodes that do not put blockTimestamp in logs: one batched round trip for the blocks needed.
    const blocks = await Promise.all(missing.map((n) => client.getBlock({ blockNumber: n })));
    for (const b of blocks) times.set(b.number, new Date(Number(b.timestamp) * 1000));

    const eventRows: (typeof poolEvents.$inferInsert)[] = [];
    const syncs = new Map<string, typeof poolSnapshots.$inferInsert>();
    const undecodable: SkippedItem[] = [...(v4?.skipped ?? [])];
    for (const log of logs) {
      // A V4 log (PoolManager): decoded with its range in decodeV4Logs; null = not stored.
      const v4Event = v4?.events.get(logKey(log));
      if (v4Event === null) continue;
      // A pool-logged event may need its stored pool for its price (a Liquidity Book bin step).
      const decoded = v4Event ? v4Event.event : decodePoolLog(log, pools.get(normalizeAddress(log.address)));
      if (!decoded) {
        // One of our topics from a tracked pool in a shape we do not know: skipped, on record.
        const item = `${String(log.transactionHash).toLowerCase()}:${Number(hexToBig(log.logIndex))}`;
        undecodable.push({
          part: 'pools',
          item,
          reason: 'undecodable-log',
          error: new Error(`A log of pool ${String(log.address)} does not decode as a V2 or V3 event.`),
          blockNumber: hexToBig(log.blockNumber),
        });
        continue;
      }
      const blockNumber = hexToBig(log.blockNumber);
      const blockTime = times.get(blockNumber)!;
      const poolAddress = v4Event ? normalizePoolAddress(v4Event.poolAddress) : normalizeAddress(log.address);
      if (decoded.kind === 'sync') {
        // The last Sync of a minute is that minute's V2 state: a price history from the logs alone.
        // Where reserves are not the price (a stable curve), the pool's adapter prices them from its
        // stored key; a Sync it cannot price is no price point (decision 0068).
        const pool = pools.get(poolAddress);
        // A family without syncPrice (Uniswap V2 and its forks): the reserves' ratio is the price.
        const priceSync = pool ? adapterOf(pool).syncPrice : undefined;
        const sqrtPriceX96 = pool && priceSync ? priceSync(decoded, pool) : null;
        if (sqrtPriceX96 === undefined) continue;
        const bucket = bucketOf(blockTime);
        syncs.set(`${poolAddress}:${bucket.getTime()}`, {
          networkId: this.network.id,
          poolAddress,
          bucket,
          blockNumber,
          blockTime,
          reserve0: decoded.reserve0.toString(),
          reserve1: decoded.reserve1.toString(),
          sqrtPriceX96: sqrtPriceX96?.toString() ?? null,
        });
        continue;
      }
      eventRows.push({
        networkId: this.network.id,
        poolAddress,
        txHash: (log.transactionHash as string).toLowerCase(),
        logIndex: Number(hexToBig(log.logIndex)),
        blockNumber,
        blockTime,
        type: decoded.type,
        amount0: decoded.amount0.toString(),
        amount1: decoded.amount1.toString(),
        sqrtPriceX96: decoded.sqrtPriceX96?.toString() ?? null,
        trader:
          senders.get((log.transactionHash as string).toLowerCase()) ??
          this.traders.known((log.transactionHash as string).toLowerCase()),
      });
    }

    // Recorded before the range's transaction; a repeat (if that transaction fails) counts an attempt.
    for (const item of undecodable)
      this.options.onSkip?.({ ...item, detail: await recordSkippedItem(this.db, this.network.id, item) });

    return this.db.transaction(async (tx) => {
      const inserted = await insertPoolEvents(tx, eventRows);
      const syncRows = [...syncs.values()];
      await upsertSnapshots(tx, syncRows);
      await recordBlocks(tx, this.network, recorded.safe, recorded.blocks);
      await markRangeIndexed(tx, this.network.id, addresses, end);
      const swaps: NewSwap[] = inserted.filter((e) => e.type === 'swap').map((e) => e);
      return {
        events: inserted.length,
        snapshots: syncRows.length,
        swaps,
        changed: new Set(inserted.map((e) => e.poolAddress)),
      };
    });
  }

  private async writeStateSnapshots(
    states: Map<string, RawPoolState>,
    blockNumber: bigint,
    blockTime: Date,
  ): Promise<number> {
    if (states.size === 0) return 0;
    const bucket = bucketOf(blockTime);
    const rows = [...states].map(([poolAddress, s]) => ({
      networkId: this.network.id,
      poolAddress,
      bucket,
      blockNumber,
      blockTime,
      reserve0: s.reserve0.toString(),
      reserve1: s.reserve1.toString(),
      sqrtPriceX96: s.sqrtPriceX96?.toString() ?? null,
    }));
    await upsertSnapshots(this.db, rows);
    return rows.length;
  }

  /** Storage stays bounded: minute points for 48 h, then the last point of each hour. */
  async compactSnapshots(now: Date): Promise<void> {
    await thinOldSnapshots(this.db, this.network.id, new Date(now.getTime() - 48 * 60 * MINUTE));
  }
}
