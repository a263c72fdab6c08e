import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { isKnownOrigin, ORIGINS_PER_USER, rememberOrigin } from '../../src/auth/sign-in-origins';
import { signInOrigins } from '../../src/db/schema';
import { basic, createTestContext, signUp, type TestContext } from '../helpers';

// Decision 0054: the addresses a user signed in from, which put their next sign-in from there in
// the hash queue's top lane.

let ctx: TestContext;
afterEach(async () => {
  await ctx?.close();
});

const login = (username: string, password: string, remoteAddress: string) =>
  ctx.app.inject({
    method: 'GET',
    url: '/api/v1/user/login/',
    remoteAddress,
    headers: { authorization: basic(username, password) },
  });

describe('sign-in origins (PostgreSQL, shared by every server)', () => {
  it('a successful sign-in records its address (IPv6: its /64), a failure does not; each user keeps the 10 latest', async () => {
    ctx = await createTestContext();
    const u = await signUp(ctx.app);
    const db = ctx.app.db;
    const now = () => ctx.app.auth.now();
    expect((await login(u.username, 'wrong-password-1', '203.0.113.5')).statusCode).toBe(401);
    expect(await isKnownOrigin(db, u.userId, '203.0.113.5', now())).toBe(false);
    expect((await login(u.username, u.password, '2001:db8:4:5::a')).statusCode).toBe(200);
    expect(await isKnownOrigin(db, u.userId, '2001:db8:4:5:ffff::1', now())).toBe(true);
    expect(await isKnownOrigin(db, u.userId, '2001:db8:4:6::a', now())).toBe(false);
    for (let i = 0; i < ORIGINS_PER_USER + 2; i++) {
      ctx.advance(1000);
      await rememberOrigin(db, u.userId, `198.51.100.${i}`, now());
    }
    const rows = await db.select().from(signInOrigins).where(eq(signInOrigins.userId, u.userId));
    expect(rows.map((r) => r.origin).sort()).toEqual(
      Array.from({ length: ORIGINS_PER_USER }, (_, i) => `198.51.100.${i + 2}`).sort(),
    );
    // 90 days after its last sign-in, an origin is no longer known.
    ctx.advance(91 * 24 * 60 * 60 * 1000);
    expect(await isKnownOrigin(db, u.userId, '198.51.100.11', now())).toBe(false);
  });
});
