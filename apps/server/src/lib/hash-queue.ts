/**
 * Runs password hashes a few at a time with a short wait queue, and refuses at once when the
 * queue is full. scrypt runs on libuv's thread pool (4 threads, shared with file and DNS work):
 * unbounded, a burst of 40 guesses made every sign-in wait minutes behind them. Bounded, a burst
 * costs the server a fixed amount of CPU and the requests beyond it get a fast "try again".
 */
export class HashQueueFullError extends Error {
  override name = 'HashQueueFullError';
  constructor(
    readonly retryAfterSeconds: number,
    /** 'key': this key (a client IP) already has its share queued; 'queue': the whole queue is full. */
    readonly reason: 'key' | 'queue',
  ) {
    super(reason === 'key' ? 'Too many password checks queued for this client.' : 'The password-hashing queue is full.');
  }
}

type Start = () => void;

/** 'first': clients without recent failures; 'later': clients that have been failing. */
export type Lane = 'first' | 'later';

export class HashQueue {
  private running = 0;
  /**
   * Two lanes of waiting tasks per key, each served round-robin (the map's order is the rotation):
   * a newcomer waits behind one task of each other busy client, not behind everything one attacker
   * queued; and the 'first' lane (clients without recent failures) is always served before the
   * 'later' lane (clients that have been guessing wrong), so an owner waits only for the hashes
   * already running. Each lane holds at most maxWaiting.
   */
  private readonly lanes = { first: new Map<string, Start[]>(), later: new Map<string, Start[]>() };
  private readonly laneCount = { first: 0, later: 0 };
  /** Moving average of a task's duration, for an honest Retry-After (starts at a typical scrypt). */
  private averageMs = 100;
  private refusedTotal = 0;
  private startedTotal = 0;
  /** Tasks running or waiting per key, so one client cannot fill the queue for everyone. */
  private readonly perKey = new Map<string, number>();

  constructor(
    private readonly concurrency: number,
    private readonly maxWaiting: number,
    private readonly maxPerKey = Number.POSITIVE_INFINITY,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /**
   * Runs the task when a slot is free. Rejects at once with HashQueueFullError when the key
   * (a client IP; null for none) already has its share, or when no slot is free and the queue is full.
   */
  run<T>(key: string | null, task: () => Promise<T>, lane: Lane = 'first'): Promise<T> {
    if (key !== null && (this.perKey.get(key) ?? 0) >= this.maxPerKey) {
      this.refusedTotal++;
      return Promise.reject(new HashQueueFullError(this.retryAfterSeconds(), 'key'));
    }
    if (this.running >= this.concurrency && this.laneCount[lane] >= this.maxWaiting) {
      this.refusedTotal++;
      return Promise.reject(new HashQueueFullError(this.retryAfterSeconds(), 'queue'));
    }
    if (key !== null) this.perKey.set(key, (this.perKey.get(key) ?? 0) + 1);
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.running++;
        this.startedTotal++;
        const began = this.now();
        // The slot is freed before the caller resumes, and also when the task throws synchronously.
        const finish = () => {
          this.averageMs = this.averageMs * 0.8 + (this.now() - began) * 0.2;
          this.running--;
          if (key !== null) {
            const left = (this.perKey.get(key) ?? 1) - 1;
            if (left > 0) this.perKey.set(key, left);
            else this.perKey.delete(key);
          }
          this.next()?.();
        };
        Promise.resolve()
          .then(task)
          .then(
            (value) => {
              finish();
              resolve(value);
            },
            (err: unknown) => {
              finish();
              reject(err);
            },
          );
      };
      if (this.running < this.concurrency) start();
      else this.enqueue(lane, key ?? '', start);
    });
  }

  private enqueue(lane: Lane, key: string, start: Start): void {
    const waiting = this.lanes[lane];
    const queue = waiting.get(key);
    if (queue) queue.push(start);
    else waiting.set(key, [start]);
    this.laneCount[lane]++;
  }

  /** The 'first' lane before the 'later' one; in a lane, the first key's oldest task, then that key goes to the back. */
  private next(): Start | undefined {
    for (const lane of ['first', 'later'] as const) {
      const waiting = this.lanes[lane];
      const head = waiting.entries().next();
      if (head.done) continue;
      const [key, queue] = head.value;
      const start = queue.shift()!;
      waiting.delete(key);
      if (queue.length > 0) waiting.set(key, queue);
      this.laneCount[lane]--;
      return start;
    }
    return undefined;
  }

  /** Whole seconds until the work ahead of a newcomer is likely done; at least 1. */
  retryAfterSeconds(): number {
    const ahead = this.running + this.laneCount.first + this.laneCount.later;
    return Math.max(1, Math.ceil((ahead * this.averageMs) / this.concurrency / 1000));
  }

  stats(): { running: number; waiting: number; startedTotal: number; refusedTotal: number; averageMs: number } {
    return {
      running: this.running,
      waiting: this.laneCount.first + this.laneCount.later,
      startedTotal: this.startedTotal,
      refusedTotal: this.refusedTotal,
      averageMs: this.averageMs,
    };
  }
}
