/**
 * The delivery worker against real receivers: a real SMTP server (smtp-server), local HTTP
 * receivers in the webhook, Telegram and Discord shapes, and the test PostgreSQL. Alerts fire
 * through the indexer's own recordFiring, so the outbox rows are the ones production writes.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { createTestContext, seedUniOnEthereum, uniqueName, type TestContext } from '../helpers';
import {
  alertChannels,
  alerts,
  notificationChannels,
  notifications,
  outbox,
  pools,
  type AlertRow,
  type ChannelConfig,
  type ChannelKind,
} from '../../src/db/schema';
import {
  cancelPendingAbove,
  DISCORD_MAX,
  enqueueEmail,
  renderEmail,
  setOutboxSettings,
  TELEGRAM_MAX,
} from '../../src/domain/outbox';
import { recordFiring } from '../../src/indexer/store';
import { withdrawFiringsAbove } from '../../src/indexer/reorg-store';
import { backoffMs, DeliveryWorker } from '../../src/delivery/worker';
import { sendTest } from '../../src/delivery/send-test';
import { startSmtpServer, type TestSmtpServer } from '../setup/smtp';
import { startReceiver, type Receiver } from '../setup/receivers';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const BOT_TOKEN = '123456789:AAEhBOweik9ai2o2Lg0cXW8DvVqRV1cRvBY';

let ctx: TestContext;
let smtp: TestSmtpServer;
let hook: Receiver;
let telegram: Receiver;
let discord: Receiver;
/** The workers' clock, frozen per test a minute ahead of the database's, so rows enqueued now are due. */
let clock = Date.now();
const now = () => new Date(clock);
beforeEach(() => {
  clock = Date.now() + 60_000;
});

beforeAll(async () => {
  smtp = await startSmtpServer();
  [hook, telegram, discord] = await Promise.all([
    startReceiver('webhook'),
    startReceiver('telegram'),
    startReceiver('discord'),
  ]);
  ctx = await createTestContext({
    SMTP_URL: smtp.url,
    OUTBOUND_ALLOW: '127.0.0.0/8,::1',
    TELEGRAM_API_URL: telegram.url,
    PUBLIC_URL: 'https://desk.example.com',
    DELIVERY_PAUSE_AFTER: '3',
  });
  setOutboxSettings({ emailEnabled: true, publicUrl: ctx.config.PUBLIC_URL });
  // users.email_verified_at is migration 0015's (account e-mails); present here either way.
  await ctx.database.db.execute(sql`alter table users add column if not exists email_verified_at timestamptz`);
});

afterAll(async () => {
  setOutboxSettings({ emailEnabled: false, publicUrl: 'http://localhost:3000' });
  await ctx?.close();
  await Promise.all([smtp?.close(), hook?.close(), telegram?.close(), discord?.close()]);
});

afterEach(() => {
  for (const r of [hook, telegram, discord]) r.requests.length = 0;
});

function worker(overrides: Partial<typeof ctx.config> = {}) {
  return new DeliveryWorker({ db: ctx.database.db, config: { ...ctx.config, ...overrides }, now });
}

/** A user written directly: registration would enqueue its own verification e-mail (account e-mails). */
async function user(verified: boolean) {
  const name = uniqueName();
  const email = `${name}@example.com`;
  const rows = (await ctx.database.db.execute(
    sql`insert into users (username, email, password_hash, email_verified_at) values (${name}, ${email}, 'scrypt$10$8$1$x$y', ${verified ? now() : null}) returning id`,
  )) as unknown as { rows: { id: number }[] };
  return { userId: rows.rows[0]!.id, email };
}

async function channel(userId: number, kind: ChannelKind, config: ChannelConfig, name = `${kind} channel`) {
  const [row] = await ctx.database.db
    .insert(notificationChannels)
    .values({ userId, kind, name, config, secret: kind === 'webhook' ? SECRET : null })
    .returning();
  return row!;
}

async function alertOn(userId: number, channelIds: number[]): Promise<AlertRow> {
  const project = await seedUniOnEthereum(ctx.database.db, userId);
  const [pool] = await ctx.database.db.select().from(pools).where(eq(pools.projectId, project.id));
  const [alert] = await ctx.database.db
    .insert(alerts)
    .values({ userId, poolId: pool!.id, kind: 'large_swap', minAmount: '5', cooldownMinutes: 0 })
    .returning();
  if (channelIds.length)
    await ctx.database.db
      .insert(alertChannels)
      .values(channelIds.map((channelId) => ({ alertId: alert!.id, channelId })));
  return alert!;
}

