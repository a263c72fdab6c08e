/**
 * One delivery attempt per kind: SMTP (nodemailer), a Standard Webhooks signed POST, Telegram's
 * sendMessage, a Discord webhook execute. Each answers an Outcome the worker records; none throws.
 * Errors are cut to a line without URLs, and the channel's own secrets (bot token, webhook URL,
 * signing secret) are replaced wherever they appear, so the outbox row and the log never hold one.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { Webhook } from 'standardwebhooks';
import type { Config } from '../config';
import type { ChannelConfig, ChannelKind } from '../db/schema';
import type { DiscordPayload, EmailPayload, TelegramPayload, WebhookPayload } from '../domain/outbox';
import { safeErrorText } from '../lib/error-text';
import { OutboundRefused, postJson, type PostResult } from './safe-fetch';

/** Every attempt, connect to answer, within this; a timeout counts as a failure (retried). */
export const ATTEMPT_TIMEOUT_MS = 10_000;

export type Outcome =
  | { ok: true; code: number | null }
  | {
      ok: false;
      code: number | null;
      error: string;
      /** The receiver said when to come back (429 retry_after). */
      retryAfterMs?: number;
      /** Retrying cannot help (a refused address, a deleted webhook, a wrong bot token). */
      permanent?: boolean;
    };

export interface SendInput {
  kind: ChannelKind;
  messageId: string;
  payload: Record<string, unknown>;
  /** The channel's destination and secret; null for account e-mails. */
  channel: { config: ChannelConfig; secret: string | null } | null;
  now: Date;
}

export type DeliveryConfig = Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'OUTBOUND_ALLOW' | 'TELEGRAM_API_URL'>;

function redact(text: string, secrets: (string | null | undefined)[]): string {
  let out = text;
  for (const s of secrets) if (s && s.length >= 6) out = out.split(s).join('<redacted>');
  return out.slice(0, 300);
}

function errorOutcome(err: unknown, secrets: (string | null | undefined)[]): Outcome {
  const refused = err instanceof OutboundRefused || (err as Error)?.name === 'OutboundRefused';
  return { ok: false, code: null, error: redact(safeErrorText(err), secrets), ...(refused ? { permanent: true } : {}) };
}

/** Seconds → ms from a Retry-After header or a body field; null when absent or absurd. */
function seconds(value: unknown): number | null {
  const n = typeof value === 'string' ? Number(value) : typeof value === 'number' ? value : NaN;
  return Number.isFinite(n) && n >= 0 && n <= 86_400 ? Math.ceil(n * 1000) : null;
}

