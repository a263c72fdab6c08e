import { accountMessages as m } from '@tokendesk/contract';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/lib/tokens';
import { queryRows } from '../../src/db/client';
import { basic, bearer, createTestContext, GOOD_PASSWORD, registerBody, signUp, type TestContext } from '../helpers';

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(async () => {
  await ctx.close();
});

const register = (payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/user/register/', payload: payload as object });
const login = (username: string, password: string, query = '') =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/v1/user/login/${query}`,
    headers: { authorization: basic(username, password) },
  });
const info = (authorization: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/v1/user/info/', headers: { authorization } });
const userCount = async () => {
  const rows = await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from users`);
  return rows[0]!.n;
};

describe('POST user/register/', () => {
  it('creates the account, splits the full name and returns no secret', async () => {
    const body = registerBody({ full_name: '  Ada   Lovelace Byron ' });
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    const { user } = res.json();
    expect(user).toEqual({
      id: expect.any(Number),
      username: body.username,
      email: body.email,
      first_name: 'Ada',
      last_name: 'Lovelace Byron',
      is_staff: false,
      // No SMTP_URL in this context: no link was sent, and nothing waits (decision 0039).
      email_verified: false,
      pending_email: null,
      password_change_required: false,
    });
    expect(res.body).not.toContain('scrypt');
    const rows = await queryRows<{ password_hash: string }>(ctx.database.db, sql`select password_hash from users`);
    expect(rows[0]!.password_hash).toMatch(/^scrypt\$10\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
  });

  it('a single-word full name gives an empty last name; the trailing slash is optional', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/register',
      payload: registerBody({ full_name: 'Plato' }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ first_name: 'Plato', last_name: '' });
  });

  it('reports the first failure in the order of product §4, one rule at a time', async () => {
    const steps: [Record<string, unknown>, string][] = [
      [{}, m.fullNameRequired],
      [{ full_name: '   ' }, m.fullNameRequired],
      [{ full_name: 'Ada Lovelace' }, m.emailRequired],
      [{ email: '' }, m.emailRequired],
      [{ email: 'ada@' }, m.emailInvalid],
      [{ email: 'ada@example.com' }, m.usernameRequired],
      [{ username: 'ada' }, m.usernameTooShort],
      [{ username: 'ada_l' }, m.passwordRequired],
      [{ password: 'seven77' }, m.passwordTooShort],
      [{ password: GOOD_PASSWORD }, m.passwordsDoNotMatch],
      [{ confirm_password: `${GOOD_PASSWORD}x` }, m.passwordsDoNotMatch],
      [{ confirm_password: GOOD_PASSWORD }, m.termsRequired],
      [{ accept_terms: false }, m.termsRequired],
    ];
    let body: Record<string, unknown> = {};
    for (const [change, expected] of steps) {
      body = { ...body, ...change };
      const res = await register(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().detail, JSON.stringify(body)).toBe(expected);
      expect(res.json().errors[0]).toEqual({ field: expect.any(String), message: expected });
    }
    expect(await userCount()).toBe(0);
    expect((await register({ ...body, accept_terms: true })).statusCode).toBe(201);
  });

  it('lists every failing field in form order', async () => {
    const res = await register({
      full_name: '',
      email: 'x',
      username: 'ab',
      password: 'short',
      confirm_password: 'no',
      accept_terms: false,
    });
    expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual([
      'full_name',
      'email',
      'username',
      'password',
      'confirm_password',
      'accept_terms',
    ]);
  });

  it('refuses common passwords, case-insensitively', async () => {
    for (const password of ['password1', 'Password1', 'qwertyuiop']) {
      const res = await register(registerBody({ password, confirm_password: password }));
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe(m.passwordTooCommon);
    }
    expect(await userCount()).toBe(0);
  });

  it('refuses a taken username (any case) with 409; a taken e-mail is answered as a free one (decision 0053)', async () => {
    const first = registerBody();
    expect((await register(first)).statusCode).toBe(201);
    const sameName = await register(registerBody({ username: first.username.toUpperCase() }));
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toEqual({
      detail: m.usernameTaken,
      errors: [{ field: 'username', message: m.usernameTaken }],
    });
    const sameEmail = await register(registerBody({ email: first.email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(201);
    expect(sameEmail.json().user).toMatchObject({ email: first.email.toUpperCase(), email_verified: false });
    expect(await userCount()).toBe(2);
  });

  it('refuses unknown fields (is_staff cannot be self-granted), malformed and oversized bodies; nothing is stored', async () => {
    const withStaff = await register(registerBody({ is_staff: true }));
    expect(withStaff.statusCode).toBe(400);
    expect(withStaff.json().errors).toContainEqual({ field: 'is_staff', message: "Unknown field 'is_staff'." });

    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/register/',
      headers: { 'content-type': 'application/json' },
      payload: '{"full_name": "Ada", "email": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ detail: 'The request body is not valid JSON.', errors: [] });

    const huge = await register(registerBody({ full_name: 'A'.repeat(ctx.config.BODY_LIMIT_BYTES + 10) }));
    expect(huge.statusCode).toBe(400);
    expect(huge.json().detail).toBe('The request body is too large.');

    const longName = await register(registerBody({ full_name: 'A'.repeat(301) }));
    expect(longName.statusCode).toBe(400);
    expect(longName.json().detail).toBe(m.fullNameTooLong);

    const wrongTypes = await register(registerBody({ accept_terms: 'yes', username: 12345 }));
    expect(wrongTypes.statusCode).toBe(400);

    expect(await userCount()).toBe(0);
  });
});

describe('GET user/login/', () => {
  it('returns user, an opaque token and a 24 h expiry; only the token hash is stored', async () => {
    const body = registerBody();
    await register(body);
    const res = await login(body.username, body.password);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { token, expires_at, user } = res.json();
    expect(user.username).toBe(body.username);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const hours = (Date.parse(expires_at) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    const rows = await queryRows<Record<string, unknown>>(ctx.database.db, sql`select * from sessions`);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(sha256Hex(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("'Remember me' gives 30 days", async () => {
    const body = registerBody();
    await register(body);
    const res = await login(body.username, body.password, '?remember=true');
    const days = (Date.parse(res.json().expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('answers a wrong password and an unknown user alike, without a Basic challenge', async () => {
    const body = registerBody();
    await register(body);
    const wrong = await login(body.username, 'not-the-password');
    const unknown = await login('nobody-here', 'not-the-password');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: m.loginFailed, errors: [] });
      expect(res.headers['www-authenticate']).toBeUndefined();
    }
    const none = await ctx.app.inject({ method: 'GET', url: '/api/v1/user/login/' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBeUndefined();
  });

  it('verifies the password exactly as typed: no trimming, no truncation, long passwords', async () => {
    const password = `  ${'ünïcödé-pässwörd '.repeat(12)}  `; // > 200 characters with spaces at both ends
    const body = registerBody({ password, confirm_password: password });
    expect((await register(body)).statusCode).toBe(201);
    expect((await login(body.username, password)).statusCode).toBe(200);
    expect((await login(body.username, password.trim())).statusCode).toBe(401);
    expect((await login(body.username, password.slice(0, 128))).statusCode).toBe(401);
    expect((await login(body.username, password.normalize('NFD'))).statusCode).toBe(401);
  });

  it('accepts the username in any case', async () => {
    const body = registerBody();
    await register(body);
    expect((await login(body.username.toUpperCase(), body.password)).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('a bearer token reaches user/info; garbage, expired and revoked tokens get 401', async () => {
    const u = await signUp(ctx.app);
    const ok = await info(bearer(u.token));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ username: u.username, email: u.email });

    expect((await info(bearer('x'.repeat(43)))).statusCode).toBe(401);
    expect((await info('Token abc')).statusCode).toBe(401);
    const none = await ctx.app.inject({ method: 'GET', url: '/api/v1/user/info/' });
    expect(none.statusCode).toBe(401);
    expect(none.json().detail).toBe('Authentication credentials were not provided.');

    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/logout/',
      headers: { authorization: bearer(u.token) },
    });
    expect(logout.statusCode).toBe(200);
    const revoked = await info(bearer(u.token));
    expect(revoked.statusCode).toBe(401);
    expect(revoked.headers['www-authenticate']).toBeUndefined();
  });

  it('a session expires after 24 h, a remembered one after 30 days', async () => {
    const u = await signUp(ctx.app);
    const remembered = (await login(u.username, u.password, '?remember=true')).json().token as string;
    ctx.advance(24 * 3_600_000 + 60_000);
    expect((await info(bearer(u.token))).statusCode).toBe(401);
    expect((await info(bearer(remembered))).statusCode).toBe(200);
    ctx.advance(29 * 86_400_000);
    expect((await info(bearer(remembered))).statusCode).toBe(401);
  });

  it('logout revokes only the session it was called with', async () => {
    const u = await signUp(ctx.app);
    const other = (await login(u.username, u.password)).json().token as string;
    await ctx.app.inject({ method: 'POST', url: '/api/v1/user/logout', headers: { authorization: bearer(u.token) } });
    expect((await info(bearer(u.token))).statusCode).toBe(401);
    expect((await info(bearer(other))).statusCode).toBe(200);
  });

  it('one user cannot see another user through their token', async () => {
    const a = await signUp(ctx.app);
    const b = await signUp(ctx.app);
    expect((await info(bearer(a.token))).json().username).toBe(a.username);
    expect((await info(bearer(b.token))).json().username).toBe(b.username);
  });
});

describe('HTTP Basic on authenticated routes', () => {
  it('works, refuses a wrong password, and is cached without weakening a password change', async () => {
    const u = await signUp(ctx.app);
    expect((await info(basic(u.username, u.password))).statusCode).toBe(200);
    expect((await info(basic(u.username, 'wrong-password'))).statusCode).toBe(401);
    // Cached now; a password change must void the cached credential at once.
    expect((await info(basic(u.username, u.password))).statusCode).toBe(200);
    const newPassword = 'amber-quokka-51-meadow';
    const change = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/change-password/',
      headers: { authorization: basic(u.username, u.password) },
      payload: { old_password: u.password, new_password: newPassword },
    });
    expect(change.statusCode).toBe(200);
    expect((await info(basic(u.username, u.password))).statusCode).toBe(401);
    expect((await info(basic(u.username, newPassword))).statusCode).toBe(200);
  });

  it('the cache is keyed on the exact password', async () => {
    const u = await signUp(ctx.app);
    expect((await info(basic(u.username, u.password))).statusCode).toBe(200);
    expect((await info(basic(u.username, `${u.password} `))).statusCode).toBe(401);
  });
});

describe('PATCH user/info/update/', () => {
  it('changes first and last name (trimmed)', async () => {
    const u = await signUp(ctx.app);
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/user/info/update/',
      headers: { authorization: bearer(u.token) },
      payload: { first_name: ' Katherine ', last_name: 'Johnson' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ first_name: 'Katherine', last_name: 'Johnson', username: u.username });
    expect((await info(bearer(u.token))).json()).toMatchObject({ first_name: 'Katherine', last_name: 'Johnson' });
  });

  it('cannot change username, e-mail or is_staff; refuses names over 150 characters', async () => {
    const u = await signUp(ctx.app);
    for (const payload of [
      { first_name: 'X', username: 'hijack' },
      { email: 'new@example.com' },
      { is_staff: true },
      { first_name: 'A'.repeat(151) },
      { last_name: 42 },
    ]) {
      const res = await ctx.app.inject({
        method: 'PATCH',
        url: '/api/v1/user/info/update/',
        headers: { authorization: bearer(u.token) },
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await info(bearer(u.token))).json()).toEqual({
      id: u.userId,
      username: u.username,
      email: u.email,
      first_name: 'Grace',
      last_name: 'Brewster Hopper',
      is_staff: false,
      email_verified: false,
      pending_email: null,
      password_change_required: false,
    });
  });
});

describe('POST user/change-email/', () => {
  const changeEmail = (token: string, payload: object) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/change-email/',
      headers: { authorization: bearer(token) },
      payload,
    });

  it('validates, answers a taken address as a free one, and changes the e-mail', async () => {
    const a = await signUp(ctx.app);
    const b = await signUp(ctx.app);
    for (const new_email of ['', 'not-an-email', 'a@b']) {
      const res = await changeEmail(a.token, { new_email, password: a.password });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe(m.emailInvalid);
    }
    const taken = await changeEmail(a.token, { new_email: b.email.toUpperCase(), password: a.password });
    expect(taken.statusCode).toBe(200);
    expect(taken.json().email).toBe(b.email.toUpperCase());

    const ok = await changeEmail(a.token, { new_email: 'katherine@example.org', password: a.password });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().email).toBe('katherine@example.org');
    expect((await info(bearer(a.token))).json().email).toBe('katherine@example.org');
  });
});

describe('POST user/change-password/', () => {
  const changePassword = (authorization: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/user/change-password/', headers: { authorization }, payload });

  it('validates in order and checks the current password', async () => {
    const u = await signUp(ctx.app);
    const auth = bearer(u.token);
    const cases: [object, number, string][] = [
      [{}, 400, m.currentPasswordRequired],
      [{ old_password: '' }, 400, m.currentPasswordRequired],
      [{ old_password: u.password }, 400, m.newPasswordRequired],
      [{ old_password: u.password, new_password: 'short' }, 400, m.passwordTooShort],
      [{ old_password: 'wrong-current-pw', new_password: 'amber-quokka-51-meadow' }, 400, m.currentPasswordWrong],
      [{ old_password: u.password, new_password: 'iloveyou123' }, 400, m.passwordTooCommon],
    ];
    for (const [payload, status, detail] of cases) {
      const res = await changePassword(auth, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().detail, JSON.stringify(payload)).toBe(detail);
    }
    // Nothing above changed the password.
    expect((await login(u.username, u.password)).statusCode).toBe(200);
  });

  it('revokes every session of the user, and only that user', async () => {
    const u = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const second = (await login(u.username, u.password, '?remember=true')).json().token as string;
    const res = await changePassword(bearer(u.token), {
      old_password: u.password,
      new_password: 'amber-quokka-51-meadow',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().detail).toBe(m.passwordChanged);
    expect((await info(bearer(u.token))).statusCode).toBe(401);
    expect((await info(bearer(second))).statusCode).toBe(401);
    expect((await info(bearer(other.token))).statusCode).toBe(200);
    expect((await login(u.username, u.password)).statusCode).toBe(401);
    expect((await login(u.username, 'amber-quokka-51-meadow')).statusCode).toBe(200);
  });
});

describe('state changes need the right method', () => {
  it('GET on a POST route changes nothing and answers 404', async () => {
    const u = await signUp(ctx.app);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/user/logout/',
      headers: { authorization: bearer(u.token) },
    });
    expect(res.statusCode).toBe(404);
    expect((await info(bearer(u.token))).statusCode).toBe(200);
  });
});
