/**
 * The delivery worker (docs/decisions/0037): sends what the outbox holds, at least once.
 *
 * - Claiming: due rows are taken with FOR UPDATE SKIP LOCKED and leased (locked_until) in one short
 *   transaction, then sent outside it. Several servers on one database each take different rows;
 *   a server killed mid-send leaves a lease that runs out, and the message is sent again. Receivers
 *   tell the repeat by its id (webhook-id, Message-ID): at least once, idempotent by message id.
 * - Retrying: exponential backoff from 30 s, capped at one hour, with a fixed per-message offset
 *   (from its id, not random) so a burst does not retry in lockstep; a receiver's retry_after is
 *   honoured. After DELIVERY_RETRY_HOURS, or at once when retrying cannot help, the message fails.
 * - Pausing: DELIVERY_PAUSE_AFTER messages of a channel failing in a row pause it; its messages
 *   wait, and the owner is told (bell, and e-mail when their address is verified). A delivered
 *   message resets the count. Resuming is the owner's (features/channels).
 * - Waking: LISTEN on the outbox trigger's channel (migration 0014), and a poll as a backstop.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { ChannelConfig, ChannelKind, OutboxCategory } from '../db/schema';
import { raiseNotification } from '../domain/notifications';
import { emailConfigured, enqueueEmail, renderEmail } from '../domain/outbox';
import { registerSecrets, safeErrorText } from '../lib/error-text';
import { ATTEMPT_TIMEOUT_MS, smtpPassword, Transports, type Outcome } from './transports';

export const OUTBOX_CHANNEL = 'tokendesk_outbox';

const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60_000;
/** Longer than an attempt can take, so a live worker's lease never runs out under it. */
const LEASE_MS = ATTEMPT_TIMEOUT_MS * 3;
const BATCH = 20;
const POLL_MS = 2_000;

export type WorkerConfig = Pick<
  Config,
  | 'SMTP_URL'
  | 'MAIL_FROM'
  | 'PUBLIC_URL'
  | 'OUTBOUND_ALLOW'
  | 'DELIVERY_PAUSE_AFTER'
  | 'DELIVERY_RETRY_HOURS'
  | 'TELEGRAM_API_URL'
>;

export interface WorkerLog {
  info?(msg: string): void;
  warn(msg: string): void;
}

export interface DeliveryWorkerOptions {
  db: Db;
  config: WorkerConfig;
  log?: WorkerLog;
  /** The clock (tests move it to run past backoffs and the retry window). */
  now?: () => Date;
  pollMs?: number;
}

interface ClaimedRow {
  id: string;
  message_id: string;
  user_id: number | null;
  channel_id: number | null;
  kind: ChannelKind;
  category: OutboxCategory;
  payload: Record<string, unknown>;
  attempts: number;
  created_at: Date | string;
  locked_until: Date | string;
  channel_config: ChannelConfig | null;
  channel_secret: string | null;
}

export interface DeliveryResult {
  status: 'delivered' | 'pending' | 'failed' | 'cancelled';
  responseCode: number | null;
  error: string | null;
  nextAttemptAt: Date | null;
}

