import { and, eq, inArray, sql } from 'drizzle-orm';
import { zeroAddress } from 'viem';
import { queryRows, type Db } from '../db/client';
import {
  tokenBalances,
  tokenHolderDaily,
  tokenHolderReconciliation,
  tokenHolderSync,
  type TokenHolderSyncRow,
} from '../db/schema';
import { inChunks } from './store';

/**
 * What the holder indexer (holders.ts) reads and writes in the database, by what it means. Token
 * and holder addresses are lower case, like every stored address (decision 0027).
 */

type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

/** Every project token on the network, once. */
export async function trackedTokens(db: Db, networkId: number): Promise<string[]> {
  const rows = await queryRows<{ token: string }>(
    db,
    sql`select distinct contract_address as token from projects where network_id = ${networkId}`,
  );
  return rows.map((r) => r.token);
}

/** Each token's holder sync, created (empty) for a token seen for the first time. */
export async function holderSyncsOf(db: Db, networkId: number, tokens: string[]): Promise<TokenHolderSyncRow[]> {
  await db
    .insert(tokenHolderSync)
    .values(tokens.map((tokenAddress) => ({ networkId, tokenAddress })))
    .onConflictDoNothing();
  return db
    .select()
    .from(tokenHolderSync)
    .where(and(eq(tokenHolderSync.networkId, networkId), inArray(tokenHolderSync.tokenAddress, tokens)));
}

/** Where a token's history starts: its deployment block and deployer (null when not known). */
export async function setDeployment(
  db: Db,
  networkId: number,
  token: string,
  deployment: { deployBlock: bigint; deployer: string | null; targetBlock: bigint },
): Promise<void> {
  await db
    .update(tokenHolderSync)
    .set({ ...deployment, updatedAt: new Date() })
    .where(and(eq(tokenHolderSync.networkId, networkId), eq(tokenHolderSync.tokenAddress, token)));
}

/** The running figures of a token's sync, locked for the slice that updates them. */
export async function lockHolderSync(tx: Tx, networkId: number, token: string) {
  const [sync] = await tx
    .select({
      holderCount: tokenHolderSync.holderCount,
      holderCountAdjustment: tokenHolderSync.holderCountAdjustment,
      logShortfall: tokenHolderSync.logShortfall,
      shortfallHolders: tokenHolderSync.shortfallHolders,
    })
    .from(tokenHolderSync)
    .where(and(eq(tokenHolderSync.networkId, networkId), eq(tokenHolderSync.tokenAddress, token)))
    .for('update');
  return sync ?? null;
}

/** A slice is stored: the token is read up to `toBlock`, with its figures after it. */
export async function advanceHolderSync(
  tx: Tx,
  networkId: number,
  token: string,
  figures: {
    toBlock: bigint;
    targetBlock: bigint;
    holderCount: number;
    logShortfall: string;
    shortfallHolders: string[];
  },
): Promise<void> {
  await tx
    .update(tokenHolderSync)
    .set({ ...figures, updatedAt: new Date() })
    .where(and(eq(tokenHolderSync.networkId, networkId), eq(tokenHolderSync.tokenAddress, token)));
}

/** The stored balances of these holders (holders without a row hold nothing). */
export async function balancesOf(
  tx: Tx,
  networkId: number,
  token: string,
  holders: readonly string[],
): Promise<Map<string, bigint>> {
  const rows = await inChunks(holders, 5_000, (chunk) =>
    tx
      .select({ holder: tokenBalances.holder, balance: tokenBalances.balance })
      .from(tokenBalances)
      .where(
        and(
          eq(tokenBalances.networkId, networkId),
          eq(tokenBalances.tokenAddress, token),
          inArray(tokenBalances.holder, chunk),
        ),
      ),
  );
  return new Map(rows.map((r) => [r.holder, BigInt(r.balance)]));
}

/** Balances after a slice: the table holds holders only, so a balance of zero is no row. */
export async function writeBalances(
  tx: Tx,
  networkId: number,
  token: string,
  touched: readonly string[],
  balances: ReadonlyMap<string, bigint>,
): Promise<void> {
  // The zero address as a sender (a mint) was never debited, so it may have no entry at all.
  const zeroed = touched.filter((h) => balances.get(h) === 0n);
  const kept = touched.filter((h) => balances.has(h) && balances.get(h) !== 0n);
  await inChunks(kept, 1_000, async (chunk) => {
    await tx
      .insert(tokenBalances)
      .values(
        chunk.map((holder) => ({ networkId, tokenAddress: token, holder, balance: balances.get(holder)!.toString() })),
      )
      .onConflictDoUpdate({
        target: [tokenBalances.networkId, tokenBalances.tokenAddress, tokenBalances.holder],
        set: { balance: sql`excluded.balance` },
      });
  });
  await inChunks(zeroed, 5_000, async (chunk) => {
    await tx
      .delete(tokenBalances)
      .where(
        and(
          eq(tokenBalances.networkId, networkId),
          eq(tokenBalances.tokenAddress, token),
          inArray(tokenBalances.holder, chunk),
        ),
      );
  });
}

