import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { raiseNotification } from '../domain/notifications';
import { cancelPendingAbove } from '../domain/outbox';

/**
 * What a reorganisation reads and removes in the database (reorg.ts decides when; decision 0016).
 * Every "above the fork" function works on one network and removes what was stored from blocks
 * above `fork`; the rollback calls them inside one transaction.
 */

type Tx = Pick<Db, 'execute' | 'insert'>;

/** Recorded hashes of the newest `page` recorded blocks below `below` (all blocks when null); a block may hold several hashes. */
export function recordedBlocks(
  db: Db,
  networkId: number,
  below: bigint | null,
  page: number,
): Promise<{ block_number: string; block_hash: string }[]> {
  return queryRows<{ block_number: string; block_hash: string }>(
    db,
    sql`select block_number::text as block_number, block_hash from indexed_blocks
        where network_id = ${networkId} and block_number in (
          select distinct block_number from indexed_blocks
          where network_id = ${networkId} ${below === null ? sql`` : sql`and block_number < ${below}`}
          order by block_number desc limit ${page})`,
  );
}

/** Hashes and holder journal entries at or below `floor`: their blocks are as final as the window assumes. */
export async function forgetFinalBlocks(db: Db, networkId: number, floor: bigint): Promise<void> {
  await db.execute(sql`delete from indexed_blocks where network_id = ${networkId} and block_number <= ${floor}`);
  await db.execute(
    sql`delete from holder_balance_journal where network_id = ${networkId} and block_number <= ${floor}`,
  );
}