let block = 1_000n;
async function fire(alert: AlertRow, message = 'A buy of 12.5 WETH on UNI/WETH (at least 5 WETH).') {
  block += 1n;
  await recordFiring(
    ctx.database.db,
    {
      alert,
      at: now(),
      values: { amount_token: '12.5', min_amount: '5', tx_hash: '0xabc', block_number: block.toString() },
      notice: { title: 'Large swap on UNI/WETH', message, navigationUrl: `/alerts/${alert.id}` },
    },
    { networkId: 1, blockNumber: block },
  );
  return block;
}

const rowsOfChannel = (channelId: number) =>
  ctx.database.db.select().from(outbox).where(eq(outbox.channelId, channelId)).orderBy(outbox.id);

describe('alert delivery', () => {
  it('a firing enqueues one message per channel in its transaction, and the worker delivers each', async () => {
    const u = await user(true);
    const email = await channel(u.userId, 'email', {});
    const web = await channel(u.userId, 'webhook', { url: `${hook.url}/hooks/1` });
    const tg = await channel(u.userId, 'telegram', { bot_token: BOT_TOKEN, chat_id: '-1001' });
    const dc = await channel(u.userId, 'discord', { webhook_url: `${discord.url}/api/webhooks/1/tok` });
    const alert = await alertOn(u.userId, [email.id, web.id, tg.id, dc.id]);
    const firedAt = await fire(alert);

    const rows = await ctx.database.db.select().from(outbox).where(eq(outbox.userId, u.userId)).orderBy(outbox.id);
    expect(rows.map((r) => [r.kind, r.category, r.status, r.blockNumber])).toEqual([
      ['email', 'alert', 'pending', firedAt],
      ['webhook', 'alert', 'pending', firedAt],
      ['telegram', 'alert', 'pending', firedAt],
      ['discord', 'alert', 'pending', firedAt],
    ]);

    expect(await worker().runOnce()).toBeGreaterThanOrEqual(4);
    const mail = await smtp.waitFor((m) => m.to.includes(u.email as string));
    expect(mail.subject).toBe('TokenDesk: Large swap on UNI/WETH');
    expect(mail.text).toContain('A buy of 12.5 WETH on UNI/WETH');
    expect(mail.text).toContain(`Block number: ${firedAt}`);
    expect(mail.text).toContain(`https://desk.example.com/alerts/${alert.id}`);
    expect(mail.html).toContain(`href="https://desk.example.com/alerts/${alert.id}"`);
    expect(mail.headers['message-id']).toBe(`<${rows[0]!.messageId}@tokendesk>`);

    expect(hook.requests).toHaveLength(1);
    expect(telegram.requests).toHaveLength(1);
    expect(telegram.requests[0]!.path).toBe(`/bot${BOT_TOKEN}/sendMessage`);
    const tgBody = JSON.parse(telegram.requests[0]!.body) as { chat_id: string; text: string };
    expect(tgBody.chat_id).toBe('-1001');
    expect(tgBody.text).toContain(`Block ${firedAt}`);
    expect(discord.requests).toHaveLength(1);
    expect(discord.requests[0]!.path).toBe('/api/webhooks/1/tok?wait=true');
    expect(JSON.parse(discord.requests[0]!.body)).toMatchObject({ allowed_mentions: { parse: [] } });

    const after = await ctx.database.db.select().from(outbox).where(eq(outbox.userId, u.userId));
    expect(after.every((r) => r.status === 'delivered' && r.attempts === 1 && r.deliveredAt !== null)).toBe(true);
    // Nothing is sent twice: a second pass finds nothing due.
    expect(await worker().runOnce()).toBe(0);
  });

  it('no e-mail row for an unverified address, nor when SMTP is not configured; the other channels still go', async () => {
    const u = await user(false);
    const email = await channel(u.userId, 'email', {});
    const web = await channel(u.userId, 'webhook', { url: `${hook.url}/hooks/2` });
    const alert = await alertOn(u.userId, [email.id, web.id]);
    await fire(alert);
    expect((await rowsOfChannel(email.id)).length).toBe(0);
    expect((await rowsOfChannel(web.id)).length).toBe(1);

    await ctx.database.db.execute(sql`update users set email_verified_at = now() where id = ${u.userId}`);
    setOutboxSettings({ emailEnabled: false, publicUrl: ctx.config.PUBLIC_URL });
    try {
      await fire(alert);
    } finally {
      setOutboxSettings({ emailEnabled: true, publicUrl: ctx.config.PUBLIC_URL });
    }
    expect((await rowsOfChannel(email.id)).length).toBe(0);
    await fire(alert);
    expect((await rowsOfChannel(email.id)).length).toBe(1);
    // The bell is written every time.
    expect((await ctx.database.db.select().from(notifications).where(eq(notifications.userId, u.userId))).length).toBe(
      3,
    );
  });

  it('signs webhooks as Standard Webhooks says; the signature verifies with the library and the id is the message id', async () => {
    const u = await user(false);
    const web = await channel(u.userId, 'webhook', { url: `${hook.url}/hooks/3` });
    const alert = await alertOn(u.userId, [web.id]);
    const firedAt = await fire(alert);
    await worker().runOnce();
    const req = hook.requests.find((r) => r.path === '/hooks/3');
    const [row] = await rowsOfChannel(web.id);
    expect(req!.headers['webhook-id']).toBe(row!.messageId);
    const verified = new Webhook(SECRET).verify(req!.body, {
      'webhook-id': req!.headers['webhook-id'] as string,
      'webhook-timestamp': req!.headers['webhook-timestamp'] as string,
      'webhook-signature': req!.headers['webhook-signature'] as string,
    }) as { type: string; data: Record<string, unknown> };
    expect(verified.type).toBe('alert.triggered');
    expect(verified.data).toMatchObject({
      title: 'Large swap on UNI/WETH',
      block_number: firedAt.toString(),
      network_id: 1,
      alert: { id: alert.id, kind: 'large_swap' },
    });
    // A tampered body does not verify.
    expect(() =>
      new Webhook(SECRET).verify(req!.body.replace('12.5', '99'), req!.headers as Record<string, string>),
    ).toThrow();
  });

  it('retries after a 500 with backoff, then delivers the same message id once', async () => {
    const u = await user(false);
    const web = await channel(u.userId, 'webhook', { url: `${hook.url}/hooks/4` });
    const alert = await alertOn(u.userId, [web.id]);
    await fire(alert);
    hook.answer({ status: 500 });
    const w = worker();
    expect(await w.runOnce()).toBe(1);
    let [row] = await rowsOfChannel(web.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastResponseCode: 500, lockedUntil: null });
    expect(row!.lastError).toContain('HTTP 500');
    expect(row!.nextAttemptAt.getTime() - clock).toBe(backoffMs(1, row!.messageId));
    expect(await w.runOnce()).toBe(0); // not due yet
    clock += backoffMs(1, row!.messageId);
    expect(await w.runOnce()).toBe(1);
    [row] = await rowsOfChannel(web.id);
    expect(row).toMatchObject({ status: 'delivered', attempts: 2, lastResponseCode: 200, lastError: null });
    expect(hook.requests.map((r) => r.headers['webhook-id'])).toEqual([row!.messageId, row!.messageId]);
    expect(hook.acknowledged()).toHaveLength(1);
  });

  it('a receiver that never answers times out after 10 s and counts as a failure', async () => {
    const u = await user(false);
    const web = await channel(u.userId, 'webhook', { url: `${hook.url}/hooks/5` });
    const alert = await alertOn(u.userId, [web.id]);
    await fire(alert);
    hook.answer({ hang: true });
    const started = Date.now();
    await worker().runOnce();
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(9_900);
    expect(took).toBeLessThan(20_000);
    let [row] = await rowsOfChannel(web.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastResponseCode: null });
    expect(row!.lastError).toContain('timed out after 10 s');
    clock += backoffMs(1, row!.messageId);
    await worker().runOnce();
    [row] = await rowsOfChannel(web.id);
    expect(row!.status).toBe('delivered');
  }, 60_000);

  it("honours Telegram's parameters.retry_after and Discord's retry_after (seconds, float)", async () => {
    const u = await user(false);
    const tg = await channel(u.userId, 'telegram', { bot_token: BOT_TOKEN, chat_id: '42' });
    const dc = await channel(u.userId, 'discord', { webhook_url: `${discord.url}/api/webhooks/2/tok` });
    const alert = await alertOn(u.userId, [tg.id, dc.id]);
    await fire(alert);
    telegram.answer({ status: 429, retryAfter: 7 });
    discord.answer({ status: 429, retryAfter: 2.5 });
    const start = clock;
    await worker().runOnce();
    const [t] = await rowsOfChannel(tg.id);
    const [d] = await rowsOfChannel(dc.id);
    expect(t).toMatchObject({ status: 'pending', lastResponseCode: 429 });
    expect(d).toMatchObject({ status: 'pending', lastResponseCode: 429 });
    expect(t!.nextAttemptAt.getTime() - start).toBe(7_000);
    expect(d!.nextAttemptAt.getTime() - start).toBe(2_500);
    clock = start + 2_499;
    expect(await worker().runOnce()).toBe(0);
    clock = start + 2_500;
    expect(await worker().runOnce()).toBe(1); // Discord only
    clock = start + 7_000;
    expect(await worker().runOnce()).toBe(1); // then Telegram
    expect((await rowsOfChannel(tg.id))[0]!.status).toBe('delivered');
    expect((await rowsOfChannel(dc.id))[0]!.status).toBe('delivered');
    expect(telegram.requests).toHaveLength(2);
    expect(discord.requests).toHaveLength(2);
  });

  it('gives up after DELIVERY_RETRY_HOURS and marks the message failed', async () => {
    const u = await user(false);
    const web = await channel(u.userId, 'webhook', { url: `${hook.url}/hooks/6` });
    const alert = await alertOn(u.userId, [web.id]);
    await fire(alert);
    const w = worker();
    const created = (await rowsOfChannel(web.id))[0]!.createdAt.getTime();
    let attempts = 0;
    for (;;) {
      const [row] = await rowsOfChannel(web.id);
      if (row!.status !== 'pending') break;
      clock = Math.max(clock, row!.nextAttemptAt.getTime());
      hook.answer({ status: 500 });
      attempts += await w.runOnce();
      expect(attempts).toBeLessThan(60);
    }
    const [row] = await rowsOfChannel(web.id);
    expect(row!.status).toBe('failed');
    // About a day of exponential backoff capped at an hour: 30 s, 1, 2, 4 … 32 min, then hourly.
    expect(attempts).toBeGreaterThan(20);
    expect(clock - created).toBeLessThanOrEqual(24 * 3_600_000);
    expect(clock - created).toBeGreaterThan(22 * 3_600_000);
  });

  it('messages are cut to the chat limits with an ellipsis, the link kept', async () => {
    const u = await user(false);
    const tg = await channel(u.userId, 'telegram', { bot_token: BOT_TOKEN, chat_id: '42' });
    const dc = await channel(u.userId, 'discord', { webhook_url: `${discord.url}/api/webhooks/3/tok` });
    const alert = await alertOn(u.userId, [tg.id, dc.id]);
    await fire(alert, 'x'.repeat(10_000));
    await worker().runOnce();
    const text = (JSON.parse(telegram.requests[0]!.body) as { text: string }).text;
    const content = (JSON.parse(discord.requests[0]!.body) as { content: string }).content;
    expect(Array.from(text)).toHaveLength(TELEGRAM_MAX);
    expect(Array.from(content)).toHaveLength(DISCORD_MAX);
    expect(text).toContain('…\nhttps://desk.example.com/alerts/');
    expect(content.endsWith(`/alerts/${alert.id}`)).toBe(true);
  });

  it('a reorganisation cancels the pending messages of the firings it withdrew', async () => {
    const u = await user(false);
    const web = await channel(u.userId, 'webhook', { url: `${hook.url}/hooks/7` });
    const alert = await alertOn(u.userId, [web.id]);
    const b1 = await fire(alert);
    await fire(alert);
    // The rollback's own step (indexer/reorg-store.ts) withdraws the firing and cancels its message.
    expect(await ctx.database.db.transaction((tx) => withdrawFiringsAbove(tx, 1, b1))).toBe(1);
    expect(await cancelPendingAbove(ctx.database.db, 1, b1)).toBe(0);
    const rows = await rowsOfChannel(web.id);
    expect(rows.map((r) => r.status)).toEqual(['pending', 'cancelled']);
    await worker().runOnce();
    expect(hook.requests).toHaveLength(1);
  });
});

