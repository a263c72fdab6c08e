import { z } from 'zod';
import { pageCursor, pageLimit } from '../paging';

/*
 * Notification channels (docs/decisions/0038): where an alert is delivered besides the bell —
 * the account's e-mail, a signed webhook, a Telegram chat, a Discord webhook — and each channel's
 * delivery log. Destinations are secrets (a webhook URL or a bot token lets anyone post as the
 * owner), so answers carry them masked; the webhook signing secret is answered once, on create and
 * on rotation.
 */

export const channelKinds = ['email', 'webhook', 'telegram', 'discord'] as const;
export type ChannelKind = (typeof channelKinds)[number];

export const channelKindLabels: Record<ChannelKind, string> = {
  email: 'E-mail',
  webhook: 'Webhook',
  telegram: 'Telegram',
  discord: 'Discord',
};

export const CHANNEL_NAME_MAX = 100;
export const CHANNEL_URL_MAX = 2000;
/** Per user; enough for every team setup we know of, small enough that a firing stays one quick transaction. */
export const CHANNELS_PER_USER_MAX = 20;

export const channelMessages = {
  kindRequired: 'Please choose a kind of channel',
  nameRequired: 'Please enter a name for the channel',
  nameTooLong: `The name must be at most ${CHANNEL_NAME_MAX} characters long`,
  urlRequired: 'Please enter the address (URL)',
  urlInvalid: 'Please enter a full address starting with https:// (or http://)',
  urlTooLong: `The address must be at most ${CHANNEL_URL_MAX} characters long`,
  urlCredentials: 'The address must not contain a user name or password',
  privateAddress: 'This address points to a private network; TokenDesk only sends to public addresses.',
  discordUrlInvalid: 'Please enter a Discord webhook URL (https://discord.com/api/webhooks/…)',
  botTokenRequired: 'Please enter the bot token',
  botTokenInvalid:
    'Please enter the token BotFather gave you: digits, a colon, then at least 30 letters, digits, - or _',
  chatIdRequired: 'Please enter the chat id',
  chatIdInvalid:
    'Please enter a chat id (a whole number such as -1001234567890) or a public channel such as @mychannel',
  emailNotConfigured: 'E-mail is not configured on this server.',
  emailUnverified: 'Verify your e-mail address first: alert e-mails go only to a verified address.',
  emailChannelExists: 'You already have an e-mail channel. It sends to the address of your account.',
  tooManyChannels: `You can have at most ${CHANNELS_PER_USER_MAX} channels. Delete one you no longer use first.`,
  channelNotFound: 'Channel not found.',
  unknownChannel: 'Unknown channel',
  fieldNotOfKind: (field: string, kindLabel: string) => `${kindLabel} channels have no ${field}.`,
  statusOnlyActive: "Only 'active' can be set: a channel is paused by TokenDesk after repeated failures.",
  noSecret: 'Only webhook channels have a signing secret.',
  deleted: 'Channel deleted.',
} as const;
const m = channelMessages;

const nameField = z
  .string({ error: m.nameRequired })
  .trim()
  .min(1, m.nameRequired)
  .max(CHANNEL_NAME_MAX, m.nameTooLong);

/**
 * An absolute http(s) URL without credentials. Whether it may be reached (public addresses only,
 * unless the operator allows a range) is the server's check, at save and at every connection.
 */
function urlField(required: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(CHANNEL_URL_MAX, m.urlTooLong)
    .superRefine((value, ctx) => {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        ctx.addIssue({ code: 'custom', message: m.urlInvalid });
        return;
      }
      if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname)
        ctx.addIssue({ code: 'custom', message: m.urlInvalid });
      else if (url.username || url.password) ctx.addIssue({ code: 'custom', message: m.urlCredentials });
    });
}

/** Discord's webhook URLs (also the ptb/canary clients' and the old discordapp.com host). */
export const DISCORD_WEBHOOK_RE =
  /^https:\/\/(?:(?:ptb|canary)\.)?discord(?:app)?\.com\/api(?:\/v\d{1,2})?\/webhooks\/\d{1,25}\/[A-Za-z0-9_-]{1,200}\/?$/;
