import { Writable } from 'node:stream';
import { accountMessages, staffAccountMessages as sm } from '@tokendesk/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { loadConfig } from '../../src/config';
import { auditEvents, emailTokens, users } from '../../src/db/schema';
import { basic, bearer, createTestContext, GOOD_PASSWORD, signUp, type TestContext } from '../helpers';

/**
 * Staff issue a one-time password-reset link (decision 0058, issue 29 item 8): staff only, the
 * account looked up by username or address, the link shown in the answer once, working once, the
 * issue in the audit trail, the token in no log line.
 */

const PUBLIC_URL = 'https://desk.example.test';
const NEW_PASSWORD = 'amber-quarry-58-lighthouse';

/** The token of a link, wherever the link format carries it (query now, maybe the fragment later). */
export function tokenOfLink(link: string): string {
  const url = new URL(link);
  const token = url.searchParams.get('token') ?? new URLSearchParams(url.hash.slice(1)).get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

let ctx: TestContext;
const logLines: string[] = [];

beforeAll(async () => {
  // Every log line at the most talkative level, to look for the token in them afterwards.
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  ctx = await createTestContext(
    { PUBLIC_URL, SUPPORT_CONTACT: 'help@desk.example.test' },
    { app: { logger: { level: 'trace', stream } } },
  );
});
afterAll(async () => {
  await ctx?.close();
});

async function staffUser() {
  const staff = await signUp(ctx.app);
  await ctx.app.db.update(users).set({ isStaff: true }).where(eq(users.id, staff.userId));
  return staff;
}

const lookup = (token: string, login: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/staff/users/lookup/',
    headers: { authorization: bearer(token) },
    payload: { login },
  });
