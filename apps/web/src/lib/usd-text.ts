import type { UsdSource } from '@tokendesk/contract';
import { formatDateTime } from './format';

/**
 * Where a USD figure came from, in one sentence for its tooltip (product §12: a figure that may
 * disagree with the chain says how it was read): 'DEMO/WETH on Uniswap V2 × WETH/USDC on
 * Uniswap V3, block 1,234, read Nov 24, 2026 7:20 PM.' plus a warning when it is stale.
 */
export function usdSourceText(source: UsdSource): string {
  const block = /^\d+$/.test(source.block_number)
    ? BigInt(source.block_number).toLocaleString('en-US')
    : source.block_number;
  const text = `${source.route}, block ${block}, read ${formatDateTime(source.updated_at)}.`;
  return source.stale
    ? `${text} Stale: the network has not answered for a while; these are the last figures read.`
    : text;
}

/** The note under a USD figure that is null: the server's reason, or a plain fallback. */
export function usdMissingText(reason: string | null | undefined): string {
  return reason?.trim() || 'No USD value: no route from this token to a USD stablecoin.';
}
