import { z } from 'zod';
import { decimalString } from '../fields';

/** Why an address in the top holders is special. */
export const holderLabels = ['pool', 'zero_address', 'burn_address', 'deployer'] as const;
export type HolderLabel = (typeof holderLabels)[number];

export const holderLabelText: Record<HolderLabel, string> = {
  pool: 'Liquidity pool',
  zero_address: 'Zero address (burned)',
  burn_address: 'Burn address',
  deployer: 'Deployer',
};

export const holderSyncStates = ['pending', 'indexing', 'live', 'unavailable'] as const;
export type HolderSyncState = (typeof holderSyncStates)[number];

export const holderSyncSchema = z
  .object({
    state: z
      .enum(holderSyncStates)
      .describe(
        'pending: not started; indexing: backfilling history; live: following the chain; unavailable: the token has no code',
      ),
    indexed_block: z.string().nullable().describe('Transfers are counted up to this block (inclusive)'),
    target_block: z.string().nullable().describe('The block the backfill is heading for'),
    deploy_block: z.string().nullable(),
    progress_pct: z.number().nullable().describe('0–100 while indexing'),
    problem: z
      .string()
      .nullable()
      .describe(
        "Why the token's transfer history cannot be read right now (for instance a node that keeps no history that old); null while nothing stands in the way",
      ),
  })
  .meta({ id: 'HolderSync' });
export type HolderSync = z.infer<typeof holderSyncSchema>;

export const topHolderSchema = z
  .object({
    rank: z.number().int(),
    address: z.string(),
    balance: decimalString.describe('Whole tokens'),
    share_pct: z.number().nullable().describe('Share of the supply held by this address, in %'),
    labels: z.array(z.enum(holderLabels)),
    pool_id: z.number().int().nullable().describe("The user's pool at this address, when it is one"),
  })
  .meta({ id: 'TopHolder' });
export type TopHolder = z.infer<typeof topHolderSchema>;

export const holderReconciliationStatuses = ['pending', 'matches', 'differs', 'unavailable', 'no_logs'] as const;
export type HolderReconciliationStatus = (typeof holderReconciliationStatuses)[number];

export const holderReconciliationSchema = z
  .object({
    status: z
      .enum(holderReconciliationStatuses)
      .describe(
        "pending: not checked yet; matches: totalSupply() and balanceOf of the checked addresses agree with the Transfer logs; differs: they do not (rebasing token, supply assigned without an event, logs emitted elsewhere) and the figures shown are the chain's; unavailable: the chain could not be asked; no_logs: the token has a supply but no Transfer logs could be read from its address, so holder statistics are not available",
      ),
    block: z.string().nullable().describe('The block both sides were compared at'),
    checked_at: z.string().nullable(),
    supply_from_logs: decimalString
      .nullable()
      .describe('Sum of the balances built from Transfer logs (the zero address excepted), whole tokens'),
    total_supply: decimalString.nullable().describe('totalSupply() at the block, whole tokens'),
    supply_on_chain: decimalString.nullable().describe('totalSupply() less balanceOf(0x0) at the block, whole tokens'),
    difference: decimalString.nullable().describe('supply_on_chain − supply_from_logs, whole tokens'),
    largest_difference: decimalString
      .nullable()
      .describe(
        'The largest difference between balanceOf and the log balance of one checked address, or of the supplies, whole tokens',
      ),
    addresses_checked: z
      .number()
      .int()
      .describe(
        'Addresses whose balanceOf was read: the largest holders, the deployer and addresses the logs overdrew',
      ),
    addresses_differing: z.number().int(),
    note: z
      .string()
      .describe('Which figures come from the Transfer logs and which from balanceOf/totalSupply(), in plain words'),
  })
  .meta({ id: 'HolderReconciliation' });
export type HolderReconciliation = z.infer<typeof holderReconciliationSchema>;

export const holdersSummarySchema = z
  .object({
    sync: holderSyncSchema,
    holder_count: z
      .number()
      .int()
      .nullable()
      .describe(
        'Addresses with a balance above zero (the zero address excepted), counted from Transfer logs; null while indexing and when holder statistics are not available',
      ),
    supply: decimalString
      .nullable()
      .describe(
        'totalSupply() less what the zero address holds, at the reconciliation block; the sum of the log balances until the first check',
      ),
    supply_source: z.enum(['total_supply', 'transfer_logs']).nullable(),
    balances_source: z
      .enum(['transfer_logs', 'balance_of'])
      .nullable()
      .describe(
        "Where the balances of `top` come from: the Transfer logs, or the chain's balanceOf at the reconciliation block when the two differ",
      ),
    reconciliation: holderReconciliationSchema,
    top10_share_pct: z
      .number()
      .nullable()
      .describe('Share of the supply held by the 10 largest holders that are not pools or burn addresses'),
    pools_checked: z
      .boolean()
      .describe(
        "False when the node could not be asked which holders are pools: pool labels then cover only the project's own and found pools",
      ),
    top: z.array(topHolderSchema).describe('The 20 largest balances'),
  })
  .meta({ id: 'HoldersSummary' });
export type HoldersSummary = z.infer<typeof holdersSummarySchema>;

export const holderHistorySchema = z
  .object({
    points: z.array(z.object({ day: z.string().describe('UTC day, YYYY-MM-DD'), holder_count: z.number().int() })),
  })
  .meta({ id: 'HolderHistory' });
export type HolderHistory = z.infer<typeof holderHistorySchema>;

/** 'Holders' card title of the notice for each reconciliation state that needs one. */
export const holderNoticeTitle: Partial<Record<HolderReconciliationStatus, string>> = {
  differs: 'The chain disagrees with the transfer history',
  unavailable: 'Not checked against the chain',
  no_logs: 'Holder statistics are not available for this token',
};

export const holderCsvColumns = ['rank', 'address', 'balance', 'balance_raw', 'share_pct', 'labels'] as const;

/** 'Indexing holders: 42% (block N of M)'. */
export function holderProgressText(sync: Pick<HolderSync, 'progress_pct' | 'indexed_block' | 'target_block'>): string {
  const pct = Math.floor(sync.progress_pct ?? 0);
  return `Indexing holders: ${pct}% (block ${sync.indexed_block ?? '0'} of ${sync.target_block ?? '?'})`;
}
