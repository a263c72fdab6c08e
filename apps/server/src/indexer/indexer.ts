import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Address, Hex, Log } from 'viem';
import type { ChainService } from '../chain/chain-service';
import { withDeadline } from '../chain/client';
import type { NetworkConfig } from '../chain/networks';
import { queryRows, type Db } from '../db/client';
import { indexedPools, poolEvents, poolSnapshots } from '../db/schema';
import { evaluateAlerts, type NewSwap } from './alert-rules';
import { decodePoolLog, EVENT_TOPICS } from './events';
import { getLogsChunked } from './get-logs';
import { recordSkippedItem, type OnSkip, type SkippedItem } from './skipped-items';
import { logBlocks, rangeEndBlock, recordBlocks, type RecordedBlock } from './reorg';
import { readRawPoolStates, type RawPoolState, type TrackedPool } from '../chain/pool-state';

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
}

export interface TickResult {
  skipped?: 'no pools' | 'no new blocks';
  safeBlock?: bigint;
  fromBlocks?: bigint[];
  eventsStored: number;
  snapshotsWritten: number;
  alertsFired: number;
  caughtUp: boolean;
}

const MINUTE = 60_000;
const bucketOf = (time: Date) => new Date(Math.floor(time.getTime() / MINUTE) * MINUTE);
const hexToBig = (v: unknown) => BigInt(v as string);

/** One row per pool per minute bucket: a later block in the same minute replaces the earlier one. */
async function upsertSnapshots(db: Pick<Db, 'insert'>, rows: (typeof poolSnapshots.$inferInsert)[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insert(poolSnapshots)
      .values(rows.slice(i, i + 1000))
      .onConflictDoUpdate({
        target: [poolSnapshots.networkId, poolSnapshots.poolAddress, poolSnapshots.bucket],
        set: { blockNumber: sql`excluded.block_number`, blockTime: sql`excluded.block_time`, reserve0: sql`excluded.reserve0`, reserve1: sql`excluded.reserve1`, sqrtPriceX96: sql`excluded.sqrt_price_x96` },
        setWhere: sql`${poolSnapshots.blockNumber} <= excluded.block_number`,
      });
  }
}

/**
 * One network's indexer. Each tick reads the blocks from every tracked pool's checkpoint up to
 * head − confirmations, stores Swap/Mint/Burn idempotently together with the new checkpoints in one
 * transaction, snapshots every pool's state with one multicall, then evaluates the alerts of the
 * pools that changed. The hashes of the recent blocks it stored are recorded with the data, so a
 * reorganisation deeper than the confirmation depth is rolled back (reorg.ts, decision 0016).
 */
export class NetworkIndexer {
  private lastCompaction = 0;

  constructor(
    private readonly db: Db,
    private readonly chain: ChainService,
    readonly network: NetworkConfig,
    private readonly options: IndexerOptions = {},
  ) {}

