import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Address } from 'viem';
import { queryRows, type Db } from '../db/client';
import {
  alerts,
  alertTriggers,
  discoveredPools,
  indexedPools,
  indexerCheckpoints,
  type poolEvents,
  pools,
  poolSnapshots,
  poolWatchCheckpoints,
  projects,
  type AlertRow,
  type PoolEventRow,
  type PoolRow,
  type PoolSnapshotRow,
  type ProjectRow,
} from '../db/schema';
import { raiseNotification, type NotificationInput } from '../domain/notifications';
import { enqueueAlertDeliveries } from '../domain/outbox';
import { normalizePoolAddress } from '../lib/addresses';
import type { RawPoolState, TrackedPool } from '../chain/pool-state';
import type { DexVersion } from '../chain/networks';

/**
 * What the indexer's tick reads and writes in the database, by what it means (decision 0028): the
 * pool indexer (indexer.ts, runner.ts), the alert rules and the new-pool watch call these instead
 * of writing SQL inline. Every table holds addresses in lower case (decision 0027), so queries
 * compare plain columns.
 */

type Writer = Pick<Db, 'insert'>;

/**
 * Rows written a chunk at a time: one statement per `size` rows keeps each under PostgreSQL's
 * 65,535 bind parameters, whatever the batch. `write` gets each chunk; what it answers is joined.
 */
export async function inChunks<T, R = never>(
  rows: readonly T[],
  size: number,
  write: (chunk: T[]) => Promise<R[] | void>,
): Promise<R[]> {
  let out: R[] = [];
  for (let i = 0; i < rows.length; i += size) {
    const answered = await write(rows.slice(i, i + size));
    if (answered) out = out.concat(answered);
  }
  return out;
}

// ---- The pool indexer ------------------------------------------------------------------------

/**
 * Every pool some project tracks on the network, once per address (several users may track the
 * same pool), with its tokens in pool order.
 */
export async function trackedPools(db: Db, networkId: number): Promise<TrackedPool[]> {
  const rows = await queryRows<{
    address: string;
    version: DexVersion;
    token0: string;
    token1: string;
    stable: boolean | null;
    bin_step: number | null;
    decimals0: number;
    decimals1: number;
  }>(
    db,
    sql`select distinct on (p.pool_address) p.pool_address as address, p.pool_version as version,
          case when p.project_is_token0 then pr.contract_address else p.paired_token_address end as token0,
          case when p.project_is_token0 then p.paired_token_address else pr.contract_address end as token1,
          p.stable, p.bin_step,
          case when p.project_is_token0 then pr.token_decimal else p.paired_token_decimals end as decimals0,
          case when p.project_is_token0 then p.paired_token_decimals else pr.token_decimal end as decimals1
        from pools p join projects pr on pr.id = p.project_id
        where p.network_id = ${networkId}
        order by p.pool_address, p.id`,
  );
  return rows.map((r) => ({
    address: r.address as Address,
    version: r.version,
    token0: r.token0 as Address,
    token1: r.token1 as Address,
    // A stable-curve pool's Sync is priced with these (chain/dex/types.ts SyncPool).
    stable: r.stable,
    // A Liquidity Book swap's bin becomes a price with it (chain/dex/types.ts LogPool).
    binStep: r.bin_step === null ? null : Number(r.bin_step),
    decimals0: Number(r.decimals0),
    decimals1: Number(r.decimals1),
  }));
}

/** How far each pool the indexer knows on the network has been read. */
export function indexedCoverage(db: Db, networkId: number) {
  return db.select().from(indexedPools).where(eq(indexedPools.networkId, networkId));
}

/** Newly tracked pools start being read at `fromBlock`; one already known keeps its coverage. */
export async function startIndexing(
  db: Db,
  networkId: number,
  fresh: readonly { address: string; version: DexVersion }[],
  fromBlock: bigint,
): Promise<void> {
  await db
    .insert(indexedPools)
    .values(
      fresh.map((p) => ({ networkId, poolAddress: normalizePoolAddress(p.address), version: p.version, fromBlock })),
    )
    .onConflictDoNothing();
}

/**
 * A new alert judges swaps from the block its pool was indexed up to when the indexer first sees
 * it, or from the current safe block if the pool is not indexed yet: history that happened before
 * the alert existed (a backfill) never fires it.
 */
