import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { tokenBalances, tokenHolderReconciliation, type ProjectRow, type TokenHolderReconciliationRow, type TokenHolderSyncRow } from '../../db/schema';

export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';
/** Addresses people send tokens to so that nobody can move them again. */
export const BURN_ADDRESSES = ['0x000000000000000000000000000000000000dead', '0xdead000000000000000042069420694206942069'];

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
    log_shortfall: string;
    shortfall_holders: string[] | string;
    updated_at: string | Date;
  }>(db, sql`select * from token_holder_sync where network_id = ${project.networkId} and token_address = ${tokenOf(project)}`);
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
    logShortfall: String(r.log_shortfall),
    shortfallHolders: typeof r.shortfall_holders === 'string' ? (JSON.parse(r.shortfall_holders) as string[]) : r.shortfall_holders,
    updatedAt: new Date(r.updated_at),
  };
}

/** The project's own pools and the pools the watch found for it: all are pools of this token. */
export async function knownPools(db: Db, userId: number, project: ProjectRow): Promise<Map<string, number | null>> {
  const rows = await queryRows<{ address: string; pool_id: number | null }>(
    db,
    sql`select pool_address as address, id as pool_id from pools where user_id = ${userId} and project_id = ${project.id}
        union all
        select pool_address, null from discovered_pools where user_id = ${userId} and project_id = ${project.id}`,
  );
  const map = new Map<string, number | null>();
  for (const r of rows) if (!map.has(r.address) || r.pool_id !== null) map.set(r.address, r.pool_id);
  return map;
}

export async function findReconciliation(db: Db, project: ProjectRow): Promise<TokenHolderReconciliationRow | undefined> {
  const [row] = await db
    .select()
    .from(tokenHolderReconciliation)
    .where(and(eq(tokenHolderReconciliation.networkId, project.networkId), eq(tokenHolderReconciliation.tokenAddress, tokenOf(project))));
  return row;
}

/** Log-derived balances of some addresses (absent: none). */
export async function logBalancesOf(db: Db, project: ProjectRow, holders: string[]): Promise<Map<string, bigint>> {
  if (holders.length === 0) return new Map();
  const rows = await db
    .select({ holder: tokenBalances.holder, balance: tokenBalances.balance })
    .from(tokenBalances)
    .where(and(eq(tokenBalances.networkId, project.networkId), eq(tokenBalances.tokenAddress, tokenOf(project)), inArray(tokenBalances.holder, holders)));
  return new Map(rows.map((r) => [r.holder, BigInt(r.balance)]));
}

export function largestHolders(db: Db, project: ProjectRow, limit: number): Promise<{ holder: string; balance: string }[]> {
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
export async function* holderPages(db: Db, project: ProjectRow, pageSize = 5_000): AsyncGenerator<{ holder: string; balance: string }[]> {
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
