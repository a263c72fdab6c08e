/**
 * Unread counts reused for a short time. Every open tab polls the count every 10 s, so with many
 * tabs most polls would ask the database the same question. Marking read on this server updates
 * the entry at once; a new notification (the indexer, a staff reply, another server) drops it through
 * the change feed (LISTEN/NOTIFY on PostgreSQL), and the time to live bounds what a missed one costs.
 */
export class UnreadCountCache {
  private readonly entries = new Map<number, { count: number; until: number }>();
  /** Bumped by every invalidation: a count loaded across one is not kept. */
  private epoch = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async get(userId: number, load: () => Promise<number>): Promise<number> {
    const hit = this.entries.get(userId);
    if (hit && hit.until > this.now()) return hit.count;
    const epoch = this.epoch;
    const count = await load();
    // A change heard while it was counting may not be in the count: answer it, keep nothing.
    if (epoch === this.epoch) this.set(userId, count);
    return count;
  }

  /** A notification of the user was written or changed (the change feed, decision 0026). */
  invalidate(userId: number): void {
    this.epoch++;
    this.entries.delete(userId);
  }

  clear(): void {
    this.epoch++;
    this.entries.clear();
  }

  /** A count just read from the database (after marking read, say) is the freshest there is. */
  set(userId: number, count: number): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= 100_000) this.entries.clear();
    this.entries.set(userId, { count, until: this.now() + this.ttlMs });
  }
}
