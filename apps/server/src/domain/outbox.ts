/**
 * The outbox: the only way anything leaves TokenDesk (docs/decisions/0037). A message is a row
 * written in the caller's transaction, so it exists exactly when the event it reports committed
 * (an alert firing, an account event); the delivery worker (delivery/worker.ts) sends it later, at
 * least once, and the receiver tells repeats apart by its message id. The content is rendered here,
 * at enqueue time, and frozen in the row: what a retry sends tomorrow is what was true at the block
 * the firing was judged on. Destinations and secrets stay on the channel row, read when sending,
 * so a secret lives in one place and a corrected URL applies to pending messages.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  outbox,
  type AlertRow,
  type ChannelKind,
  type NotificationChannelRow,
  type OutboxCategory,
} from '../db/schema';

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

/** What each kind of row carries in `payload` (frozen content; destinations live on the channel). */
export interface EmailPayload extends EmailContent {
  to: string;
}
export interface WebhookPayload {
  /** The exact JSON text that is signed and sent. */
  body: string;
}
export interface TelegramPayload {
  text: string;
}
export interface DiscordPayload {
  content: string;
}

/**
 * The JSON body of every webhook, Standard Webhooks' recommended envelope (type, timestamp, data).
 * Documented in the OpenAPI document (features/channels): a change here is a change to users' code.
 */
export interface WebhookBody {
  type: 'alert.triggered' | 'channel.test';
  /** ISO 8601, when the event happened (chain time of the firing). */
  timestamp: string;
  data: {
    title: string;
    message: string;
    /** Absolute link to the page the bell opens. */
    url: string;
    alert?: { id: number; kind: AlertRow['kind']; pool_id: number };
    /** The figures as the bell and the alert's history show them (strings keep full precision). */
    values?: Record<string, string | number | null>;
    /** The chain block the firing was judged on. */
    network_id?: number;
    block_number?: string;
  };
}

export type Tx = Pick<Db, 'insert' | 'execute'>;

/** Telegram's sendMessage and Discord's content limits, in characters. */
export const TELEGRAM_MAX = 4096;
export const DISCORD_MAX = 2000;

/** True when SMTP_URL is set: without it nobody enqueues an e-mail and the screens say so. */
export function emailConfigured(config: { SMTP_URL?: string | undefined }): boolean {
  return Boolean(config.SMTP_URL);
}

/** The exact sentence screens show when e-mail cannot be sent (docs/product.md). */
export const EMAIL_NOT_CONFIGURED = 'E-mail is not configured on this server.';

/**
 * What the indexer cannot know by itself: it sits below the configuration (lint layers, decision
 * 0030) and its firing path has no config to hand. The process sets these once at start
 * (main.ts); until then no alert e-mail is enqueued and links point to localhost.
 */
export interface OutboxSettings {
  emailEnabled: boolean;
  /** No trailing slash. */
  publicUrl: string;
}
let settings: OutboxSettings = { emailEnabled: false, publicUrl: 'http://localhost:3000' };

export function setOutboxSettings(next: OutboxSettings): void {
  settings = { ...next, publicUrl: next.publicUrl.replace(/\/+$/, '') };
}
export function outboxSettings(): OutboxSettings {
  return settings;
}

interface RowInput {
  userId: number | null;
  channelId?: number | null;
  kind: ChannelKind;
  category: OutboxCategory;
  payload: EmailPayload | WebhookPayload | TelegramPayload | DiscordPayload;
  source?: { networkId: number; blockNumber: bigint } | undefined;
}

async function insertRow(tx: Tx, input: RowInput): Promise<string> {
  const messageId = randomUUID();
  await tx.insert(outbox).values({
    messageId,
    userId: input.userId,
    channelId: input.channelId ?? null,
    kind: input.kind,
    category: input.category,
    payload: input.payload as unknown as Record<string, unknown>,
    ...(input.source ? { networkId: input.source.networkId, blockNumber: input.source.blockNumber } : {}),
  });
  return messageId;
}

/** Inside the caller's transaction; returns the message id (uuid, also the webhook-id). */
export function enqueueEmail(
  tx: Tx,
  input: {
    userId: number | null;
    to: string;
    category: OutboxCategory;
    content: EmailContent;
    channelId?: number | null;
  },
): Promise<string> {
  return insertRow(tx, {
    userId: input.userId,
    channelId: input.channelId ?? null,
    kind: 'email',
    category: input.category,
    payload: { to: input.to, subject: input.content.subject, text: input.content.text, html: input.content.html },
  });
}

