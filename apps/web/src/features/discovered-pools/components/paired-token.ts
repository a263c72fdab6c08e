import { shortenAddress } from '@tokendesk/contract';

/** The other token of a found pool: its symbol when the registry knows it, else its short address. */
export function pairedTokenLabel(paired: { address: string; symbol: string | null }): string {
  return paired.symbol ?? shortenAddress(paired.address);
}