describe('SSRF', () => {
  it('a loopback webhook is refused when OUTBOUND_ALLOW does not list it: nothing reaches it and the message fails at once', async () => {
    const u = await user(false);
    const web = await channel(u.userId, 'webhook', { url: `${hook.url}/hooks/8` });
    const local = await channel(u.userId, 'discord', {
      webhook_url: discord.url.replace('127.0.0.1', 'localhost') + '/api/webhooks/9/tok',
    });
    const alert = await alertOn(u.userId, [web.id, local.id]);
    await fire(alert);
    await worker({ OUTBOUND_ALLOW: '' }).runOnce();
    const [row] = await rowsOfChannel(web.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row!.lastError).toContain('127.0.0.1 is a private, loopback or reserved address');
    // By name: the check runs in the connection's own lookup.
    const [byName] = await rowsOfChannel(local.id);
    expect(byName!.status).toBe('failed');
    expect(byName!.lastError).toMatch(/127\.0\.0\.1|::1/);
    expect(hook.requests).toHaveLength(0);
    expect(discord.requests).toHaveLength(0);
  });
});

describe('several workers, one database', () => {
  it('two workers deliver each of 30 messages exactly once', async () => {
    const u = await user(false);
    const web = await channel(u.userId, 'webhook', { url: `${hook.url}/hooks/many` });
    const alert = await alertOn(u.userId, [web.id]);
    for (let i = 0; i < 30; i += 1) await fire(alert);
    const [a, b] = await Promise.all([worker().runOnce(), worker().runOnce()]);
    expect(a + b).toBe(30);
    const ids = hook.requests.map((r) => r.headers['webhook-id']);
    expect(new Set(ids).size).toBe(30);
    expect(ids).toHaveLength(30);
    const rows = await rowsOfChannel(web.id);
    expect(rows.every((r) => r.status === 'delivered' && r.attempts === 1)).toBe(true);
  });
});

