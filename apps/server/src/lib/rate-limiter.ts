/**
 * Counts events (failed sign-ins, registrations) per key in a sliding window. In memory on
 * purpose: limits are per process, cheap to check before any password hashing, and forgetting
 * them on restart only gives an attacker a fresh window once per restart.
 */
export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly maxKeys = 100_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until the key may try again, or 0 when it is under the limit. */
  retryAfterSeconds(key: string): number {
    const times = this.prune(key);
    if (times.length < this.max) return 0;
    const oldest = times[times.length - this.max]!;
    return Math.max(1, Math.ceil((oldest + this.windowMs - this.now()) / 1000));
  }

  /** Records an event now; returns its time, which `release` takes to undo exactly this one. */
  record(key: string): number {
    const times = this.prune(key);
    const at = this.now();
    times.push(at);
    this.hits.set(key, times);
    if (this.hits.size > this.maxKeys) this.evictOldest();
    return at;
  }

  /**
   * Undoes one event recorded at `at` (a reservation that turned out not to count, such as a
   * sign-in that succeeded). Recording before the slow work and releasing after is what makes a
   * burst of parallel requests unable to slip past the limit while the first is still working.
   */
  release(key: string, at: number): void {
    const times = this.hits.get(key);
    if (!times) return;
    const index = times.lastIndexOf(at);
    if (index < 0) return;
    times.splice(index, 1);
    if (times.length === 0) this.hits.delete(key);
  }

  /** Events of the key in the current window. */
  count(key: string): number {
    return this.prune(key).length;
  }

  /** Time of the key's latest event in the window, or null. */
  latest(key: string): number | null {
    const times = this.prune(key);
    return times.length > 0 ? times[times.length - 1]! : null;
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private prune(key: string): number[] {
    const times = this.hits.get(key);
    if (!times) return [];
    const cutoff = this.now() - this.windowMs;
    const kept = times.filter((t) => t > cutoff);
    if (kept.length === 0) this.hits.delete(key);
    else if (kept.length !== times.length) this.hits.set(key, kept);
    return kept;
  }

  // Maps iterate in insertion order, so the first keys are the least recently inserted.
  private evictOldest(): void {
    const excess = this.hits.size - this.maxKeys;
    let removed = 0;
    for (const key of this.hits.keys()) {
      if (removed++ >= excess) break;
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
