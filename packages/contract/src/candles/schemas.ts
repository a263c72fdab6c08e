import { z } from 'zod';
import { decimalString } from '../fields';

/*
 * Candles (OHLCV) of a pool from its stored swaps (docs/decisions/0034-candles.md).
 */

export const candleIntervals = ['5m', '15m', '1h', '4h', '1d'] as const;
export type CandleInterval = (typeof candleIntervals)[number];
export const candleRanges = ['24h', '7d', '30d'] as const;
export type CandleRange = (typeof candleRanges)[number];
export const candleCurrencies = ['quote', 'usd'] as const;
export type CandleCurrency = (typeof candleCurrencies)[number];

export const CANDLE_INTERVAL_SECONDS: Record<CandleInterval, number> = {
  '5m': 300,
  '15m': 900,
  '1h': 3_600,
  '4h': 14_400,
  '1d': 86_400,
};
export const CANDLE_RANGE_SECONDS: Record<CandleRange, number> = { '24h': 86_400, '7d': 604_800, '30d': 2_592_000 };

/** Without a range: a day of 5m/15m candles, a week of 1h/4h ones, a month of daily ones. */
export const DEFAULT_CANDLE_RANGE: Record<CandleInterval, CandleRange> = {
  '5m': '24h',
  '15m': '24h',
  '1h': '7d',
  '4h': '7d',
  '1d': '30d',
};

/** The most candles one answer spans: a week of 5-minute candles (2,016); 30 d at 5m or 15m is refused. */
export const CANDLES_MAX = 2_016;

/** Markers per answer, so the chart stays readable. */
export const CANDLE_MARKERS_MAX = 100;
/** Of those: the largest swaps of the range, and at most this many liquidity changes and alert firings (newest). */
export const CANDLE_LARGE_SWAP_MARKERS = 5;
export const CANDLE_LIQUIDITY_MARKERS_MAX = 45;
export const CANDLE_ALERT_MARKERS_MAX = 50;

export const candleMessages = {
  interval: `Expected interval: one of ${candleIntervals.join(', ')}`,
  range: `Expected range: one of ${candleRanges.join(', ')}`,
  currency: `Expected currency: one of ${candleCurrencies.join(', ')}`,
  tooMany: (interval: CandleInterval, range: CandleRange) =>
    `${range} of ${interval} candles would be ${CANDLE_RANGE_SECONDS[range] / CANDLE_INTERVAL_SECONDS[interval]} candles; at most ${CANDLES_MAX.toLocaleString('en-US')} are served. Choose a longer interval or a shorter range.`,
} as const;

/** The range a query asks for, its default when it names none. */
export const candleRangeOf = (interval: CandleInterval, range: CandleRange | undefined): CandleRange =>
  range ?? DEFAULT_CANDLE_RANGE[interval];

export const candlesQuerySchema = z
  .object({
    interval: z
      .enum(candleIntervals, { error: candleMessages.interval })
      .default('1h')
      .describe('Candle length (default 1h)'),
    range: z
      .enum(candleRanges, { error: candleMessages.range })
      .optional()
      .describe(
        'How far back from now (default: 24h for 5m and 15m, 7d for 1h and 4h, 30d for 1d); more than 2,016 candles answers 400',
      ),
    currency: z
      .enum(candleCurrencies, { error: candleMessages.currency })
      .default('quote')
      .describe(
        "'quote': prices and volume in the paired token; 'usd': in USD, only where the paired token is a USD stablecoin",
      ),
  })
  .superRefine((q, ctx) => {
    const range = candleRangeOf(q.interval, q.range);
    if (CANDLE_RANGE_SECONDS[range] / CANDLE_INTERVAL_SECONDS[q.interval] > CANDLES_MAX) {
      ctx.addIssue({ code: 'custom', path: ['range'], message: candleMessages.tooMany(q.interval, range) });
    }
  });
export type CandlesQuery = z.input<typeof candlesQuerySchema>;

