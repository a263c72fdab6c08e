import type { HolderReconciliation, HolderReconciliationStatus, HoldersSummary, TopHolder } from '@tokendesk/contract';
import { formatUnits } from '../../chain/decimal';
import type { Db } from '../../db/client';
import type { ProjectRow, TokenHolderReconciliationRow, TokenHolderSyncRow } from '../../db/schema';
import { circulatingSupply, RECONCILED_TOP } from '../../market/holder-supply';
import { toChecksumAddressIfAddress } from '../../lib/addresses';
import { labelsOf, sharePct, toApiSync, type KnownAddresses } from './presenter';
import {
  BURN_ADDRESSES,
  findReconciliation,
  findSync,
  historyStartProblem,
  knownPools,
  largestHolders,
  supplyOf,
  ZERO_ADDRESS,
} from './repository';

/**
 * The holders card's figures: the log-derived balances of the repository, checked against what the
 * reconciliation read from the chain, with the notes that say which source each figure takes.
 */

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

const groupFormat = new Intl.NumberFormat('en-US');
/** '1,234,567.8912 SYM' for a note: whole tokens grouped, at most 4 decimals (truncated). */
function tokensText(raw: bigint, project: ProjectRow): string {
  const [whole = '0', fraction = ''] = formatUnits(raw < 0n ? -raw : raw, project.tokenDecimal).split('.');
  const cut = fraction.slice(0, 4).replace(/0+$/, '');
  return `${raw < 0n ? '−' : ''}${groupFormat.format(BigInt(whole))}${cut ? `.${cut}` : ''} ${project.tokenSymbol}`;
}

/** The reconciliation for the API, and which supply and balances the figures take. */
export async function holderTruth(
  db: Db,
  project: ProjectRow,
  sync: TokenHolderSyncRow | undefined,
): Promise<HolderTruth> {
  const row = await findReconciliation(db, project);
  const logSupply = await supplyOf(db, project);
  const units = (v: bigint | null) => (v === null ? null : formatUnits(v, project.tokenDecimal));
  const big = (v: string | null | undefined) => (v === null || v === undefined ? null : BigInt(v));
  const total = big(row?.totalSupply);
  const onChain = total === null ? null : circulatingSupply(total, big(row?.zeroAddressBalance));
  const fromLogs = big(row?.supplyFromLogs);
  const blockText = row?.blockNumber?.toString() ?? '';
  const empty = {
    block: null,
    checked_at: null,
    supply_from_logs: units(logSupply),
    total_supply: null,
    supply_on_chain: null,
    difference: null,
    largest_difference: null,
  };
  const counts = { addresses_checked: row?.addressesChecked ?? 0, addresses_differing: row?.addressesDiffering ?? 0 };
  const shortfall = BigInt(sync?.logShortfall ?? '0');
  const overdrawn =
    shortfall > 0n
      ? ` The logs also moved ${tokensText(shortfall, project)} out of addresses they had never credited with it (counted as zero, never below).`
      : '';

  let api: HolderReconciliation;
  if (!row) {
    api = {
      status: 'pending',
      ...empty,
      ...counts,
      note: "Not checked against the chain yet: every figure comes from the token's Transfer logs.",
    };
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
    row && (api.status === 'differs' || api.status === 'no_logs')
      ? new Map(row.chainBalances.map((b) => [b.holder, BigInt(b.balance)] as const))
      : null;
  return {
    row,
    api,
    supply: onChain ?? logSupply,
    supplySource: onChain === null ? 'transfer_logs' : 'total_supply',
    chainBalances,
  };
}

/** The holder count every screen shows: the logs' count, as the last check against the chain corrected it. */
export function shownHolderCount(sync: TokenHolderSyncRow): number {
  return Math.max(0, sync.holderCount + (sync.holderCountAdjustment ?? 0));
}

/**
 * `vaults`: contracts that hold the tokens of many pools (a V4 PoolManager, market/pool-label.ts),
 * labelled as pools and left out of the concentration like any pool.
 */
export async function holdersSummary(
  db: Db,
  userId: number,
  project: ProjectRow,
  detectPools?: PoolDetector,
  vaults: readonly string[] = [],
): Promise<HoldersSummary> {
  const sync = await findSync(db, project);
  const apiSync = toApiSync(sync);
  if (!sync || sync.toBlock === null) {
    const problem = sync?.deployBlock === null ? await historyStartProblem(db, project) : null;
    if (problem) {
      // The indexer could not start this token's history for several ticks in a row: say why,
      // rather than "still being read" for ever (/ready reports the holder part failing too).
      apiSync.problem = `TokenDesk cannot read this token's transfer history from the network's node: ${problem.replace(/\.$/, '')}. It keeps trying by itself. A node that keeps the whole history (an archive node) can answer; the server's operator chooses the node.`;
    }
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
      note: apiSync.problem ?? 'Not checked against the chain yet: the transfer history is still being read.',
    };
    return {
      sync: apiSync,
      holder_count: null,
      supply: null,
      supply_source: null,
      balances_source: null,
      top10_share_pct: null,
      pools_checked: false,
      top: [],
      reconciliation: api,
    };
  }

  const truth = await holderTruth(db, project, sync);
  const supply = truth.supply;
  const summaryBase = {
    sync: apiSync,
    supply: formatUnits(supply, project.tokenDecimal),
    supply_source: truth.supplySource,
    reconciliation: truth.api,
  };
  if (truth.api.status === 'no_logs') {
    // No logs, no holders to count: saying '0 holders' of a token with a supply would be false.
    return {
      ...summaryBase,
      holder_count: null,
      balances_source: null,
      top10_share_pct: null,
      pools_checked: false,
      top: [],
    };
  }

  const known: KnownAddresses = { pools: await knownPools(db, userId, project, vaults), deployer: sync.deployer };
  const logged = await largestHolders(db, project, POOL_CHECK_CANDIDATES);
  // Corrected for what the last check saw (an address the logs never credited, say) by the indexer,
  // which stored the same count in the history's last point.
  const holderCount = shownHolderCount(sync);
  let candidates = logged;
  if (truth.chainBalances) {
    // The chain disagrees: the addresses on screen get their balanceOf, ranked by it.
    candidates = [...truth.chainBalances]
      .filter(([, balance]) => balance > 0n)
      .sort(([a, x], [b, y]) => (x === y ? (a < b ? -1 : 1) : x > y ? -1 : 1))
      .map(([holder, balance]) => ({ holder, balance: balance.toString() }));
  }
  // Pools nobody attached (the pair every token gets on a DEX, say) are still pools.
  const detected = detectPools
    ? await detectPools(candidates.map((c) => c.holder).filter((h) => !known.pools.has(h)))
    : null;
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
      address: toChecksumAddressIfAddress(r.holder),
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