describe('pausing', () => {
  it('pauses a channel after DELIVERY_PAUSE_AFTER failed messages, tells the owner (bell and e-mail), and holds its messages until resumed', async () => {
    const u = await user(true);
    const dc = await channel(
      u.userId,
      'discord',
      { webhook_url: `${discord.url}/api/webhooks/4/gone` },
      'Team Discord',
    );
    const alert = await alertOn(u.userId, [dc.id]);
    discord.answer({ status: 404 }, { status: 404 }, { status: 404 });
    for (let i = 0; i < 3; i += 1) await fire(alert);
    // A deleted webhook (404) fails at once: three failed messages in a row pause the channel; the
    // same pass then sends the e-mail that says so.
    expect(await worker().runOnce()).toBe(4);
    expect(discord.requests).toHaveLength(3);
    const [ch] = await ctx.database.db.select().from(notificationChannels).where(eq(notificationChannels.id, dc.id));
    expect(ch!.status).toBe('paused');
    expect(ch!.pausedReason).toContain('3 messages in a row could not be delivered');
    expect(ch!.pausedReason).toContain('HTTP 404');
    const bell = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, u.userId));
    expect(bell.find((n) => n.title === 'Channel paused: Team Discord')?.message).toContain(
      'Discord channel "Team Discord" is paused',
    );
    const mail = await smtp.waitFor(
      (m) => m.to.includes(u.email as string) && m.subject === 'TokenDesk: Channel paused: Team Discord',
    );
    expect(mail.text).toContain('https://desk.example.com/settings/channels');

    // While paused, new messages wait.
    await fire(alert);
    expect(await worker().runOnce()).toBe(0);
    const waiting = await rowsOfChannel(dc.id);
    expect(waiting[waiting.length - 1]!.status).toBe('pending');
    // Resumed (the owner's PATCH), it goes out.
    await ctx.database.db
      .update(notificationChannels)
      .set({ status: 'active', pausedAt: null, pausedReason: null })
      .where(eq(notificationChannels.id, dc.id));
    expect(await worker().runOnce()).toBe(1);
    const [after] = await ctx.database.db.select().from(notificationChannels).where(eq(notificationChannels.id, dc.id));
    expect(after!.consecutiveFailures).toBe(0);
  });
});

