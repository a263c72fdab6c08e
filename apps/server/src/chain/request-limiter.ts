/**
 * Answers in a row without a throttle before one more request may go at once: slow enough that a
 * node throttling above one request in flight sees one 429 in about this many requests, not every other.
 */
const QUIET_TO_GROW = 16;

/**
 * How many of one kind of request go to a network's node at once (decision 0081): at most `max`,
 * fewer after the node throttled. Public nodes cap requests per second and per IP, and throttle
 * with HTTP 429 (or a JSON-RPC rate-limit error) rather than queueing; requests in flight together
 * are what a caller controls. On a throttle the limit halves (at least one stays in flight, so the
 * reads never stop, only slow down); after QUIET_TO_GROW answers in a row without one it grows by
 * one, up to `max` again — additive increase, multiplicative decrease, as TCP's congestion control,
 * so a limiter settles just under what the node allows instead of hitting its cap all the time.
 * The retries themselves (and the provider's Retry-After) stay the client's (client.ts).
 */
export class RequestLimiter {
  private current: number;
  private active = 0;
  private quietAnswers = 0;
  private readonly waiting: (() => void)[] = [];
  /** The most requests that were ever in flight at once, and the throttles heard (benchmarks and tests print them). */
  readonly seen = { peak: 0, throttled: 0, lowest: 0 };

  constructor(readonly max: number) {
    if (!Number.isInteger(max) || max < 1)
      throw new Error(`A request limit must be a whole number of at least 1, not ${max}`);
    this.current = max;
    this.seen.lowest = max;
  }

  /** The requests allowed in flight now. */
  get limit(): number {
    return this.current;
  }

  get inFlight(): number {
    return this.active;
  }

  /** Runs `work` once fewer than `limit` requests are in flight. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  /**
   * The node throttled a request of `run` (the client retries it): fewer at once from now on, and
   * the request gives its place up and waits for one again before its retry, so the requests that
   * were in flight when the node said stop do not all come back at once.
   */
  async throttled(): Promise<void> {
    this.seen.throttled++;
    this.quietAnswers = 0;
    this.current = Math.max(1, Math.floor(this.current / 2));
    if (this.current < this.seen.lowest) this.seen.lowest = this.current;
    this.release();
    await this.acquire();
  }

  /** A request answered without a throttle: after QUIET_TO_GROW of them in a row, one more may go at once. */
  answered(): void {
    if (this.current >= this.max) return;
    if (++this.quietAnswers < QUIET_TO_GROW) return;
    this.quietAnswers = 0;
    this.current++;
    this.wake();
  }

  private async acquire() {
    while (this.active >= this.current) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    if (this.active > this.seen.peak) this.seen.peak = this.active;
  }

  private release() {
    this.active--;
    this.wake();
  }

  private wake() {
    // Every waiter looks again; those that still find no room wait again (a handful at most).
    for (const resolve of this.waiting.splice(0)) resolve();
  }
}