/** The holder count at the end of each day the slice touched (the count every screen shows: corrected by the last check). */
export async function writeDailyCounts(
  tx: Tx,
  networkId: number,
  token: string,
  daily: ReadonlyMap<string, number>,
): Promise<void> {
  const rows = [...daily].map(([day, holderCount]) => ({ networkId, tokenAddress: token, day, holderCount }));
  await inChunks(rows, 1_000, async (chunk) => {
    await tx
      .insert(tokenHolderDaily)
      .values(chunk)
      .onConflictDoUpdate({
        target: [tokenHolderDaily.networkId, tokenHolderDaily.tokenAddress, tokenHolderDaily.day],
        set: { holderCount: sql`excluded.holder_count` },
      });
  });
}

// ---- Checks against the chain ----------------------------------------------------------------

/** Each token's sync with the block and status of its last check against the chain. */
export function syncsWithLastCheck(db: Db, networkId: number, tokens: string[]) {
  return db
    .select({
      sync: tokenHolderSync,
      checkedBlock: tokenHolderReconciliation.blockNumber,
      checkedStatus: tokenHolderReconciliation.status,
    })
    .from(tokenHolderSync)
    .leftJoin(
      tokenHolderReconciliation,
      and(
        eq(tokenHolderReconciliation.networkId, tokenHolderSync.networkId),
        eq(tokenHolderReconciliation.tokenAddress, tokenHolderSync.tokenAddress),
      ),
    )
    .where(and(eq(tokenHolderSync.networkId, networkId), inArray(tokenHolderSync.tokenAddress, tokens)));
}

/** A check that could not run says so, unless an earlier one stands (it shows its own block). */
export async function noteCheckUnavailable(
  db: Db,
  networkId: number,
  token: string,
  block: bigint,
  reason = 'The node did not answer the check.',
): Promise<void> {
  await db
    .insert(tokenHolderReconciliation)
    .values({ networkId, tokenAddress: token, status: 'unavailable', blockNumber: block, reason })
    .onConflictDoNothing();
}

/** The `limit` largest stored balances, largest first. */
export function largestBalances(
  db: Db,
  networkId: number,
  token: string,
  limit: number,
): Promise<{ holder: string; balance: string }[]> {
  return queryRows<{ holder: string; balance: string }>(
    db,
    sql`select holder, balance::text as balance from token_balances
        where network_id = ${networkId} and token_address = ${token}
        order by balance desc, holder limit ${limit}`,
  );
}

/** The supply the logs account for (every holder but the zero address) and whether any balance is stored. */
export async function balanceTotals(
  db: Db,
  networkId: number,
  token: string,
): Promise<{ supply: bigint; anyBalances: boolean }> {
  const [sums] = await queryRows<{ supply: string | null; rows: string | number }>(
    db,
    sql`select sum(balance) filter (where holder <> ${zeroAddress})::text as supply, count(*) as rows from token_balances
        where network_id = ${networkId} and token_address = ${token}`,
  );
  return { supply: BigInt(sums?.supply ?? '0'), anyBalances: Number(sums?.rows ?? 0) > 0 };
}

/**
 * The token's latest check, replacing the one before, with the holder-count correction it found.
 * The latest day of the holder history takes the corrected count too, so that the history's last
 * point and the count on every screen are the same figure; later slices write the days after it
 * corrected the same way (lockHolderSync).
 */
export async function saveCheck(
  db: Db,
  networkId: number,
  token: string,
  values: Omit<typeof tokenHolderReconciliation.$inferInsert, 'networkId' | 'tokenAddress'>,
  holderCountAdjustment: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(tokenHolderReconciliation)
      .values({ networkId, tokenAddress: token, ...values })
      .onConflictDoUpdate({
        target: [tokenHolderReconciliation.networkId, tokenHolderReconciliation.tokenAddress],
        set: values,
      });
    await tx
      .update(tokenHolderSync)
      .set({ holderCountAdjustment })
      .where(and(eq(tokenHolderSync.networkId, networkId), eq(tokenHolderSync.tokenAddress, token)));
    await tx.execute(sql`update token_holder_daily d set holder_count = greatest(0, s.holder_count + ${holderCountAdjustment}::int)
      from token_holder_sync s
      where s.network_id = ${networkId} and s.token_address = ${token} and d.network_id = s.network_id and d.token_address = s.token_address
        and d.day = (select max(day) from token_holder_daily where network_id = ${networkId} and token_address = ${token})`);
  });
}