export async function anchorNewAlerts(db: Db, networkId: number, safe: bigint): Promise<void> {
  await db.execute(sql`update alerts a set since_block = coalesce(
      (select ip.to_block from pools p join indexed_pools ip
         on ip.network_id = p.network_id and ip.pool_address = p.pool_address
       where p.id = a.pool_id), ${safe})
    where a.since_block is null and a.pool_id in (select id from pools where network_id = ${networkId})`);
}

/** What the tick needs back of a newly stored event: the alert rules' fields (NewSwap) and the pool it changed. */
export type StoredEvent = Pick<
  PoolEventRow,
  'poolAddress' | 'txHash' | 'blockNumber' | 'type' | 'amount0' | 'amount1' | 'sqrtPriceX96'
>;

/**
 * Swap, Mint and Burn rows; each is stored once (a repeat is ignored). Answers the rows new to the
 * table, with only the fields the alert rules read. One statement per call whatever the count: the
 * columns go as eleven array parameters through unnest (decision 0062), where multi-row VALUES
 * needed a statement per 1,000 rows, bound 11,000 parameters each and answered whole rows — a third
 * of a backfill's time.
 */
export async function insertPoolEvents(
  tx: Pick<Db, 'execute'>,
  rows: readonly (typeof poolEvents.$inferInsert)[],
): Promise<StoredEvent[]> {
  if (rows.length === 0) return [];
  const column = <T>(pick: (r: typeof poolEvents.$inferInsert) => T) => sql.param(rows.map(pick));
  type Returned = {
    pool_address: string;
    tx_hash: string;
    block_number: string;
    type: PoolEventRow['type'];
    amount0: string;
    amount1: string;
    sqrt_price_x96: string | null;
  };
  const result = (await tx.execute(
    sql`insert into pool_events (network_id, pool_address, tx_hash, log_index, block_number, block_time, type, amount0, amount1, sqrt_price_x96, trader)
        select * from unnest(
          ${column((r) => r.networkId)}::integer[], ${column((r) => r.poolAddress)}::text[], ${column((r) => r.txHash)}::text[],
          ${column((r) => r.logIndex)}::integer[], ${column((r) => r.blockNumber.toString())}::bigint[],
          ${column((r) => r.blockTime.toISOString())}::timestamptz[], ${column((r) => r.type)}::text[],
          ${column((r) => r.amount0)}::numeric[], ${column((r) => r.amount1)}::numeric[],
          ${column((r) => r.sqrtPriceX96 ?? null)}::numeric[], ${column((r) => r.trader ?? null)}::text[])
        on conflict do nothing
        returning pool_address, tx_hash, block_number, type, amount0, amount1, sqrt_price_x96`,
  )) as unknown as { rows: Returned[] };
  return result.rows.map((r) => ({
    poolAddress: r.pool_address,
    txHash: r.tx_hash,
    blockNumber: BigInt(r.block_number),
    type: r.type,
    amount0: r.amount0,
    amount1: r.amount1,
    sqrtPriceX96: r.sqrt_price_x96,
  }));
}

/**
 * One row per pool per minute bucket: a later block in the same minute replaces the earlier one.
 * One statement whatever the count, the columns as array parameters through unnest like
 * insertPoolEvents: a tick writes every tracked pool's state, and drizzle building 1,000 rows of
 * VALUES with 8,000 parameters was a fifth of bench:indexer's tick (decision 0062).
 */
export async function upsertSnapshots(
  tx: Pick<Db, 'execute'>,
  rows: readonly (typeof poolSnapshots.$inferInsert)[],
): Promise<void> {
  if (rows.length === 0) return;
  const column = <T>(pick: (r: typeof poolSnapshots.$inferInsert) => T) => sql.param(rows.map(pick));
  await tx.execute(
    sql`insert into pool_snapshots (network_id, pool_address, bucket, block_number, block_time, reserve0, reserve1, sqrt_price_x96)
        select * from unnest(
          ${column((r) => r.networkId)}::integer[], ${column((r) => r.poolAddress)}::text[],
          ${column((r) => r.bucket.toISOString())}::timestamptz[], ${column((r) => r.blockNumber.toString())}::bigint[],
          ${column((r) => r.blockTime.toISOString())}::timestamptz[], ${column((r) => r.reserve0)}::numeric[],
          ${column((r) => r.reserve1)}::numeric[], ${column((r) => r.sqrtPriceX96 ?? null)}::numeric[])
        on conflict (network_id, pool_address, bucket) do update set
          block_number = excluded.block_number, block_time = excluded.block_time, reserve0 = excluded.reserve0,
          reserve1 = excluded.reserve1, sqrt_price_x96 = excluded.sqrt_price_x96
        where pool_snapshots.block_number <= excluded.block_number`,
  );
}