const issue = (token: string, userId: number | string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/staff/users/${userId}/reset-link/`,
    headers: { authorization: bearer(token) },
    payload: {},
  });
const resetWith = (token: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/auth/reset-password/', payload: { token, password } });
const signIn = (username: string, password: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/v1/user/login/', headers: { authorization: basic(username, password) } });

describe('staff reset links', () => {
  it('staff find the account by username or address, issue a link that resets the password once, and the issue is audited', async () => {
    const staff = await staffUser();
    const owner = await signUp(ctx.app);

    const byName = await lookup(staff.token, owner.username.toUpperCase());
    expect(byName.statusCode, byName.body).toBe(200);
    expect(byName.json()).toEqual({
      id: owner.userId,
      username: owner.username,
      email: owner.email,
      first_name: 'Grace',
      last_name: 'Brewster Hopper',
      is_staff: false,
    });
    const byAddress = await lookup(staff.token, ` ${owner.email.toUpperCase()} `);
    expect(byAddress.json()).toMatchObject({ id: owner.userId });

    const before = Date.now();
    const issued = await issue(staff.token, owner.userId);
    expect(issued.statusCode, issued.body).toBe(201);
    expect(issued.headers['cache-control']).toBe('no-store');
    const { url, expires_at, username } = issued.json() as { url: string; expires_at: string; username: string };
    expect(username).toBe(owner.username);
    expect(url.startsWith(`${PUBLIC_URL}/reset-password`)).toBe(true);
    // 30 minutes, like an e-mailed reset link.
    const ttl = Date.parse(expires_at) - before;
    expect(ttl).toBeGreaterThan(29.9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(30 * 60_000 + 5_000);
    const token = tokenOfLink(url);

    // Only the hash is stored; the link is bound to no address (it proves none).
    const rows = await ctx.app.db.select().from(emailTokens).where(eq(emailTokens.userId, owner.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ purpose: 'reset', newEmail: null, usedAt: null });
    expect(JSON.stringify(rows)).not.toContain(token);

    const [event] = await ctx.app.db.select().from(auditEvents).where(eq(auditEvents.subjectUserId, owner.userId));
    expect(event).toMatchObject({
      action: 'reset_link_issued',
      actorKind: 'staff',
      actorUserId: staff.userId,
      actorName: staff.username,
      subjectName: owner.username,
    });
    expect(JSON.stringify(event)).not.toContain(token);

    // The owner's session ends with the reset; the old password stops working, the new one works.
    const reset = await resetWith(token, NEW_PASSWORD);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().detail).toBe(accountMessages.passwordReset);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/v1/user/info/',
          headers: { authorization: bearer(owner.token) },
        })
      ).statusCode,
    ).toBe(401);
    expect((await signIn(owner.username, GOOD_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(owner.username, NEW_PASSWORD)).statusCode).toBe(200);

    // Single use.
    const again = await resetWith(token, 'another-fine-92-passphrase');
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toBe(accountMessages.tokenUsed);
    expect((await signIn(owner.username, NEW_PASSWORD)).statusCode).toBe(200);

    // A link handed over by staff reached no mailbox: the address stays unverified.
    const [after] = await ctx.app.db.select().from(users).where(eq(users.id, owner.userId));
    expect(after!.emailVerifiedAt).toBeNull();

    // The audit list in the staff console.
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/staff/audit-events/',
      headers: { authorization: bearer(staff.token) },
    });
    expect(list.statusCode).toBe(200);
    expect((list.json() as { events: unknown[] }).events).toContainEqual(
      expect.objectContaining({
        action: 'reset_link_issued',
        actor_kind: 'staff',
        actor_name: staff.username,
        subject_user_id: owner.userId,
        subject_name: owner.username,
      }),
    );
    expect(list.body).not.toContain(token);

    // No log line, at trace level, holds the token (the staff answer, the reset request, nothing).
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.filter((line) => line.includes(token))).toEqual([]);
  });

  it('the link expires after 30 minutes', async () => {
    const staff = await staffUser();
    const owner = await signUp(ctx.app);
    const { url } = (await issue(staff.token, owner.userId)).json() as { url: string };
    ctx.advance(30 * 60_000 + 1_000);
    const late = await resetWith(tokenOfLink(url), NEW_PASSWORD);
    expect(late.statusCode).toBe(400);
    expect(late.json().detail).toBe(accountMessages.tokenExpired);
    expect((await signIn(owner.username, GOOD_PASSWORD)).statusCode).toBe(200);
  });

  it('is for staff only: a user gets 403 and no link, signed out 401', async () => {
    const user = await signUp(ctx.app);
    const victim = await signUp(ctx.app);
    const asUser = await issue(user.token, victim.userId);
    expect(asUser.statusCode).toBe(403);
    expect(asUser.body).not.toContain('reset-password');
    expect((await lookup(user.token, victim.username)).statusCode).toBe(403);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/v1/staff/audit-events/',
          headers: { authorization: bearer(user.token) },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/v1/staff/users/${victim.userId}/reset-link/`, payload: {} }))
        .statusCode,
    ).toBe(401);
    const tokens = await ctx.app.db.select().from(emailTokens).where(eq(emailTokens.userId, victim.userId));
    expect(tokens).toEqual([]);
    const events = await ctx.app.db.select().from(auditEvents).where(eq(auditEvents.subjectUserId, victim.userId));
    expect(events).toEqual([]);
  });

  it('answers 4xx with the reason for an unknown user, bad input and staff accounts, and changes nothing', async () => {
    const staff = await staffUser();
    const otherStaff = await staffUser();
    const count = async () => (await ctx.app.db.select({ n: sql<number>`count(*)::int` }).from(auditEvents))[0]!.n;
    const before = await count();

    const unknown = await lookup(staff.token, 'nobody-at-all@example.com');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe(sm.userNotFound);
    const empty = await lookup(staff.token, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([{ field: 'login', message: sm.lookupRequired }]);
    expect((await lookup(staff.token, 'x'.repeat(255))).statusCode).toBe(400);
    expect((await lookup(staff.token, 12)).statusCode).toBe(400);
    expect((await lookup(staff.token, 'a\u0000b')).statusCode).toBeLessThan(500);

    const missing = await issue(staff.token, 2_000_000_000);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe(sm.userNotFound);
    expect((await issue(staff.token, 'abc')).statusCode).toBe(400);

    // A staff account (another's, or one's own) gets no link from the console.
    for (const target of [otherStaff, staff]) {
      const refused = await issue(staff.token, target.userId);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().detail).toBe(sm.staffTarget);
    }
    const found = await lookup(staff.token, otherStaff.username);
    expect(found.json()).toMatchObject({ is_staff: true });
    expect(await count()).toBe(before);
  });

  it('a username that looks like another account’s address finds the username’s account', async () => {
    const staff = await staffUser();
    const mailOwner = await signUp(ctx.app);
    const nameOwner = await signUp(ctx.app, {
      username: mailOwner.email.toUpperCase(),
      email: `other-${mailOwner.email}`,
    });
    const found = await lookup(staff.token, mailOwner.email);
    expect(found.json()).toMatchObject({ id: nameOwner.userId });
  });
});

