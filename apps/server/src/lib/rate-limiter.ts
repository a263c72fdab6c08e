/** One key of a check-and-record: its sliding window. */
export interface WindowSpec {
  key: string;
  windowMs: number;
}

/**
 * The event times of a few keys, each pruned to its own sliding window, as one check-and-record
 * sees them: read what is there, decide, record or release. Whoever made the view writes back the
 * keys in `changed`; the view itself does no I/O, so the same rules run in memory or on rows
 * locked in PostgreSQL.
 */
export class WindowView {
  readonly changed = new Set<string>();
  private readonly times = new Map<string, number[]>();
  private readonly windows = new Map<string, number>();

  constructor(
    specs: readonly WindowSpec[],
    stored: (key: string) => readonly number[] | undefined,
    /** The time every check and record of this view uses. */
    readonly now: number,
    /** Whether the counts are those of every server (false: this process only, the fallback). */
    readonly shared: boolean,
  ) {
    for (const { key, windowMs } of specs) {
      const cutoff = now - windowMs;
      const kept = (stored(key) ?? []).filter((t) => t > cutoff);
      this.times.set(key, kept);
      this.windows.set(key, windowMs);
      if (kept.length !== (stored(key) ?? []).length) this.changed.add(key);
    }
  }

  /** Events of the key in its window. */
  count(key: string): number {
    return this.of(key).length;
  }

  /** Time of the key's latest event in its window, or null. */
  latest(key: string): number | null {
    const times = this.of(key);
    return times.length > 0 ? times[times.length - 1]! : null;
  }

  /** Seconds until the key may have another event under `max` per window, or 0 when it is under. */
  retryAfterSeconds(key: string, max: number): number {
    const times = this.of(key);
    if (times.length < max) return 0;
    const oldest = times[times.length - max]!;
    return Math.max(1, Math.ceil((oldest + this.windows.get(key)! - this.now) / 1000));
  }

  /** Records an event now; returns its time, which `release` takes to undo exactly this one. */
  record(key: string): number {
    this.of(key).push(this.now);
    this.changed.add(key);
    return this.now;
  }

  /** Undoes one event recorded at `at` (a reservation that turned out not to count). */
  release(key: string, at: number): void {
    const times = this.of(key);
    const index = times.lastIndexOf(at);
    if (index < 0) return;
    times.splice(index, 1);
    this.changed.add(key);
  }

  reset(key: string): void {
    this.times.set(key, []);
    this.changed.add(key);
  }

  /** The key's times as they are now (after this view's changes), oldest first. */
  timesOf(key: string): readonly number[] {
    return this.of(key);
  }

  private of(key: string): number[] {
    const times = this.times.get(key);
    if (!times) throw new Error(`rate limit key not in this check: ${key}`);
    return times;
  }
}

/**
 * Sliding windows in this process's memory, behind the same `WindowView`: the fallback of the
 * shared store while the database does not answer. Atomic because `run` never awaits.
 */
export class LocalWindows {
  private readonly hits = new Map<string, { times: number[]; expiresAt: number }>();

  constructor(private readonly maxKeys = 100_000) {}

  run<T>(specs: readonly WindowSpec[], now: number, decide: (view: WindowView) => T): T {
    const view = new WindowView(specs, (key) => this.hits.get(key)?.times, now, false);
    const result = decide(view);
    for (const { key, windowMs } of specs) {
      if (!view.changed.has(key)) continue;
      const times = [...view.timesOf(key)];
      this.hits.delete(key);
      // Re-inserted, so the map's order is least recently written first (for eviction).
      if (times.length > 0) this.hits.set(key, { times, expiresAt: times[times.length - 1]! + windowMs });
    }
    if (this.hits.size > this.maxKeys) this.evict(now);
    return result;
  }

  get size(): number {
    return this.hits.size;
  }

  private evict(now: number): void {
    for (const [key, entry] of this.hits) if (entry.expiresAt <= now) this.hits.delete(key);
    for (const key of this.hits.keys()) {
      if (this.hits.size <= this.maxKeys) break;
      this.hits.delete(key);
    }
  }
}

export function minutesText(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 1 ? '1 minute' : `${minutes} minutes`;
}

export function secondsText(seconds: number): string {
  return seconds <= 1 ? '1 second' : `${seconds} seconds`;
}