/**
 * The pools of a range are read up to `end`, and the network checkpoint becomes the block every
 * tracked pool has been read up to. Over the pools still tracked: a detached pool keeps its row (so
 * re-attaching it resumes without a gap) but must not hold the checkpoint back.
 */
export async function markRangeIndexed(
  tx: Pick<Db, 'update' | 'execute'>,
  networkId: number,
  addresses: readonly string[],
  end: bigint,
): Promise<void> {
  await tx
    .update(indexedPools)
    .set({ toBlock: end })
    .where(
      and(
        eq(indexedPools.networkId, networkId),
        inArray(indexedPools.poolAddress, addresses.map(normalizePoolAddress)),
      ),
    );
  await tx.execute(sql`insert into indexer_checkpoints (network_id, last_block, updated_at)
    select ${networkId}, min(coalesce(ip.to_block, ip.from_block - 1)), now() from indexed_pools ip
    where ip.network_id = ${networkId}
      and exists (select 1 from pools p where p.network_id = ip.network_id and p.pool_address = ip.pool_address)
    having count(*) > 0
    on conflict (network_id) do update set last_block = excluded.last_block, updated_at = now()`);
}

/** The block every tracked pool of the network has been read up to (null before the first range). */
export async function networkCheckpoint(db: Db, networkId: number): Promise<bigint | null> {
  const [row] = await db
    .select({ block: indexerCheckpoints.lastBlock })
    .from(indexerCheckpoints)
    .where(eq(indexerCheckpoints.networkId, networkId));
  return row?.block ?? null;
}

/** Each pool's newest price point: its state before this tick's snapshots. */
export async function latestSnapshots(
  db: Db,
  networkId: number,
): Promise<Map<string, RawPoolState & { blockTime: Date }>> {
  const rows = await queryRows<{
    pool_address: string;
    reserve0: string;
    reserve1: string;
    sqrt_price_x96: string | null;
    block_time: string | Date;
  }>(
    db,
    sql`select distinct on (pool_address) pool_address, reserve0, reserve1, sqrt_price_x96, block_time
        from pool_snapshots where network_id = ${networkId} order by pool_address, bucket desc`,
  );
  return new Map(
    rows.map((r) => [
      r.pool_address,
      {
        reserve0: BigInt(r.reserve0),
        reserve1: BigInt(r.reserve1),
        sqrtPriceX96: r.sqrt_price_x96 === null ? null : BigInt(r.sqrt_price_x96),
        blockTime: new Date(r.block_time),
      },
    ]),
  );
}

/** Storage stays bounded: price points older than `cutoff` thin out to the last of each hour. */
export async function thinOldSnapshots(db: Db, networkId: number, cutoff: Date): Promise<void> {
  await db.execute(sql`delete from pool_snapshots s
    where s.network_id = ${networkId} and s.bucket < ${cutoff}
      and s.id not in (
        select max(id) from pool_snapshots
        where network_id = ${networkId} and bucket < ${cutoff}
        group by pool_address, date_trunc('hour', bucket))`);
}

// ---- Alert rules -----------------------------------------------------------------------------

/** The active alerts on any of these pools (lower-case addresses) of the network, with pool and project. */
export function activeAlertsOn(
  db: Db,
  networkId: number,
  addresses: readonly string[],
): Promise<{ alert: AlertRow; pool: PoolRow; project: ProjectRow }[]> {
  return db
    .select({ alert: alerts, pool: pools, project: projects })
    .from(alerts)
    .innerJoin(pools, eq(pools.id, alerts.poolId))
    .innerJoin(projects, eq(projects.id, pools.projectId))
    .where(and(eq(alerts.isActive, true), eq(pools.networkId, networkId), inArray(pools.poolAddress, [...addresses])));
}