describe('SUPPORT_CONTACT', () => {
  it('the forgot-password page learns whom to ask from auth/options', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/options/' });
    expect(res.json()).toEqual({ email_configured: false, support_contact: 'help@desk.example.test' });
  });

  it('is an e-mail address or an http(s) URL; anything else stops the start with a readable message', () => {
    expect(loadConfig({ SUPPORT_CONTACT: ' help@desk.example ' }).SUPPORT_CONTACT).toBe('help@desk.example');
    expect(loadConfig({ SUPPORT_CONTACT: 'https://help.example/desk' }).SUPPORT_CONTACT).toBe(
      'https://help.example/desk',
    );
    expect(loadConfig({}).SUPPORT_CONTACT).toBeUndefined();
    for (const bad of ['javascript:alert(1)', 'Room 4, ask Ann', 'ftp://x.example', `${'a'.repeat(250)}@x.example`]) {
      expect(() => loadConfig({ SUPPORT_CONTACT: bad }), bad).toThrow(
        /SUPPORT_CONTACT=.*(e-mail address or an http|at most 254)/,
      );
    }
  });
});

describe('with e-mail on', () => {
  let mailCtx: TestContext;
  beforeAll(async () => {
    // Nothing delivers in this app (no delivery worker): the outbox row is what would be sent.
    mailCtx = await createTestContext({ SMTP_URL: 'smtp://127.0.0.1:9', PUBLIC_URL });
  });
  afterAll(async () => {
    await mailCtx?.close();
  });

  it('the owner is told that a link issued by staff or the operator reset the password', async () => {
    const staff = await signUp(mailCtx.app);
    await mailCtx.app.db.update(users).set({ isStaff: true }).where(eq(users.id, staff.userId));
    const owner = await signUp(mailCtx.app);
    const issued = await mailCtx.app.inject({
      method: 'POST',
      url: `/api/v1/staff/users/${owner.userId}/reset-link/`,
      headers: { authorization: bearer(staff.token) },
      payload: {},
    });
    const token = tokenOfLink((issued.json() as { url: string }).url);
    expect(
      (
        await mailCtx.app.inject({
          method: 'POST',
          url: '/api/v1/auth/reset-password/',
          payload: { token, password: NEW_PASSWORD },
        })
      ).statusCode,
    ).toBe(200);
    const list = await queryRows<{ subject: string; text: string }>(
      mailCtx.app.db,
      sql`select payload->>'subject' as subject, payload->>'text' as text from outbox where lower(payload->>'to') = lower(${owner.email}) order by id`,
    );
    const notice = list.find((r) => r.subject === 'Your TokenDesk password was reset');
    expect(notice?.text).toContain("with a one-time link issued by TokenDesk support staff or the server's operator");
    expect(list.map((r) => r.text).join('\n')).not.toContain(token);
  });
});