/** Telegram bot tokens: the bot's numeric id, a colon, the secret part. */
export const TELEGRAM_BOT_TOKEN_RE = /^\d{1,20}:[A-Za-z0-9_-]{30,200}$/;
/** A chat's numeric id (negative for groups and channels) or a public channel's @username. */
export const TELEGRAM_CHAT_ID_RE = /^(?:-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$/;

const webhookUrl = urlField(m.urlRequired);
const discordUrl = z
  .string({ error: m.urlRequired })
  .trim()
  .min(1, m.urlRequired)
  .max(CHANNEL_URL_MAX, m.urlTooLong)
  .regex(DISCORD_WEBHOOK_RE, m.discordUrlInvalid);
const botToken = z
  .string({ error: m.botTokenRequired })
  .trim()
  .min(1, m.botTokenRequired)
  .regex(TELEGRAM_BOT_TOKEN_RE, m.botTokenInvalid);
// A number in JSON is accepted too: chat ids are numbers in Telegram's own API.
const chatId = z
  .union(
    [
      z.string({ error: m.chatIdRequired }),
      z.number({ error: m.chatIdRequired }).int(m.chatIdInvalid).transform(String),
    ],
    { error: m.chatIdRequired },
  )
  .pipe(z.string().trim().min(1, m.chatIdRequired).regex(TELEGRAM_CHAT_ID_RE, m.chatIdInvalid));

export const webhookConfigSchema = z.strictObject({ url: webhookUrl });
export const discordConfigSchema = z.strictObject({ webhook_url: discordUrl });
export const telegramConfigSchema = z.strictObject({ bot_token: botToken, chat_id: chatId });

/** The form's field order: the first failure shown is the first field on the form (product §4). */
export const channelFieldOrder = ['kind', 'name', 'config', 'status'] as const;

export const createChannelBodySchema = z
  .discriminatedUnion(
    'kind',
    [
      z.strictObject({
        kind: z.literal('email'),
        name: nameField.default('E-mail'),
        config: z.strictObject({}).optional(),
      }),
      z.strictObject({ kind: z.literal('webhook'), name: nameField, config: webhookConfigSchema }),
      z.strictObject({ kind: z.literal('telegram'), name: nameField, config: telegramConfigSchema }),
      z.strictObject({ kind: z.literal('discord'), name: nameField, config: discordConfigSchema }),
    ],
    { error: m.kindRequired },
  )
  .meta({ id: 'CreateChannelBody' });
export type CreateChannelBody = z.input<typeof createChannelBodySchema>;

/**
 * Edit: the name, the destination (only the kind's own fields; a Telegram chat id may change
 * without re-entering the token) and `status: 'active'` to resume a paused channel.
 */
export const updateChannelBodySchema = z
  .strictObject({
    name: nameField,
    config: z
      .strictObject({ url: webhookUrl, webhook_url: discordUrl, bot_token: botToken, chat_id: chatId })
      .partial(),
    status: z.literal('active', { error: m.statusOnlyActive }),
  })
  .partial()
  .meta({ id: 'UpdateChannelBody' });
export type UpdateChannelBody = z.input<typeof updateChannelBodySchema>;

export const channelSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(channelKinds),
    name: z.string(),
    destination: z
      .string()
      .describe(
        "Where it sends, masked: the e-mail address, a webhook URL's host with '…' for its path, 'Bot 123456:…, chat -100123' for Telegram",
      ),
    status: z.enum(['active', 'paused']),
    paused_at: z.string().nullable(),
    paused_reason: z
      .string()
      .nullable()
      .describe('Why TokenDesk paused it (the last error, without secrets); null while active'),
    consecutive_failures: z
      .number()
      .int()
      .describe('Messages in a row that failed for good; the channel is paused when it reaches the server’s limit'),
    alert_count: z.number().int().describe('How many of the user’s alerts deliver here'),
    created_at: z.string(),
  })
  .meta({ id: 'Channel' });
export type Channel = z.infer<typeof channelSchema>;

export const channelListSchema = z
  .object({
    channels: z.array(channelSchema).describe('Oldest first, at most ' + CHANNELS_PER_USER_MAX),
    email_configured: z
      .boolean()
      .describe('False when this server has no SMTP_URL: no e-mail channel can be made or send'),
    email_verified: z
      .boolean()
      .describe('Whether the account address is verified (alert e-mails go only to a verified address)'),
    pause_after: z.number().int().describe('Failed messages in a row after which a channel is paused'),
  })
  .meta({ id: 'ChannelList' });
export type ChannelList = z.infer<typeof channelListSchema>;

/** The create and rotate answers: the webhook's signing secret, here and nowhere else. */
export const channelWithSecretSchema = channelSchema
  .extend({
    secret: z
      .string()
      .nullable()
      .describe(
        'Webhooks: the Standard Webhooks signing secret (whsec_…), shown this once — store it now. Null for other kinds.',
      ),
  })
  .meta({ id: 'ChannelWithSecret' });
