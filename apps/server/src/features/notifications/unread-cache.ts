/**
 * Unread counts reused for a short time. Every open tab polls the count every 10 s, so with many
 * tabs most polls would ask the database the same question. Marking read on this server updates
 * the entry at once; a new notification (the indexer, a staff reply, another server) shows within
 * the time to live.
 */
export class UnreadCountCache {
  private readonly entries = new Map<number, { count: number; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async get(userId: number, load: () => Promise<number>): Promise<number> {
    const hit = this.entries.get(userId);
    if (hit && hit.until > this.now()) return hit.count;
    const count = await load();
    this.set(userId, count);
    return count;
  }

  /** A count just read from the database (after marking read, say) is the freshest there is. */
  set(userId: number, count: number): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= 100_000) this.entries.clear();
    this.entries.set(userId, { count, until: this.now() + this.ttlMs });
  }
}
