import { devnetLiquidityLocker } from '@tokendesk/devchain';
import type { Address } from 'viem';

/**
 * Liquidity lockers whose LP holdings count as locked, per chain id. Each real-network entry must
 * come from the locker's own docs or deployment files, cited beside it. None was confirmed from
 * such a source in this session (issue 34 item 1), so the real networks' lists are empty: LP in a
 * locker there shows as neither burned nor locked, never as locked on a guess.
 */
export interface LockerConfig {
  name: string;
  address: Address;
  /** The read interface: UNCX (Unicrypt) UniswapV2Locker's getNumLocksForToken/tokenLocks. */
  kind: 'uncx-v2';
}

const LOCKERS: Record<number, readonly LockerConfig[]> = {
  // packages/devchain contracts/DevnetTraitTokens.sol: DevnetLiquidityLocker, UNCX V2's interface, CREATE2 address.
  31337: [{ name: 'Devnet LP locker (UNCX V2 interface)', address: devnetLiquidityLocker, kind: 'uncx-v2' }],
};

export function lockersOf(chainId: number): readonly LockerConfig[] {
  return LOCKERS[chainId] ?? [];
}
