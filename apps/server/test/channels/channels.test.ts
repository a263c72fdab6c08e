import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  alertMessages,
  channelMessages as m,
  webhookBodySchema,
  type Alert,
  type Channel,
  type ChannelList,
  type ChannelTestResult,
  type ChannelWithSecret,
  type DeliveryPage,
} from '@tokendesk/contract';
import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertChannels, notificationChannels, outbox } from '../../src/db/schema';
import { createTestContext, devnetChain, signUp, type TestContext, requester, type Method } from '../helpers';
import * as make from '../support/factories';
import { createPool } from '../support/factories';
import { startSmtpServer, type TestSmtpServer } from '../setup/smtp';
import { DeliveryWorker } from '../../src/delivery/worker';

/**
 * Notification channels over HTTP (docs/decisions/0038): CRUD with masked destinations and a
 * signing secret answered once, the SSRF refusal, the e-mail channel's conditions, alerts choosing
 * channels, the delivery log and tenant isolation. Sending is the delivery worker's (its own
 * tests); here a test message is sent to a local receiver to see the route's answer and the log.
 */

const LOOPBACK = '127.0.0.0/8,::1';
const BOT_TOKEN = '123456789:AAH-abcdefghijklmnopqrstuvwxyz_0123456';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on a free loopback port that answers `status` (200 unless changed). */
async function startReceiver() {
  const received: Received[] = [];
  let status = 200;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'nope');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = '/hooks/tokendesk?key=s3cr3t-query-value') => `http://127.0.0.1:${port}${path}`,
    received,
    answer(next: number) {
      status = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let ctx: TestContext;
let smtp: TestSmtpServer;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let owner: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  [smtp, receiver] = await Promise.all([startSmtpServer(), startReceiver()]);
  ctx = await createTestContext({ OUTBOUND_ALLOW: LOOPBACK, SMTP_URL: smtp.url }, { chain: devnetChain() });
  [owner, other] = await Promise.all([signUp(ctx.app), signUp(ctx.app)]);
});
afterAll(async () => {
  await ctx?.close();
  await Promise.all([smtp?.close(), receiver?.close()]);
});

const call = (token: string, method: Method, url: string, payload?: object, app = ctx.app) =>
  requester(() => app)(token, method, url, payload);

const createChannel = (payload: object, token = owner.token) => make.createChannel(ctx.app, token, payload);

const list = async (token = owner.token) => (await call(token, 'GET', 'account/channels/')).json() as ChannelList;

