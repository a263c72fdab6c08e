import { randomBytes } from 'node:crypto';
import {
  api,
  CHANNEL_TEST_WINDOW_MS,
  CHANNEL_TESTS_PER_CHANNEL,
  CHANNEL_TESTS_PER_USER,
  channelKindLabels,
  channelMessages as m,
  CHANNELS_PER_USER_MAX,
  type ChannelTestResult,
} from '@tokendesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { workspaceData } from '../../plugins/workspace-access';
import type { ChannelConfig, ChannelKind, NotificationChannelRow } from '../../db/schema';
import { checkOutboundUrl } from '../../delivery/safe-fetch';
import { sendTest, type SendTestResult } from '../../delivery/send-test';
import { ATTEMPT_TIMEOUT_MS } from '../../delivery/transports';
import { emailConfigured } from '../../domain/outbox';
import { badRequest, conflict, fieldError, HttpError, notFound, tooManyRequests } from '../../lib/http-errors';
import { minutesText } from '../../lib/rate-limiter';
import { limitKey } from '../../db/shared-limits';
import { scrub, toApiChannel, toApiDelivery } from './presenter';
import {
  accountEmail,
  channelCounts,
  deleteChannel,
  findChannel,
  insertChannel,
  listChannels,
  lockUserChannels,
  messageState,
  pageDeliveries,
  parseLogCursor,
  updateChannel,
  type ChannelChanges,
} from './repository';
import { route } from '../../plugins/endpoint-routes';

/** One attempt's own limit (delivery/transports.ts) and a little more. */
const TEST_WAIT_MS = ATTEMPT_TIMEOUT_MS + 2_000;

/** A new Standard Webhooks signing secret: 'whsec_' and 32 random bytes in base64. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** Which config fields each kind has (product: the add form of each kind). */
const configFields: Record<ChannelKind, readonly (keyof ChannelConfig)[]> = {
  email: [],
  webhook: ['url'],
  telegram: ['bot_token', 'chat_id'],
  discord: ['webhook_url'],
};

