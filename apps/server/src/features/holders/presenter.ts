import type { HolderLabel, HolderSync } from '@tokendesk/contract';
import type { TokenHolderSyncRow } from '../../db/schema';
import { BURN_ADDRESSES, ZERO_ADDRESS } from './repository';

export function isLive(sync: TokenHolderSyncRow | undefined): boolean {
  return !!sync && sync.toBlock !== null && sync.targetBlock !== null && sync.toBlock >= sync.targetBlock;
}

export function toApiSync(sync: TokenHolderSyncRow | undefined): HolderSync {
  if (!sync || sync.deployBlock === null) {
    return {
      state: 'pending',
      indexed_block: null,
      target_block: null,
      deploy_block: null,
      progress_pct: null,
      problem: null,
    };
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
    problem: null,
  };
}

/** Share of `part` in `whole`, in % with two decimals, computed exactly on integers. */
export function sharePct(part: bigint, whole: bigint): number | null {
  if (whole <= 0n) return null;
  return Number((part * 10_000n) / whole) / 100;
}

export interface KnownAddresses {
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