describe('webhook channels', () => {
  it('creates one with a whsec_ secret shown once; lists and reads show the URL masked and never the secret', async () => {
    const url = receiver.url();
    const created = await createChannel({ kind: 'webhook', name: '  Ops hook ', config: { url } });
    expect(created).toMatchObject({
      kind: 'webhook',
      name: 'Ops hook',
      status: 'active',
      alert_count: 0,
      paused_at: null,
      consecutive_failures: 0,
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created.destination).toBe(`${new URL(url).origin}/…`);

    const listed = await list();
    expect(listed.email_configured).toBe(true);
    expect(listed.pause_after).toBe(10);
    expect(listed.channels.map((c) => c.id)).toContain(created.id);
    const one = await call(owner.token, 'GET', `account/channels/${created.id}/`);
    expect(one.statusCode).toBe(200);
    for (const text of [JSON.stringify(listed), one.body]) {
      expect(text).not.toContain('whsec_');
      expect(text).not.toContain('s3cr3t-query-value');
      expect(text).not.toContain('/hooks/tokendesk');
    }
    // Stored as typed, secret and all: the worker needs them.
    const [row] = await ctx.app.db.select().from(notificationChannels).where(eq(notificationChannels.id, created.id));
    expect(row).toMatchObject({ userId: owner.userId, config: { url }, secret: created.secret });
  });

  it('rotating the secret answers a new one, once; other kinds have none', async () => {
    const created = await createChannel({ kind: 'webhook', name: 'Rotating', config: { url: receiver.url('/r') } });
    const res = await call(owner.token, 'POST', `account/channels/${created.id}/rotate-secret/`);
    expect(res.statusCode, res.body).toBe(200);
    const rotated = res.json() as ChannelWithSecret;
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(created.secret);
    const [row] = await ctx.app.db.select().from(notificationChannels).where(eq(notificationChannels.id, created.id));
    expect(row!.secret).toBe(rotated.secret);

    const telegram = await createChannel({
      kind: 'telegram',
      name: 'TG',
      config: { bot_token: BOT_TOKEN, chat_id: '-1001234567890' },
    });
    const refused = await call(owner.token, 'POST', `account/channels/${telegram.id}/rotate-secret/`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe(m.noSecret);
  });

  it('renames, changes the URL (checked again) and deletes', async () => {
    const created = await createChannel({ kind: 'webhook', name: 'Temp', config: { url: receiver.url('/a') } });
    const renamed = await call(owner.token, 'PATCH', `account/channels/${created.id}/`, {
      name: 'Renamed',
      config: { url: receiver.url('/b/c') },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Renamed', destination: `${new URL(receiver.url()).origin}/…` });
    const [row] = await ctx.app.db.select().from(notificationChannels).where(eq(notificationChannels.id, created.id));
    expect(row!.config).toEqual({ url: receiver.url('/b/c') });

    const foreignField = await call(owner.token, 'PATCH', `account/channels/${created.id}/`, {
      config: { bot_token: BOT_TOKEN },
    });
    expect(foreignField.statusCode).toBe(400);
    expect(foreignField.json().errors).toEqual([
      { field: 'config.bot_token', message: m.fieldNotOfKind('bot_token', 'Webhook') },
    ]);

    const del = await call(owner.token, 'DELETE', `account/channels/${created.id}/`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ detail: m.deleted });
    expect((await call(owner.token, 'GET', `account/channels/${created.id}/`)).statusCode).toBe(404);
    expect((await call(owner.token, 'DELETE', `account/channels/${created.id}/`)).statusCode).toBe(404);
  });
});

describe('addresses a channel may not reach', () => {
  let strict: TestContext;
  let user: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    // No OUTBOUND_ALLOW: the loopback is as forbidden as any private address.
    strict = await createTestContext({}, { chain: devnetChain() });
    user = await signUp(strict.app);
  });
  afterAll(async () => {
    await strict?.close();
  });

  it.each([
    ['http://127.0.0.1:9/hook'],
    ['http://[::1]:9/hook'],
    ['http://169.254.169.254/latest/meta-data/'],
    ['http://10.1.2.3/x'],
    ['http://192.168.1.10/x'],
    ['http://[::ffff:127.0.0.1]/x'],
    ['http://localhost:9/x'],
  ])('refuses %s with a sentence next to the field, and stores nothing', async (url) => {
    const res = await call(
      user.token,
      'POST',
      'account/channels/',
      { kind: 'webhook', name: 'Inside', config: { url } },
      strict.app,
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      detail: m.privateAddress,
      errors: [{ field: 'config.url', message: m.privateAddress }],
    });
    expect(
      await strict.app.db.select().from(notificationChannels).where(eq(notificationChannels.userId, user.userId)),
    ).toEqual([]);
  });

  it('refuses a changed URL that points inside too', async () => {
    // Written directly: creating it through the API is refused here.
    const [row] = await strict.app.db
      .insert(notificationChannels)
      .values({
        userId: user.userId,
        kind: 'webhook',
        name: 'Seeded',
        config: { url: 'https://example.com/hook' },
        secret: 'whsec_x',
      })
      .returning();
    const res = await call(
      user.token,
      'PATCH',
      `account/channels/${row!.id}/`,
      { config: { url: 'http://127.0.0.1:8080/' } },
      strict.app,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'config.url', message: m.privateAddress }]);
    const [after] = await strict.app.db.select().from(notificationChannels).where(eq(notificationChannels.id, row!.id));
    expect(after!.config).toEqual({ url: 'https://example.com/hook' });
  });
});