function parseJson(body: string): Record<string, unknown> | null {
  try {
    const v = JSON.parse(body) as unknown;
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function httpFailure(
  res: PostResult,
  detail: string,
  secrets: (string | null | undefined)[],
  extra: Partial<Extract<Outcome, { ok: false }>> = {},
): Outcome {
  const text = detail.replace(/\s+/g, ' ').trim().slice(0, 200);
  return {
    ok: false,
    code: res.status,
    error: redact(safeErrorText(new Error(`HTTP ${res.status}${text ? `: ${text}` : ''}`)), secrets),
    ...extra,
  };
}

export class Transports {
  private mailer: Transporter<SMTPTransport.SentMessageInfo> | null = null;

  constructor(private readonly config: DeliveryConfig) {}

  async send(input: SendInput): Promise<Outcome> {
    switch (input.kind) {
      case 'email':
        return this.email(input);
      case 'webhook':
        return this.webhook(input);
      case 'telegram':
        return this.telegram(input);
      case 'discord':
        return this.discord(input);
    }
  }

  close(): void {
    this.mailer?.close();
    this.mailer = null;
  }

  private smtp() {
    if (!this.config.SMTP_URL) return null;
    this.mailer ??= nodemailer.createTransport({
      url: this.config.SMTP_URL,
      pool: true,
      maxConnections: 2,
      connectionTimeout: ATTEMPT_TIMEOUT_MS,
      greetingTimeout: ATTEMPT_TIMEOUT_MS,
      socketTimeout: ATTEMPT_TIMEOUT_MS,
    } as SMTPTransport.Options);
    return this.mailer;
  }

  private async email(input: SendInput): Promise<Outcome> {
    const mailer = this.smtp();
    // Without SMTP nothing is enqueued; a message left from before SMTP_URL was removed waits.
    if (!mailer) return { ok: false, code: null, error: 'E-mail is not configured on this server.' };
    const p = input.payload as unknown as EmailPayload;
    const password = smtpPassword(this.config.SMTP_URL);
    try {
      // nodemailer's timeouts are per phase (a server that drips keeps a socket alive): one deadline
      // for the whole attempt keeps it inside the worker's lease.
      const info = await withDeadline(
        mailer.sendMail({
          from: this.config.MAIL_FROM,
          to: p.to,
          subject: p.subject,
          text: p.text,
          html: p.html,
          // The outbox id as Message-ID: a resend after a crash carries the same id, and mail
          // systems that deduplicate by it show the message once.
          messageId: `<${input.messageId}@tokendesk>`,
        }),
      );
      const code = Number(/^(\d{3})/.exec(info.response ?? '')?.[1] ?? 250);
      return { ok: true, code };
    } catch (err) {
      const code = (err as { responseCode?: number }).responseCode ?? null;
      // 5xx is the server's final no (unknown mailbox, refused sender); 4xx and network errors pass.
      return {
        ...errorOutcome(err, [password]),
        code,
        ...(code !== null && code >= 500 ? { permanent: true } : {}),
      } as Outcome;
    }
  }

  private async webhook(input: SendInput): Promise<Outcome> {
    const url = input.channel?.config.url;
    const secret = input.channel?.secret;
    if (!url || !secret)
      return { ok: false, code: null, error: 'The channel has no URL or signing secret.', permanent: true };
    const body = (input.payload as unknown as WebhookPayload).body;
    const secrets = [url, secret];
    try {
      // Signed at each attempt: receivers refuse a webhook-timestamp more than a few minutes old.
      const signature = new Webhook(secret).sign(input.messageId, input.now, body);
      const res = await postJson(url, {
        body,
        headers: {
          'webhook-id': input.messageId,
          'webhook-timestamp': String(Math.floor(input.now.getTime() / 1000)),
          'webhook-signature': signature,
        },
        timeoutMs: ATTEMPT_TIMEOUT_MS,
        guard: this.config,
      });
      if (res.status >= 200 && res.status < 300) return { ok: true, code: res.status };
      const retryAfter = seconds(res.headers['retry-after']);
      // Every other answer is retried, as the Standard Webhooks senders do: the receiver may be mid-deploy.
      return httpFailure(
        res,
        '',
        secrets,
        retryAfter !== null && res.status === 429 ? { retryAfterMs: retryAfter } : {},
      );
    } catch (err) {
      return errorOutcome(err, secrets);
    }
  }

  private async telegram(input: SendInput): Promise<Outcome> {
    const token = input.channel?.config.bot_token;
    const chatId = input.channel?.config.chat_id;
    if (!token || !chatId)
      return { ok: false, code: null, error: 'The channel has no bot token or chat id.', permanent: true };
    if (!/^\d{1,20}:[A-Za-z0-9_-]{20,100}$/.test(token))
      return { ok: false, code: null, error: 'The bot token is not in the form <digits>:<letters>.', permanent: true };
    const secrets = [token];
    try {
      // Plain text (no parse_mode): token names come from the chain and may hold markup.
      const res = await postJson(`${this.config.TELEGRAM_API_URL}/bot${token}/sendMessage`, {
        body: JSON.stringify({
          chat_id: chatId,
          text: (input.payload as unknown as TelegramPayload).text,
          disable_web_page_preview: true,
        }),
        timeoutMs: ATTEMPT_TIMEOUT_MS,
        guard: null,
      });
      const answer = parseJson(res.body);
      if (res.status === 200 && answer?.ok === true) return { ok: true, code: 200 };
      const description = typeof answer?.description === 'string' ? answer.description : '';
      if (res.status === 429) {
        const retry =
          seconds((answer?.parameters as { retry_after?: unknown } | undefined)?.retry_after) ??
          seconds(res.headers['retry-after']);
        return httpFailure(res, description, secrets, retry !== null ? { retryAfterMs: retry } : {});
      }
      // 400 chat not found, 401 bad token, 403 bot blocked by the user, 404: retrying cannot help.
      return httpFailure(
        res,
        description,
        secrets,
        [400, 401, 403, 404].includes(res.status) ? { permanent: true } : {},
      );
    } catch (err) {
      return errorOutcome(err, secrets);
    }
  }

  private async discord(input: SendInput): Promise<Outcome> {
    const url = input.channel?.config.webhook_url;
    if (!url) return { ok: false, code: null, error: 'The channel has no webhook URL.', permanent: true };
    const secrets = [url, url.split('/').pop()];
    try {
      const target = new URL(url);
      // wait=true: Discord answers once the message is posted, so a 200 means it is there.
      target.searchParams.set('wait', 'true');
      const res = await postJson(target.toString(), {
        // No mentions: a token's name from the chain must not ping @everyone.
        body: JSON.stringify({
          content: (input.payload as unknown as DiscordPayload).content,
          allowed_mentions: { parse: [] },
        }),
        timeoutMs: ATTEMPT_TIMEOUT_MS,
        guard: this.config,
      });
      if (res.status >= 200 && res.status < 300) return { ok: true, code: res.status };
      const answer = parseJson(res.body);
      if (res.status === 429) {
        const retry = seconds(answer?.retry_after) ?? seconds(res.headers['retry-after']);
        return httpFailure(
          res,
          typeof answer?.message === 'string' ? answer.message : '',
          secrets,
          retry !== null ? { retryAfterMs: retry } : {},
        );
      }
      // 401/403/404: the webhook was deleted or its token is wrong.
      return httpFailure(
        res,
        typeof answer?.message === 'string' ? answer.message : '',
        secrets,
        [400, 401, 403, 404].includes(res.status) ? { permanent: true } : {},
      );
    } catch (err) {
      return errorOutcome(err, secrets);
    }
  }
}

function withDeadline<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error(`timed out after ${ATTEMPT_TIMEOUT_MS / 1000} s`), { code: 'ETIMEDOUT' })),
      ATTEMPT_TIMEOUT_MS,
    );
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/** The password in SMTP_URL, decoded; null when none. */
export function smtpPassword(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return decodeURIComponent(new URL(url).password) || null;
  } catch {
    return null;
  }
}