describe('send test and account e-mails', () => {
  it('sendTest delivers at once and answers what happened; a failing test is not retried', async () => {
    const u = await user(true);
    const web = await channel(u.userId, 'webhook', { url: `${hook.url}/hooks/test` }, 'My hook');
    const ok = await sendTest({ db: ctx.database.db, config: ctx.config }, web);
    expect(ok).toMatchObject({ sent: true, status: 'delivered', responseCode: 200 });
    expect(JSON.parse(hook.requests[0]!.body)).toMatchObject({
      type: 'channel.test',
      data: { title: 'Test message for "My hook"' },
    });
    hook.answer({ status: 500 });
    const bad = await sendTest({ db: ctx.database.db, config: ctx.config }, web);
    expect(bad).toMatchObject({ sent: true, status: 'failed', responseCode: 500 });
    const email = await channel(u.userId, 'email', {});
    expect(await sendTest({ db: ctx.database.db, config: ctx.config }, email)).toMatchObject({
      sent: true,
      status: 'delivered',
    });
    expect(await sendTest({ db: ctx.database.db, config: { ...ctx.config, SMTP_URL: undefined } }, email)).toEqual({
      sent: false,
      reason: 'E-mail is not configured on this server.',
    });
  });

  it('an account e-mail enqueued with enqueueEmail arrives through SMTP; a 4xx from the server is retried', async () => {
    const content = renderEmail({
      title: 'Verify your address',
      message: 'Follow the link.',
      url: 'https://desk.example.com/verify?token=t',
      footer: 'f',
    });
    await worker().runOnce(); // whatever earlier tests left due, so the 451 is this message's
    smtp.failNext(1);
    const id = await ctx.database.db.transaction((tx) =>
      enqueueEmail(tx, { userId: null, to: 'someone@example.com', category: 'account', content }),
    );
    await worker().runOnce();
    let [row] = await ctx.database.db.select().from(outbox).where(eq(outbox.messageId, id));
    expect(row).toMatchObject({ status: 'pending', lastResponseCode: 451 });
    clock += backoffMs(1, id);
    await worker().runOnce();
    [row] = await ctx.database.db.select().from(outbox).where(eq(outbox.messageId, id));
    expect(row).toMatchObject({ status: 'delivered', lastResponseCode: 250 });
    const mail = await smtp.waitFor((m) => m.to.includes('someone@example.com'));
    expect(mail.subject).toBe('TokenDesk: Verify your address');
    expect(mail.from).toBe('TokenDesk <no-reply@localhost>');
  });

  it('an SMTP server that never answers counts as a failure after 10 s', async () => {
    const content = renderEmail({ title: 'Stuck', message: 'm', url: 'https://desk.example.com/', footer: 'f' });
    await worker().runOnce();
    smtp.hangNext(1);
    const id = await ctx.database.db.transaction((tx) =>
      enqueueEmail(tx, { userId: null, to: 'stuck@example.com', category: 'account', content }),
    );
    const w = worker();
    const started = Date.now();
    await w.runOnce();
    const took = Date.now() - started;
    await w.stop();
    expect(took).toBeGreaterThanOrEqual(9_900);
    expect(took).toBeLessThan(20_000);
    const [row] = await ctx.database.db.select().from(outbox).where(eq(outbox.messageId, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.lastError).toMatch(/timed out|timeout/i);
    clock += backoffMs(1, id);
    await worker().runOnce();
    const [after] = await ctx.database.db.select().from(outbox).where(eq(outbox.messageId, id));
    expect(after!.status).toBe('delivered');
  }, 60_000);

  it('start() delivers on its own when a message is committed (LISTEN/NOTIFY), and stop() ends it', async () => {
    const w = new DeliveryWorker({ db: ctx.database.db, config: ctx.config, pollMs: 60_000 });
    w.start();
    try {
      await new Promise((r) => setTimeout(r, 500)); // LISTEN established
      const content = renderEmail({ title: 'Woken', message: 'm', url: 'https://desk.example.com/', footer: 'f' });
      await ctx.database.db.transaction((tx) =>
        enqueueEmail(tx, { userId: null, to: 'woken@example.com', category: 'account', content }),
      );
      const mail = await smtp.waitFor((m) => m.to.includes('woken@example.com'), 5_000);
      expect(mail.subject).toBe('TokenDesk: Woken');
    } finally {
      await w.stop();
    }
  });
});