  private async trackedPools(): Promise<TrackedPool[]> {
    const rows = await queryRows<{ address: string; version: 'v2' | 'v3'; token0: string; token1: string }>(
      this.db,
      sql`select distinct on (lower(p.pool_address)) lower(p.pool_address) as address, p.pool_version as version,
            case when p.project_is_token0 then pr.contract_address else p.paired_token_address end as token0,
            case when p.project_is_token0 then p.paired_token_address else pr.contract_address end as token1
          from pools p join projects pr on pr.id = p.project_id
          where p.network_id = ${this.network.id}
          order by lower(p.pool_address), p.id`,
    );
    return rows.map((r) => ({ address: r.address as Address, version: r.version, token0: r.token0 as Address, token1: r.token1 as Address }));
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

  async tick(): Promise<TickResult> {
    const result: TickResult = { eventsStored: 0, snapshotsWritten: 0, alertsFired: 0, caughtUp: false };
    const tracked = await this.trackedPools();
    if (tracked.length === 0) return { ...result, skipped: 'no pools' };
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

        // Newly tracked pools start at the backfill depth; the others continue where they stopped.
        const known = await this.db.select().from(indexedPools).where(eq(indexedPools.networkId, this.network.id));
        const knownSet = new Map(known.map((k) => [k.poolAddress, k]));
        const fresh = tracked.filter((p) => !knownSet.has(p.address.toLowerCase()));
        if (fresh.length > 0) {
          const headBlock = await client.getBlock({ blockNumber: safe });
          const from = await this.blockAtTime(Number(headBlock.timestamp) - (this.options.backfillSeconds ?? 86_400), safe);
          await this.db
            .insert(indexedPools)
            .values(fresh.map((p) => ({ networkId: this.network.id, poolAddress: p.address.toLowerCase(), version: p.version, fromBlock: from })))
            .onConflictDoNothing();
          for (const p of fresh) knownSet.set(p.address.toLowerCase(), { networkId: this.network.id, poolAddress: p.address.toLowerCase(), version: p.version, fromBlock: from, toBlock: null });
        }

        // Pools that share a next block read together: normally all of them, in one eth_getLogs.
        const groups = new Map<bigint, Address[]>();
        for (const p of tracked) {
          const k = knownSet.get(p.address.toLowerCase())!;
          const next = k.toBlock === null ? k.fromBlock : k.toBlock + 1n;
          if (next > safe) continue;
          const list = groups.get(next) ?? [];
          list.push(p.address);
          groups.set(next, list);
        }
        result.fromBlocks = [...groups.keys()];

        // A new alert judges swaps from the block its pool was indexed up to when the indexer first
        // sees it, or from the current safe block if the pool is not indexed yet: history that
        // happened before the alert existed (a backfill) never fires it.
        await this.db.execute(sql`update alerts a set since_block = coalesce(
            (select ip.to_block from pools p join indexed_pools ip
               on ip.network_id = p.network_id and ip.pool_address = lower(p.pool_address)
             where p.id = a.pool_id), ${safe})
          where a.since_block is null and a.pool_id in (select id from pools where network_id = ${this.network.id})`);

        const newSwaps: NewSwap[] = [];
        const changed = new Set<string>();
        const maxPerTick = this.options.maxBlocksPerTick ?? 50_000n;
        for (const [next, addresses] of groups) {
          const end = next + maxPerTick - 1n < safe ? next + maxPerTick - 1n : safe;
          // Before the logs: see rangeEndBlock.
          const endBlock = await rangeEndBlock(client, this.network, end, safe, request);
          const { logs } = await getLogsChunked(client, addresses, EVENT_TOPICS, next, end, {
            maxRange: this.options.maxRange ?? 10_000n,
            maxAddresses: this.options.maxAddresses ?? 1_000,
            onRequest: () => request('eth_getLogs'),
          });
          const stored = await this.store(logs, addresses, end, { safe, blocks: [endBlock, ...logBlocks(logs)] });
          result.eventsStored += stored.events;
          result.snapshotsWritten += stored.snapshots;
          newSwaps.push(...stored.swaps);
          for (const a of stored.changed) changed.add(a);
        }

        // Current state of every caught-up pool at the safe block, in one multicall.
        const coverage = await this.db.select().from(indexedPools).where(eq(indexedPools.networkId, this.network.id));
        const upToDate = new Set(coverage.filter((k) => k.toBlock === safe).map((k) => k.poolAddress));
        const caughtUp = tracked.filter((p) => upToDate.has(p.address.toLowerCase()));
        const before = await this.latestSnapshots();
        request('eth_call');
        const { blockTime, states } = await readRawPoolStates(client, this.network.multicall3, caughtUp, safe);
        result.snapshotsWritten += await this.writeStateSnapshots(states, safe, blockTime);
        for (const [address, state] of states) {
          const prev = before.get(address);
          if (!prev || prev.reserve0 !== state.reserve0 || prev.reserve1 !== state.reserve1 || prev.sqrtPriceX96 !== state.sqrtPriceX96) changed.add(address);
        }
        result.caughtUp = [...groups.keys()].every((next) => next + maxPerTick - 1n >= safe);

        result.alertsFired = await evaluateAlerts(this.db, {
          network: this.network,
          changed,
          newSwaps,
          chainTime: blockTime,
          preTick: before,
        });

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
  private async store(logs: Log[], addresses: Address[], end: bigint, recorded: { safe: bigint; blocks: (RecordedBlock | null)[] }) {
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
    const undecodable: SkippedItem[] = [];
    for (const log of logs) {
      const decoded = decodePoolLog(log);
      if (!decoded) {
        // One of our topics from a tracked pool in a shape we do not know: skipped, on record.
        const item = `${String(log.transactionHash).toLowerCase()}:${Number(hexToBig(log.logIndex))}`;
        undecodable.push({ part: 'pools', item, reason: 'undecodable-log', error: new Error(`A log of pool ${String(log.address)} does not decode as a V2 or V3 event.`), blockNumber: hexToBig(log.blockNumber) });
        continue;
      }
      const blockNumber = hexToBig(log.blockNumber);
      const blockTime = times.get(blockNumber)!;
      const poolAddress = (log.address as string).toLowerCase();
      if (decoded.kind === 'sync') {
        // The last Sync of a minute is that minute's V2 state: a price history from the logs alone.
        const bucket = bucketOf(blockTime);
        syncs.set(`${poolAddress}:${bucket.getTime()}`, {
          networkId: this.network.id,
          poolAddress,
          bucket,
          blockNumber,
          blockTime,
          reserve0: decoded.reserve0.toString(),
          reserve1: decoded.reserve1.toString(),
          sqrtPriceX96: null,
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
      });
    }

    // Recorded before the range's transaction; a repeat (if that transaction fails) counts an attempt.
    for (const item of undecodable) this.options.onSkip?.({ ...item, detail: await recordSkippedItem(this.db, this.network.id, item) });

    return this.db.transaction(async (tx) => {
      let inserted: (typeof poolEvents.$inferSelect)[] = [];
      for (let i = 0; i < eventRows.length; i += 1000) {
        const part = await tx.insert(poolEvents).values(eventRows.slice(i, i + 1000)).onConflictDoNothing().returning();
        inserted = inserted.concat(part);
      }
      const syncRows = [...syncs.values()];
      await upsertSnapshots(tx, syncRows);
      await recordBlocks(tx, this.network, recorded.safe, recorded.blocks);
      const lower = addresses.map((a) => a.toLowerCase());
      await tx
        .update(indexedPools)
        .set({ toBlock: end })
        .where(and(eq(indexedPools.networkId, this.network.id), inArray(indexedPools.poolAddress, lower)));
      // The network checkpoint: the block every tracked pool has been read up to.
      // Over the pools still tracked: a detached pool keeps its row (so re-attaching it resumes
      // without a gap) but must not hold the checkpoint back.
      await tx.execute(sql`insert into indexer_checkpoints (network_id, last_block, updated_at)
        select ${this.network.id}, min(coalesce(ip.to_block, ip.from_block - 1)), now() from indexed_pools ip
        where ip.network_id = ${this.network.id}
          and exists (select 1 from pools p where p.network_id = ip.network_id and lower(p.pool_address) = ip.pool_address)
        having count(*) > 0
        on conflict (network_id) do update set last_block = excluded.last_block, updated_at = now()`);
      const swaps: NewSwap[] = inserted.filter((e) => e.type === 'swap').map((e) => e);
      return { events: inserted.length, snapshots: syncRows.length, swaps, changed: new Set(inserted.map((e) => e.poolAddress)) };
    });
  }

  private async latestSnapshots(): Promise<Map<string, RawPoolState & { blockTime: Date }>> {
    const rows = await queryRows<{ pool_address: string; reserve0: string; reserve1: string; sqrt_price_x96: string | null; block_time: string | Date }>(
      this.db,
      sql`select distinct on (pool_address) pool_address, reserve0, reserve1, sqrt_price_x96, block_time
          from pool_snapshots where network_id = ${this.network.id} order by pool_address, bucket desc`,
    );
    return new Map(
      rows.map((r) => [
        r.pool_address,
        { reserve0: BigInt(r.reserve0), reserve1: BigInt(r.reserve1), sqrtPriceX96: r.sqrt_price_x96 === null ? null : BigInt(r.sqrt_price_x96), blockTime: new Date(r.block_time) },
      ]),
    );
  }

  private async writeStateSnapshots(states: Map<string, RawPoolState>, blockNumber: bigint, blockTime: Date): Promise<number> {
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
    const cutoff = new Date(now.getTime() - 48 * 60 * MINUTE);
    await this.db.execute(sql`delete from pool_snapshots s
      where s.network_id = ${this.network.id} and s.bucket < ${cutoff}
        and s.id not in (
          select max(id) from pool_snapshots
          where network_id = ${this.network.id} and bucket < ${cutoff}
          group by pool_address, date_trunc('hour', bucket))`);
  }
}