/** Whether a price point of the minute `bucket` came from a block above the fork (an orphaned block overwrote it). */
export async function bucketHasOrphanedPoint(db: Db, networkId: number, fork: bigint, bucket: Date): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from pool_snapshots where network_id = ${networkId} and block_number > ${fork} and bucket = ${bucket} limit 1`,
  );
  return rows.length > 0;
}

/**
 * Alert firings judged on orphaned blocks are withdrawn, and each alert's counters and cooldown go
 * back to what its remaining firings say. Answers how many firings went.
 */
export async function withdrawFiringsAbove(tx: Tx, networkId: number, fork: bigint): Promise<number> {
  const triggers = await queryRows<{ alert_id: number }>(
    tx as Db,
    sql`delete from alert_triggers where network_id = ${networkId} and block_number > ${fork} returning alert_id`,
  );
  // Their messages not yet sent are cancelled with them (decision 0037).
  await cancelPendingAbove(tx, networkId, fork);
  const perAlert = new Map<number, number>();
  for (const t of triggers) perAlert.set(t.alert_id, (perAlert.get(t.alert_id) ?? 0) + 1);
  for (const [alertId, n] of perAlert) {
    await tx.execute(sql`update alerts set trigger_count = greatest(trigger_count - ${n}, 0),
        last_triggered_at = (select max(t.triggered_at) from alert_triggers t where t.alert_id = ${alertId})
      where id = ${alertId}`);
  }
  return triggers.length;
}

/**
 * Notices derived from orphaned blocks (alert firings, pools found) are deleted: they state
 * something the chain no longer holds. One the user has already read is replaced by a note saying
 * it was withdrawn, so nothing they saw silently disappears. Answers how many were withdrawn.
 */
export async function withdrawNoticesAbove(
  tx: Tx,
  network: { id: number; name: string },
  fork: bigint,
): Promise<number> {
  const notices = await queryRows<{
    user_id: number;
    title: string;
    message: string;
    navigation_url: string;
    is_read: boolean;
  }>(
    tx as Db,
    sql`delete from notifications where network_id = ${network.id} and block_number > ${fork} returning user_id, title, message, navigation_url, is_read`,
  );
  for (const n of notices.filter((x) => x.is_read)) {
    await raiseNotification(tx, {
      userId: n.user_id,
      title: `Withdrawn: ${n.title}`,
      message: `The ${network.name} chain reorganised above block ${fork}: the blocks this notice was based on were replaced, so it no longer holds. It said: ${n.message}`,
      navigationUrl: n.navigation_url,
    });
  }
  return notices.length;
}

/** Pools the new-pool watch found in orphaned blocks. Answers how many. */
export async function deleteDiscoveredPoolsAbove(tx: Tx, networkId: number, fork: bigint): Promise<number> {
  return (
    await queryRows<{ id: number }>(
      tx as Db,
      sql`delete from discovered_pools where network_id = ${networkId} and block_number > ${fork} returning id`,
    )
  ).length;
}

/** Pool events and price points of orphaned blocks. */
export async function deletePoolDataAbove(
  tx: Tx,
  networkId: number,
  fork: bigint,
): Promise<{ events: number; snapshots: number }> {
  const events = await queryRows<{ id: number }>(
    tx as Db,
    sql`delete from pool_events where network_id = ${networkId} and block_number > ${fork} returning id`,
  );
  const snapshots = await queryRows<{ id: number }>(
    tx as Db,
    sql`delete from pool_snapshots where network_id = ${networkId} and block_number > ${fork} returning id`,
  );
  return { events: events.length, snapshots: snapshots.length };
}

/** Pool coverage and the pool checkpoint go back to `poolRewind`, the new-pool watch's to the fork. */
export async function rewindCheckpoints(tx: Tx, networkId: number, poolRewind: bigint, fork: bigint): Promise<void> {
  await tx.execute(sql`update indexed_pools set to_block = case when from_block > ${poolRewind} then null else ${poolRewind}::bigint end
    where network_id = ${networkId} and to_block > ${poolRewind}`);
  await tx.execute(
    sql`update indexer_checkpoints set last_block = ${poolRewind}::bigint, updated_at = now() where network_id = ${networkId} and last_block > ${poolRewind}`,
  );
  await tx.execute(
    sql`update pool_watch_checkpoints set last_block = ${fork}::bigint, updated_at = now() where network_id = ${networkId} and last_block > ${fork}`,
  );
}

/** The recorded hashes of orphaned blocks: the chain that replaced them is recorded afresh. */
export async function forgetBlocksAbove(tx: Tx, networkId: number, fork: bigint): Promise<void> {
  await tx.execute(sql`delete from indexed_blocks where network_id = ${networkId} and block_number > ${fork}`);
}

// ---- Holder figures ----------------------------------------------------------------------------

/** The tokens whose holder figures reach above the fork (read up to a later block, or deployed after it), locked for the rollback. */
export function holderSyncsAbove(
  tx: Tx,
  networkId: number,
  fork: bigint,
): Promise<{ token_address: string; deploy_block: string | null; holder_count: number }[]> {
  return queryRows(
    tx as Db,
    sql`select token_address, deploy_block::text as deploy_block, holder_count from token_holder_sync
        where network_id = ${networkId} and (to_block > ${fork} or deploy_block > ${fork}) for update`,
  );
}

/** The token's deployment itself was orphaned: its balances and history go, and its holder sync starts over. */
export async function restartHolderHistory(tx: Tx, networkId: number, token: string): Promise<void> {
  await tx.execute(sql`delete from token_balances where network_id = ${networkId} and token_address = ${token}`);
  await tx.execute(sql`delete from token_holder_daily where network_id = ${networkId} and token_address = ${token}`);
  await tx.execute(sql`update token_holder_sync set deploy_block = null, deployer = null, to_block = null, holder_count = 0, holder_count_adjustment = null, updated_at = now()
    where network_id = ${networkId} and token_address = ${token}`);
}

/** Each holder the orphaned blocks touched: its balance before the first of them (journal) and now. */
export function journaledBalancesAbove(
  tx: Tx,
  networkId: number,
  token: string,
  fork: bigint,
): Promise<{ holder: string; before: string; current: string | null }[]> {
  return queryRows(
    tx as Db,
    sql`select j.holder, j.balance_before::text as before, b.balance::text as current
        from (select distinct on (holder) holder, balance_before from holder_balance_journal
              where network_id = ${networkId} and token_address = ${token} and block_number > ${fork}
              order by holder, block_number) j
        left join token_balances b on b.network_id = ${networkId} and b.token_address = ${token} and b.holder = j.holder`,
  );
}

/** A holder's balance back to `balance`; the table holds holders only, so zero is no row. */
export async function restoreBalance(
  tx: Tx,
  networkId: number,
  token: string,
  holder: string,
  balance: bigint,
): Promise<void> {
  if (balance === 0n) {
    await tx.execute(
      sql`delete from token_balances where network_id = ${networkId} and token_address = ${token} and holder = ${holder}`,
    );
    return;
  }
  await tx.execute(sql`insert into token_balances (network_id, token_address, holder, balance) values (${networkId}, ${token}, ${holder}, ${balance.toString()}::numeric)
    on conflict (network_id, token_address, holder) do update set balance = excluded.balance`);
}

/** The daily holder history loses the days after `day`, and `day` holds `holderCount`. */
export async function resetHolderHistoryFrom(
  tx: Tx,
  networkId: number,
  token: string,
  day: string,
  holderCount: number,
): Promise<void> {
  await tx.execute(
    sql`delete from token_holder_daily where network_id = ${networkId} and token_address = ${token} and day > ${day}`,
  );
  await tx.execute(sql`insert into token_holder_daily (network_id, token_address, day, holder_count) values (${networkId}, ${token}, ${day}, ${holderCount})
    on conflict (network_id, token_address, day) do update set holder_count = excluded.holder_count`);
}

/** The token's holder sync goes back to the fork with the restored count. */
export async function rewindHolderSync(
  tx: Tx,
  networkId: number,
  token: string,
  fork: bigint,
  holderCount: number,
): Promise<void> {
  await tx.execute(sql`update token_holder_sync set to_block = ${fork}::bigint, holder_count = ${holderCount}, updated_at = now()
    where network_id = ${networkId} and token_address = ${token} and to_block > ${fork}`);
}

/** Holder checks made at orphaned blocks describe a chain that is gone, and the journal of those blocks is spent. */
export async function forgetHolderRecordsAbove(tx: Tx, networkId: number, fork: bigint): Promise<void> {
  await tx.execute(
    sql`delete from token_holder_reconciliation where network_id = ${networkId} and block_number > ${fork}`,
  );
  await tx.execute(sql`delete from holder_balance_journal where network_id = ${networkId} and block_number > ${fork}`);
}
