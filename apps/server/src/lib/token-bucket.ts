/**
 * Token buckets keyed by string: each key holds up to `capacity` tokens and gains `perMinute / 60`
 * of a token every second. A request takes one token or is told how long until one is there.
 *
 * In memory and per process on purpose (docs/decisions/0021): it is checked on every
 * authenticated request, so it must cost no I/O, and a restart only hands out one fresh burst.
 * Refill is computed lazily from the clock, so an idle key needs no timer; a full bucket is the
 * same as no bucket, which is what makes eviction safe.
 */
export interface BucketLimit {
  /** The burst: how many requests may come at once after a quiet spell. */
  capacity: number;
  /** The sustained rate. */
  perMinute: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();
  private readonly perMs: number;

  constructor(
    private readonly limit: BucketLimit,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 100_000,
  ) {
    if (!(limit.capacity >= 1) || !(limit.perMinute > 0))
      throw new Error('a token bucket needs capacity ≥ 1 and a positive rate');
    this.perMs = limit.perMinute / 60_000;
  }

  /** Takes a token: 0 when there was one, else the milliseconds until there is one (nothing is taken). */
  take(key: string): number {
    const now = this.now();
    const bucket = this.refilled(key, now);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      this.buckets.delete(key);
      // Re-inserted, so the map's order is least recently used first (for eviction).
      this.buckets.set(key, bucket);
      if (this.buckets.size > this.maxKeys) this.evict(now);
      return 0;
    }
    return Math.ceil((1 - bucket.tokens) / this.perMs);
  }

  /** Tokens the key has now (for tests and diagnostics). */
  tokens(key: string): number {
    return this.refilled(key, this.now()).tokens;
  }

  get size(): number {
    return this.buckets.size;
  }

  private refilled(key: string, now: number): Bucket {
    const bucket = this.buckets.get(key);
    if (!bucket) return { tokens: this.limit.capacity, at: now };
    // A clock that steps back must not mint or burn tokens.
    const elapsed = Math.max(0, now - bucket.at);
    bucket.tokens = Math.min(this.limit.capacity, bucket.tokens + elapsed * this.perMs);
    bucket.at = now;
    return bucket;
  }

  /**
   * Over the bound: drop buckets that have refilled (they equal a fresh one), and if that is not
   * enough, the least recently used. Dropping a partly used bucket only forgives that key a little.
   */
  private evict(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + (now - bucket.at) * this.perMs >= this.limit.capacity) this.buckets.delete(key);
    }
    for (const key of this.buckets.keys()) {
      if (this.buckets.size <= this.maxKeys) break;
      this.buckets.delete(key);
    }
  }
}

/** Counts what is in flight per key and in total, against two ceilings (exports holding a stream open). */
export class ConcurrencyLimit {
  private readonly perKey = new Map<string, number>();
  private total = 0;

  constructor(
    private readonly maxPerKey: number,
    private readonly maxTotal: number,
  ) {}

  /** A release function when there was room, else which ceiling was hit. */
  acquire(key: string): { release: () => void } | { full: 'key' | 'total' } {
    const mine = this.perKey.get(key) ?? 0;
    if (mine >= this.maxPerKey) return { full: 'key' };
    if (this.total >= this.maxTotal) return { full: 'total' };
    this.perKey.set(key, mine + 1);
    this.total++;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.total--;
        const left = (this.perKey.get(key) ?? 1) - 1;
        if (left <= 0) this.perKey.delete(key);
        else this.perKey.set(key, left);
      },
    };
  }

  inFlight(key?: string): number {
    return key === undefined ? this.total : (this.perKey.get(key) ?? 0);
  }
}

/**
 * At most `max` in flight per key; the next `queue` wait their turn in order, and beyond that the
 * caller is told no (null). Waiting rather than refusing is what a browser's own six connections
 * per host need; the bound on waiters is what keeps a flood from holding sockets forever.
 */
export class KeyedSemaphore {
  private readonly state = new Map<string, { running: number; waiting: (() => void)[] }>();

  constructor(
    private readonly max: number,
    private readonly queue: number,
  ) {}

  /** A promise of the release function, or null when the key's queue is full. */
  acquire(key: string): Promise<() => void> | null {
    let s = this.state.get(key);
    if (!s) {
      s = { running: 0, waiting: [] };
      this.state.set(key, s);
    }
    const entry = s;
    const release = this.releaser(key, entry);
    if (entry.running < this.max) {
      entry.running++;
      return Promise.resolve(release);
    }
    if (entry.waiting.length >= this.queue) return null;
    // The slot passes straight from the releasing request to the first waiter.
    return new Promise((resolve) => entry.waiting.push(() => resolve(release)));
  }

  inFlight(key: string): number {
    return this.state.get(key)?.running ?? 0;
  }

  private releaser(key: string, entry: { running: number; waiting: (() => void)[] }): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = entry.waiting.shift();
      if (next) return next();
      entry.running--;
      if (entry.running === 0 && entry.waiting.length === 0) this.state.delete(key);
    };
  }
}
