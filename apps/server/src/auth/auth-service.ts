import { accountMessages } from '@tokendesk/contract';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { sessions, users, type UserRow } from '../db/schema';
import { hashPassword, needsRehash, verifyPassword } from '../lib/passwords';
import { minutesText, secondsText, type WindowView } from '../lib/rate-limiter';
import { limitKey, SharedLimits } from '../db/shared-limits';
import { newSessionToken, sha256Hex } from '../lib/tokens';
import { HttpError, tooManyRequests, unauthorized } from '../lib/http-errors';
import { HashQueue, HashQueueFullError, type LaneChoice } from '../lib/hash-queue';
import { plainHashLanes, signInLanes, TRUSTED_WAITING_PER_USERNAME } from './hash-lanes';
import { isKnownOrigin, rememberOrigin } from './sign-in-origins';
import { findUserById, findUserByUsername } from './users-repository';
import { preparedPerDb } from '../db/prepared';

/** A session cache miss (every request with SESSION_CACHE_SECONDS=0): one prepared statement (decision 0086). */
const bearerSession = preparedPerDb((db: Db) =>
  db
    .select({ user: users, sessionId: sessions.id, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('auth-bearer-session'),
);

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
/** One sign-in attempt counted before its hash; settled once the hash has answered. */
interface Reservation {
  /** The stored keys of the three counters (db/shared-limits.ts). */
  pairKey: string;
  /** Lower-case username and client address, for the hash queue's lane (decision 0054). */
  username: string;
  ip: string;
  ipKey: string;
  usernameKey: string;
  /** Failures (and attempts in flight) before this one, for the hash queue's lane (decision 0054). */
  pairFailures: number;
  ipFailures: number;
  pairAt: number;
  ipAt: number;
  usernameAt: number;
  /** Counted by every server (false: in this process's fallback while the database failed). */
  shared: boolean;
}

/** The longest progressive delay between a failing IP's tries on a username under attack. */
const MAX_USERNAME_DELAY_SECONDS = 60;
/**
 * How long a refused (username, address) is answered 429 again from memory, without a round trip:
 * a flood of refused guesses then costs the database one check every 2 s per pair. Short, because a
 * success of that pair on another server resets its count (and frees it) meanwhile.
 */
const REFUSAL_MEMORY_MS = 2_000;

/**
 * Credentials and sessions. Shared by every route that needs a user, so it lives outside the
 * features; features call it, never the other way round.
 *
 * Sign-in limits (docs/decisions/0018-sign-in-limits.md): failures are counted per (username,
 * client IP), per IP, and per username across all IPs. The per-username count only ever holds back
 * IPs that have themselves failed on that username, so an attacker who knows a username cannot lock
 * its owner out. Each attempt is counted before its hash and uncounted if it succeeds, so parallel
 * requests cannot all pass the check while the first is still hashing. The counters are shared
 * by every server on the database (decision 0052): three servers still allow 10 guesses, not 30.
 */
export class AuthService {
  /** Rate-limit counters shared by every server (sign-in here; registration, e-mail links, budgets elsewhere). */
  readonly limits: SharedLimits;
  private readonly windowMs: number;
  /** (username, address) pairs refused lately: when the refusal ends (its Retry-After) and until when to trust it. */
  private readonly refusals = new Map<string, { retryAt: number; until: number }>();
  private readonly hashQueue: HashQueue;
  private readonly basicCache = new Map<string, CachedCredential>();
  /** Basic credentials being verified right now: parallel requests with the same ones share one hash. */
  private readonly basicInFlight = new Map<string, Promise<UserRow>>();
  /** Bearer token hash → its resolution, reused for SESSION_CACHE_SECONDS (every request needs it). */
  private readonly sessionCache = new Map<string, { auth: Authentication; until: number; sessionExpiresAt: number }>();
  private dummyHash: Promise<string> | null = null;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    /** The clock of every expiry and rate-limit window; tests move it. */
    readonly now: () => number = Date.now,
  ) {
    this.windowMs = config.RATE_LIMIT_WINDOW_MINUTES * 60_000;
    this.limits = new SharedLimits(db, { now });
    this.hashQueue = new HashQueue(
      config.PASSWORD_HASH_CONCURRENCY,
      config.PASSWORD_HASH_QUEUE,
      config.PASSWORD_HASH_QUEUE_PER_IP,
      {
        perGroup: { trusted: TRUSTED_WAITING_PER_USERNAME, first: config.PASSWORD_HASH_QUEUE_PER_PREFIX },
      },
    );
  }

  /** Password hashing of registration, password change and the CLI: through the same bounded queue. */
  hashPassword(password: string, ip: string | null = null): Promise<string> {
    return this.queued(ip, () => hashPassword(password, this.config.PASSWORD_HASH_COST));
  }

  /** Queue figures for /metrics and tests. */
  hashQueueStats(): ReturnType<HashQueue['stats']> {
    return this.hashQueue.stats();
  }

  /** Runs a hash in the bounded queue; a full queue becomes a fast 503 (or 429 for a client over its share). */
  private async queued<T>(
    ip: string | null,
    task: () => Promise<T>,
    lanes: LaneChoice[] = plainHashLanes(ip),
  ): Promise<T> {
    try {
      return await this.hashQueue.run(ip, task, lanes);
    } catch (err) {
      if (!(err instanceof HashQueueFullError)) throw err;
      const wait = err.retryAfterSeconds;
      if (err.reason === 'key') throw this.shareFull(wait);
      throw new HttpError(
        503,
        `The server is busy checking other passwords. Please try again in ${secondsText(wait)}.`,
        [],
        {
          'retry-after': String(wait),
        },
      );
    }
  }

  private shareFull(wait: number): HttpError {
    return tooManyRequests(
      `Too many password checks at once from your address. Please try again in ${secondsText(wait)}.`,
      wait,
    );
  }

  /**
   * A hash at today's cost that no password matches: unknown usernames are checked against it
   * so that a sign-in takes as long whether or not the account exists.
   */
  private getDummyHash(): Promise<string> {
    if (!this.dummyHash) {
      const made = this.queued(null, () => hashPassword(newSessionToken(), this.config.PASSWORD_HASH_COST));
      // A refusal (queue full) must not be remembered: the next unknown username tries again.
      made.catch(() => {
        if (this.dummyHash === made) this.dummyHash = null;
      });
      this.dummyHash = made;
    }
    return this.dummyHash;
  }

  /** Starts the dummy hash early so the first sign-in after boot is not measurably slower. */
  warmUp(): Promise<unknown> {
    return this.getDummyHash().catch(() => undefined);
  }

  /**
   * Counts an attempt before its hash (atomically, on every server: one transaction on the three
   * counters' rows), or throws 429 with the existing wording when a limit is reached.
   */
  private reserveAttempt(username: string, ip: string): Promise<Reservation> {
    const name = username.toLowerCase();
    // NUL cannot occur in an IP address, so the key cannot be forged by a crafted username.
    const pairKey = limitKey('signin-pair', `${ip}\u0000${name}`);
    const ipKey = limitKey('signin-ip', ip);
    const usernameKey = limitKey('signin-username', name);
    const keys = [pairKey, ipKey, usernameKey].map((key) => ({ key, windowMs: this.windowMs }));
    const refused = (wait: number) =>
      tooManyRequests(`Too many failed sign-in attempts. Please try again in ${minutesText(wait)}.`, wait);
    const now = this.now();
    const remembered = this.refusals.get(pairKey);
    if (remembered && remembered.until > now) throw refused(Math.max(1, Math.ceil((remembered.retryAt - now) / 1000)));
    return this.limits.windows(keys, (w): Reservation => {
      let wait = Math.max(
        w.retryAfterSeconds(pairKey, this.config.LOGIN_MAX_FAILURES_PER_USERNAME_IP),
        w.retryAfterSeconds(ipKey, this.config.LOGIN_MAX_FAILURES_PER_IP),
      );
      // The username-wide limit only for IPs that failed on this username: never for the owner's clean IP.
      if (w.count(pairKey) > 0) wait = Math.max(wait, this.usernameWaitSeconds(w, usernameKey));
      if (wait > 0) {
        if (this.refusals.size >= 10_000) this.refusals.clear();
        this.refusals.set(pairKey, {
          retryAt: w.now + wait * 1000,
          until: w.now + Math.min(wait * 1000, REFUSAL_MEMORY_MS),
        });
        throw refused(wait);
      }
      return {
        pairKey,
        ipKey,
        usernameKey,
        username: name,
        ip,
        pairFailures: w.count(pairKey),
        ipFailures: w.count(ipKey),
        pairAt: w.record(pairKey),
        ipAt: w.record(ipKey),
        usernameAt: w.record(usernameKey),
        shared: w.shared,
      };
    });
  }

  /** Ceiling reached: until the window frees a slot. Above the delay threshold: 1 s, 2 s, 4 s … after the latest try. */
  private usernameWaitSeconds(w: WindowView, usernameKey: string): number {
    const ceiling = w.retryAfterSeconds(usernameKey, this.config.LOGIN_MAX_FAILURES_PER_USERNAME);
    if (ceiling > 0) return ceiling;
    const failures = w.count(usernameKey);
    const over = failures - this.config.LOGIN_USERNAME_DELAY_AFTER;
    if (over < 0) return 0;
    const delayMs = Math.min(2 ** over, MAX_USERNAME_DELAY_SECONDS) * 1000;
    const latest = w.latest(usernameKey) ?? 0;
    const left = latest + delayMs - w.now;
    return left > 0 ? Math.ceil(left / 1000) : 0;
  }

  /** A success uncounts the attempt and clears its (username, IP) failures; a failure stays counted. */
  private async settleAttempt(r: Reservation, succeeded: boolean): Promise<void> {
    if (!succeeded) return;
    this.refusals.delete(r.pairKey);
    await this.unreserve(r, (w) => {
      w.reset(r.pairKey);
      w.release(r.ipKey, r.ipAt);
      w.release(r.usernameKey, r.usernameAt);
    });
  }

  /** The attempt never reached a password check (queue full, database error): it does not count. */
  private async cancelAttempt(r: Reservation): Promise<void> {
    await this.unreserve(r, (w) => {
      w.release(r.pairKey, r.pairAt);
      w.release(r.ipKey, r.ipAt);
      w.release(r.usernameKey, r.usernameAt);
    });
  }

  /** Undoes (part of) a reservation where it was counted; a failure to undo leaves it counted. */
  private async unreserve(r: Reservation, undo: (w: WindowView) => void): Promise<void> {
    const keys = [r.pairKey, r.ipKey, r.usernameKey].map((key) => ({ key, windowMs: this.windowMs }));
    await this.limits.windows(keys, undo, { shared: r.shared }).catch(() => {});
  }

  /**
   * Checks a password against a stored hash under a reservation: counted before the hash,
   * settled after. Errors other than a wrong password (busy queue, database) uncount the attempt.
   */
  private async checkReserved(
    username: string,
    ip: string,
    password: string,
    stored: () => Promise<{ hash: string; userId: number | null }>,
  ): Promise<boolean> {
    // An address with its share of the hash queue taken is refused before anything else: the queue
    // would refuse it anyway, and reserving the attempt first costs two database transactions
    // (count, then uncount) per refusal, which under a flood slowed every hash (issue 29 item 2).
    if (this.hashQueue.keyFull(ip)) throw this.shareFull(this.hashQueue.retryAfterSeconds());
    const reservation = await this.reserveAttempt(username, ip);
    let valid: boolean;
    let userId: number | null;
    try {
      const found = await stored();
      userId = found.userId;
      // Looked up for unknown usernames too (id 0 matches nothing): the time a sign-in takes must
      // not tell whether the username exists.
      const knownOrigin = reservation.pairFailures === 0 && (await isKnownOrigin(this.db, userId ?? 0, ip, this.now()));
      const lanes = signInLanes({ ...reservation, knownOrigin });
      valid = await this.queued(ip, () => verifyPassword(password, found.hash), lanes);
    } catch (err) {
      await this.cancelAttempt(reservation);
      throw err;
    }
    await this.settleAttempt(reservation, valid);
    // Best effort: a sign-in that succeeded is not failed for a bookkeeping write.
    if (valid && userId !== null) await rememberOrigin(this.db, userId, ip, this.now()).catch(() => undefined);
    return valid;
  }
  /** Username + password → user, with rate limiting and no hint whether the username exists. */
  async verifyCredentials(username: string, password: string, ip: string): Promise<UserRow> {
    let user: UserRow | undefined;
    const valid = await this.checkReserved(username, ip, password, async () => {
      user = await findUserByUsername(this.db, username);
      return { hash: user?.passwordHash ?? (await this.getDummyHash()), userId: user?.id ?? null };
    });
    if (!user || !valid) throw unauthorized(accountMessages.loginFailed);
    if (needsRehash(user.passwordHash, this.config.PASSWORD_HASH_COST)) {
      // Best effort: a busy queue leaves the upgrade for the next sign-in.
      const upgraded = await this.hashPassword(password, ip).catch(() => null);
      // Only if nobody changed the password meanwhile.
      if (upgraded) {
        await this.db
          .update(users)
          .set({ passwordHash: upgraded })
          .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)));
      }
    }
    return user;
  }

  /**
   * The signed-in user's current password (change e-mail, change password), under the same
   * limits and hash queue as a sign-in: a wrong one counts as a failed attempt for (username, IP),
   * the IP and the username. Resolves true/false; throws 429 (limited, or this client has too many
   * checks queued) or 503 (queue full), both with Retry-After.
   */
  verifyUserPassword(user: UserRow, password: string, ip: string): Promise<boolean> {
    return this.checkReserved(user.username, ip, password, () =>
      Promise.resolve({ hash: user.passwordHash, userId: user.id }),
    );
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
    // An API client's parallel first requests are one sign-in, not one hash (and one attempt) each.
    // Per address, so a request from an address under a limit never rides on another's check.
    const flightKey = `${ip}\u0000${cacheKey}`;
    const pending = this.basicInFlight.get(flightKey);
    if (pending) return pending;
    const verifying = this.verifyCredentials(username, password, ip);
    this.basicInFlight.set(flightKey, verifying);
    let user: UserRow;
    try {
      user = await verifying;
    } finally {
      this.basicInFlight.delete(flightKey);
    }
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
    const [row] = await bearerSession(this.db, 0).execute({ tokenHash, now: new Date(now) });
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
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date(this.now()) })
      .where(eq(sessions.id, sessionId));
    for (const [key, entry] of this.sessionCache) if (entry.auth.sessionId === sessionId) this.sessionCache.delete(key);
  }

  /** The change feed was down (decision 0026): a session revoked meanwhile elsewhere must not be trusted. */
  /** When a session ends (ms since the epoch), or null when it is gone or revoked; the live stream closes then. */
  async sessionExpiry(sessionId: number): Promise<number | null> {
    const [row] = await this.db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
      .limit(1);
    return row ? row.expiresAt.getTime() : null;
  }

  forgetSessions(): void {
    this.sessionCache.clear();
  }

  /** After a change to the user's row (profile, e-mail, staff flag): reread it on the next request. */
  forgetUser(userId: number): void {
    for (const [key, entry] of this.sessionCache) if (entry.auth.user.id === userId) this.sessionCache.delete(key);
  }

  /**
   * After a password change: every session ends and every cached Basic credential is void
   * (the version bump makes cached entries fail their check even before they expire).
   */
  async setPassword(userId: number, password: string, options: { byOperator?: boolean } = {}): Promise<void> {
    const passwordHash = await this.hashPassword(password);
    await this.storePassword(userId, passwordHash, async () => {}, options);
  }

  /**
   * A password already hashed (hashPassword) replaces the user's, with every session revoked and
   * every cached Basic credential void, exactly as setPassword. `first` runs first in the same
   * transaction (a reset link is spent there, decision 0039): when it throws, nothing changes.
   * `byOperator`: the operator's CLI made the password up, so the user must choose their own before
   * anything else (requirePasswordChosen); any other password is the user's own and clears that.
   */
  async storePassword(
    userId: number,
    passwordHash: string,
    first: (tx: Db) => Promise<void>,
    options: { byOperator?: boolean } = {},
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await first(tx as unknown as Db);
      await tx
        .update(users)
        .set({
          passwordHash,
          passwordChangeRequired: options.byOperator === true,
          credentialVersion: sql`${users.credentialVersion} + 1`,
          updatedAt: new Date(this.now()),
        })
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
