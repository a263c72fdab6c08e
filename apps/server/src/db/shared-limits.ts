import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { Db } from './client';
import { LocalWindows, WindowView, type WindowSpec } from '../lib/rate-limiter';
import { TokenBuckets, type BucketLimit } from '../lib/token-bucket';

/**
 * Rate-limit counters shared by every server on the database (docs/decisions/0052): sliding
 * windows (sign-in failures, registrations, e-mail links, change of e-mail) and token buckets (the
 * per-user budgets) in two UNLOGGED tables (drizzle/0019_shared_limits.sql).
 *
 * - A check-and-record of sliding windows is one transaction: the keys' rows are upserted and so
 *   locked (in key order: no deadlock between overlapping checks), the rules run on them in
 *   memory (`WindowView`, the same code as the in-process limiter had), the changed rows are
 *   written back. Four round trips (begin, lock, write, commit); concurrent checks of one key from any server wait for each
 *   other, so ten parallel guesses from one address across three servers are still exactly ten.
 * - A bucket take is one statement (refill, take, answer), one round trip on every budgeted request.
 * - When the database does not answer (outage, full disk), this server counts in its own memory
 *   for FALLBACK_MS and then tries again: the limits hold per server, as before this store, and a
 *   sign-in never fails because its counter could not be written.
 * - Rows expire: a window's row at its latest event plus the window, a bucket's once it is full
 *   again; every server deletes expired rows every few minutes.
 */

/** After a failed round trip, how long this server counts in its own memory before asking the database again. */
export const FALLBACK_MS = 5_000;
const CLEANUP_EVERY_MS = 5 * 60_000;

/**
 * The stored key of an identifier in a scope: hashed, so usernames, e-mail addresses and client
 * addresses are not kept in clear, any character may occur (a NUL cannot be stored in text), and
 * the primary key stays short.
 */
export function limitKey(scope: string, id: string): string {
  return `${scope}:${createHash('sha256').update(id).digest('base64url').slice(0, 32)}`;
}

// Locks the keys' rows, making the missing ones: ON CONFLICT DO UPDATE waits for a concurrent
// check of the same key and then sees its committed hits.
const LOCK_WINDOWS = `
INSERT INTO rate_limit_windows AS w (key, expires_at_ms)
SELECT k, $2::bigint FROM unnest($1::text[]) AS k ORDER BY k
ON CONFLICT (key) DO UPDATE SET key = w.key
RETURNING key, hits`;

const WRITE_WINDOWS = `
UPDATE rate_limit_windows AS w SET hits = v.hits, expires_at_ms = v.expires_at_ms
FROM jsonb_to_recordset($1::jsonb) AS v(key text, hits bigint[], expires_at_ms bigint)
WHERE w.key = v.key`;

// R, the tokens after the refill since the last take: least(capacity, tokens + elapsed · rate).
const REFILLED = `least($2::float8, b.tokens + greatest(0, $4::bigint - b.at_ms) * $3::float8)`;
const AFTER = `(CASE WHEN ${REFILLED} >= 1 THEN ${REFILLED} - 1 ELSE ${REFILLED} END)`;
// A fresh key starts full and takes one. A clock behind the stored one refills nothing.
const TAKE_TOKEN = `
INSERT INTO rate_limit_buckets AS b (key, tokens, at_ms, taken, full_at_ms)
VALUES ($1, $2::float8 - 1, $4::bigint, true, $4::bigint + ceil(1 / $3::float8))
ON CONFLICT (key) DO UPDATE SET
  tokens = ${AFTER},
  taken = ${REFILLED} >= 1,
  at_ms = greatest(b.at_ms, $4::bigint),
  full_at_ms = $4::bigint + ceil(($2::float8 - ${AFTER}) / $3::float8)
RETURNING tokens, taken`;

/** A rule's own refusal (a 429), thrown out of `decide`: not a fault of the store. */
class Decided {
  constructor(readonly error: unknown) {}
}

export interface SharedLimitsOptions {
  /** The clock of the windows and buckets (tests move it). */
  now?: () => number;
}

export class SharedLimits {
  private readonly pool: pg.Pool;
  private readonly now: () => number;
  /** Told once each time the store falls back to memory, with the database's error (the app logs it). */
  onFallback: (err: unknown) => void = () => {};
  private readonly localWindows = new LocalWindows();
  private readonly localBuckets = new Map<string, TokenBuckets>();
  private fallbackUntil = 0;
  private readonly refusals = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  /** Round trips that failed and were answered from memory instead (for /metrics and tests). */
  fallbacks = 0;

  constructor(db: Db, options: SharedLimitsOptions = {}) {
    this.pool = (db as unknown as { $client: pg.Pool }).$client;
    this.now = options.now ?? Date.now;
  }

  /**
   * Runs `decide` on the current windows of `specs`, atomically across every server, and stores
   * what it recorded or released. `decide` must have no other effect: it may run a second time, in
   * memory, when the database fails under it. What it throws is rethrown and nothing is stored.
   * `shared: false` counts in this process only (to settle a reservation made in the fallback).
   */
  async windows<T>(
    specs: readonly WindowSpec[],
    decide: (view: WindowView) => T,
    options: { shared?: boolean } = {},
  ): Promise<T> {
    const unique = [...new Map(specs.map((s) => [s.key, s])).values()];
    const local = () => this.localWindows.run(unique, this.now(), decide);
    if (options.shared === false || this.fallingBack()) return local();
    try {
      return await this.sharedWindows(unique, decide);
    } catch (err) {
      if (err instanceof Decided) throw err.error;
      this.fallBack(err);
      return local();
    }
  }

