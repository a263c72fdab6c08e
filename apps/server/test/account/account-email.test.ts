import { accountMessages as m, fillMessage } from '@tokendesk/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { DeliveryWorker } from '../../src/delivery/worker';
import {
  FORGOT_MAX_PER_ADDRESS,
  FORGOT_MAX_PER_IP,
  RESEND_MAX_PER_USER,
} from '../../src/features/account/email-routes';
import { sha256Hex } from '../../src/lib/tokens';
import { basic, bearer, createTestContext, signUp, uniqueName, type TestContext } from '../helpers';
import { startSmtpServer, type CapturedMail, type TestSmtpServer } from '../setup/smtp';

/** Account e-mails through the outbox and a real SMTP server (decision 0039, product §2.4, §2.12). */

const PUBLIC_URL = 'http://tokendesk.test:8080';
const NEW_PASSWORD = 'copper-walrus-48-orchard';

let smtp: TestSmtpServer;
let ctx: TestContext;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});
beforeEach(async () => {
  ctx = await createTestContext({ SMTP_URL: smtp.url, PUBLIC_URL });
});
afterEach(async () => {
  await ctx?.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  ctx.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers, remoteAddress });
const info = (authorization: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/v1/user/info/', headers: { authorization } });
const login = (username: string, password: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/v1/user/login/', headers: { authorization: basic(username, password) } });

/** Rows the outbox holds for an address (the payload's recipient). */
async function outboxFor(address: string): Promise<{ category: string; subject: string }[]> {
  return queryRows(
    ctx.database.db,
    sql`select category, payload->>'subject' as subject from outbox where lower(payload->>'to') = lower(${address}) order by id`,
  );
}

/** Runs the delivery worker until the outbox has nothing due. */
async function deliver(): Promise<void> {
  const worker = new DeliveryWorker({ db: ctx.database.db, config: ctx.config, log: ctx.app.log });
  for (let round = 0; round < 10; round++) if ((await worker.runOnce()) === 0) return;
}

/** The next e-mail to `address` whose subject matches, delivered through SMTP. */
async function mailTo(address: string, subject: RegExp): Promise<CapturedMail> {
  await deliver();
  return smtp.waitFor(
    (mail) => mail.to.some((to) => to.toLowerCase() === address.toLowerCase()) && subject.test(mail.subject),
    10_000,
  );
}

const mailsTo = (address: string) =>
  smtp.messages.filter((mail) => mail.to.some((to) => to.toLowerCase() === address.toLowerCase()));

/** The token of the link in an e-mail: in the fragment, which no request carries (issue 29). */
function linkToken(mail: CapturedMail, path: string): string {
  const match = new RegExp(`${PUBLIC_URL.replace(/[.:/]/g, '\\$&')}${path}#token=([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in: ${mail.text}`);
  // The HTML carries the same link, escaped; and the token is in no query anywhere.
  expect(mail.html).toContain(`${PUBLIC_URL}${path}#token=${match[1]}`);
  expect(`${mail.text}${mail.html}`).not.toContain('?token=');
  return match[1]!;
}

/** Waits until background work (the reset request runs after its answer) has written its row. */
async function untilOutbox(address: string, count: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await outboxFor(address)).length < count) {
    if (Date.now() > deadline) throw new Error(`outbox never held ${count} rows for ${address}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('verification at registration', () => {
  it('sends a single-use link; the account works unverified; the link verifies it once and only the hash is stored', async () => {
    const u = await signUp(ctx.app, { full_name: '<b>Ada</b> Lovelace' });
    const before = await info(bearer(u.token));
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({ email: u.email, email_verified: false, pending_email: null });

    const mail = await mailTo(u.email, /Verify your e-mail address/);
    expect(mail.subject).toBe('Verify your e-mail address for TokenDesk');
    expect(mail.text).toContain('TokenDesk');
    expect(mail.text).toContain('expires in 24 hours');
    // Escaped in HTML, never markup from the user's own name; no images or tracking.
    expect(mail.html).toContain('Hello &lt;b&gt;Ada&lt;/b&gt;,');
    expect(mail.html).not.toContain('<b>Ada');
    expect(mail.html).not.toMatch(/<img|<script/i);
    const token = linkToken(mail, '/verify-email');

    const stored = await queryRows<{ token_hash: string; purpose: string }>(
      ctx.database.db,
      sql`select token_hash, purpose from email_tokens where user_id = ${u.userId}`,
    );
    expect(stored).toEqual([{ token_hash: sha256Hex(token), purpose: 'verify' }]);
    const dump = JSON.stringify(await queryRows(ctx.database.db, sql`select * from email_tokens`));
    expect(dump).not.toContain(token);

    const ok = await post('/account/verify-email/', { token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ detail: m.emailVerified, email: u.email });
    expect((await info(bearer(u.token))).json()).toMatchObject({ email_verified: true });

    const again = await post('/account/verify-email/', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: m.tokenUsed, errors: [{ field: 'token', message: m.tokenUsed }] });
  });

  it('refuses an expired link, a made-up one and bad input, and changes nothing', async () => {
    const u = await signUp(ctx.app);
    const token = linkToken(await mailTo(u.email, /Verify/), '/verify-email');
    const cases: [object, string][] = [
      [{}, m.tokenRequired],
      [{ token: '' }, m.tokenRequired],
      [{ token: 'not a token!' }, m.tokenInvalid],
      [{ token: `${token}x` }, m.tokenInvalid],
      [{ token: 42 }, m.tokenRequired],
    ];
    for (const [payload, detail] of cases) {
      const res = await post('/account/verify-email/', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().detail, JSON.stringify(payload)).toBe(detail);
    }
    expect((await post('/account/verify-email/', { token, extra: 1 })).statusCode).toBe(400);

    ctx.advance(24 * 60 * 60 * 1000 + 60_000);
    const expired = await post('/account/verify-email/', { token });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().detail).toBe(m.tokenExpired);
    // (The 24 h session has ended too: Basic.)
    expect((await info(basic(u.username, u.password))).json().email_verified).toBe(false);
  });

  it(`'Resend' sends a new link, at most ${RESEND_MAX_PER_USER} times a window; a verified address gets 409`, async () => {
    const u = await signUp(ctx.app);
    await mailTo(u.email, /Verify/);
    const resend = () => post('/account/verify-email/resend/', {}, { authorization: bearer(u.token) });
    for (let i = 0; i < RESEND_MAX_PER_USER; i++) {
      const res = await resend();
      expect(res.statusCode).toBe(200);
      expect(res.json().detail).toBe(fillMessage(m.verificationSent, { email: u.email }));
    }
    const limited = await resend();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    await deliver();
    await untilMails(u.email, 1 + RESEND_MAX_PER_USER);
    // Every link sent works (the newest and the first alike) until used.
    const first = linkToken(mailsTo(u.email)[0]!, '/verify-email');
    expect((await post('/account/verify-email/', { token: first })).statusCode).toBe(200);

    ctx.advance(16 * 60_000);
    const done = await resend();
    expect(done.statusCode).toBe(409);
    expect(done.json().detail).toBe(m.alreadyVerified);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/account/verify-email/resend/' })).statusCode).toBe(
      401,
    );
  });

  it('the options route says e-mail is configured', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/options/' });
    expect(res.json()).toEqual({ email_configured: true, support_contact: null });
  });
});

async function untilMails(address: string, count: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (mailsTo(address).length < count) {
    if (Date.now() > deadline) throw new Error(`${address} got ${mailsTo(address).length} e-mails, not ${count}`);
    await deliver();
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('change of e-mail address', () => {
  const changeEmail = (token: string, new_email: string, password: string) =>
    post('/user/change-email/', { new_email, password }, { authorization: bearer(token) });

  it('takes effect only when the link sent to the new address is followed; the old address is told, without a link', async () => {
    const u = await signUp(ctx.app);
    const newEmail = `${uniqueName('new')}@example.org`;
    const res = await changeEmail(u.token, newEmail, u.password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: u.email, pending_email: newEmail });
    expect((await info(bearer(u.token))).json()).toMatchObject({ email: u.email, pending_email: newEmail });

    const confirm = await mailTo(newEmail, /Confirm your new e-mail address/);
    const notice = await mailTo(u.email, /change of your TokenDesk e-mail address was requested/);
    expect(notice.text).toContain(newEmail);
    expect(notice.text).toContain('contact TokenDesk support');
    expect(notice.text).not.toContain('token=');
    expect(notice.html).not.toContain('token=');
    const token = linkToken(confirm, '/verify-email');
    // Still the old address, e.g. for signing in with Basic and for the profile.
    expect((await info(bearer(u.token))).json().email).toBe(u.email);

    const ok = await post('/account/verify-email/', { token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ detail: fillMessage(m.emailChangedTo, { email: newEmail }), email: newEmail });
    expect((await info(bearer(u.token))).json()).toMatchObject({
      email: newEmail,
      email_verified: true,
      pending_email: null,
    });
    const done = await mailTo(u.email, /e-mail address was changed/);
    expect(done.text).toContain(newEmail);

    expect((await post('/account/verify-email/', { token })).json().detail).toBe(m.tokenUsed);
    // The first verification link went to the old address: it no longer verifies anything.
    const oldLink = linkToken(mailsTo(u.email).find((mail) => /Verify/.test(mail.subject))!, '/verify-email');
    expect((await post('/account/verify-email/', { token: oldLink })).statusCode).toBe(400);
  });

  it('checks the address again when the link is followed, and a cancelled change leaves a dead link', async () => {
    const a = await signUp(ctx.app);
    const wanted = `${uniqueName('wanted')}@example.org`;
    expect((await changeEmail(a.token, wanted, a.password)).statusCode).toBe(200);
    const token = linkToken(await mailTo(wanted, /Confirm/), '/verify-email');
    // Someone registers the address meanwhile and proves it first (a pending change does not
    // reserve it); an account that only typed it would not stand in the way (decision 0053).
    const rival = await signUp(ctx.app, { email: wanted.toUpperCase() });
    const rivalToken = linkToken(await mailTo(wanted, /Verify/), '/verify-email');
    expect((await post('/account/verify-email/', { token: rivalToken })).statusCode).toBe(200);
    expect((await info(bearer(rival.token))).json().email_verified).toBe(true);
    const taken = await post('/account/verify-email/', { token });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toBe(m.emailTaken);
    expect((await info(bearer(a.token))).json()).toMatchObject({ email: a.email, pending_email: wanted });

    const other = `${uniqueName('other')}@example.org`;
    expect((await changeEmail(a.token, other, a.password)).json().pending_email).toBe(other);
    // A newer request replaces the older one: its link is gone.
    expect((await post('/account/verify-email/', { token })).json().detail).toBe(m.tokenInvalid);
    const otherToken = linkToken(await mailTo(other, /Confirm/), '/verify-email');
    const cancelled = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/v1/account/email/pending/',
      headers: { authorization: bearer(a.token) },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ email: a.email, pending_email: null });
    expect((await post('/account/verify-email/', { token: otherToken })).statusCode).toBe(400);
    expect((await info(bearer(a.token))).json().email).toBe(a.email);
  });

  it('a wrong password enqueues nothing; a taken address gets a notice, no link', async () => {
    const a = await signUp(ctx.app);
    const b = await signUp(ctx.app);
    const target = `${uniqueName('t')}@example.org`;
    expect((await changeEmail(a.token, target, 'wrong-password-77')).statusCode).toBe(400);
    expect(await outboxFor(target)).toEqual([]);
    expect((await outboxFor(a.email)).map((r) => r.category)).toEqual(['account']); // the verification only
    expect((await changeEmail(a.token, b.email, a.password)).statusCode).toBe(200);
    expect((await outboxFor(b.email)).map((r) => r.subject)).toEqual([
      'Verify your e-mail address for TokenDesk',
      'Someone asked to use your e-mail address at TokenDesk',
    ]);
  });
});

describe('forgot password', () => {
  const forgot = (email: string, remoteAddress = '127.0.0.1') =>
    post('/auth/forgot-password/', { email }, {}, remoteAddress);
  const reset = (token: string, password: string) => post('/auth/reset-password/', { token, password });

  it('answers the same for a known and an unknown address and e-mails only the account', async () => {
    const u = await signUp(ctx.app);
    const unknown = `${uniqueName('nobody')}@example.org`;
    const known = await forgot(u.email.toUpperCase());
    const missing = await forgot(unknown);
    expect(known.statusCode).toBe(200);
    expect(missing.statusCode).toBe(200);
    expect(known.body).toBe(missing.body);
    expect(known.json()).toEqual({ detail: m.resetRequested });
    const headers = (h: Record<string, unknown>) =>
      Object.keys(h)
        .filter((k) => !['date', 'x-request-id'].includes(k))
        .sort();
    expect(headers(known.headers)).toEqual(headers(missing.headers));

    await untilOutbox(u.email, 2);
    const mail = await mailTo(u.email, /Reset your TokenDesk password/);
    expect(mail.text).toContain('expires in 30 minutes');
    linkToken(mail, '/reset-password');
    await deliver();
    expect(mailsTo(unknown)).toEqual([]);
    expect(await outboxFor(unknown)).toEqual([]);
  });

  it('answers before the work is done: a request for an account does not wait for its link to be written', async () => {
    const u = await signUp(ctx.app);
    await untilOutbox(u.email, 1);
    // While another transaction holds email_tokens, writing a reset link has to wait; an answer
    // that waited for it would take as long, and would tell a known address from an unknown one.
    await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table email_tokens in access exclusive mode`);
      const answer = forgot(u.email);
      const res = await Promise.race([answer, new Promise<null>((resolve) => setTimeout(() => resolve(null), 5000))]);
      expect(res?.statusCode, 'the answer waited for the reset link to be written').toBe(200);
      expect(await outboxFor(u.email)).toHaveLength(1);
    });
    // Once the lock is gone the link is written and sent.
    await untilOutbox(u.email, 2);
    linkToken(await mailTo(u.email, /Reset your/), '/reset-password');
  });

  it('a reset link sets a new password once, revokes every session and cached Basic credential, and verifies the address', async () => {
    const u = await signUp(ctx.app);
    const second = (await login(u.username, u.password)).json().token as string;
    // A Basic credential verified once is cached (BASIC_AUTH_CACHE_SECONDS); the reset must void it.
    expect((await info(basic(u.username, u.password))).statusCode).toBe(200);
    expect((await forgot(u.email)).statusCode).toBe(200);
    await untilOutbox(u.email, 2);
    const token = linkToken(await mailTo(u.email, /Reset your/), '/reset-password');

    // The registration rules apply; a refused password leaves the link usable.
    const weak = await reset(token, 'password1');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors[0].field).toBe('password');
    expect((await reset(token, 'short')).json().detail).toBe(m.passwordTooShort);
    expect((await reset(token, u.username + '-lantern-42')).json().detail).toBe(m.passwordContainsUsername);
    expect((await info(bearer(u.token))).statusCode).toBe(200);

    const ok = await reset(token, NEW_PASSWORD);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ detail: m.passwordReset });
    expect((await info(bearer(u.token))).statusCode).toBe(401);
    expect((await info(bearer(second))).statusCode).toBe(401);
    expect((await info(basic(u.username, u.password))).statusCode).toBe(401);
    expect((await login(u.username, u.password)).statusCode).toBe(401);
    const fresh = await login(u.username, NEW_PASSWORD);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().user.email_verified).toBe(true);
    await mailTo(u.email, /password was reset/);

    const reused = await reset(token, 'another-fine-phrase-93');
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ detail: m.tokenUsed, errors: [{ field: 'token', message: m.tokenUsed }] });
    expect((await login(u.username, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('a reset link expires after 30 minutes; a verification link is no reset link', async () => {
    const u = await signUp(ctx.app);
    const verifyToken = linkToken(await mailTo(u.email, /Verify/), '/verify-email');
    expect((await reset(verifyToken, NEW_PASSWORD)).json().detail).toBe(m.tokenInvalid);
    await forgot(u.email);
    await untilOutbox(u.email, 2);
    const token = linkToken(await mailTo(u.email, /Reset your/), '/reset-password');
    // Nor is a reset link a verification link (and trying does not spend it).
    expect((await post('/account/verify-email/', { token })).json().detail).toBe(m.tokenInvalid);
    ctx.advance(31 * 60_000);
    const expired = await reset(token, NEW_PASSWORD);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().detail).toBe(m.tokenExpired);
    expect((await login(u.username, u.password)).statusCode).toBe(200);
  });

  it(`is limited to ${FORGOT_MAX_PER_ADDRESS} per address (known or not) and ${FORGOT_MAX_PER_IP} per client address`, async () => {
    const u = await signUp(ctx.app);
    const unknown = `${uniqueName('ghost')}@example.org`;
    for (const email of [u.email, unknown]) {
      for (let i = 0; i < FORGOT_MAX_PER_ADDRESS; i++)
        expect((await forgot(email, `10.0.0.${i + 1}`)).statusCode).toBe(200);
      const limited = await forgot(email, '10.0.1.1');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().detail).toMatch(/^Too many password reset requests\. Please try again in \d+ minutes?\.$/);
    }
    const ip = '10.9.9.9';
    for (let i = 0; i < FORGOT_MAX_PER_IP; i++)
      expect((await forgot(`${uniqueName('x')}@example.org`, ip)).statusCode).toBe(200);
    expect((await forgot(`${uniqueName('x')}@example.org`, ip)).statusCode).toBe(429);
    await untilOutbox(u.email, 1 + FORGOT_MAX_PER_ADDRESS);
    expect((await outboxFor(u.email)).length).toBe(1 + FORGOT_MAX_PER_ADDRESS);
  });

  it('bad input answers 400 and sends nothing', async () => {
    for (const payload of [{}, { email: '' }, { email: 'not-an-address' }, { email: 'a@example.org', username: 'x' }]) {
      const res = await post('/auth/forgot-password/', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    for (const payload of [
      {},
      { token: 'abc' },
      { password: NEW_PASSWORD },
      { token: 'abc', password: NEW_PASSWORD, confirm: 1 },
    ]) {
      const res = await post('/auth/reset-password/', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await reset('A'.repeat(43), NEW_PASSWORD)).json().detail).toBe(m.tokenInvalid);
    const rows = await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from outbox`);
    expect(rows[0]!.n).toBe(0);
  });
});

describe('without SMTP_URL', () => {
  let plain: TestContext;
  beforeEach(async () => {
    plain = await createTestContext({ PUBLIC_URL });
  });
  afterEach(async () => {
    await plain.close();
  });

  it('registration works and enqueues nothing; e-mail routes say e-mail is not configured; a change applies at once, unverified', async () => {
    const u = await signUp(plain.app);
    const count = async () =>
      (await queryRows<{ n: number }>(plain.database.db, sql`select count(*)::int as n from outbox`))[0]!.n;
    expect(await count()).toBe(0);
    expect((await plain.app.inject({ method: 'GET', url: '/api/v1/auth/options/' })).json()).toEqual({
      email_configured: false,
      support_contact: null,
    });

    const resend = await plain.app.inject({
      method: 'POST',
      url: '/api/v1/account/verify-email/resend/',
      headers: { authorization: bearer(u.token) },
    });
    expect(resend.statusCode).toBe(409);
    expect(resend.json().detail).toBe(m.emailNotConfigured);
    const forgot = await plain.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password/',
      payload: { email: u.email },
    });
    expect(forgot.statusCode).toBe(409);
    expect(forgot.json().detail).toBe(m.forgotPasswordNoEmail);

    const changed = await plain.app.inject({
      method: 'POST',
      url: '/api/v1/user/change-email/',
      headers: { authorization: bearer(u.token) },
      payload: { new_email: 'plain-change@example.org', password: u.password },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      email: 'plain-change@example.org',
      email_verified: false,
      pending_email: null,
    });
    expect(await count()).toBe(0);
  });
});