export const candleSchema = z.object({
  time: z
    .string()
    .describe(
      'Start of the candle (UTC, ISO 8601); candles start on whole multiples of the interval since 1970-01-01T00:00Z',
    ),
  open: decimalString.describe(
    'Price of the first swap of the candle, by (block, log index): paired amount / project amount of that swap',
  ),
  high: decimalString.describe('Highest swap price in the candle'),
  low: decimalString.describe('Lowest swap price in the candle'),
  close: decimalString.describe('Price of the last swap of the candle'),
  volume: decimalString.describe("Sum of the swaps' paired-token amounts (in USD when currency is usd)"),
  volume_project_token: decimalString.describe("Sum of the swaps' project-token amounts"),
  trades: z
    .number()
    .int()
    .describe('Transactions with a swap in the candle (a trade through several bins or hops of this pool counts once)'),
  buys: z.number().int().describe('Transactions whose swap took project tokens out of the pool'),
  sells: z.number().int().describe('Transactions whose swap put project tokens into the pool'),
});
export type Candle = z.infer<typeof candleSchema>;

export const candleMarkerKinds = ['large_buy', 'large_sell', 'add_liquidity', 'remove_liquidity', 'alert'] as const;
export type CandleMarkerKind = (typeof candleMarkerKinds)[number];

export const candleMarkerSchema = z.object({
  time: z.string().describe('When it happened (block time; for an alert, when it fired), ISO 8601'),
  kind: z.enum(candleMarkerKinds),
  text: z.string().describe('What happened, e.g. "Buy of 12.5 WETH" or the alert\'s message'),
  tx_hash: z.string().nullable().describe('The transaction; null for an alert firing'),
});
export type CandleMarker = z.infer<typeof candleMarkerSchema>;

export const candlesSchema = z
  .object({
    interval: z.enum(candleIntervals),
    range: z.enum(candleRanges),
    currency: z.enum(candleCurrencies),
    quote_symbol: z.string().describe("What prices and volume are in: the paired token's symbol, or 'USD'"),
    candles: z
      .array(candleSchema)
      .describe(
        'Oldest first, from the stored swaps of the pool (a newly attached pool has the indexer backfill, 24 h by default). ' +
          'A candle without swaps is left out, not filled with the previous close: gaps on the chart are periods without trades. ' +
          'Empty when currency is usd and usd_unavailable_reason is set.',
      ),
    markers: z
      .array(candleMarkerSchema)
      .describe(
        `Oldest first, at most ${CANDLE_MARKERS_MAX}: the ${CANDLE_LARGE_SWAP_MARKERS} largest swaps of the range by paired amount, the newest ` +
          `${CANDLE_LIQUIDITY_MARKERS_MAX} liquidity changes and the newest ${CANDLE_ALERT_MARKERS_MAX} firings of your alerts on this pool`,
      ),
    usd_unavailable_reason: z
      .string()
      .nullable()
      .describe(
        'Why USD candles cannot be given for this pool (in both currencies, so a client knows before asking); null when they can: ' +
          'the paired token is a USD stablecoin (exactly 1 USD), or the wrapped native (or native coin) whose past USD rates TokenDesk records ' +
          "from the network's reference pool. History is never converted at today's rate.",
      ),
    usd_route: z
      .string()
      .nullable()
      .describe(
        "For a pool paired with the wrapped native (or native coin): the reference pool whose swaps give the past USD rates, e.g. 'WETH/USDC on Uniswap V3'. " +
          'Each swap is valued at the rate of the latest reference swap at or before its block. null otherwise.',
      ),
    usd_rates_from: z
      .string()
      .nullable()
      .describe(
        'When the recorded USD rates start (block time of the first stored reference swap, ISO 8601); swaps before it have no USD rate. null when none is recorded yet, or when no rate is needed',
      ),
    usd_candles_without_rate: z
      .number()
      .int()
      .describe(
        'In a USD answer: candles of the range left out because a swap in them has no recorded USD rate (before the rates start, or above the block the reference pool is read to)',
      ),
    covered_to_block: z
      .string()
      .nullable()
      .describe("The last block of this pool's stored swaps (the indexer's progress); null before its first read"),
  })
  .meta({ id: 'Candles' });
export type Candles = z.infer<typeof candlesSchema>;