  /**
   * The common check: when every key is under its `max` events per `windowMs`, records one event
   * in each and answers 0; else records nothing and answers the seconds until all are under.
   */
  async hit(limits: readonly { key: string; max: number }[], windowMs: number): Promise<number> {
    const id = limits.map(({ key, max }) => `${key}/${max}`).join(' ');
    const cached = this.refusedUntil(id);
    if (cached > 0) return Math.ceil(cached / 1000);
    const wait = await this.windows(
      limits.map(({ key }) => ({ key, windowMs })),
      (w) => {
        const seconds = Math.max(0, ...limits.map(({ key, max }) => w.retryAfterSeconds(key, max)));
        if (seconds === 0) for (const { key } of limits) w.record(key);
        return seconds;
      },
    );
    if (wait > 0) this.refuse(id, wait * 1000);
    return wait;
  }

  /** Takes a token from the key's bucket: 0 when there was one, else the milliseconds until there is one (nothing taken). */
  async take(key: string, limit: BucketLimit): Promise<number> {
    const cached = this.refusedUntil(`${key}/${limit.capacity},${limit.perMinute}`);
    if (cached > 0) return cached;
    if (!this.fallingBack()) {
      try {
        const perMs = limit.perMinute / 60_000;
        const { rows } = await this.pool.query<{ tokens: number; taken: boolean }>({
          name: 'rate-limit-take-token',
          text: TAKE_TOKEN,
          values: [key, limit.capacity, perMs, Math.floor(this.now())],
        });
        const row = rows[0]!;
        if (row.taken) return 0;
        const waitMs = Math.ceil((1 - row.tokens) / perMs);
        this.refuse(`${key}/${limit.capacity},${limit.perMinute}`, waitMs);
        return waitMs;
      } catch (err) {
        this.fallBack(err);
      }
    }
    const name = `${limit.capacity},${limit.perMinute}`;
    let buckets = this.localBuckets.get(name);
    if (!buckets) this.localBuckets.set(name, (buckets = new TokenBuckets(limit, this.now)));
    return buckets.take(key);
  }

  /** Deletes the rows that mean nothing any more (windows past their last event, full buckets). */
  async cleanup(): Promise<void> {
    const now = Math.floor(this.now());
    await this.pool.query('DELETE FROM rate_limit_windows WHERE expires_at_ms < $1', [now]);
    await this.pool.query('DELETE FROM rate_limit_buckets WHERE full_at_ms < $1', [now]);
  }

  /** Cleans up every few minutes until `stop` (every server does; the deletes are idempotent). */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.cleanup().catch(() => {}), CLEANUP_EVERY_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Whether the counts are this server's own right now (the database failed less than FALLBACK_MS ago). */
  fallingBack(): boolean {
    return Date.now() < this.fallbackUntil;
  }

  /**
   * Refusals are remembered until they end, and answered again from memory: a client that keeps
   * asking while refused costs no round trip. Exact for these limits: until then another server
   * can only add events (or take tokens), never remove them, and aging is what the time says.
   */
  private refusedUntil(id: string): number {
    const until = this.refusals.get(id);
    if (until === undefined) return 0;
    const left = until - this.now();
    if (left > 0) return left;
    this.refusals.delete(id);
    return 0;
  }

  private refuse(id: string, ms: number): void {
    // Bounded: past it the memory is dropped, which only costs round trips.
    if (this.refusals.size >= 10_000) this.refusals.clear();
    this.refusals.set(id, this.now() + ms);
  }

  private fallBack(err: unknown): void {
    this.fallbacks++;
    if (!this.fallingBack()) this.onFallback(err);
    this.fallbackUntil = Date.now() + FALLBACK_MS;
  }

  private async sharedWindows<T>(specs: readonly WindowSpec[], decide: (view: WindowView) => T): Promise<T> {
    const now = Math.floor(this.now());
    const client = await this.pool.connect();
    // A client this check no longer holds is not touched again. db/client.ts gives a client back to
    // the pool itself when its BEGIN is refused below the disk reserve or its connection is gone;
    // by the time a ROLLBACK or release of ours would run, another request may hold it, and
    // releasing it for them crashed the process ("Release called on client which has already been
    // released", faults/disk-full.test.ts). pg-pool gives each checkout its own release function.
    const release = client.release;
    const ours = () => client.release === release;
    let failure: Error | undefined;
    try {
      // One round trip for both. The tables are UNLOGGED: a commit has nothing to wait for on disk.
      await client.query('BEGIN; SET LOCAL synchronous_commit TO off');
      const { rows } = await client.query<{ key: string; hits: string[] }>({
        name: 'rate-limit-lock-windows',
        text: LOCK_WINDOWS,
        values: [specs.map((s) => s.key), now],
      });
      const stored = new Map(rows.map((r) => [r.key, r.hits.map(Number)]));
      const view = new WindowView(specs, (key) => stored.get(key), now, true);
      let result: T;
      try {
        result = decide(view);
      } catch (err) {
        if (ours()) await client.query('ROLLBACK');
        throw new Decided(err);
      }
      const changes = specs
        .filter((s) => view.changed.has(s.key))
        .map(({ key, windowMs }) => {
          const hits = view.timesOf(key);
          return { key, hits, expires_at_ms: hits.length > 0 ? hits[hits.length - 1]! + windowMs : now };
        });
      if (changes.length > 0) {
        await client.query({
          name: 'rate-limit-write-windows',
          text: WRITE_WINDOWS,
          values: [JSON.stringify(changes)],
        });
      }
      await client.query('COMMIT');
      return result;
    } catch (err) {
      if (!(err instanceof Decided)) {
        failure = err as Error;
        if (ours()) await client.query('ROLLBACK').catch(() => {});
      }
      throw err;
    } finally {
      // A failed connection is dropped by the pool rather than handed to the next request.
      if (ours()) release(failure);
    }
  }
}