// ---- Rendering ---------------------------------------------------------------------------------

/** Cuts to `max` characters with an ellipsis: a message is shortened, never split in two. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars.slice(0, max - 1).join('')}…`;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Values' keys as a person reads them ('block_number' → 'Block number'). */
function label(key: string): string {
  const words = key.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A notice as plain text and simple HTML: title, message, the figures with their block, a link. */
export function renderEmail(input: {
  title: string;
  message: string;
  url: string;
  values?: Record<string, string | number | null>;
  footer: string;
}): EmailContent {
  const figures = Object.entries(input.values ?? {}).filter(([, v]) => v !== null && v !== '');
  const textLines = [
    input.message,
    '',
    ...figures.map(([k, v]) => `${label(k)}: ${String(v)}`),
    ...(figures.length ? [''] : []),
    `Open in TokenDesk: ${input.url}`,
    '',
    input.footer,
  ];
  const rows = figures
    .map(
      ([k, v]) =>
        `<tr><td style="padding:2px 12px 2px 0;color:#555">${escapeHtml(label(k))}</td><td style="font-family:monospace">${escapeHtml(String(v))}</td></tr>`,
    )
    .join('');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;color:#111;line-height:1.5">',
    `<h2 style="font-size:18px;margin:0 0 12px">${escapeHtml(input.title)}</h2>`,
    `<p>${escapeHtml(input.message)}</p>`,
    rows ? `<table style="border-collapse:collapse;margin:8px 0 16px">${rows}</table>` : '',
    `<p><a href="${escapeHtml(input.url)}">Open in TokenDesk</a></p>`,
    `<p style="color:#666;font-size:12px">${escapeHtml(input.footer)}</p>`,
    '</body></html>',
  ].join('');
  return {
    subject: truncate(`TokenDesk: ${input.title}`.replace(/[\r\n]+/g, ' '), 200),
    text: textLines.join('\n'),
    html,
  };
}

/** The chat text: title, message, the block it was judged on, the link. */
function renderChat(
  input: { title: string; message: string; url: string; values?: Record<string, string | number | null> },
  max: number,
): string {
  const block = input.values?.block_number;
  const lines = [
    input.title,
    input.message,
    ...(block !== undefined && block !== null ? [`Block ${String(block)}`] : []),
    input.url,
  ];
  // The link is what the reader needs most: when the text is too long, the message gives way.
  const tail = `\n${input.url}`;
  const full = lines.join('\n');
  if (Array.from(full).length <= max) return full;
  return truncate(lines.slice(0, -1).join('\n'), max - Array.from(tail).length) + tail;
}

export interface ChannelMessage {
  title: string;
  message: string;
  /** In-app path, e.g. /alerts/12 (made absolute with PUBLIC_URL). */
  path: string;
  values?: Record<string, string | number | null>;
  type: WebhookBody['type'];
  timestamp: Date;
  alert?: { id: number; kind: AlertRow['kind']; pool_id: number };
  source?: { networkId: number; blockNumber: bigint };
}

const ALERT_FOOTER =
  "You receive this because an alert of your TokenDesk account is set to deliver to this channel. Change an alert's channels on its page.";

/** The payload one channel kind sends for a message, rendered once. */
export function renderFor(
  kind: ChannelKind,
  msg: ChannelMessage,
  publicUrl = settings.publicUrl,
  to = '',
): RowInput['payload'] {
  const url = `${publicUrl}${msg.path}`;
  const values = msg.values ?? {};
  switch (kind) {
    case 'email':
      return {
        to,
        ...renderEmail({
          title: msg.title,
          message: msg.message,
          url,
          values,
          footer:
            msg.type === 'channel.test' ? 'A test message sent from your TokenDesk channel settings.' : ALERT_FOOTER,
        }),
      };
    case 'webhook': {
      const body: WebhookBody = {
        type: msg.type,
        timestamp: msg.timestamp.toISOString(),
        data: {
          title: msg.title,
          message: msg.message,
          url,
          ...(msg.alert ? { alert: msg.alert } : {}),
          ...(msg.values ? { values } : {}),
          ...(msg.source ? { network_id: msg.source.networkId, block_number: msg.source.blockNumber.toString() } : {}),
        },
      };
      return { body: JSON.stringify(body) };
    }
    case 'telegram':
      return { text: renderChat({ title: msg.title, message: msg.message, url, values }, TELEGRAM_MAX) };
    case 'discord':
      return { content: renderChat({ title: msg.title, message: msg.message, url, values }, DISCORD_MAX) };
  }
}