describe('validation of each kind', () => {
  it.each([
    [{ kind: 'webhook', name: '', config: { url: 'https://example.com' } }, 'name', m.nameRequired],
    [{ kind: 'webhook', name: 'x'.repeat(101), config: { url: 'https://example.com' } }, 'name', m.nameTooLong],
    [{ kind: 'webhook', name: 'W', config: { url: '' } }, 'config.url', m.urlRequired],
    [{ kind: 'webhook', name: 'W', config: { url: 'ftp://example.com/x' } }, 'config.url', m.urlInvalid],
    [{ kind: 'webhook', name: 'W', config: { url: 'https://user:pw@example.com/x' } }, 'config.url', m.urlCredentials],
    [
      { kind: 'discord', name: 'D', config: { webhook_url: 'https://example.com/api/webhooks/1/abc' } },
      'config.webhook_url',
      m.discordUrlInvalid,
    ],
    [
      { kind: 'discord', name: 'D', config: { webhook_url: 'https://discord.com.evil.example/api/webhooks/1/abc' } },
      'config.webhook_url',
      m.discordUrlInvalid,
    ],
    [
      { kind: 'telegram', name: 'T', config: { bot_token: '123:short', chat_id: '1' } },
      'config.bot_token',
      m.botTokenInvalid,
    ],
    [
      { kind: 'telegram', name: 'T', config: { bot_token: BOT_TOKEN, chat_id: 'my chat' } },
      'config.chat_id',
      m.chatIdInvalid,
    ],
    [{ kind: 'telegram', name: 'T', config: { bot_token: BOT_TOKEN } }, 'config.chat_id', m.chatIdRequired],
    [{ kind: 'sms', name: 'S', config: {} }, 'kind', m.kindRequired],
  ])('%j → 400 on %s', async (payload, field, message) => {
    const res = await call(owner.token, 'POST', 'account/channels/', payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors[0]).toEqual({ field, message });
  });

  it('a Telegram channel shows the bot id and chat, never the token', async () => {
    const created = await createChannel({
      kind: 'telegram',
      name: 'Alerts chat',
      config: { bot_token: BOT_TOKEN, chat_id: -1001234567890 },
    });
    expect(created.destination).toBe('Bot 123456789:…, chat -1001234567890');
    expect(created.secret).toBeNull();
    expect(JSON.stringify(await list())).not.toContain('AAH-abcdefghijklmnopqrstuvwxyz');
    // The chat may change alone; the token stays.
    const res = await call(owner.token, 'PATCH', `account/channels/${created.id}/`, {
      config: { chat_id: '@tokendesk_alerts' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await ctx.app.db.select().from(notificationChannels).where(eq(notificationChannels.id, created.id));
    expect(row!.config).toEqual({ bot_token: BOT_TOKEN, chat_id: '@tokendesk_alerts' });
  });
});

describe('the e-mail channel', () => {
  it('is refused without SMTP, with the sentence the screens show', async () => {
    const bare = await createTestContext({}, { chain: devnetChain() });
    try {
      const user = await signUp(bare.app);
      const res = await call(user.token, 'POST', 'account/channels/', { kind: 'email' }, bare.app);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        detail: 'E-mail is not configured on this server.',
        errors: [{ field: 'kind', message: 'E-mail is not configured on this server.' }],
      });
      expect(
        ((await call(user.token, 'GET', 'account/channels/', undefined, bare.app)).json() as ChannelList)
          .email_configured,
      ).toBe(false);
    } finally {
      await bare.close();
    }
  });

  it('needs a verified address, then exists once and sends to the account address', async () => {
    const user = await signUp(ctx.app);
    const unverified = await call(user.token, 'POST', 'account/channels/', { kind: 'email' });
    expect(unverified.statusCode).toBe(409);
    expect(unverified.json().detail).toBe(m.emailUnverified);
    expect((await list(user.token)).email_verified).toBe(false);

    await ctx.app.db.execute(sql`update users set email_verified_at = now() where id = ${user.userId}`);
    const created = await createChannel({ kind: 'email' }, user.token);
    expect(created).toMatchObject({ kind: 'email', name: 'E-mail', destination: user.email, secret: null });
    const again = await call(user.token, 'POST', 'account/channels/', { kind: 'email', name: 'Second' });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(m.emailChannelExists);
  });
});

describe('tenant isolation', () => {
  it("another user's channel answers 404 on every route, like a missing one", async () => {
    const mine = await createChannel({ kind: 'webhook', name: 'Mine', config: { url: receiver.url('/mine') } });
    for (const [method, path, payload] of [
      ['GET', `account/channels/${mine.id}/`],
      ['PATCH', `account/channels/${mine.id}/`, { name: 'Taken' }],
      ['DELETE', `account/channels/${mine.id}/`],
      ['POST', `account/channels/${mine.id}/test/`],
      ['POST', `account/channels/${mine.id}/rotate-secret/`],
      ['GET', `account/channels/${mine.id}/deliveries/`],
      ['GET', 'account/channels/2147483647/'],
    ] as [Method, string, object?][]) {
      const res = await call(other.token, method, path, payload);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      expect(res.json().detail).toBe(m.channelNotFound);
    }
    expect((await list(other.token)).channels).toEqual([]);
    const [row] = await ctx.app.db.select().from(notificationChannels).where(eq(notificationChannels.id, mine.id));
    expect(row!.name).toBe('Mine');
  });
});

const seedPool = async (userId: number): Promise<number> => (await createPool(ctx.app.db, userId)).id;

describe('alerts choose their channels', () => {
  it('create, read, change and clear channel_ids; a deleted channel leaves the alert', async () => {
    const poolId = await seedPool(owner.userId);
    const a = await createChannel({ kind: 'webhook', name: 'A', config: { url: receiver.url('/ca') } });
    const b = await createChannel({ kind: 'telegram', name: 'B', config: { bot_token: BOT_TOKEN, chat_id: '42' } });
    const res = await call(owner.token, 'POST', 'projects/alerts/', {
      kind: 'large_swap',
      pool_id: poolId,
      min_amount: 1,
      channel_ids: [b.id, a.id, b.id],
    });
    expect(res.statusCode, res.body).toBe(201);
    const alert = res.json() as Alert;
    expect(alert.channel_ids).toEqual([a.id, b.id].sort((x, y) => x - y));
    expect(((await call(owner.token, 'GET', `projects/alerts/${alert.id}/`)).json() as Alert).channel_ids).toEqual(
      alert.channel_ids,
    );
    const page = (await call(owner.token, 'GET', `projects/alerts/?pool=${poolId}`)).json() as { alerts: Alert[] };
    expect(page.alerts[0]!.channel_ids).toEqual(alert.channel_ids);
    expect(((await call(owner.token, 'GET', `account/channels/${a.id}/`)).json() as Channel).alert_count).toBe(1);

    const onlyA = await call(owner.token, 'PATCH', `projects/alerts/${alert.id}/`, { channel_ids: [a.id] });
    expect(onlyA.statusCode, onlyA.body).toBe(200);
    expect((onlyA.json() as Alert).channel_ids).toEqual([a.id]);

    // Deleting the channel detaches it; the alert stays with the bell.
    expect((await call(owner.token, 'DELETE', `account/channels/${a.id}/`)).statusCode).toBe(200);
    const after = (await call(owner.token, 'GET', `projects/alerts/${alert.id}/`)).json() as Alert;
    expect(after).toMatchObject({ id: alert.id, channel_ids: [], is_active: true });

    const cleared = await call(owner.token, 'PATCH', `projects/alerts/${alert.id}/`, { channel_ids: [] });
    expect((cleared.json() as Alert).channel_ids).toEqual([]);
    // An alert without the field: no channels.
    const plain = await call(owner.token, 'POST', 'projects/alerts/', {
      kind: 'large_swap',
      pool_id: poolId,
      min_amount: 2,
    });
    expect((plain.json() as Alert).channel_ids).toEqual([]);
  });

  it("another user's channel or a missing one is an unknown channel, and nothing is written", async () => {
    const poolId = await seedPool(owner.userId);
    const theirs = await createChannel(
      { kind: 'webhook', name: 'Theirs', config: { url: receiver.url('/t') } },
      other.token,
    );
    for (const ids of [[theirs.id], [2147483647]]) {
      const res = await call(owner.token, 'POST', 'projects/alerts/', {
        kind: 'large_swap',
        pool_id: poolId,
        min_amount: 3,
        channel_ids: ids,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({
        detail: alertMessages.unknownChannel,
        errors: [{ field: 'channel_ids', message: alertMessages.unknownChannel }],
      });
    }
    const mine = await call(owner.token, 'POST', 'projects/alerts/', {
      kind: 'large_swap',
      pool_id: poolId,
      min_amount: 3,
    });
    const alert = mine.json() as Alert;
    const patch = await call(owner.token, 'PATCH', `projects/alerts/${alert.id}/`, {
      channel_ids: [theirs.id],
      min_amount: 4,
    });
    expect(patch.statusCode).toBe(400);
    expect(await ctx.app.db.select().from(alertChannels).where(eq(alertChannels.channelId, theirs.id))).toEqual([]);
    expect(((await call(owner.token, 'GET', `projects/alerts/${alert.id}/`)).json() as Alert).min_amount).toBe('3');
  });
});

describe('the delivery log', () => {
  it('pages newest first with a cursor, and never shows a secret', async () => {
    const url = receiver.url('/log?token=very-secret-token-123');
    const channel = await createChannel({ kind: 'webhook', name: 'Logged', config: { url } });
    const base = Date.parse('2026-11-20T10:00:00Z');
    const body = (title: string) =>
      JSON.stringify({
        type: 'alert.triggered',
        timestamp: new Date(base).toISOString(),
        data: { title, message: 'm', url: 'http://x' },
      });
    await ctx.app.db.insert(outbox).values([
      {
        messageId: crypto.randomUUID(),
        userId: owner.userId,
        channelId: channel.id,
        kind: 'webhook',
        category: 'alert',
        payload: { body: body('First') },
        status: 'delivered',
        attempts: 1,
        lastResponseCode: 200,
        createdAt: new Date(base),
        deliveredAt: new Date(base + 1000),
      },
      {
        messageId: crypto.randomUUID(),
        userId: owner.userId,
        channelId: channel.id,
        kind: 'webhook',
        category: 'alert',
        payload: { body: body('Second') },
        status: 'failed',
        attempts: 9,
        lastResponseCode: 500,
        lastError: `HTTP 500 from ${url}`,
        createdAt: new Date(base + 60_000),
      },
      {
        messageId: crypto.randomUUID(),
        userId: owner.userId,
        channelId: channel.id,
        kind: 'webhook',
        category: 'test',
        payload: { body: body('Third') },
        status: 'pending',
        attempts: 2,
        lastResponseCode: 503,
        nextAttemptAt: new Date(base + 600_000),
        createdAt: new Date(base + 120_000),
      },
    ]);

    const first = await call(owner.token, 'GET', `account/channels/${channel.id}/deliveries/?limit=2`);
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json() as DeliveryPage;
    expect(page1.deliveries.map((d) => [d.summary, d.status, d.attempts, d.response_code])).toEqual([
      ['Third', 'pending', 2, 503],
      ['Second', 'failed', 9, 500],
    ]);
    expect(page1.deliveries[0]!.next_attempt_at).toBe(new Date(base + 600_000).toISOString());
    expect(page1.deliveries[1]!.next_attempt_at).toBeNull();
    // The whole URL is one of the channel's secrets: it is cut out of the error.
    expect(page1.deliveries[1]!.error).toBe('HTTP 500 from …');
    expect(first.body).not.toContain('very-secret-token-123');
    expect(page1.next_cursor).toEqual(expect.any(String));

    const page2 = (
      await call(owner.token, 'GET', `account/channels/${channel.id}/deliveries/?limit=2&cursor=${page1.next_cursor}`)
    ).json() as DeliveryPage;
    expect(page2.deliveries.map((d) => [d.summary, d.status, d.delivered_at])).toEqual([
      ['First', 'delivered', new Date(base + 1000).toISOString()],
    ]);
    expect(page2.next_cursor).toBeNull();

    const bad = await call(owner.token, 'GET', `account/channels/${channel.id}/deliveries/?cursor=WzEsMl0`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe('Invalid cursor. Start again from the first page.');
  });
});

describe('a paused channel', () => {
  it('shows why (without secrets) and resumes with status active', async () => {
    const created = await createChannel({
      kind: 'telegram',
      name: 'Flaky',
      config: { bot_token: BOT_TOKEN, chat_id: '7' },
    });
    await ctx.app.db
      .update(notificationChannels)
      .set({
        status: 'paused',
        consecutiveFailures: 10,
        pausedAt: new Date('2026-11-24T12:00:00Z'),
        pausedReason: `HTTP 401 at /bot${BOT_TOKEN}/sendMessage`,
      })
      .where(eq(notificationChannels.id, created.id));
    const paused = (await call(owner.token, 'GET', `account/channels/${created.id}/`)).json() as Channel;
    expect(paused).toMatchObject({
      status: 'paused',
      consecutive_failures: 10,
      paused_at: '2026-11-24T12:00:00.000Z',
      paused_reason: 'HTTP 401 at /bot…/sendMessage',
    });

    const bad = await call(owner.token, 'PATCH', `account/channels/${created.id}/`, { status: 'paused' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'status', message: m.statusOnlyActive }]);

    const resumed = await call(owner.token, 'PATCH', `account/channels/${created.id}/`, { status: 'active' });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toMatchObject({
      status: 'active',
      consecutive_failures: 0,
      paused_at: null,
      paused_reason: null,
    });
  });
});

describe('Send test', () => {
  it('signs a webhook as Standard Webhooks says, answers delivered with the response code, and logs it', async () => {
    const created = await createChannel({ kind: 'webhook', name: 'Signed', config: { url: receiver.url('/signed') } });
    const before = receiver.received.length;
    const res = await call(owner.token, 'POST', `account/channels/${created.id}/test/`, {});
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as ChannelTestResult;
    expect(result).toMatchObject({
      status: 'delivered',
      response_code: 200,
      error: null,
      detail: 'Delivered (response 200).',
    });

    const got = receiver.received.slice(before);
    expect(got).toHaveLength(1);
    const { headers, body } = got[0]!;
    expect(headers['webhook-id']).toBe(result.message_id);
    // The receiver's own check, with the secret the create answer showed once.
    const verified = new Webhook(created.secret!).verify(body, headers as Record<string, string>);
    const parsed = webhookBodySchema.parse(verified);
    expect(parsed).toMatchObject({ type: 'channel.test', data: { title: 'Test message for "Signed"' } });
    expect(() =>
      new Webhook(`whsec_${Buffer.from('not the secret, 32 bytes long!!').toString('base64')}`).verify(
        body,
        headers as Record<string, string>,
      ),
    ).toThrow();

    const log = (await call(owner.token, 'GET', `account/channels/${created.id}/deliveries/`)).json() as DeliveryPage;
    expect(log.deliveries).toHaveLength(1);
    expect(log.deliveries[0]).toMatchObject({
      id: result.message_id,
      category: 'test',
      status: 'delivered',
      attempts: 1,
      response_code: 200,
      summary: 'Test message for "Signed"',
      next_attempt_at: null,
    });
  });

  it("answers the outcome even when the server's own worker takes the message first", async () => {
    // The process's worker wakes on the outbox notification and may claim the test message before
    // the route's own attempt: the answer still says how it went, never a bare 'queued'.
    const worker = new DeliveryWorker({ db: ctx.app.db, config: ctx.config, pollMs: 50 });
    worker.start();
    try {
      const user = await signUp(ctx.app);
      for (let i = 0; i < 4; i++) {
        const created = await createChannel(
          { kind: 'webhook', name: `Raced ${i}`, config: { url: receiver.url(`/raced/${i}`) } },
          user.token,
        );
        const res = await call(user.token, 'POST', `account/channels/${created.id}/test/`, {});
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ status: 'delivered', response_code: 200 });
      }
    } finally {
      await worker.stop();
    }
  });

  it('a receiver that answers 500: failed, with the code, in the answer and the log', async () => {
    const created = await createChannel({ kind: 'webhook', name: 'Broken', config: { url: receiver.url('/broken') } });
    receiver.answer(500);
    try {
      const res = await call(owner.token, 'POST', `account/channels/${created.id}/test/`, {});
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'failed',
        response_code: 500,
        detail: 'Not delivered: the receiver answered 500.',
      });
    } finally {
      receiver.answer(200);
    }
    const log = (await call(owner.token, 'GET', `account/channels/${created.id}/deliveries/`)).json() as DeliveryPage;
    expect(log.deliveries[0]).toMatchObject({ status: 'failed', attempts: 1, response_code: 500 });
  });

  it('an e-mail channel sends to the verified account address', async () => {
    const user = await signUp(ctx.app);
    await ctx.app.db.execute(sql`update users set email_verified_at = now() where id = ${user.userId}`);
    const created = await createChannel({ kind: 'email', name: 'Inbox' }, user.token);
    const res = await call(user.token, 'POST', `account/channels/${created.id}/test/`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'delivered' });
    const mail = await smtp.waitFor((mm) => mm.to.includes(user.email));
    expect(mail.subject).toContain('Test message for "Inbox"');
  });

  it(`is limited per channel: the ${5 + 1}th test within minutes answers 429`, async () => {
    const created = await createChannel({ kind: 'webhook', name: 'Busy', config: { url: receiver.url('/busy') } });
    for (let i = 0; i < 5; i++)
      expect((await call(owner.token, 'POST', `account/channels/${created.id}/test/`, {})).statusCode).toBe(200);
    const sixth = await call(owner.token, 'POST', `account/channels/${created.id}/test/`, {});
    expect(sixth.statusCode).toBe(429);
    expect(sixth.headers['retry-after']).toMatch(/^\d+$/);
    expect(sixth.json().detail).toMatch(/^Too many test messages\. Please try again in \d+ minutes?\.$/);
  });
});

describe('the OpenAPI document', () => {
  it('documents the webhook body TokenDesk sends, and the channel routes', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: { $ref: string } }> } } }>;
      components: { schemas: Record<string, { properties?: Record<string, unknown>; description?: string }> };
      paths: Record<string, Record<string, unknown>>;
    };
    expect(doc.webhooks.channelMessage!.post.requestBody.content['application/json']!.schema.$ref).toBe(
      '#/components/schemas/WebhookBody',
    );
    const body = doc.components.schemas.WebhookBody!;
    expect(Object.keys(body.properties ?? {})).toEqual(['type', 'timestamp', 'data']);
    expect(body.description).toContain('webhook-signature');
    expect(Object.keys(doc.paths['/api/v1/account/channels/{id}/deliveries']!)).toContain('get');
    expect(Object.keys(doc.paths['/api/v1/account/channels/{id}/test']!)).toContain('post');
  });
});
