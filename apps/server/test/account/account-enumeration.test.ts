import { accountMessages as m, fillMessage } from '@tokendesk/contract';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { DeliveryWorker } from '../../src/delivery/worker';
import { basic, bearer, createTestContext, GOOD_PASSWORD, registerBody, type TestContext } from '../helpers';
import { startSmtpServer, type CapturedMail, type TestSmtpServer } from '../setup/smtp';

/**
 * Issue 29, item 6: registration and a change of e-mail address must not tell whether an address
 * has an account (they answered 409 'A user with that email address already exists.'). Two
 * servers with the same history, except that in one the address is taken: the same requests must
 * get byte-identical answers, the address's mailbox is told by e-mail (a real SMTP server), and
 * the account that typed a taken address gets no link that could take it (decision 0053).
 */

const PUBLIC_URL = 'http://tokendesk.test:8080';
const opened: { ctx: TestContext; smtp: TestSmtpServer }[] = [];
afterEach(async () => {
  for (const { ctx, smtp } of opened.splice(0)) {
    await ctx.close();
    await smtp.close();
  }
});

interface World {
  ctx: TestContext;
  smtp: TestSmtpServer;
  register(body: Record<string, unknown>): Promise<LightMyRequestResponse>;
  outboxTo(address: string): Promise<{ subject: string; text: string }[]>;
  mailTo(address: string, subject: RegExp): Promise<CapturedMail>;
}

