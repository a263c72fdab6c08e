import { z } from 'zod';
import { strictId, strictNumber } from '../numbers';
import { decimalString } from '../fields';

export const activityKinds = ['buy', 'sell', 'add_liquidity', 'remove_liquidity'] as const;
export type ActivityKind = (typeof activityKinds)[number];

export const activityEventSchema = z
  .object({
    id: z.number().int(),
    pool_id: z.number().int(),
    pool_label: z
      .string()
      .describe(
        "The pool as the alert rows name it, 'PROJECT/PAIR - DEX', so no screen needs the pools list to name it",
      ),
    kind: z.enum(activityKinds),
    amount_project_token: decimalString.describe(
      'Absolute amount of the project token, whole tokens, as the pool booked it in its event. For a token that takes a fee on ' +
        'transfer this is what reached (or left) the pool: the sender paid more, or the recipient received less.',
    ),
    amount_token: decimalString.describe(
      'Absolute amount of the paired token, whole tokens, as the pool booked it (see amount_project_token)',
    ),
    price: decimalString
      .nullable()
      .describe(
        'Project token price in the paired token. Swaps: the price of this trade. Uniswap V2 liquidity changes: the ratio of ' +
          'the two amounts, which is the pool ratio they were made at (for an add of a fee-on-transfer token, off by the fee). Uniswap V3 and V4 liquidity changes: null, because the two deposited or withdrawn amounts depend on the ' +
          "position's price range and are not a price.",
      ),
    tx_hash: z.string(),
    block_number: z.string(),
    log_index: z.number().int(),
    occurred_at: z.string().describe('Block time, ISO 8601'),
    trader: z
      .string()
      .nullable()
      .describe(
        "The transaction's sender (checksummed): the account that signed it, not the router it called nor the Swap event's recipient. " +
          'null until TokenDesk has read it from the chain (a few ticks of the indexer after the event appears).',
      ),
  })
  .meta({ id: 'ActivityEvent' });
export type ActivityEvent = z.infer<typeof activityEventSchema>;

export const activityMessages = {
  traderInvalid: 'Please enter an address or its start (0x and at least 4 hex characters)',
} as const;

/**
 * What the trader filter takes: a whole address or its start of at least 4 hex digits, '0x' optional
 * (issue 35: '0x7099' filtered nothing and said nothing). Fewer digits would match a large share of
 * all traders by chance.
 */
export const TRADER_FILTER_RE = /^(?:0x)?[0-9a-fA-F]{4,40}$/;
/** The filter as the server compares it: lower case with '0x'; 42 characters is one address, fewer a prefix. */
export function normalTraderFilter(text: string): string {
  const value = text.trim().toLowerCase();
  return value.startsWith('0x') ? value : `0x${value}`;
}
/** Whether a (valid) trader filter is a whole address rather than the start of one. */
export const isWholeTrader = (text: string) => normalTraderFilter(text).length === 42;

/** A trader filter: an address or its start, in any case (product §7), compared lower case. */
export const traderFilter = z
  .string()
  .trim()
  .regex(TRADER_FILTER_RE, activityMessages.traderInvalid)
  .transform(normalTraderFilter)
  .describe(
    "Only events whose transaction this address sent (see the event's trader). The start of an address (at least 4 hex digits, '0x' optional) keeps every trader's events whose address starts so.",
  );

export const activityQuerySchema = z.object({
  project: strictId().optional(),
  pool: strictId().optional(),
  kind: z.enum(activityKinds).optional(),
  trader: traderFilter.optional(),
  cursor: z.string().max(200).optional().describe('Opaque; from next_cursor of the previous page'),
  limit: strictNumber(z.number().int().min(1).max(200)).default(50),
});

export const activityPageSchema = z
  .object({ events: z.array(activityEventSchema), next_cursor: z.string().nullable() })
  .meta({ id: 'ActivityPage' });
export type ActivityPage = z.infer<typeof activityPageSchema>;

export const activityExportQuerySchema = z.object({
  project: strictId().optional(),
  pool: strictId().optional(),
  kind: z.enum(activityKinds).optional(),
  trader: traderFilter.optional(),
  from: z.iso.datetime({ offset: true }).describe('Inclusive start, ISO 8601'),
  to: z.iso.datetime({ offset: true }).describe('Exclusive end, ISO 8601'),
});

export const historyRanges = ['24h', '7d', '30d'] as const;
export const historyQuerySchema = z.object({ range: z.enum(historyRanges).default('24h') });
export const pricePointSchema = z.object({
  time: z.string().describe('Block time, ISO 8601'),
  block_number: z.string(),
  price: decimalString,
  amount_token: decimalString.nullable(),
  amount_project_token: decimalString.nullable(),
});
export const priceHistorySchema = z
  .object({ range: z.enum(historyRanges), points: z.array(pricePointSchema) })
  .meta({ id: 'PriceHistory' });
export type PriceHistory = z.infer<typeof priceHistorySchema>;

/** Header row of the CSV export (GET projects/activity/export/), in this order. */
export const activityCsvColumns = [
  'time',
  'block',
  'tx_hash',
  'log_index',
  'pool',
  'dex',
  'kind',
  'amount_project_token',
  'project_symbol',
  'amount_token',
  'token_symbol',
  'price',
  'trader',
  // Only where the paired token is a USD stablecoin (counted at exactly 1 USD): empty otherwise,
  // never converted at a rate of today (decision 0033).
  'value_usd',
] as const;

/** The longest range one CSV export may cover. */
export const ACTIVITY_EXPORT_MAX_DAYS = 366;