// ---- Alerts ------------------------------------------------------------------------------------

interface ChannelTarget {
  id: number;
  kind: ChannelKind;
  email: string;
  /** Null until the user followed the verification link (users.email_verified_at, migration 0015). */
  verified: string | null;
}

/**
 * One outbox row per channel of the alert, in the firing's transaction (indexer/store.ts
 * recordFiring). Paused channels get their messages too: they wait, and go out when the owner
 * resumes the channel. An e-mail channel gets one only when SMTP is configured and the account's
 * address is verified; the bell is written by the caller either way.
 */
export async function enqueueAlertDeliveries(
  tx: Tx,
  input: {
    alert: Pick<AlertRow, 'id' | 'userId' | 'kind' | 'poolId'>;
    at: Date;
    notice: { title: string; message: string; navigationUrl: string };
    values: Record<string, string | number | null>;
    source: { networkId: number; blockNumber: bigint };
  },
): Promise<number> {
  // to_jsonb(u) reads email_verified_at when the column exists and null when it does not yet.
  const result = (await tx.execute(sql`
    select c.id, c.kind, u.email, to_jsonb(u) ->> 'email_verified_at' as verified
    from alert_channels ac
    join notification_channels c on c.id = ac.channel_id and c.user_id = ${input.alert.userId}
    join users u on u.id = c.user_id
    where ac.alert_id = ${input.alert.id}
    order by c.id`)) as unknown as { rows: ChannelTarget[] };
  const message: ChannelMessage = {
    title: input.notice.title,
    message: input.notice.message,
    path: input.notice.navigationUrl,
    values: input.values,
    type: 'alert.triggered',
    timestamp: input.at,
    alert: { id: input.alert.id, kind: input.alert.kind, pool_id: input.alert.poolId },
    source: input.source,
  };
  let count = 0;
  for (const channel of result.rows) {
    if (channel.kind === 'email' && (!settings.emailEnabled || !channel.verified)) continue;
    await insertRow(tx, {
      userId: input.alert.userId,
      channelId: channel.id,
      kind: channel.kind,
      category: 'alert',
      payload: renderFor(channel.kind, message, settings.publicUrl, channel.email),
      source: input.source,
    });
    count += 1;
  }
  return count;
}

/**
 * A test message through one channel ("Send test", features/channels), enqueued like any other so
 * it is signed, retried, logged and counted the same way; the route may then deliver it at once
 * (DeliveryWorker.deliverNow). Returns null for an e-mail channel that cannot send (no SMTP, or
 * the address not verified): the route says so instead of pretending.
 */
export async function enqueueChannelTest(
  tx: Tx,
  channel: Pick<NotificationChannelRow, 'id' | 'userId' | 'kind' | 'name'>,
  opts: { publicUrl: string; emailEnabled: boolean; to?: string | null; at?: Date },
): Promise<string | null> {
  if (channel.kind === 'email' && (!opts.emailEnabled || !opts.to)) return null;
  const message: ChannelMessage = {
    title: `Test message for "${channel.name}"`,
    message:
      'This is a test from TokenDesk. When an alert set to deliver here fires, its message arrives like this one.',
    path: '/settings/channels',
    type: 'channel.test',
    timestamp: opts.at ?? new Date(),
  };
  return insertRow(tx, {
    userId: channel.userId,
    channelId: channel.id,
    kind: channel.kind,
    category: 'test',
    payload: renderFor(channel.kind, message, opts.publicUrl, opts.to ?? ''),
  });
}

/**
 * A reorganisation above `fork` withdrew the firings judged on those blocks (decision 0016): their
 * messages still waiting are cancelled (one already delivered cannot be taken back). Answers how many.
 */
export async function cancelPendingAbove(tx: Pick<Db, 'execute'>, networkId: number, fork: bigint): Promise<number> {
  const result = (await tx.execute(sql`
    update outbox set status = 'cancelled', locked_until = null,
      last_error = 'Withdrawn: the chain reorganised above block ' || ${fork.toString()} || ' and the block it was judged on was replaced'
    where network_id = ${networkId} and block_number > ${fork} and status = 'pending'
    returning id`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}
