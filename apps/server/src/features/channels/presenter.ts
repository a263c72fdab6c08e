import type { Channel, Delivery } from '@tokendesk/contract';
import type { NotificationChannelRow, OutboxRow } from '../../db/schema';

/*
 * What the owner sees of a channel. A webhook URL, a Discord webhook URL and a bot token each let
 * whoever holds them post as the owner, so answers show them masked (docs/decisions/0038), and
 * every text that passed through a delivery (errors, pause reasons) has them cut out again before
 * it is answered, whatever the worker already did.
 */

const MASK = '…';

/** 'https://hooks.example.com/…': scheme and host, which the owner recognises; never path or query. */
function maskUrl(raw: string | undefined): string {
  if (!raw) return MASK;
  try {
    const url = new URL(raw);
    const rest = `${url.pathname}${url.search}`;
    return `${url.protocol}//${url.host}${rest === '/' || rest === '' ? '' : `/${MASK}`}`;
  } catch {
    return MASK;
  }
}

/** Discord's webhook id is public (it names the webhook); its token is the secret. */
function maskDiscord(raw: string | undefined): string {
  const match = raw ? /^(https:\/\/[^/]+\/api(?:\/v\d+)?\/webhooks\/\d+)\//.exec(raw) : null;
  return match ? `${match[1]}/${MASK}` : maskUrl(raw);
}

/** A bot token's part before the colon is the bot's public id; the rest is the secret. */
function maskBotToken(token: string | undefined): string {
  const id = token?.split(':')[0];
  return id ? `${id}:${MASK}` : MASK;
}

export function destinationOf(channel: Pick<NotificationChannelRow, 'kind' | 'config'>, accountEmail: string): string {
  switch (channel.kind) {
    case 'email':
      return accountEmail;
    case 'webhook':
      return maskUrl(channel.config.url);
    case 'discord':
      return maskDiscord(channel.config.webhook_url);
    case 'telegram':
      return `Bot ${maskBotToken(channel.config.bot_token)}, chat ${channel.config.chat_id ?? MASK}`;
  }
}

/** The channel's secrets, longest first, as they might appear inside an error text. */
function secretsOf(channel: Pick<NotificationChannelRow, 'config' | 'secret'>): string[] {
  const { url, webhook_url, bot_token } = channel.config;
  const found = [
    url,
    webhook_url,
    bot_token,
    channel.secret,
    bot_token?.split(':')[1],
    webhook_url?.split('/').at(-1),
    url && safePathAndQuery(url),
  ];
  return found.filter((s): s is string => typeof s === 'string' && s.length >= 8).sort((a, b) => b.length - a.length);
}

function safePathAndQuery(raw: string): string | undefined {
  try {
    const url = new URL(raw);
    const rest = `${url.pathname}${url.search}`;
    return rest.length > 1 ? rest : undefined;
  } catch {
    return undefined;
  }
}

/** `text` with every secret of the channel replaced by '…'. */
export function scrub(text: string | null, channel: Pick<NotificationChannelRow, 'config' | 'secret'>): string | null {
  if (text === null) return null;
  let out = text;
  for (const secret of secretsOf(channel)) out = out.split(secret).join(MASK);
  return out;
}

export function toApiChannel(channel: NotificationChannelRow, alertCount: number, accountEmail: string): Channel {
  return {
    id: channel.id,
    kind: channel.kind,
    name: channel.name,
    destination: destinationOf(channel, accountEmail),
    status: channel.status,
    paused_at: channel.pausedAt?.toISOString() ?? null,
    paused_reason: channel.status === 'paused' ? scrub(channel.pausedReason, channel) : null,
    consecutive_failures: channel.consecutiveFailures,
    alert_count: alertCount,
    created_at: channel.createdAt.toISOString(),
  };
}

const SUMMARY_MAX = 160;

function firstLine(text: unknown): string {
  return typeof text === 'string' ? (text.split('\n')[0] ?? '').trim() : '';
}

/** The title of what a message carried, from its frozen payload (subject, webhook title, first chat line). */
export function summaryOf(row: Pick<OutboxRow, 'kind' | 'payload'>): string {
  const payload = row.payload;
  let summary = '';
  switch (row.kind) {
    case 'email':
      summary = firstLine(payload.subject);
      break;
    case 'webhook':
      try {
        const body = JSON.parse(typeof payload.body === 'string' ? payload.body : '{}') as {
          data?: { title?: unknown };
        };
        summary = firstLine(body.data?.title);
      } catch {
        summary = '';
      }
      break;
    case 'telegram':
      summary = firstLine(payload.text);
      break;
    case 'discord':
      summary = firstLine(payload.content);
      break;
  }
  const chars = Array.from(summary);
  return chars.length > SUMMARY_MAX ? `${chars.slice(0, SUMMARY_MAX - 1).join('')}…` : summary;
}

export function toApiDelivery(row: OutboxRow, channel: Pick<NotificationChannelRow, 'config' | 'secret'>): Delivery {
  return {
    id: row.messageId,
    created_at: row.createdAt.toISOString(),
    category: row.category,
    summary: scrub(summaryOf(row), channel) ?? '',
    status: row.status,
    attempts: row.attempts,
    response_code: row.lastResponseCode,
    error: scrub(row.lastError, channel),
    last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
    next_attempt_at: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
  };
}
