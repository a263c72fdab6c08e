import { erc20Abi, getAddress, zeroAddress, type Address, type PublicClient } from 'viem';
import { circulatingSupply, RECONCILED_TOP } from '../market/holder-supply';
import { normalizeAddress } from '../lib/addresses';

// Shared with the holders feature through market/; re-exported for the indexer's own modules.
export { circulatingSupply, RECONCILED_TOP };

const ZERO = zeroAddress;

export type ReconciliationStatus = 'matches' | 'differs' | 'unavailable' | 'no_logs';

/** What the chain answered at one block, read in one multicall (allowFailure: a failed call is null). */
export interface ChainHolderReading {
  block: bigint;
  totalSupply: bigint | null;
  /** balanceOf of each asked address (lower-case); null when that call failed. */
  balances: Map<string, bigint | null>;
}

export interface LogSide {
  /** Log-derived balances of the asked addresses (absent = 0). */
  balances: Map<string, bigint>;
  /** Sum of every log-derived balance, the zero address excepted. */
  supply: bigint;
  /** Whether the logs ever credited anybody (any balance row, the zero address included). */
  anyBalances: boolean;
}

export interface Reconciliation {
  status: ReconciliationStatus;
  block: bigint;
  supplyFromLogs: bigint;
  totalSupply: bigint | null;
  zeroAddressBalance: bigint | null;
  largestDifference: bigint | null;
  addressesChecked: number;
  addressesDiffering: number;
  chainBalances: { holder: string; balance: string }[];
  reason: string | null;
  /**
   * While the chain and the logs disagree ('differs'): how many checked addresses hold a balanceOf
   * the logs never credited, less how many the logs count that hold nothing on chain. The holder
   * count every screen shows is the log count plus this; 0 otherwise.
   */
  holderCountAdjustment: number;
}

/**
 * totalSupply() and balanceOf of every address, pinned to `block`, in one eth_call through
 * Multicall3. allowFailure: a token whose balanceOf reverts for one address still answers for the
 * rest; the caller decides what a missing totalSupply() means.
 */
export async function readChainHolders(
  client: PublicClient,
  multicall3: Address,
  token: Address,
  addresses: readonly string[],
  block: bigint,
): Promise<ChainHolderReading> {
  const contracts = [
    { address: token, abi: erc20Abi, functionName: 'totalSupply' } as const,
    ...addresses.map(
      (a) => ({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [getAddress(a)] }) as const,
    ),
  ];
  const results = await client.multicall({
    allowFailure: true,
    contracts,
    blockNumber: block,
    multicallAddress: multicall3,
    batchSize: 0,
  });
  const number = (r: (typeof results)[number] | undefined) =>
    r?.status === 'success' && typeof r.result === 'bigint' ? r.result : null;
  const balances = new Map<string, bigint | null>();
  addresses.forEach((a, i) => balances.set(normalizeAddress(a), number(results[i + 1])));
  return { block, totalSupply: number(results[0]), balances };
}

/**
 * Below this, a difference is rounding, not disagreement: share-based tokens round every balance
 * to the wei, and 1e-10 of the supply changes no figure the app shows (balances to 4 decimals of a
 * token, shares to 2 decimals of a percent).
 */
export function roundingTolerance(supply: bigint): bigint {
  return 10n + (supply > 0n ? supply / 10n ** 10n : 0n);
}

const abs = (v: bigint) => (v < 0n ? -v : v);

/**
 * Compares what the logs say with what the chain says at the same block. The comparable supply is
 * totalSupply() less balanceOf(0x0): tokens sent to the zero address are burned for holders, and
 * the logs leave the zero address out of their supply as well.
 */
export function reconcile(chain: ChainHolderReading, logs: LogSide): Reconciliation {
  const base = {
    block: chain.block,
    supplyFromLogs: logs.supply,
    totalSupply: chain.totalSupply,
    zeroAddressBalance: chain.balances.get(ZERO) ?? null,
  };
  if (chain.totalSupply === null) {
    return {
      ...base,
      status: 'unavailable',
      largestDifference: null,
      addressesChecked: 0,
      addressesDiffering: 0,
      chainBalances: [],
      reason: 'The token did not answer totalSupply() at this block.',
      holderCountAdjustment: 0,
    };
  }
  const supplyOnChain = circulatingSupply(chain.totalSupply, base.zeroAddressBalance);
  const tolerance = roundingTolerance(supplyOnChain);
  const chainBalances: { holder: string; balance: string }[] = [];
  let largest = abs(supplyOnChain - logs.supply);
  let differing = 0;
  let adjustment = 0;
  for (const [holder, balance] of chain.balances) {
    if (balance === null) continue;
    chainBalances.push({ holder, balance: balance.toString() });
    // Logs credit the zero address with what was burned; most contracts burn by lowering
    // totalSupply() instead, so balanceOf(0x0) is 0 there. That is no disagreement.
    if (holder === ZERO) continue;
    const logged = logs.balances.get(holder) ?? 0n;
    const difference = abs(balance - logged);
    if (difference > largest) largest = difference;
    if (difference > tolerance) differing++;
    adjustment += (balance > 0n ? 1 : 0) - (logged > 0n ? 1 : 0);
  }
  const noLogs = !logs.anyBalances && supplyOnChain > 0n;
  const status: ReconciliationStatus = noLogs
    ? 'no_logs'
    : differing > 0 || abs(supplyOnChain - logs.supply) > tolerance
      ? 'differs'
      : 'matches';
  return {
    ...base,
    status,
    largestDifference: largest,
    addressesChecked: chainBalances.filter((b) => b.holder !== ZERO).length,
    addressesDiffering: differing,
    chainBalances,
    reason: noLogs ? 'The token has a supply but TokenDesk found no Transfer logs from its address.' : null,
    holderCountAdjustment: status === 'differs' ? adjustment : 0,
  };
}
