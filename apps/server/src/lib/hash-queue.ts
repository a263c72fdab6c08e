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

export class HashQueue {
  private running = 0;
  /**
   * Waiting tasks per key, served round-robin (the map's order is the rotation): a newcomer waits
   * behind one task of each other busy client, not behind everything one attacker queued.
   */
  private readonly waiting = new Map<string, Start[]>();
  private waitingCount = 0;
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
  run<T>(key: string | null, task: () => Promise<T>): Promise<T> {
    if (key !== null && (this.perKey.get(key) ?? 0) >= this.maxPerKey) {
      this.refusedTotal++;
      return Promise.reject(new HashQueueFullError(this.retryAfterSeconds(), 'key'));
    }
    if (this.running >= this.concurrency && this.waitingCount >= this.maxWaiting) {
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
      else this.enqueue(key ?? '', start);
    });
  }

  private enqueue(key: string, start: Start): void {
    const queue = this.waiting.get(key);
    if (queue) queue.push(start);
    else this.waiting.set(key, [start]);
    this.waitingCount++;
  }

  /** The first key's oldest task; that key then goes to the back of the rotation. */
  private next(): Start | undefined {
    const first = this.waiting.entries().next();
    if (first.done) return undefined;
    const [key, queue] = first.value;
    const start = queue.shift()!;
    this.waiting.delete(key);
    if (queue.length > 0) this.waiting.set(key, queue);
    this.waitingCount--;
    return start;
  }

  /** Whole seconds until the work ahead of a newcomer is likely done; at least 1. */
  retryAfterSeconds(): number {
    const ahead = this.running + this.waitingCount;
    return Math.max(1, Math.ceil((ahead * this.averageMs) / this.concurrency / 1000));
  }

  stats(): { running: number; waiting: number; startedTotal: number; refusedTotal: number; averageMs: number } {
    return {
      running: this.running,
      waiting: this.waitingCount,
      startedTotal: this.startedTotal,
      refusedTotal: this.refusedTotal,
      averageMs: this.averageMs,
    };
  }
}
