import type { HolderLabel, HolderSync, HoldersSummary, TopHolder } from '@tokendesk/contract';
import { sql } from 'drizzle-orm';
import { formatUnits } from '../../chain/decimal';
import { queryRows, type Db } from '../../db/client';
import type { ProjectRow, TokenHolderSyncRow } from '../../db/schema';

export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';
/** Addresses people send tokens to so that nobody can move them again. */
export const BURN_ADDRESSES = ['0x000000000000000000000000000000000000dead', '0xdead000000000000000042069420694206942069'];

const tokenOf = (project: ProjectRow) => project.contractAddress.toLowerCase();

export { findOwnProject } from '../../db/own-project';

export async function findSync(db: Db, project: ProjectRow): Promise<TokenHolderSyncRow | undefined> {
  const rows = await queryRows<{
    network_id: number;
    token_address: string;
    deploy_block: string | null;
    deployer: string | null;
    to_block: string | null;
    target_block: string | null;
    holder_count: number;
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
    updatedAt: new Date(r.updated_at),
  };
}

export function isLive(sync: TokenHolderSyncRow | undefined): boolean {
  return !!sync && sync.toBlock !== null && sync.targetBlock !== null && sync.toBlock >= sync.targetBlock;
}

export function toApiSync(sync: TokenHolderSyncRow | undefined): HolderSync {
  if (!sync || sync.deployBlock === null) {
    return { state: 'pending', indexed_block: null, target_block: null, deploy_block: null, progress_pct: null };
  }
  const target = sync.targetBlock ?? sync.deployBlock;
  const done = sync.toBlock === null ? 0n : sync.toBlock - sync.deployBlock + 1n;
  const total = target - sync.deployBlock + 1n;
  const live = isLive(sync);
  return {
    state: live ? 'live' : 'indexing',
    indexed_block: sync.toBlock?.toString() ?? null,
    target_block: target.toString(),
    deploy_block: sync.deployBlock.toString(),
    progress_pct: live ? 100 : total > 0n ? Math.min(99.9, Number((done * 1000n) / total) / 10) : 0,
  };
}

/** Share of `part` in `whole`, in % with two decimals, computed exactly on integers. */
export function sharePct(part: bigint, whole: bigint): number | null {
  if (whole <= 0n) return null;
  return Number((part * 10_000n) / whole) / 100;
}

interface KnownAddresses {
  /** Lower-case pool address → the user's pool id (null for a discovered, unattached pool). */
  pools: Map<string, number | null>;
  deployer: string | null;
}

export function labelsOf(address: string, known: KnownAddresses): HolderLabel[] {
  const labels: HolderLabel[] = [];
  if (known.pools.has(address)) labels.push('pool');
  if (address === ZERO_ADDRESS) labels.push('zero_address');
  if (BURN_ADDRESSES.includes(address)) labels.push('burn_address');
  if (known.deployer && address === known.deployer) labels.push('deployer');
  return labels;
}

/** The project's own pools and the pools the watch found for it: all are pools of this token. */
export async function knownPools(db: Db, userId: number, project: ProjectRow): Promise<Map<string, number | null>> {
  const rows = await queryRows<{ address: string; pool_id: number | null }>(
    db,
    sql`select lower(pool_address) as address, id as pool_id from pools where user_id = ${userId} and project_id = ${project.id}
        union all
        select lower(pool_address), null from discovered_pools where user_id = ${userId} and project_id = ${project.id}`,
  );
  const map = new Map<string, number | null>();
  for (const r of rows) if (!map.has(r.address) || r.pool_id !== null) map.set(r.address, r.pool_id);
  return map;
}

/**
 * Asks the chain which of these addresses are pools of the token; the project's known pools are
 * labelled without it. Null when the node could not be asked.
 */
export type PoolDetector = (addresses: string[]) => Promise<Set<string> | null>;

/** The largest balances looked at: the top 20 shown, and enough to find 10 that are not pools. */
export const POOL_CHECK_CANDIDATES = 40;

export async function holdersSummary(db: Db, userId: number, project: ProjectRow, detectPools?: PoolDetector): Promise<HoldersSummary> {
  const sync = await findSync(db, project);
  const apiSync = toApiSync(sync);
  if (!sync || sync.toBlock === null) {
    return { sync: apiSync, holder_count: null, supply: null, top10_share_pct: null, pools_checked: false, top: [] };
  }

  const known: KnownAddresses = { pools: await knownPools(db, userId, project), deployer: sync.deployer };
  const supply = await supplyOf(db, project);
  const candidates = await largestHolders(db, project, POOL_CHECK_CANDIDATES);
  // Pools nobody attached (the pair every token gets on a DEX, say) are still pools.
  const detected = detectPools ? await detectPools(candidates.map((c) => c.holder).filter((h) => !known.pools.has(h))) : null;
  for (const address of detected ?? []) known.pools.set(address, null);

  // Concentration: the 10 largest holders that are people or contracts, not pools or burn sinks.
  const top10 = candidates
    .filter((c) => c.holder !== ZERO_ADDRESS && !BURN_ADDRESSES.includes(c.holder) && !known.pools.has(c.holder))
    .slice(0, 10)
    .reduce((sum, c) => sum + BigInt(c.balance), 0n);

  const rows: TopHolder[] = candidates.slice(0, 20).map((r, i) => {
    const balance = BigInt(r.balance);
    return {
      rank: i + 1,
      address: r.holder,
      balance: formatUnits(balance, project.tokenDecimal),
      share_pct: sharePct(balance, supply),
      labels: labelsOf(r.holder, known),
      pool_id: known.pools.get(r.holder) ?? null,
    };
  });
  return {
    sync: apiSync,
    holder_count: sync.holderCount,
    supply: formatUnits(supply, project.tokenDecimal),
    top10_share_pct: sharePct(top10, supply),
    pools_checked: detected !== null,
    top: rows,
  };
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