/** The backoff before attempt n+1 (n ≥ 1), with a fixed offset of up to 10 % taken from the id. */
export function backoffMs(attempts: number, messageId: string): number {
  const base = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
  const spread = parseInt(messageId.replace(/-/g, '').slice(0, 4), 16) / 0xffff;
  return Math.round(base * (1 + 0.1 * (Number.isFinite(spread) ? spread : 0)));
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export class DeliveryWorker {
  private readonly db: Db;
  private readonly config: WorkerConfig;
  private readonly log: WorkerLog;
  private readonly now: () => Date;
  private readonly transports: Transports;
  private readonly pollMs: number;
  private running: Promise<number> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private listener: pg.Client | null = null;
  private stopped = true;
  /** Set by stop(): a pass under way ends after its current batch; what is left waits in the outbox. */
  private closing = false;

  constructor(opts: DeliveryWorkerOptions) {
    this.db = opts.db;
    this.config = opts.config;
    this.log = opts.log ?? { warn: () => {} };
    this.now = opts.now ?? (() => new Date());
    this.pollMs = opts.pollMs ?? POLL_MS;
    this.transports = new Transports(opts.config);
    // The SMTP password is cut from every log line and error text, like the database's.
    const password = smtpPassword(opts.config.SMTP_URL);
    if (password && password.length >= 4) registerSecrets([password, encodeURIComponent(password)]);
  }

  /** Delivers in the background until stop(): on every outbox notification, and every poll. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    void this.listen();
    this.schedule(0);
  }

  /** Waits for the sends in flight (each bounded by its timeout), then closes the SMTP pool. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.closing = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => {});
    await this.running?.catch(() => 0);
    this.transports.close();
  }

  /** One pass: every message due now (not those it retries in this pass). Answers how many it attempted. */
  runOnce(): Promise<number> {
    if (this.running) {
      // A pass is under way: run another right after it, so what was just enqueued is not missed.
      this.again = true;
      return this.running.then(() => this.runOnce());
    }
    this.running = this.pass().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /**
   * Sends one message now, whatever its next_attempt_at and its channel's pause ("Send test"),
   * unless another worker holds it. Answers its state afterwards.
   */
  async deliverNow(messageId: string): Promise<DeliveryResult | null> {
    const claimed = await this.claim(sql`o.message_id = ${messageId} and o.status = 'pending'`, 1, false);
    if (claimed.length === 0) return this.state(messageId);
    await this.deliver(claimed[0]!);
    return this.state(messageId);
  }

  private async state(messageId: string): Promise<DeliveryResult | null> {
    const rows = rowsOf<{
      status: DeliveryResult['status'];
      last_response_code: number | null;
      last_error: string | null;
      next_attempt_at: Date | string;
    }>(
      await this.db.execute(
        sql`select status, last_response_code, last_error, next_attempt_at from outbox where message_id = ${messageId}`,
      ),
    );
    const row = rows[0];
    if (!row) return null;
    return {
      status: row.status,
      responseCode: row.last_response_code,
      error: row.last_error,
      nextAttemptAt: row.status === 'pending' ? new Date(row.next_attempt_at) : null,
    };
  }

  private async pass(): Promise<number> {
    let attempted = 0;
    const seen: string[] = [];
    do {
      this.again = false;
      while (!this.closing) {
        const now = this.now();
        const batch = await this.claim(
          sql`o.status = 'pending' and o.next_attempt_at <= ${now} and (c.id is null or c.status = 'active')
              ${seen.length ? sql`and o.id <> all(${`{${seen.join(',')}}`}::bigint[])` : sql``}`,
          BATCH,
          true,
        );
        if (batch.length === 0) break;
        seen.push(...batch.map((r) => r.id));
        await Promise.all(batch.map((row) => this.deliver(row)));
        attempted += batch.length;
      }
    } while (this.again && !this.closing);
    return attempted;
  }

  /** Leases up to `limit` rows matching `where` (o = outbox, c = its channel) in one short transaction. */
  private async claim(where: ReturnType<typeof sql>, limit: number, ordered: boolean): Promise<ClaimedRow[]> {
    const now = this.now();
    const lease = new Date(now.getTime() + LEASE_MS);
    return rowsOf<ClaimedRow>(
      await this.db.execute(sql`
        with due as (
          select o.id from outbox o
          left join notification_channels c on c.id = o.channel_id
          where ${where} and (o.locked_until is null or o.locked_until <= ${now})
          ${ordered ? sql`order by o.next_attempt_at, o.id` : sql``}
          limit ${limit}
          for update of o skip locked
        ), claimed as (
          update outbox o set locked_until = ${lease}, attempts = o.attempts + 1, last_attempt_at = ${now}
          from due where o.id = due.id
          returning o.*
        )
        select o.id::text as id, o.message_id::text as message_id, o.user_id, o.channel_id, o.kind, o.category, o.payload,
          o.attempts, o.created_at, o.locked_until, c.config as channel_config, c.secret as channel_secret
        from claimed o left join notification_channels c on c.id = o.channel_id`),
    );
  }

  private async deliver(row: ClaimedRow): Promise<void> {
    let outcome: Outcome;
    try {
      if (row.channel_id !== null && row.channel_config === null) {
        outcome = { ok: false, code: null, error: 'The channel no longer exists.', permanent: true };
      } else {
        outcome = await this.transports.send({
          kind: row.kind,
          messageId: row.message_id,
          payload: row.payload,
          channel: row.channel_id !== null ? { config: row.channel_config ?? {}, secret: row.channel_secret } : null,
          now: this.now(),
        });
      }
    } catch (err) {
      outcome = { ok: false, code: null, error: safeErrorText(err) };
    }
    try {
      await this.record(row, outcome);
    } catch (err) {
      // The lease runs out and the message is tried again: at least once, never lost.
      this.log.warn(`delivery: could not record the outcome of message ${row.message_id}: ${safeErrorText(err)}`);
    }
  }

  private async record(row: ClaimedRow, outcome: Outcome): Promise<void> {
    const now = this.now();
    if (outcome.ok) {
      await this.db.transaction(async (tx) => {
        // Delivered wins over a cancel that came while it was in flight: it did go out.
        await tx.execute(sql`update outbox set status = 'delivered', delivered_at = ${now}, locked_until = null,
            last_response_code = ${outcome.code}, last_error = null
          where id = ${row.id} and status in ('pending', 'cancelled')`);
        if (row.channel_id !== null) {
          await tx.execute(
            sql`update notification_channels set consecutive_failures = 0 where id = ${row.channel_id} and consecutive_failures <> 0`,
          );
        }
      });
      return;
    }
    const deadline = new Date(row.created_at).getTime() + this.config.DELIVERY_RETRY_HOURS * 3_600_000;
    const wait = outcome.retryAfterMs ?? backoffMs(row.attempts, row.message_id);
    const next = new Date(now.getTime() + wait);
    // A test is for now: the owner is looking at its result, a retry tomorrow would tell them nothing.
    const final = outcome.permanent === true || row.category === 'test' || next.getTime() > deadline;
    this.log.warn(
      `delivery: ${row.kind} message ${row.message_id} attempt ${row.attempts} failed (${outcome.error})${final ? '; giving up' : `; next try ${next.toISOString()}`}`,
    );
    await this.db.transaction(async (tx) => {
      const updated = rowsOf<{ id: string }>(
        await tx.execute(sql`update outbox set status = ${final ? 'failed' : 'pending'}, next_attempt_at = ${final ? sql`next_attempt_at` : next},
            locked_until = null, last_response_code = ${outcome.code}, last_error = ${outcome.error}
          where id = ${row.id} and status = 'pending' and locked_until = ${new Date(row.locked_until)}
          returning id::text as id`),
      );
      // Another worker took it over after our lease ran out: its outcome is the one that counts.
      if (!final || updated.length === 0 || row.channel_id === null) return;
      await this.countFailure(tx, row.channel_id, outcome.error);
    });
  }

  /** A message of the channel failed for good: count it, and pause the channel at the limit. */
  private async countFailure(tx: Pick<Db, 'execute' | 'insert'>, channelId: number, error: string): Promise<void> {
    const limit = this.config.DELIVERY_PAUSE_AFTER;
    const reason = `${limit} messages in a row could not be delivered. Last error: ${error}`;
    // Two statements: one statement cannot update a row twice (count, then pause).
    await tx.execute(
      sql`update notification_channels set consecutive_failures = consecutive_failures + 1 where id = ${channelId}`,
    );
    const paused = rowsOf<{ user_id: number; name: string; kind: ChannelKind; email: string; verified: string | null }>(
      await tx.execute(sql`
        with paused as (
          update notification_channels set status = 'paused', paused_at = ${this.now()}, paused_reason = ${reason}
          where id = ${channelId} and status = 'active' and consecutive_failures >= ${limit}
          returning user_id, name, kind
        )
        select p.user_id, p.name, p.kind, u.email, to_jsonb(u) ->> 'email_verified_at' as verified
        from paused p join users u on u.id = p.user_id`),
    );
    for (const ch of paused) {
      const kindName = { email: 'E-mail', webhook: 'Webhook', telegram: 'Telegram', discord: 'Discord' }[ch.kind];
      const title = `Channel paused: ${ch.name}`;
      const message = `${kindName} channel "${ch.name}" is paused: ${reason}. Its messages wait until you resume it in Settings → Notification Channels.`;
      await raiseNotification(tx, { userId: ch.user_id, title, message, navigationUrl: '/settings/channels' });
      if (emailConfigured(this.config) && ch.verified) {
        const content = renderEmail({
          title,
          message,
          url: `${this.config.PUBLIC_URL}/settings/channels`,
          footer: 'TokenDesk tells you when one of your alert channels stops working.',
        });
        await enqueueEmail(tx, { userId: ch.user_id, to: ch.email, category: 'channel', content });
      }
      this.log.info?.(`delivery: channel ${channelId} paused after ${limit} failed messages`);
    }
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.runOnce()
        .catch((err) => this.log.warn(`delivery: pass failed: ${safeErrorText(err)}`))
        .finally(() => this.schedule(this.pollMs));
    }, ms);
    this.timer.unref();
  }

  /** LISTEN on the outbox channel with a connection of its own; without it the poll carries on. */
  private async listen(): Promise<void> {
    const options = (this.db as unknown as { $client?: { options?: pg.ClientConfig } }).$client?.options;
    if (!options || this.stopped) return;
    const client = new pg.Client({ ...options, connectionTimeoutMillis: 5_000 });
    try {
      await client.connect();
      await client.query(`listen ${OUTBOX_CHANNEL}`);
    } catch (err) {
      this.log.warn(
        `delivery: cannot listen for new messages (${safeErrorText(err)}); polling every ${this.pollMs} ms`,
      );
      await client.end().catch(() => {});
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => {});
      return;
    }
    this.listener = client;
    client.on('notification', () => this.schedule(0));
    client.on('error', () => {
      if (this.listener !== client) return;
      this.listener = null;
      client.end().catch(() => {});
      // The poll covers the gap; listen again shortly.
      setTimeout(() => void this.listen(), 1_000).unref();
    });
  }
}