export const channelRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = app.config;

  async function channelOrFail(userId: number, channelId: number) {
    const row = await findChannel(app.db, userId, channelId);
    if (!row) throw notFound(m.channelNotFound);
    return row;
  }

  async function emailOf(userId: number): Promise<{ email: string; verified: boolean }> {
    return (await accountEmail(app.db, userId)) ?? { email: '', verified: false };
  }

  /**
   * A user-supplied URL must reach a public address (unless the operator allows a range): 400 next
   * to the field otherwise. The connection checks again (DNS rebinding), this is for the user.
   */
  async function checkUrl(field: string, url: string) {
    const verdict = await checkOutboundUrl(url, config);
    if (verdict.ok) return;
    throw fieldError(field, /private network/i.test(verdict.reason) ? m.privateAddress : verdict.reason);
  }

  async function checkConfig(kind: ChannelKind, cfg: ChannelConfig) {
    if (kind === 'webhook' && cfg.url !== undefined) await checkUrl('config.url', cfg.url);
    if (kind === 'discord' && cfg.webhook_url !== undefined) await checkUrl('config.webhook_url', cfg.webhook_url);
  }

  route(app, api.channels.list, async (request) => {
    const userId = workspaceData(request).user.id;
    const [rows, account] = await Promise.all([listChannels(app.db, userId), emailOf(userId)]);
    return {
      channels: rows.map((r) => toApiChannel(r.channel, r.alertCount, account.email)),
      email_configured: emailConfigured(config),
      email_verified: account.verified,
      pause_after: config.DELIVERY_PAUSE_AFTER,
    };
  });

  route(app, api.channels.create, async (request, reply) => {
    const { user } = workspaceData(request);
    const body = request.body;
    const cfg: ChannelConfig = body.kind === 'email' ? {} : { ...body.config };
    const account = await emailOf(user.id);
    if (body.kind === 'email') {
      if (!emailConfigured(config)) throw fieldError('kind', m.emailNotConfigured);
      if (!account.verified) throw conflict('kind', m.emailUnverified);
    }
    // Outside the transaction: it may wait on DNS.
    await checkConfig(body.kind, cfg);
    const secret = body.kind === 'webhook' ? newWebhookSecret() : null;
    const channel = await app.db.transaction(async (tx) => {
      await lockUserChannels(tx, user.id);
      const counts = await channelCounts(tx, user.id);
      if (counts.total >= CHANNELS_PER_USER_MAX) throw conflict('kind', m.tooManyChannels);
      if (body.kind === 'email' && counts.email > 0) throw conflict('kind', m.emailChannelExists);
      return insertChannel(tx, { userId: user.id, kind: body.kind, name: body.name, config: cfg, secret });
    });
    request.log.info({ channelId: channel.id, kind: channel.kind }, 'notification channel created');
    return reply.code(201).send({ ...toApiChannel(channel, 0, account.email), secret });
  });

  route(app, api.channels.get, async (request) => {
    const userId = workspaceData(request).user.id;
    const [row, account] = await Promise.all([channelOrFail(userId, request.params.id), emailOf(userId)]);
    return toApiChannel(row.channel, row.alertCount, account.email);
  });

  route(app, api.channels.update, async (request) => {
    const userId = workspaceData(request).user.id;
    const current = await channelOrFail(userId, request.params.id);
    const { channel } = current;
    const body = request.body;
    const changes: ChannelChanges = {};
    if (body.name !== undefined) changes.name = body.name;
    if (body.config !== undefined) {
      const allowed = configFields[channel.kind];
      const given = Object.keys(body.config) as (keyof ChannelConfig)[];
      const foreign = given.find((k) => !allowed.includes(k));
      if (foreign) throw fieldError(`config.${foreign}`, m.fieldNotOfKind(foreign, channelKindLabels[channel.kind]));
      if (given.length > 0) {
        const next: ChannelConfig = { ...channel.config, ...body.config };
        await checkConfig(channel.kind, body.config);
        changes.config = next;
      }
    }
    if (body.status === 'active' && channel.status === 'paused') changes.resume = true;
    const account = await emailOf(userId);
    if (Object.keys(changes).length === 0) return toApiChannel(channel, current.alertCount, account.email);
    const updated = await updateChannel(app.db, userId, channel.id, changes);
    if (!updated) throw notFound(m.channelNotFound);
    if (changes.resume) request.log.info({ channelId: channel.id }, 'notification channel resumed');
    return toApiChannel(updated, current.alertCount, account.email);
  });

  route(app, api.channels.delete, async (request) => {
    const userId = workspaceData(request).user.id;
    const deleted = await app.db.transaction(async (tx) => {
      await lockUserChannels(tx, userId);
      return deleteChannel(tx, userId, request.params.id);
    });
    if (!deleted) throw notFound(m.channelNotFound);
    return { detail: m.deleted };
  });

  route(app, api.channels.rotateSecret, async (request) => {
    const userId = workspaceData(request).user.id;
    const current = await channelOrFail(userId, request.params.id);
    if (current.channel.kind !== 'webhook') throw badRequest(m.noSecret);
    const secret = newWebhookSecret();
    const updated = await updateChannel(app.db, userId, current.channel.id, { secret });
    if (!updated) throw notFound(m.channelNotFound);
    const account = await emailOf(userId);
    return { ...toApiChannel(updated, current.alertCount, account.email), secret };
  });

  route(app, api.channels.test, async (request): Promise<ChannelTestResult> => {
    const { user } = workspaceData(request);
    const { channel } = await channelOrFail(user.id, request.params.id);
    const account = await emailOf(user.id);
    if (channel.kind === 'email') {
      if (!emailConfigured(config)) throw new HttpError(409, m.emailNotConfigured);
      if (!account.verified) throw new HttpError(409, m.emailUnverified);
    }
    const wait = await app.auth.limits.hit(
      [
        { key: limitKey('channel-test', `${user.id}:${channel.id}`), max: CHANNEL_TESTS_PER_CHANNEL },
        { key: limitKey('channel-test-user', String(user.id)), max: CHANNEL_TESTS_PER_USER },
      ],
      CHANNEL_TEST_WINDOW_MS,
    );
    if (wait > 0) throw tooManyRequests(`Too many test messages. Please try again in ${minutesText(wait)}.`, wait);

    // Enqueued like any message (signed, logged), then tried at once by this server.
    const result = await sendTest({ db: app.db, config, log: { warn: (msg) => request.log.warn(msg) } }, channel);
    if (!result.sent) throw new HttpError(409, result.reason);
    if (result.status !== 'pending') return testResult(result, channel);
    // The process's own worker woke on the outbox notification and took the message first: its
    // attempt is bounded (a test is tried once), so wait for the outcome it records.
    const deadline = Date.now() + TEST_WAIT_MS;
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const state = await messageState(app.db, result.messageId);
      if (!state) break;
      if (state.status !== 'pending')
        return testResult(
          { ...result, status: state.status, responseCode: state.lastResponseCode, error: state.lastError },
          channel,
        );
    }
    return testResult(result, channel);
  });

  route(app, api.channels.deliveries, async (request) => {
    const userId = workspaceData(request).user.id;
    const after = request.query.cursor === undefined ? null : parseLogCursor(request.query.cursor);
    const { channel } = await channelOrFail(userId, request.params.id);
    const page = await pageDeliveries(app.db, channel.id, { after, limit: request.query.limit });
    return { deliveries: page.rows.map((r) => toApiDelivery(r, channel)), next_cursor: page.nextCursor };
  });
};

function testResult(
  result: Extract<SendTestResult, { sent: true }>,
  channel: NotificationChannelRow,
): ChannelTestResult {
  const { messageId, responseCode: code } = result;
  const error = scrub(result.error, channel);
  if (result.status === 'delivered') {
    return {
      message_id: messageId,
      status: 'delivered',
      response_code: code,
      error: null,
      detail: code === null ? 'Delivered.' : `Delivered (response ${code}).`,
    };
  }
  if (result.status === 'failed' || result.status === 'cancelled') {
    return { message_id: messageId, status: 'failed', response_code: code, error, detail: failedText(code, error) };
  }
  // Another server's worker holds it (or it has not been tried yet): its log row tells the end.
  return {
    message_id: messageId,
    status: 'pending',
    response_code: code,
    error,
    detail: 'Queued: it goes out within a few seconds. The delivery log shows how it ends.',
  };
}

function failedText(code: number | null, error: string | null): string {
  if (code !== null) return `Not delivered: the receiver answered ${code}.`;
  return error ? `Not delivered: ${error}` : 'Not delivered.';
}
