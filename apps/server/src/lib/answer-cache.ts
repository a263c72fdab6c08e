/**
 * Serialized answers of a user's list routes, reused for a short time (decision 0026). Every open
 * dashboard asks the same few questions again and again; a hit costs a map lookup instead of a
 * database round trip, the answer's mapping and its schema-checked serialisation.
 *
 * Correct across servers: a write to a user's projects or pools drops that user's entries on every
 * server (db/change-feed.ts); entries are kept only while the feed is live. A load that was running
 * when an invalidation came is not stored (per-user and global generations), and concurrent misses
 * of one key share one load.
 *
 * Refresh ahead: for one more TTL after an entry expires it is still answered while one background
 * load replaces it, so no request waits for the chain or the database when an entry ages out under
 * load. What an answer shows is therefore at most 2 × TTL older than the figures it was made from;
 * a write drops the entry outright, so nothing a user changed is ever answered stale.
 */
export class AnswerCache<Body = string> {
  private readonly users = new Map<number, { gen: number; entries: Map<string, { body: Body; until: number }> }>();
  private readonly inFlight = new Map<string, Promise<Body>>();
  private generation = 0;

  constructor(
    private readonly options: {
      ttlMs: number;
      /** False while changes could go unheard: nothing is stored or served. */
      isLive: () => boolean;
      now?: () => number;
      /** Distinct questions kept per user (search terms, cursors); older ones go when full. */
      maxPerUser?: number;
      maxUsers?: number;
    },
  ) {}

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  async get(userId: number, key: string, load: () => Promise<Body>): Promise<Body> {
    if (this.options.ttlMs <= 0 || !this.options.isLive()) return load();
    const user = this.users.get(userId);
    const hit = user?.entries.get(key);
    const now = this.now();
    if (hit && hit.until > now) return hit.body;
    const gen = user?.gen ?? 0;
    const global = this.generation;
    const flightKey = `${userId}\u0000${gen}\u0000${global}\u0000${key}`;
    const pending = this.inFlight.get(flightKey);
    if (hit && hit.until + this.options.ttlMs > now) {
      // Expired a moment ago: answer it while one background load replaces it.
      if (!pending) this.load(userId, gen, global, key, flightKey, load).catch(() => {});
      return hit.body;
    }
    if (pending) return pending;
    return this.load(userId, gen, global, key, flightKey, load);
  }

  private async load(
    userId: number,
    gen: number,
    global: number,
    key: string,
    flightKey: string,
    load: () => Promise<Body>,
  ): Promise<Body> {
    const loading = load();
    this.inFlight.set(flightKey, loading);
    try {
      const body = await loading;
      // Stored only when nothing was invalidated while it loaded.
      if (this.generation === global && (this.users.get(userId)?.gen ?? 0) === gen && this.options.isLive())
        this.store(userId, gen, key, body);
      return body;
    } finally {
      this.inFlight.delete(flightKey);
    }
  }

  private store(userId: number, gen: number, key: string, body: Body): void {
    let user = this.users.get(userId);
    if (!user) {
      if (this.users.size >= (this.options.maxUsers ?? 10_000)) this.clear();
      user = { gen, entries: new Map() };
      this.users.set(userId, user);
    }
    if (user.entries.size >= (this.options.maxPerUser ?? 64)) user.entries.delete(user.entries.keys().next().value!);
    user.entries.set(key, { body, until: this.now() + this.options.ttlMs });
  }

  /** The user's projects or pools changed: drop their answers, and do not store loads already running. */
  invalidate(userId: number): void {
    const user = this.users.get(userId);
    if (user) {
      user.gen++;
      user.entries.clear();
    } else {
      // Remember the bump, so a load that started before it is not stored.
      if (this.users.size >= (this.options.maxUsers ?? 10_000)) this.clear();
      this.users.set(userId, { gen: 1, entries: new Map() });
    }
  }

  /** Everything goes (the feed was down, or the map is full); loads already running are not stored. */
  clear(): void {
    this.generation++;
    this.users.clear();
  }
}
