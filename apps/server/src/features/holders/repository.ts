import type { HolderLabel, HolderReconciliation, HolderReconciliationStatus, HolderSync, HoldersSummary, TopHolder } from '@tokendesk/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { formatUnits } from '../../chain/decimal';
import { queryRows, type Db } from '../../db/client';
import { tokenBalances, tokenHolderReconciliation, type ProjectRow, type TokenHolderReconciliationRow, type TokenHolderSyncRow } from '../../db/schema';
import { circulatingSupply, RECONCILED_TOP } from '../../indexer/holder-reconciliation';

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
export const POOL_CHECK_CANDIDATES = RECONCILED_TOP;

/** The chain's side of the figures: the last reconciliation, as the API shows it. */
export interface HolderTruth {
  row: TokenHolderReconciliationRow | undefined;
  api: HolderReconciliation;
  /** The supply shares are computed from, in raw units. */
  supply: bigint;
  supplySource: 'total_supply' | 'transfer_logs';
  /** balanceOf of the checked addresses, when the chain disagrees with the logs: shown instead of the logs. */
  chainBalances: Map<string, bigint> | null;
}

export async function findReconciliation(db: Db, project: ProjectRow): Promise<TokenHolderReconciliationRow | undefined> {
  const [row] = await db
    .select()
    .from(tokenHolderReconciliation)
    .where(and(eq(tokenHolderReconciliation.networkId, project.networkId), eq(tokenHolderReconciliation.tokenAddress, tokenOf(project))));
  return row;
}

const groupFormat = new Intl.NumberFormat('en-US');
/** '1,234,567.8912 SYM' for a note: whole tokens grouped, at most 4 decimals (truncated). */
function tokensText(raw: bigint, project: ProjectRow): string {
  const [whole = '0', fraction = ''] = formatUnits(raw < 0n ? -raw : raw, project.tokenDecimal).split('.');
  const cut = fraction.slice(0, 4).replace(/0+$/, '');
  return `${raw < 0n ? '−' : ''}${groupFormat.format(BigInt(whole))}${cut ? `.${cut}` : ''} ${project.tokenSymbol}`;
}

/** The reconciliation for the API, and which supply and balances the figures take. */
export async function holderTruth(db: Db, project: ProjectRow, sync: TokenHolderSyncRow | undefined): Promise<HolderTruth> {
  const row = await findReconciliation(db, project);
  const logSupply = await supplyOf(db, project);
  const units = (v: bigint | null) => (v === null ? null : formatUnits(v, project.tokenDecimal));
  const big = (v: string | null | undefined) => (v === null || v === undefined ? null : BigInt(v));
  const total = big(row?.totalSupply);
  const onChain = total === null ? null : circulatingSupply(total, big(row?.zeroAddressBalance));
  const fromLogs = big(row?.supplyFromLogs);
  const blockText = row?.blockNumber?.toString() ?? '';
  const empty = { block: null, checked_at: null, supply_from_logs: units(logSupply), total_supply: null, supply_on_chain: null, difference: null, largest_difference: null };
  const counts = { addresses_checked: row?.addressesChecked ?? 0, addresses_differing: row?.addressesDiffering ?? 0 };
  const shortfall = BigInt(sync?.logShortfall ?? '0');
  const overdrawn =
    shortfall > 0n ? ` The logs also moved ${tokensText(shortfall, project)} out of addresses they had never credited with it (counted as zero, never below).` : '';

  let api: HolderReconciliation;
  if (!row) {
    api = { status: 'pending', ...empty, ...counts, note: 'Not checked against the chain yet: every figure comes from the token\'s Transfer logs.' };
  } else if (row.status === 'unavailable' || onChain === null) {
    api = {
      status: 'unavailable',
      ...empty,
      block: blockText || null,
      checked_at: row.checkedAt.toISOString(),
      ...counts,
      note: `Could not be checked against the chain${row.reason ? ` (${row.reason.replace(/\.$/, '')})` : ''}: every figure comes from the token's Transfer logs.`,
    };
  } else {
    const base = {
      block: blockText,
      checked_at: row.checkedAt.toISOString(),
      supply_from_logs: units(fromLogs),
      total_supply: units(total),
      supply_on_chain: units(onChain),
      difference: fromLogs === null ? null : units(onChain - fromLogs),
      largest_difference: units(big(row.largestDifference)),
      ...counts,
    };
    const status = row.status as HolderReconciliationStatus;
    const note =
      status === 'no_logs'
        ? `Holder statistics are not available for this token: it has a supply of ${tokensText(onChain, project)} (totalSupply() at block ${blockText}), but TokenDesk found no Transfer logs from its address, so its holders cannot be counted. Its transfers may be recorded by another contract, such as the backend of a proxy.`
        : status === 'differs'
          ? `At block ${blockText} the chain disagrees with the token's Transfer logs: totalSupply() gives a supply of ${tokensText(onChain, project)}, the logs ${tokensText(fromLogs ?? 0n, project)}, and ${row.addressesDiffering} of ${row.addressesChecked} checked addresses hold a different balance (by up to ${tokensText(big(row.largestDifference) ?? 0n, project)}). This happens with rebasing tokens, supply minted without a Transfer event and logs emitted by another contract. The balances and shares shown are balanceOf and totalSupply() at block ${blockText}; the holder count comes from the logs and may be off.${overdrawn}`
          : `Checked at block ${blockText}: totalSupply() and balanceOf of the ${row.addressesChecked} largest holders agree with the Transfer logs. The supply is totalSupply(); balances and the holder count come from the logs.`;
    api = { status, ...base, note };
  }
  const chainBalances =
    row && (api.status === 'differs' || api.status === 'no_logs') ? new Map(row.chainBalances.map((b) => [b.holder, BigInt(b.balance)] as const)) : null;
  return { row, api, supply: onChain ?? logSupply, supplySource: onChain === null ? 'transfer_logs' : 'total_supply', chainBalances };
}

