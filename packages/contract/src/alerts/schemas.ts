import { z } from 'zod';
import { strictId, strictNumber } from '../numbers';
import { decimalString } from '../fields';
import { DASHBOARD_LIST_LIMIT, LIST_PAGE_LIMIT, LIST_PAGE_MAX } from '../paging';

export const alertKinds = ['price_move', 'liquidity_drop', 'large_swap'] as const;
export type AlertKind = (typeof alertKinds)[number];

export const alertMessages = {
  poolRequired: 'Please select a pool',
  thresholdRange: 'Enter a percentage from 0.1 to 1000',
  /** A reserve cannot fall by more than all of it. */
  dropThresholdRange: 'Enter a percentage from 0.1 to 100',
  windowRange: 'Enter a number of minutes from 1 to 10080 (7 days)',
  minAmountPositive: 'Enter an amount greater than 0',
  cooldownMin: 'The cooldown must be at least 1 minute',
  alertNotFound: 'Alert not found.',
  poolNotFound: 'Pool not found.',
  fieldNotOfKind: (field: string, kindLabel: string) => `${kindLabel} alerts have no ${field}.`,
  /** 400 on channel_ids: a channel that is not the user's (or does not exist). */
  unknownChannel: 'Unknown channel',
  /** 409: an active alert of the user already has the same pool, kind and figures (docs/decisions/0038). */
  duplicateAlert: (id: number) => `An identical alert already exists (alert #${id}). Edit it or choose other values.`,
} as const;

/** Labels of the alert kinds as the screens show them (product §2.10). */
export const alertKindLabels: Record<AlertKind, string> = {
  price_move: 'Price Move',
  liquidity_drop: 'Liquidity Drop',
  large_swap: 'Large Swap',
};

export const alertTypeSchema = z
  .object({
    kind: z.enum(alertKinds),
    label: z.string().describe("'Price Move', 'Liquidity Drop', 'Large Swap'"),
    description: z.string(),
    fields: z.array(z.enum(['threshold_pct', 'window_minutes', 'min_amount'])),
  })
  .meta({ id: 'AlertType' });
export type AlertType = z.infer<typeof alertTypeSchema>;

export const alertSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(alertKinds),
    pool_id: z.number().int(),
    label: z.string().describe("Pool label 'PROJECT/PAIR - DEX'"),
    project: z
      .object({ id: z.number().int(), name: z.string() })
      .describe("The pool's project, so a row can show its badge without the projects list"),
    threshold_pct: decimalString.nullable(),
    window_minutes: z.number().int().nullable(),
    min_amount: decimalString.nullable(),
    cooldown_minutes: z.number().int(),
    is_active: z.boolean(),
    last_triggered_at: z.string().nullable(),
    trigger_count: z.number().int(),
    created_at: z.string(),
    channel_ids: z
      .array(z.number().int())
      .describe(
        'The notification channels it also delivers to (account/channels/), in id order; the bell always gets it and is not listed',
      ),
  })
  .meta({ id: 'Alert' });
export type Alert = z.infer<typeof alertSchema>;

const m = alertMessages;
// JSON numbers or plain decimal text (the forms send text); true, '0x1' or '1e3' are refused (numbers.ts).
const threshold = strictNumber(
  z.number({ error: m.thresholdRange }).min(0.1, m.thresholdRange).max(1000, m.thresholdRange),
  m.thresholdRange,
);
/** The most a Liquidity Drop alert can ask for: a reserve falls by 100 % at most. */
export const LIQUIDITY_DROP_MAX_PCT = 100;
const dropThreshold = strictNumber(
  z
    .number({ error: m.dropThresholdRange })
    .min(0.1, m.dropThresholdRange)
    .max(LIQUIDITY_DROP_MAX_PCT, m.dropThresholdRange),
  m.dropThresholdRange,
);

/**
 * The edit body has no kind, so its threshold_pct takes the wider Price Move range; this is the
 * kind's own check, for the form and the server alike: null when `pct` suits the kind.
 */
export function thresholdProblem(kind: AlertKind, pct: number): string | null {
  if (kind === 'liquidity_drop' && pct > LIQUIDITY_DROP_MAX_PCT) return m.dropThresholdRange;
  return null;
}
const windowMinutes = strictNumber(
  z.number({ error: m.windowRange }).int(m.windowRange).min(1, m.windowRange).max(10080, m.windowRange),
  m.windowRange,
);
const minAmount = strictNumber(
  z.number({ error: m.minAmountPositive }).positive(m.minAmountPositive).max(1e30, m.minAmountPositive),
  m.minAmountPositive,
);
const cooldown = strictNumber(
  z
    .number({ error: m.cooldownMin })
    .int(m.cooldownMin)
    .min(1, m.cooldownMin)
    .max(525_600, 'Cooldown must be at most 525600 minutes'),
  m.cooldownMin,
);
const poolId = strictId(m.poolRequired);
/** At most one of each of the user's channels (their number is capped too); repeats collapse. */
const channelIds = z
  .array(strictId(m.unknownChannel), { error: m.unknownChannel })
  .max(50, m.unknownChannel)
  .transform((ids) => [...new Set(ids)].sort((a, b) => a - b))
  .describe(
    "The user's notification channels to deliver to besides the bell (ids from account/channels/); another user's id answers 400 'Unknown channel'",
  );

