/**
 * Holder figures both the indexer (which reconciles the logs with the chain) and the holders
 * feature (which shows the result) compute the same way.
 */

/** The largest logged balances checked with balanceOf: the 20 the card shows, and the 40 it ranks. */
export const RECONCILED_TOP = 40;

/** totalSupply() less what the zero address holds, never below zero (a hostile contract may answer anything). */
export function circulatingSupply(totalSupply: bigint, zeroAddressBalance: bigint | null): bigint {
  const burned = zeroAddressBalance ?? 0n;
  return burned > 0n && burned <= totalSupply ? totalSupply - burned : totalSupply;
}