/** A pool's price points from `since` on (oldest first), and the last one before it (null if none). */
export async function snapshotsAround(
  db: Db,
  networkId: number,
  poolAddress: string,
  since: Date,
): Promise<{ atStart: PoolSnapshotRow | null; inWindow: PoolSnapshotRow[] }> {
  const inWindow = await db
    .select()
    .from(poolSnapshots)
    .where(
      and(
        eq(poolSnapshots.networkId, networkId),
        eq(poolSnapshots.poolAddress, poolAddress),
        sql`${poolSnapshots.blockTime} >= ${since}`,
      ),
    )
    .orderBy(poolSnapshots.bucket);
  const [atStart] = await db
    .select()
    .from(poolSnapshots)
    .where(
      and(
        eq(poolSnapshots.networkId, networkId),
        eq(poolSnapshots.poolAddress, poolAddress),
        sql`${poolSnapshots.blockTime} < ${since}`,
      ),
    )
    .orderBy(sql`${poolSnapshots.bucket} desc`)
    .limit(1);
  return { atStart: atStart ?? null, inWindow };
}

/**
 * One firing: the trigger, the owner's notification and the alert's counters land together or not
 * at all. The block it was judged on goes with trigger and notice, so a reorganisation above it
 * withdraws both (decision 0016).
 */
export async function recordFiring(
  db: Db,
  firing: {
    alert: AlertRow;
    at: Date;
    values: Record<string, string | number | null>;
    notice: Omit<NotificationInput, 'userId' | 'source'>;
  },
  source: { networkId: number; blockNumber: bigint },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(alertTriggers).values({
      alertId: firing.alert.id,
      triggeredAt: firing.at,
      message: firing.notice.message,
      values: firing.values,
      ...source,
    });
    // The bell shows the firing's own time, the trigger's (the judged block's), not when the tick
    // got round to writing it: one firing, one time on every screen (issue 35 item 3).
    await raiseNotification(tx, { ...firing.notice, userId: firing.alert.userId, source, createdAt: firing.at });
    // The alert's channels (e-mail, webhook, Telegram, Discord): one outbox row each, in this transaction (decision 0037).
    await enqueueAlertDeliveries(tx, {
      alert: firing.alert,
      at: firing.at,
      notice: firing.notice,
      values: firing.values,
      source,
    });
    await tx
      .update(alerts)
      .set({ lastTriggeredAt: firing.at, triggerCount: sql`${alerts.triggerCount} + 1` })
      .where(eq(alerts.id, firing.alert.id));
  });
}

// ---- The new-pool watch ----------------------------------------------------------------------

export interface WatchedProject {
  id: number;
  user_id: number;
  /** Lower case. */
  token: string;
  token_symbol: string;
  /** The chain head when the project was added (decision 0057); null for projects saved before migration 0020. */
  created_block: bigint | null;
  /** The watch has scanned the token from created_block up to its checkpoint; the shared scan covers it since. */
  pool_watch_joined: boolean;
}

/** Every project on the network: their tokens are what the watch looks for. */
export async function watchedProjects(db: Db, networkId: number): Promise<WatchedProject[]> {
  const rows = await queryRows<
    Omit<WatchedProject, 'created_block'> & { created_block: string | number | bigint | null }
  >(
    db,
    sql`select id, user_id, contract_address as token, token_symbol, created_block, pool_watch_joined from projects where network_id = ${networkId}`,
  );
  return rows.map((r) => ({ ...r, created_block: r.created_block === null ? null : BigInt(r.created_block) }));
}

/** The projects whose catch-up (created_block up to the checkpoint) is done, in the transaction that recorded its pools. */
export async function markWatchJoined(tx: Pick<Db, 'update'>, projectIds: readonly number[]): Promise<void> {
  if (projectIds.length === 0) return;
  await tx
    .update(projects)
    .set({ poolWatchJoined: true })
    .where(inArray(projects.id, [...projectIds]));
}

/** The block the watch has read up to, or null when it has not started (or was reset). */
export async function watchCheckpoint(db: Db, networkId: number): Promise<bigint | null> {
  const [row] = await db.select().from(poolWatchCheckpoints).where(eq(poolWatchCheckpoints.networkId, networkId));
  return row?.lastBlock ?? null;
}