export async function holdersSummary(db: Db, userId: number, project: ProjectRow, detectPools?: PoolDetector): Promise<HoldersSummary> {
  const sync = await findSync(db, project);
  const apiSync = toApiSync(sync);
  if (!sync || sync.toBlock === null) {
    const api: HolderReconciliation = {
      status: 'pending',
      block: null,
      checked_at: null,
      supply_from_logs: null,
      total_supply: null,
      supply_on_chain: null,
      difference: null,
      largest_difference: null,
      addresses_checked: 0,
      addresses_differing: 0,
      note: 'Not checked against the chain yet: the transfer history is still being read.',
    };
    return { sync: apiSync, holder_count: null, supply: null, supply_source: null, balances_source: null, top10_share_pct: null, pools_checked: false, top: [], reconciliation: api };
  }

  const truth = await holderTruth(db, project, sync);
  const supply = truth.supply;
  const summaryBase = { sync: apiSync, supply: formatUnits(supply, project.tokenDecimal), supply_source: truth.supplySource, reconciliation: truth.api };
  if (truth.api.status === 'no_logs') {
    // No logs, no holders to count: saying '0 holders' of a token with a supply would be false.
    return { ...summaryBase, holder_count: null, balances_source: null, top10_share_pct: null, pools_checked: false, top: [] };
  }

  const known: KnownAddresses = { pools: await knownPools(db, userId, project), deployer: sync.deployer };
  const logged = await largestHolders(db, project, POOL_CHECK_CANDIDATES);
  let holderCount = sync.holderCount;
  let candidates = logged;
  if (truth.chainBalances) {
    // The chain disagrees: the addresses on screen get their balanceOf, ranked by it, and the
    // count is corrected for what the check saw (an address the logs never credited, say).
    const logBalances = await logBalancesOf(db, project, [...truth.chainBalances.keys()]);
    for (const [holder, balance] of truth.chainBalances) {
      if (holder === ZERO_ADDRESS) continue;
      const logged = (logBalances.get(holder) ?? 0n) > 0n;
      if (balance > 0n && !logged) holderCount++;
      if (balance === 0n && logged) holderCount--;
    }
    candidates = [...truth.chainBalances]
      .filter(([, balance]) => balance > 0n)
      .sort(([a, x], [b, y]) => (x === y ? (a < b ? -1 : 1) : x > y ? -1 : 1))
      .map(([holder, balance]) => ({ holder, balance: balance.toString() }));
  }
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
    ...summaryBase,
    holder_count: Math.max(0, holderCount),
    balances_source: truth.chainBalances ? 'balance_of' : 'transfer_logs',
    top10_share_pct: sharePct(top10, supply),
    pools_checked: detected !== null,
    top: rows,
  };
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