export type ChannelWithSecret = z.infer<typeof channelWithSecretSchema>;

export const channelTestResultSchema = z
  .object({
    message_id: z.string().describe('The message id (the webhook-id header of a webhook)'),
    status: z
      .enum(['delivered', 'failed', 'pending'])
      .describe('pending: the first attempt failed in a way that is retried; the log shows how it ends'),
    response_code: z
      .number()
      .int()
      .nullable()
      .describe('The HTTP status the receiver answered (SMTP reply code for e-mail), when there was one'),
    error: z.string().nullable(),
    detail: z.string().describe('The outcome in a sentence, as the screen shows it'),
  })
  .meta({ id: 'ChannelTestResult' });
export type ChannelTestResult = z.infer<typeof channelTestResultSchema>;

export const deliveryStatuses = ['pending', 'delivered', 'failed', 'cancelled'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

export const deliverySchema = z
  .object({
    id: z.string().describe('The message id'),
    created_at: z.string(),
    category: z.enum(['alert', 'test', 'channel', 'account', 'staff', 'report']),
    summary: z.string().describe('The title of what was sent (never a secret)'),
    status: z.enum(deliveryStatuses),
    attempts: z.number().int(),
    response_code: z.number().int().nullable(),
    error: z.string().nullable().describe('The last error, without secrets'),
    last_attempt_at: z.string().nullable(),
    next_attempt_at: z.string().nullable().describe('When it is tried again; null unless pending'),
    delivered_at: z.string().nullable(),
  })
  .meta({ id: 'Delivery' });
export type Delivery = z.infer<typeof deliverySchema>;

export const deliveryListQuerySchema = z.object({ cursor: pageCursor, limit: pageLimit });
export type DeliveryListQuery = z.input<typeof deliveryListQuerySchema>;

export const deliveryPageSchema = z
  .object({
    deliveries: z.array(deliverySchema).describe('Newest first'),
    next_cursor: z.string().nullable().describe('Cursor of the next page; null on the last page'),
  })
  .meta({ id: 'DeliveryPage' });
export type DeliveryPage = z.infer<typeof deliveryPageSchema>;

/** The labels the screens give a delivery's status. */
export const deliveryStatusLabels: Record<DeliveryStatus, string> = {
  pending: 'Retrying',
  delivered: 'Delivered',
  failed: 'Failed',
  cancelled: 'Withdrawn',
};

/**
 * The JSON body TokenDesk POSTs to a webhook channel, signed as Standard Webhooks says
 * (`webhook-id`, `webhook-timestamp`, `webhook-signature` with the channel's whsec_ secret). The
 * same `webhook-id` may arrive more than once (delivery is at least once): receivers drop repeats.
 */
export const webhookBodySchema = z
  .object({
    type: z
      .enum(['alert.triggered', 'channel.test'])
      .describe("'alert.triggered' when an alert fired; 'channel.test' from 'Send test'"),
    timestamp: z.string().describe('ISO 8601: when the event happened (for a firing, the time of its block)'),
    data: z.object({
      title: z.string().describe("As the bell shows it, e.g. 'Price Move: DEMO/WETH - Uniswap V2'"),
      message: z.string(),
      url: z.string().describe('Absolute link to the page in TokenDesk (PUBLIC_URL + the bell’s path)'),
      alert: z
        .object({
          id: z.number().int(),
          kind: z.enum(['price_move', 'liquidity_drop', 'large_swap']),
          pool_id: z.number().int(),
        })
        .optional()
        .describe('alert.triggered only'),
      values: z
        .record(z.string(), z.union([z.string(), z.number(), z.null()]))
        .optional()
        .describe(
          'The figures that fired it, as the alert’s history shows them; amounts and prices as exact decimal strings',
        ),
      network_id: z.number().int().optional().describe('Chain id of the network the firing was judged on'),
      block_number: z.string().optional().describe('The block the firing was judged on, as a decimal string'),
    }),
  })
  .meta({
    id: 'WebhookBody',
    description:
      'POSTed to a webhook channel as application/json. Headers: webhook-id (the message id; the same on every retry), ' +
      'webhook-timestamp (Unix seconds), webhook-signature (v1,<base64 HMAC-SHA256 of "id.timestamp.body"> with the whsec_ secret) — ' +
      'verify with any Standard Webhooks library. Answer 2xx within 15 s to acknowledge; anything else is retried with backoff for about a day.',
  });
export type WebhookBody = z.infer<typeof webhookBodySchema>;
