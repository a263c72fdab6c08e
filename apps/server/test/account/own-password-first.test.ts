import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWN_PASSWORD_FIRST } from '../../src/auth/plugin';
import { users } from '../../src/db/schema';
import { basic, bearer, createTestContext, signUp, type TestContext, requester } from '../helpers';

/**
 * Issue 35: a password the operator's CLI made up (--generate) was seen by the operator and printed
 * on a terminal. Until the account chooses its own, its sign-in opens who-am-I, the password change
 * and sign-out, and nothing else — for a bearer session and an API client on Basic alike.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const ONE_TIME = 'Xq7-one-time-made-up-by-cli';
const OWN = 'amber-orchard-51-ferry';

const login = (username: string, password: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/v1/user/login/', headers: { authorization: basic(username, password) } });
const request = requester(() => ctx.app);
const get = (authorization: string, url: string) => request({ authorization }, 'GET', url);

describe('a password made up by the operator', () => {
  it('opens only user/info, the password change and sign-out until the user chooses their own', async () => {
    const staff = await signUp(ctx.app);
    await ctx.database.db.update(users).set({ isStaff: true }).where(eq(users.id, staff.userId));
    // What `cli reset-password --generate` does.
    await ctx.app.auth.setPassword(staff.userId, ONE_TIME, { byOperator: true });

    const signedIn = await login(staff.username, ONE_TIME);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const { token, user } = signedIn.json() as { token: string; user: { password_change_required: boolean } };
    expect(user.password_change_required).toBe(true);

    const info = await get(bearer(token), 'user/info/');
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ password_change_required: true, is_staff: true });

    for (const [auth, url] of [
      [bearer(token), 'staff/tickets/'],
      [bearer(token), 'projects/'],
      [bearer(token), 'user/tickets/'],
      [basic(staff.username, ONE_TIME), 'projects/'],
    ] as const) {
      const refused = await get(auth, url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toEqual({ detail: OWN_PASSWORD_FIRST, errors: [] });
    }
    const edit = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/user/info/update/',
      headers: { authorization: bearer(token) },
      payload: { first_name: 'Eve' },
    });
    expect(edit.statusCode).toBe(403);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, staff.userId));
    expect(row!.firstName).not.toBe('Eve');

    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/change-password/',
      headers: { authorization: bearer(token) },
      payload: { old_password: ONE_TIME, new_password: OWN },
    });
    expect(changed.statusCode, changed.body).toBe(200);

    const again = await login(staff.username, OWN);
    expect(again.statusCode).toBe(200);
    const next = again.json() as { token: string; user: { password_change_required: boolean } };
    expect(next.user.password_change_required).toBe(false);
    expect((await get(bearer(next.token), 'staff/tickets/')).statusCode).toBe(200);
    expect((await get(bearer(next.token), 'projects/')).statusCode).toBe(200);
  });

  it('signs out while the flag is set, and a password the user chose never sets it', async () => {
    const u = await signUp(ctx.app);
    expect((await get(bearer(u.token), 'user/info/')).json()).toMatchObject({ password_change_required: false });
    await ctx.app.auth.setPassword(u.userId, ONE_TIME, { byOperator: true });
    const { token } = (await login(u.username, ONE_TIME)).json() as { token: string };
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/logout/',
      headers: { authorization: bearer(token) },
    });
    expect(out.statusCode).toBe(200);
    // A password set without byOperator (a typed one on the CLI, a reset link) is the user's own.
    await ctx.app.auth.setPassword(u.userId, OWN);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, u.userId));
    expect(row!.passwordChangeRequired).toBe(false);
  });
});