/** Starts the watch at `block` unless it already runs. */
export async function startWatch(db: Db, networkId: number, block: bigint): Promise<void> {
  await db.insert(poolWatchCheckpoints).values({ networkId, lastBlock: block }).onConflictDoNothing();
}

/** Forgets the watch's position: it starts afresh when there is something to watch again. */
export async function resetWatch(db: Db, networkId: number): Promise<void> {
  await db.delete(poolWatchCheckpoints).where(eq(poolWatchCheckpoints.networkId, networkId));
}

export async function advanceWatch(tx: Writer, networkId: number, block: bigint): Promise<void> {
  await tx
    .insert(poolWatchCheckpoints)
    .values({ networkId, lastBlock: block })
    .onConflictDoUpdate({ target: poolWatchCheckpoints.networkId, set: { lastBlock: block, updatedAt: new Date() } });
}

/** Whether the project already has this pool attached. */
export async function isAttached(db: Db, projectId: number, poolAddress: string): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from pools where project_id = ${projectId} and pool_address = ${normalizePoolAddress(poolAddress)} limit 1`,
  );
  return rows.length > 0;
}

/** Records a pool found for a project; false when it was already recorded. */
export async function recordDiscoveredPool(tx: Writer, row: typeof discoveredPools.$inferInsert): Promise<boolean> {
  const [inserted] = await tx
    .insert(discoveredPools)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: discoveredPools.id });
  return inserted !== undefined;
}

// ---- The trader reader (decision 0033) -----------------------------------------------------

/**
 * The newest `limit` blocks of the network that hold events whose trader is unread, skipping
 * `exclude` (blocks the reader gave up on). A backward scan of the unread partial index.
 */
export async function unreadTraderBlocks(
  db: Db,
  networkId: number,
  limit: number,
  exclude: readonly bigint[],
): Promise<bigint[]> {
  const rows = await queryRows<{ block_number: string | number | bigint }>(
    db,
    sql`select distinct block_number from pool_events
        where network_id = ${networkId} and trader is null
          -- A reference pool no user attached (decision 0064) needs no traders: its swaps are rates.
          and pool_address not in (select r.pool_address from reference_pools r where r.network_id = ${networkId}
            and not exists (select 1 from pools p where p.network_id = r.network_id and p.pool_address = r.pool_address))
          ${
            exclude.length > 0
              ? sql`and block_number not in (${sql.join(
                  exclude.map((b) => sql`${b}`),
                  sql`, `,
                )})`
              : sql``
          }
        order by block_number desc limit ${limit}`,
  );
  return rows.map((r) => BigInt(r.block_number));
}

/** The transactions of those blocks whose events have no trader yet, newest first. */
export async function unreadTraderTransactions(
  db: Db,
  networkId: number,
  blocks: readonly bigint[],
): Promise<{ blockNumber: bigint; txHash: string }[]> {
  if (blocks.length === 0) return [];
  const rows = await queryRows<{ block_number: string | number | bigint; tx_hash: string }>(
    db,
    sql`select distinct block_number, tx_hash from pool_events
        where network_id = ${networkId} and trader is null
          and block_number in (${sql.join(
            blocks.map((b) => sql`${b}`),
            sql`, `,
          )})
        order by block_number desc, tx_hash`,
  );
  return rows.map((r) => ({ blockNumber: BigInt(r.block_number), txHash: r.tx_hash }));
}

/** Sets the trader of every unread event of each transaction (lower-case hash → lower-case sender). Answers the rows set. */
export async function setTraders(db: Db, networkId: number, senders: ReadonlyMap<string, string>): Promise<number> {
  let updated = 0;
  const pairs = [...senders];
  for (let i = 0; i < pairs.length; i += 1000) {
    const values = sql.join(
      pairs.slice(i, i + 1000).map(([hash, from]) => sql`(${hash}, ${from})`),
      sql`, `,
    );
    const rows = await queryRows<{ id: number }>(
      db,
      sql`update pool_events e set trader = v.trader
          from (values ${values}) as v(tx_hash, trader)
          where e.network_id = ${networkId} and e.tx_hash = v.tx_hash and e.trader is null
          returning e.id`,
    );
    updated += rows.length;
  }
  return updated;
}