export const alertFieldOrder = [
  'pool_id',
  'kind',
  'threshold_pct',
  'window_minutes',
  'min_amount',
  'cooldown_minutes',
  'channel_ids',
] as const;

/** Create: the kind decides which fields are required (product §2.10, §4). */
export const createAlertBodySchema = z
  .discriminatedUnion('kind', [
    z.strictObject({
      kind: z.literal('price_move'),
      pool_id: poolId,
      threshold_pct: threshold,
      window_minutes: windowMinutes,
      cooldown_minutes: cooldown.default(60),
      channel_ids: channelIds.default([]),
    }),
    z.strictObject({
      kind: z.literal('liquidity_drop'),
      pool_id: poolId,
      threshold_pct: dropThreshold,
      window_minutes: windowMinutes,
      cooldown_minutes: cooldown.default(60),
      channel_ids: channelIds.default([]),
    }),
    z.strictObject({
      kind: z.literal('large_swap'),
      pool_id: poolId,
      min_amount: minAmount,
      cooldown_minutes: cooldown.default(60),
      channel_ids: channelIds.default([]),
    }),
  ])
  .meta({ id: 'CreateAlertBody' });
export type CreateAlertBody = z.input<typeof createAlertBodySchema>;

/** Edit: the kind and the pool stay; the kind's own fields, the cooldown and the channels (the whole set) may change. */
export const updateAlertBodySchema = z
  .strictObject({
    threshold_pct: threshold,
    window_minutes: windowMinutes,
    min_amount: minAmount,
    cooldown_minutes: cooldown,
    channel_ids: channelIds,
  })
  .partial()
  .meta({ id: 'UpdateAlertBody' });
export type UpdateAlertBody = z.input<typeof updateAlertBodySchema>;

export const alertTriggerSchema = z
  .object({
    id: z.number().int(),
    triggered_at: z.string(),
    message: z.string(),
    values: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).describe('The figures that fired it'),
  })
  .meta({ id: 'AlertTrigger' });
export type AlertTrigger = z.infer<typeof alertTriggerSchema>;

export const alertTypeListSchema = z.array(alertTypeSchema).meta({ id: 'AlertTypeList' });

/** GET projects/alerts/: newest first (created_at, then id), paged like projects/, searchable by pool label. */
export const alertListQuerySchema = z.object({
  q: z
    .string()
    .max(100)
    .optional()
    .describe(
      "Case-insensitive text in the pool label 'PROJECT/PAIR - DEX': the project's name or symbol, the paired token's symbol or the DEX",
    ),
  pool: strictId().optional().describe("Only this pool's alerts (another user's pool answers 404, like a missing one)"),
  cursor: z
    .string()
    .max(200)
    .optional()
    .describe('Opaque; next_cursor of the previous page (a malformed one answers 400)'),
  limit: strictNumber(z.number().int().min(1).max(LIST_PAGE_MAX))
    .default(LIST_PAGE_LIMIT)
    .describe(`Rows per page, 1–${LIST_PAGE_MAX} (default ${LIST_PAGE_LIMIT})`),
});
export type AlertListQuery = z.input<typeof alertListQuerySchema>;

export const alertPageSchema = z
  .object({
    alerts: z
      .array(alertSchema)
      .describe("Each with its pool label, so no screen needs the pools list to name an alert's pool"),
    next_cursor: z.string().nullable().describe('Cursor of the next page; null on the last page'),
  })
  .meta({ id: 'AlertPage' });
export type AlertPage = z.infer<typeof alertPageSchema>;
export const alertSummarySchema = z
  .object({
    alert_count: z.number().int(),
    active_alert_count: z.number().int(),
    active_alerts: z
      .array(alertSchema)
      .describe(`The ${DASHBOARD_LIST_LIMIT} newest active alerts, in the order of alerts/`),
  })
  .meta({ id: 'AlertSummary' });
export type AlertSummary = z.infer<typeof alertSummarySchema>;
export const alertTriggerListSchema = z.array(alertTriggerSchema).meta({ id: 'AlertTriggerList' });