async function world(): Promise<World> {
  const smtp = await startSmtpServer();
  const ctx = await createTestContext({ SMTP_URL: smtp.url, PUBLIC_URL });
  opened.push({ ctx, smtp });
  const worker = new DeliveryWorker({ db: ctx.database.db, config: ctx.config, log: ctx.app.log });
  return {
    ctx,
    smtp,
    register: (body) => ctx.app.inject({ method: 'POST', url: '/api/v1/user/register/', payload: body }),
    outboxTo: (address) =>
      queryRows(
        ctx.database.db,
        sql`select payload->>'subject' as subject, payload->>'text' as text from outbox where lower(payload->>'to') = lower(${address}) order by id`,
      ),
    // Delivers until the e-mail arrives (a reset request writes its row after its answer).
    async mailTo(address, subject) {
      const deadline = Date.now() + 15_000;
      for (;;) {
        await worker.runOnce();
        const mail = smtp.messages.find(
          (m) => m.to.some((to) => to.toLowerCase() === address.toLowerCase()) && subject.test(m.subject),
        );
        if (mail) return mail;
        if (Date.now() > deadline)
          throw new Error(
            `no e-mail '${subject.source}' to ${address}: ${smtp.messages.map((x) => x.subject).join(' | ')}`,
          );
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}

/** Status, body and headers, but for the two that differ on every answer (date, request id). */
function answer(res: LightMyRequestResponse) {
  const headers = Object.fromEntries(Object.entries(res.headers).filter(([k]) => k !== 'date' && k !== 'x-request-id'));
  return { status: res.statusCode, body: res.body, headers };
}

const TAKEN = 'owner@example.org';
const TAKEN_TOO = 'second-owner@example.org';

/**
 * Two servers, the same accounts in the same order; in `taken` the first two own TAKEN and
 * TAKEN_TOO (proved: verified), in `free` they own other addresses.
 */
async function twoWorlds() {
  const taken = await world();
  const free = await world();
  const seed = async (w: World, emails: [string, string]) => {
    for (const [i, email] of emails.entries()) {
      const res = await w.register(registerBody({ username: `holder${i}`, email }));
      expect(res.statusCode).toBe(201);
    }
    await w.ctx.database.db.execute(sql`update users set email_verified_at = now()`);
  };
  await seed(taken, [TAKEN, TAKEN_TOO]);
  await seed(free, ['someone@example.net', 'someone-else@example.net']);
  return { taken, free };
}

describe('registration with a taken e-mail address', () => {
  it('answers byte for byte as with a free one; the owner is told by e-mail; the new account gets no link for the address', async () => {
    const { taken, free } = await twoWorlds();
    const body = registerBody({ username: 'newcomer', email: TAKEN.toUpperCase() });
    const a = await taken.register(body);
    const b = await free.register(body);
    expect(a.statusCode).toBe(201);
    expect(answer(a)).toEqual(answer(b));
    expect(a.body).not.toContain('already exists');

    // Signed in, the new account looks the same in both worlds too: the address, unverified.
    const info = async (w: World) => {
      const res = await w.ctx.app.inject({
        method: 'GET',
        url: '/api/v1/user/info/',
        headers: { authorization: basic('newcomer', GOOD_PASSWORD) },
      });
      return answer(res);
    };
    const infoTaken = await info(taken);
    expect(infoTaken.status).toBe(200);
    expect(infoTaken).toEqual(await info(free));
    expect(JSON.parse(infoTaken.body)).toMatchObject({
      email: TAKEN.toUpperCase(),
      email_verified: false,
      pending_email: null,
    });

    // The owner's mailbox hears of it; no verification link goes out for the new account.
    const notice = await taken.mailTo(TAKEN, /Someone registered at TokenDesk with your e-mail address/);
    expect(notice.text).toContain("account 'newcomer'");
    expect(notice.text).toContain("already on the TokenDesk account 'holder0'");
    expect(notice.text).not.toContain('token=');
    expect(notice.html).not.toContain('token=');
    expect((await taken.outboxTo(TAKEN)).map((r) => r.subject)).toEqual([
      'Verify your e-mail address for TokenDesk', // holder0's own, at its registration
      'Someone registered at TokenDesk with your e-mail address',
    ]);
    // The one link that went to the address is holder0's own.
    const verifyMails = taken.smtp.messages.filter((x) => x.to.includes(TAKEN) && /Verify/.test(x.subject));
    expect(verifyMails.map((x) => /account '([^']+)'/.exec(x.text)?.[1])).toEqual(['holder0']);

    // With a free address: the normal flow only, the verification link, and no notice.
    expect((await free.outboxTo(TAKEN)).map((r) => r.subject)).toEqual(['Verify your e-mail address for TokenDesk']);
    expect((await free.mailTo(TAKEN, /Verify your e-mail address/)).text).toContain('/verify-email#token=');

    // 'Resend' answers alike and sends nothing to the owner's address.
    const resend = async (w: World) =>
      answer(
        await w.ctx.app.inject({
          method: 'POST',
          url: '/api/v1/account/verify-email/resend/',
          headers: { authorization: basic('newcomer', GOOD_PASSWORD) },
        }),
      );
    const resent = await resend(taken);
    expect(resent).toEqual(await resend(free));
    expect(JSON.parse(resent.body).detail).toBe(fillMessage(m.verificationSent, { email: TAKEN.toUpperCase() }));
    expect(await taken.outboxTo(TAKEN)).toHaveLength(2);

    // The address cannot be taken from its owner: 'Forgot password?' sends the owner's link only.
    const forgot = await taken.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password/',
      payload: { email: TAKEN },
    });
    expect(forgot.statusCode).toBe(200);
    const reset = await taken.mailTo(TAKEN, /Reset your TokenDesk password/);
    expect(reset.text).toContain("account 'holder0'");
    const resetRows = await queryRows<{ username: string }>(
      taken.ctx.database.db,
      sql`select u.username from email_tokens e join users u on u.id = e.user_id where e.purpose = 'reset'`,
    );
    expect(resetRows).toEqual([{ username: 'holder0' }]);
  });

  it('a taken username still answers 409 (usernames are public and must be unique)', async () => {
    const { taken } = await twoWorlds();
    const res = await taken.register(registerBody({ username: 'HOLDER0' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: m.usernameTaken, errors: [{ field: 'username', message: m.usernameTaken }] });
  });
});

describe('change of e-mail address to a taken one', () => {
  it('answers byte for byte as with a free one; the owner is told, and no link can move the address', async () => {
    const { taken, free } = await twoWorlds();
    const mover = registerBody({ username: 'mover', email: 'mover@example.com' });
    for (const w of [taken, free]) expect((await w.register(mover)).statusCode).toBe(201);
    const change = async (w: World) => {
      const login = await w.ctx.app.inject({
        method: 'GET',
        url: '/api/v1/user/login/',
        headers: { authorization: basic('mover', GOOD_PASSWORD) },
      });
      const token = login.json().token as string;
      const res = await w.ctx.app.inject({
        method: 'POST',
        url: '/api/v1/user/change-email/',
        headers: { authorization: bearer(token) },
        payload: { new_email: TAKEN_TOO, password: GOOD_PASSWORD },
      });
      const info = await w.ctx.app.inject({
        method: 'GET',
        url: '/api/v1/user/info/',
        headers: { authorization: bearer(token) },
      });
      return { res: answer(res), info: answer(info) };
    };
    const a = await change(taken);
    const b = await change(free);
    expect(a.res.status).toBe(200);
    expect(a.res).toEqual(b.res);
    expect(a.info).toEqual(b.info);
    expect(JSON.parse(a.res.body)).toMatchObject({ email: 'mover@example.com', pending_email: TAKEN_TOO });

    // The owner of the address is told, without a link; the mover's own address hears as usual.
    const notice = await taken.mailTo(TAKEN_TOO, /Someone asked to use your e-mail address at TokenDesk/);
    expect(notice.text).toContain("The TokenDesk account 'mover' asked to use second-owner@example.org");
    expect(notice.text).not.toContain('token=');
    expect((await taken.outboxTo(TAKEN_TOO)).map((r) => r.subject)).toEqual([
      'Verify your e-mail address for TokenDesk',
      'Someone asked to use your e-mail address at TokenDesk',
    ]);
    // A free address gets the confirmation link (the normal flow), and nothing else.
    expect((await free.outboxTo(TAKEN_TOO)).map((r) => r.subject)).toEqual([
      'Confirm your new e-mail address for TokenDesk',
    ]);
    for (const w of [taken, free]) {
      expect((await w.outboxTo('mover@example.com')).map((r) => r.subject)).toEqual([
        'Verify your e-mail address for TokenDesk',
        'A change of your TokenDesk e-mail address was requested',
      ]);
    }
  });

  it('without e-mail a taken address is answered alike too: set at once, unverified, and it proves nothing', async () => {
    const plainTaken = await createTestContext({ PUBLIC_URL });
    const plainFree = await createTestContext({ PUBLIC_URL });
    opened.push(
      { ctx: plainTaken, smtp: { close: async () => {} } as TestSmtpServer },
      { ctx: plainFree, smtp: { close: async () => {} } as TestSmtpServer },
    );
    const reg = (ctx: TestContext, body: Record<string, unknown>) =>
      ctx.app.inject({ method: 'POST', url: '/api/v1/user/register/', payload: body });
    expect((await reg(plainTaken, registerBody({ username: 'holder0', email: TAKEN }))).statusCode).toBe(201);
    expect((await reg(plainFree, registerBody({ username: 'holder0', email: 'other@example.net' }))).statusCode).toBe(
      201,
    );
    await plainTaken.database.db.execute(sql`update users set email_verified_at = now()`);
    const body = registerBody({ username: 'newcomer', email: 'first@example.com' });
    const runs = [];
    for (const ctx of [plainTaken, plainFree]) {
      const registered = answer(await reg(ctx, body));
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/user/change-email/',
        headers: { authorization: basic('newcomer', GOOD_PASSWORD) },
        payload: { new_email: TAKEN, password: GOOD_PASSWORD },
      });
      runs.push({ registered, changed: answer(res) });
    }
    expect(runs[0]).toEqual(runs[1]);
    expect(JSON.parse(runs[0]!.changed.body)).toMatchObject({ email: TAKEN, email_verified: false });
    // The owner keeps the proved address; nothing was queued (no e-mail on this server).
    const owners = await queryRows(
      plainTaken.database.db,
      sql`select username, email_verified_at is not null as verified from users where lower(email) = lower(${TAKEN}) order by id`,
    );
    expect(owners).toEqual([
      { username: 'holder0', verified: true },
      { username: 'newcomer', verified: false },
    ]);
    expect(await queryRows(plainTaken.database.db, sql`select id from outbox`)).toEqual([]);
  });
});

describe('an address has one prover', () => {
  it('a second account cannot be verified for an address another account proved (unique among verified accounts)', async () => {
    const w = await world();
    expect((await w.register(registerBody({ username: 'first1', email: 'race@example.org' }))).statusCode).toBe(201);
    expect((await w.register(registerBody({ username: 'second2', email: 'race@example.org' }))).statusCode).toBe(201);
    // Both typed the address before either proved it; the first got the link (the second a notice).
    const link = await w.mailTo('race@example.org', /Verify your e-mail address/);
    const token = /#token=([A-Za-z0-9_-]+)/.exec(link.text)![1]!;
    expect(
      (await w.ctx.app.inject({ method: 'POST', url: '/api/v1/account/verify-email/', payload: { token } })).statusCode,
    ).toBe(200);
    // The database refuses a second proved copy whatever the code does.
    await expect(
      w.ctx.database.db.execute(sql`update users set email_verified_at = now() where username = 'second2'`),
    ).rejects.toThrow();
  });
});
