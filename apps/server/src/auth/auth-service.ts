import { accountMessages } from '@tokendesk/contract';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { sessions, users, type UserRow } from '../db/schema';
import { hashPassword, needsRehash, verifyPassword } from '../lib/passwords';
import { minutesText, SlidingWindowLimiter } from '../lib/rate-limiter';
import { newSessionToken, sha256Hex } from '../lib/tokens';
import { tooManyRequests, unauthorized } from '../lib/http-errors';
import { findUserById, findUserByUsername } from './users-repository';

export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
export const REMEMBER_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface Authentication {
  user: UserRow;
  /** The bearer session in use, null for HTTP Basic. */
  sessionId: number | null;
  method: 'bearer' | 'basic';
}

interface CachedCredential {
  userId: number;
  credentialVersion: number;
  expiresAt: number;
}

/**
 * Credentials and sessions. Shared by every route that needs a user, so it lives outside the
 * features; features call it, never the other way round.
 */
export class AuthService {
  private readonly failuresByUsername: SlidingWindowLimiter;
  private readonly failuresByIp: SlidingWindowLimiter;
  private readonly basicCache = new Map<string, CachedCredential>();
  /** Bearer token hash → its resolution, reused for SESSION_CACHE_SECONDS (every request needs it). */
  private readonly sessionCache = new Map<string, { auth: Authentication; until: number; sessionExpiresAt: number }>();
  private dummyHash: Promise<string> | null = null;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    /** The clock of every expiry and rate-limit window; tests move it. */
    readonly now: () => number = Date.now,
  ) {
    const windowMs = config.RATE_LIMIT_WINDOW_MINUTES * 60_000;
    this.failuresByUsername = new SlidingWindowLimiter(config.LOGIN_MAX_FAILURES_PER_USERNAME, windowMs, 100_000, now);
    this.failuresByIp = new SlidingWindowLimiter(config.LOGIN_MAX_FAILURES_PER_IP, windowMs, 100_000, now);
  }

  hashPassword(password: string): Promise<string> {
    return hashPassword(password, this.config.PASSWORD_HASH_COST);
  }

  /**
   * A hash at today's cost that no password matches: unknown usernames are checked against it
   * so that a sign-in takes as long whether or not the account exists.
   */
  private getDummyHash(): Promise<string> {
    this.dummyHash ??= hashPassword(newSessionToken(), this.config.PASSWORD_HASH_COST);
    return this.dummyHash;
  }

  /** Starts the dummy hash early so the first sign-in after boot is not measurably slower. */
  warmUp(): Promise<unknown> {
    return this.getDummyHash();
  }

  /** Throws 429 when the username or the address has failed too often recently. */
  assertNotLimited(username: string, ip: string): void {
    const wait = Math.max(
      this.failuresByUsername.retryAfterSeconds(username.toLowerCase()),
      this.failuresByIp.retryAfterSeconds(ip),
    );
    if (wait > 0) {
      throw tooManyRequests(
        `Too many failed sign-in attempts. Please try again in ${minutesText(wait)}.`,
        wait,
      );
    }
  }

  recordFailure(username: string, ip: string): void {
    this.failuresByUsername.record(username.toLowerCase());
    this.failuresByIp.record(ip);
  }

  /** Username + password → user, with rate limiting and no hint whether the username exists. */
  async verifyCredentials(username: string, password: string, ip: string): Promise<UserRow> {
    this.assertNotLimited(username, ip);
    const user = await findUserByUsername(this.db, username);
    const valid = await verifyPassword(password, user?.passwordHash ?? (await this.getDummyHash()));
    if (!user || !valid) {
      this.recordFailure(username, ip);
      throw unauthorized(accountMessages.loginFailed);
    }
    this.failuresByUsername.reset(username.toLowerCase());
    if (needsRehash(user.passwordHash, this.config.PASSWORD_HASH_COST)) {
      const upgraded = await this.hashPassword(password);
      // Only if nobody changed the password meanwhile.
      await this.db
        .update(users)
        .set({ passwordHash: upgraded })
        .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)));
    }
    return user;
  }

  /** HTTP Basic on any route; a verified credential is trusted briefly without a new hash. */
  async verifyBasic(username: string, password: string, ip: string): Promise<UserRow> {
    const cacheKey = sha256Hex(`${username.length}:${username}:${password}`);
    const cached = this.basicCache.get(cacheKey);
    if (cached && cached.expiresAt > this.now()) {
      const user = await findUserById(this.db, cached.userId);
      if (user && user.credentialVersion === cached.credentialVersion) return user;
    }
    this.basicCache.delete(cacheKey);
    const user = await this.verifyCredentials(username, password, ip);
    const ttl = this.config.BASIC_AUTH_CACHE_SECONDS * 1000;
    if (ttl > 0) {
      if (this.basicCache.size >= 10_000) this.basicCache.clear();
      this.basicCache.set(cacheKey, {
        userId: user.id,
        credentialVersion: user.credentialVersion,
        expiresAt: this.now() + ttl,
      });
    }
    return user;
  }

  async createSession(userId: number, remember: boolean): Promise<{ token: string; expiresAt: Date }> {
    const token = newSessionToken();
    const expiresAt = new Date(this.now() + (remember ? REMEMBER_TTL_MS : SESSION_TTL_MS));
    await this.db.insert(sessions).values({ userId, tokenHash: sha256Hex(token), remember, expiresAt });
    // Housekeeping: long-expired sessions of this user are of no use to anyone.
    await this.db
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, new Date(this.now() - REMEMBER_TTL_MS))));
    return { token, expiresAt };
  }

  async resolveBearer(token: string): Promise<Authentication | null> {
    const tokenHash = sha256Hex(token);
    const now = this.now();
    const hit = this.sessionCache.get(tokenHash);
    if (hit && hit.until > now && hit.sessionExpiresAt > now) return hit.auth;
    if (hit) this.sessionCache.delete(tokenHash);
    const [row] = await this.db
      .select({ user: users, sessionId: sessions.id, expiresAt: sessions.expiresAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, tokenHash),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date(now)),
        ),
      )
      .limit(1);
    if (!row) return null;
    const auth: Authentication = { user: row.user, sessionId: row.sessionId, method: 'bearer' };
    const ttl = this.config.SESSION_CACHE_SECONDS * 1000;
    if (ttl > 0) {
      // Bounded: a flood of distinct tokens cannot grow it without limit.
      if (this.sessionCache.size >= 10_000) this.sessionCache.clear();
      this.sessionCache.set(tokenHash, { auth, until: now + ttl, sessionExpiresAt: row.expiresAt.getTime() });
    }
    return auth;
  }

  async revokeSession(sessionId: number): Promise<void> {
    await this.db.update(sessions).set({ revokedAt: new Date(this.now()) }).where(eq(sessions.id, sessionId));
    for (const [key, entry] of this.sessionCache) if (entry.auth.sessionId === sessionId) this.sessionCache.delete(key);
  }

  /** After a change to the user's row (profile, e-mail, staff flag): reread it on the next request. */
  forgetUser(userId: number): void {
    for (const [key, entry] of this.sessionCache) if (entry.auth.user.id === userId) this.sessionCache.delete(key);
  }

  /**
   * After a password change: every session ends and every cached Basic credential is void
   * (the version bump makes cached entries fail their check even before they expire).
   */
  async setPassword(userId: number, password: string): Promise<void> {
    const passwordHash = await this.hashPassword(password);
    await this.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ passwordHash, credentialVersion: sql`${users.credentialVersion} + 1`, updatedAt: new Date(this.now()) })
        .where(eq(users.id, userId));
      await tx
        .update(sessions)
        .set({ revokedAt: new Date(this.now()) })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    });
    for (const [key, entry] of this.basicCache) if (entry.userId === userId) this.basicCache.delete(key);
    this.forgetUser(userId);
  }
}
