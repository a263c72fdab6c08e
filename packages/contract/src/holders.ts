import { z } from 'zod';
import { decimalString } from './projects';

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
    state: z.enum(holderSyncStates).describe('pending: not started; indexing: backfilling history; live: following the chain; unavailable: the token has no code'),
    indexed_block: z.string().nullable().describe('Transfers are counted up to this block (inclusive)'),
    target_block: z.string().nullable().describe('The block the backfill is heading for'),
    deploy_block: z.string().nullable(),
    progress_pct: z.number().nullable().describe('0–100 while indexing'),
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

export const holdersSummarySchema = z
  .object({
    sync: holderSyncSchema,
    holder_count: z.number().int().nullable().describe('Addresses with a balance above zero (the zero address excepted)'),
    supply: decimalString.nullable().describe('Sum of all balances except the zero address, whole tokens'),
    top10_share_pct: z.number().nullable().describe('Share of the supply held by the 10 largest holders that are not pools or burn addresses'),
    pools_checked: z
      .boolean()
      .describe("False when the node could not be asked which holders are pools: pool labels then cover only the project's own and found pools"),
    top: z.array(topHolderSchema).describe('The 20 largest balances'),
  })
  .meta({ id: 'HoldersSummary' });
export type HoldersSummary = z.infer<typeof holdersSummarySchema>;

export const holderHistorySchema = z
  .object({ points: z.array(z.object({ day: z.string().describe('UTC day, YYYY-MM-DD'), holder_count: z.number().int() })) })
  .meta({ id: 'HolderHistory' });
export type HolderHistory = z.infer<typeof holderHistorySchema>;

export const holderCsvColumns = ['rank', 'address', 'balance', 'balance_raw', 'share_pct', 'labels'] as const;

export const discoveredPoolSchema = z
  .object({
    id: z.number().int(),
    project_id: z.number().int(),
    dex: z.object({ id: z.string(), name: z.string(), dex_logo: z.string() }),
    pool_address: z.string(),
    pool_version: z.enum(['v2', 'v3']),
    fee: z.number().int().nullable(),
    paired_token: z.object({ address: z.string(), symbol: z.string().nullable() }),
    block_number: z.string(),
    tx_hash: z.string(),
    found_at: z.string(),
  })
  .meta({ id: 'DiscoveredPool' });
export type DiscoveredPool = z.infer<typeof discoveredPoolSchema>;

export const discoveredPoolListSchema = z.object({ pools: z.array(discoveredPoolSchema) }).meta({ id: 'DiscoveredPoolList' });
export type DiscoveredPoolList = z.infer<typeof discoveredPoolListSchema>;

/** 'Indexing holders: 42% (block N of M)'. */
export function holderProgressText(sync: Pick<HolderSync, 'progress_pct' | 'indexed_block' | 'target_block'>): string {
  const pct = Math.floor(sync.progress_pct ?? 0);
  return `Indexing holders: ${pct}% (block ${sync.indexed_block ?? '0'} of ${sync.target_block ?? '?'})`;
}
