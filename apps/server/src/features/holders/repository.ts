import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import {
  tokenHolderReconciliation,
  type ProjectRow,
  type TokenHolderReconciliationRow,
  type TokenHolderSyncRow,
} from '../../db/schema';

export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';
/** Addresses people send tokens to so that nobody can move them again. */
export const BURN_ADDRESSES = [
  '0x000000000000000000000000000000000000dead',
  '0xdead000000000000000042069420694206942069',
];

/** Failed attempts to start a token's history before the card says so (the indexer's START_FAILURES_REPORTED). */
const HISTORY_START_FAILURES = 3;

/** Holder tables are keyed by the token's address, stored lower case like the project's. */
const tokenOf = (project: ProjectRow) => project.contractAddress;

export async function findSync(db: Db, project: ProjectRow): Promise<TokenHolderSyncRow | undefined> {
  const rows = await queryRows<{
    network_id: number;
    token_address: string;
    deploy_block: string | null;
    deployer: string | null;
    to_block: string | null;
    target_block: string | null;
    holder_count: number;
    holder_count_adjustment: number | null;
    log_shortfall: string;
    shortfall_holders: string[] | string;
    updated_at: string | Date;
  }>(
    db,
    sql`select * from token_holder_sync where network_id = ${project.networkId} and token_address = ${tokenOf(project)}`,
  );
  const r = rows[0];
  if (!r) return undefined;
  const big = (v: string | null) => (v === null ? null : BigInt(v));
  return {
    networkId: r.network_id,
    tokenAddress: r.token_address,
    deployBlock: big(r.deploy_block),
    deployer: r.deployer,
    toBlock: big(r.to_block),
    targetBlock: big(r.target_block),
    holderCount: r.holder_count,
    holderCountAdjustment: r.holder_count_adjustment,
    logShortfall: String(r.log_shortfall),
    shortfallHolders:
      typeof r.shortfall_holders === 'string' ? (JSON.parse(r.shortfall_holders) as string[]) : r.shortfall_holders,
    updatedAt: new Date(r.updated_at),
  };
}

/**
 * The project's own pools, the pools the watch found for it and the network's pool vaults (a V4
 * PoolManager holds the tokens of all its pools): all hold this token as liquidity, not as a holder.
 */
export async function knownPools(
  db: Db,
  userId: number,
  project: ProjectRow,
  vaults: readonly string[] = [],
): Promise<Map<string, number | null>> {
  const rows = await queryRows<{ address: string; pool_id: number | null }>(
    db,
    sql`select pool_address as address, id as pool_id from pools where user_id = ${userId} and project_id = ${project.id}
        union all
        select pool_address, null from discovered_pools where user_id = ${userId} and project_id = ${project.id}`,
  );
  const map = new Map<string, number | null>(vaults.map((v) => [v, null]));
  for (const r of rows) if (!map.has(r.address) || r.pool_id !== null) map.set(r.address, r.pool_id);
  return map;
}

/**
 * Why the indexer could not start the token's history, when it has failed to for a few ticks in a
 * row lately (indexer_skipped_items, written by the runner; the text has URLs cut out): null while
 * nothing stands in its way.
 */
export async function historyStartProblem(db: Db, project: ProjectRow): Promise<string | null> {
  const [row] = await queryRows<{ detail: string }>(
    db,
    sql`select detail from indexer_skipped_items
        where network_id = ${project.networkId} and part = 'holders' and item = ${tokenOf(project)} and reason = 'token-failed'
          and attempts >= ${HISTORY_START_FAILURES} and last_seen_at > now() - interval '10 minutes'`,
  );
  return row?.detail ?? null;
}

export async function findReconciliation(
  db: Db,
  project: ProjectRow,
): Promise<TokenHolderReconciliationRow | undefined> {
  const [row] = await db
    .select()
    .from(tokenHolderReconciliation)
    .where(
      and(
        eq(tokenHolderReconciliation.networkId, project.networkId),
        eq(tokenHolderReconciliation.tokenAddress, tokenOf(project)),
      ),
    );
  return row;
}

export function largestHolders(
  db: Db,
  project: ProjectRow,
  limit: number,
): Promise<{ holder: string; balance: string }[]> {
  return queryRows<{ holder: string; balance: string }>(
    db,
    sql`select holder, balance::text as balance from token_balances
        where network_id = ${project.networkId} and token_address = ${tokenOf(project)}
        order by token_balances.balance desc, holder limit ${limit}`,
  );
}

export async function holderHistory(db: Db, project: ProjectRow): Promise<{ day: string; holder_count: number }[]> {
  return queryRows<{ day: string; holder_count: number }>(
    db,
    sql`select day, holder_count from token_holder_daily
        where network_id = ${project.networkId} and token_address = ${tokenOf(project)} order by day`,
  );
}

/** Every holder, largest first, in pages (keyset on balance, then address) for the CSV export. */
export async function* holderPages(
  db: Db,
  project: ProjectRow,
  pageSize = 5_000,
): AsyncGenerator<{ holder: string; balance: string }[]> {
  let after: { balance: string; holder: string } | null = null;
  for (;;) {
    const cursor: ReturnType<typeof sql> = after
      ? sql`and (balance < ${after.balance}::numeric or (balance = ${after.balance}::numeric and holder > ${after.holder}))`
      : sql``;
    const page = await queryRows<{ holder: string; balance: string }>(
      db,
      sql`select holder, balance::text as balance from token_balances
          where network_id = ${project.networkId} and token_address = ${tokenOf(project)} and balance > 0 ${cursor}
          order by token_balances.balance desc, holder limit ${pageSize}`,
    );
    if (page.length === 0) return;
    yield page;
    if (page.length < pageSize) return;
    after = page[page.length - 1]!;
  }
}

export async function supplyOf(db: Db, project: ProjectRow): Promise<bigint> {
  const [row] = await queryRows<{ supply: string | null }>(
    db,
    sql`select sum(balance)::text as supply from token_balances
        where network_id = ${project.networkId} and token_address = ${tokenOf(project)} and holder <> ${ZERO_ADDRESS} and balance > 0`,
  );
  return BigInt(row?.supply ?? '0');
}
