/**
 * Runs password hashes a few at a time with a short wait queue, and refuses at once when the
 * queue is full. scrypt runs on libuv's thread pool (4 threads, shared with file and DNS work):
 * unbounded, a burst of 40 guesses made every sign-in wait minutes behind them. Bounded, a burst
 * costs the server a fixed amount of CPU and the requests beyond it get a fast "try again".
 *
 * The queue is per server on purpose, also when several servers share a database: it guards this
 * server's CPU, which no other server spends.
 */
export class HashQueueFullError extends Error {
  override name = 'HashQueueFullError';
  constructor(
    readonly retryAfterSeconds: number,
    /** 'key': this key (a client IP) already has its share queued; 'queue': the whole queue is full. */
    readonly reason: 'key' | 'queue',
  ) {
    super(
      reason === 'key' ? 'Too many password checks queued for this client.' : 'The password-hashing queue is full.',
    );
  }
}

type Start = () => void;

/**
 * Waiting lanes, served strictly in this order (decision 0054):
 * 'trusted' — a sign-in from where this username signed in before, with no failure there;
 * 'first'   — clients without recent failures;
 * 'later'   — clients that have been failing.
 */
export type Lane = 'trusted' | 'first' | 'later';
const LANES: readonly Lane[] = ['trusted', 'first', 'later'];

/**
 * A place a task may wait: a lane and the group it takes turns as in that lane (a username, an
 * address prefix, an address). run() takes a list of them in order of preference: the first whose
 * group has fewer than the lane's per-group cap waiting, else the last (whatever its cap).
 */
export interface LaneChoice {
  lane: Lane;
  group: string;
}

interface Waiting {
  start: Start;
  refuse: (err: HashQueueFullError) => void;
  key: string | null;
}

export interface HashQueueOptions {
  /** At most this many tasks of one group wait in the lane; beyond it a task takes its next choice. */
  perGroup?: Partial<Record<Lane, number>>;
  now?: () => number;
}

export class HashQueue {
  private running = 0;
  /**
   * Per lane, the waiting tasks of each group, served round-robin (the map's order is the
   * rotation): a newcomer waits behind one task of each other busy group, not behind everything
   * one group queued. A lane is served only when the lanes above it are empty.
   */
  private readonly lanes: Record<Lane, Map<string, Waiting[]>> = {
    trusted: new Map(),
    first: new Map(),
    later: new Map(),
  };
  private readonly laneCount: Record<Lane, number> = { trusted: 0, first: 0, later: 0 };
  /** Moving average of a task's duration, for an honest Retry-After (starts at a typical scrypt). */
  private averageMs = 100;
  private refusedTotal = 0;
  /** Of refusedTotal: tasks that had been waiting and were pushed out for a newcomer of a higher lane. */
  private shedTotal = 0;
  private startedTotal = 0;
  /** Tasks running or waiting per key, so one client cannot fill the queue for everyone. */
  private readonly perKey = new Map<string, number>();
  private readonly perGroup: Record<Lane, number>;
  private readonly now: () => number;

  constructor(
    private readonly concurrency: number,
    /** Tasks waiting in all lanes together. */
    private readonly maxWaiting: number,
    private readonly maxPerKey = Number.POSITIVE_INFINITY,
    options: HashQueueOptions = {},
  ) {
    const unlimited = Number.POSITIVE_INFINITY;
    this.perGroup = { trusted: unlimited, first: unlimited, later: unlimited, ...options.perGroup };
    this.now = options.now ?? (() => performance.now());
  }

  /**
   * True when `key` already has its share running or waiting: run() would refuse it at once. Lets a
   * caller answer such a client before doing any other work for it (issue 29 item 2: a flood's
   * refusals must cost the server next to nothing, or they slow the hashes everyone waits for).
   */
  keyFull(key: string): boolean {
    return (this.perKey.get(key) ?? 0) >= this.maxPerKey;
  }

  /**
   * Runs the task when a slot is free. Rejects at once with HashQueueFullError when the key
   * (a client IP; null for none) already has its share, or when no slot is free, the queue is full
   * and nothing waiting there is below the task (see shed). A task already waiting can still be
   * rejected later, when a task of a higher lane pushes it out.
   */
  run<T>(key: string | null, task: () => Promise<T>, lanes: Lane | readonly LaneChoice[] = 'first'): Promise<T> {
    if (key !== null && this.keyFull(key)) {
      this.refusedTotal++;
      return Promise.reject(new HashQueueFullError(this.retryAfterSeconds(), 'key'));
    }
    const place = this.place(typeof lanes === 'string' ? [{ lane: lanes, group: key ?? '' }] : lanes);
    const mustWait = this.running >= this.concurrency;
    if (mustWait && this.waitingTotal() >= this.maxWaiting && !this.shed(place)) {
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
          this.releaseKey(key);
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
      if (!mustWait) start();
      else this.enqueue(place, { start, refuse: reject, key });
    });
  }

  /** The first choice whose group has room in its lane, else the last choice. */
  private place(choices: readonly LaneChoice[]): LaneChoice {
    if (choices.length === 0) throw new TypeError('HashQueue.run needs at least one lane');
    for (const choice of choices) {
      if ((this.lanes[choice.lane].get(choice.group)?.length ?? 0) < this.perGroup[choice.lane]) return choice;
    }
    return choices[choices.length - 1]!;
  }

  /**
   * The queue is full: makes room for a newcomer by refusing a task that waits below it — the
   * newest task of the busiest group in the lowest lane that has any, if that lane is below the
   * newcomer's; else, in the newcomer's own lane, the newest task of a group with at least two more
   * waiting than the newcomer's group. So failing clients are shed before clean ones, clean ones
   * before trusted ones, and a lane's heaviest group before a newcomer. False when nothing qualifies.
   */
  private shed(place: LaneChoice): boolean {
    const rank = LANES.indexOf(place.lane);
    let victimLane: Lane | null = null;
    for (let i = LANES.length - 1; i > rank; i--) {
      if (this.laneCount[LANES[i]!] > 0) {
        victimLane = LANES[i]!;
        break;
      }
    }
    const lane = victimLane ?? place.lane;
    const waiting = this.lanes[lane];
    let heaviest: [string, Waiting[]] | null = null;
    // Ties go to the group latest in the rotation: the one that would be served last.
    for (const entry of waiting) if (!heaviest || entry[1].length >= heaviest[1].length) heaviest = entry;
    if (!heaviest) return false;
    if (victimLane === null && heaviest[1].length < (waiting.get(place.group)?.length ?? 0) + 2) return false;
    const [group, queue] = heaviest;
    const victim = queue.pop()!;
    if (queue.length === 0) waiting.delete(group);
    this.laneCount[lane]--;
    this.releaseKey(victim.key);
    this.refusedTotal++;
    this.shedTotal++;
    victim.refuse(new HashQueueFullError(this.retryAfterSeconds(), 'queue'));
    return true;
  }

  private enqueue(place: LaneChoice, entry: Waiting): void {
    const waiting = this.lanes[place.lane];
    const queue = waiting.get(place.group);
    if (queue) queue.push(entry);
    else waiting.set(place.group, [entry]);
    this.laneCount[place.lane]++;
  }

  private releaseKey(key: string | null): void {
    if (key === null) return;
    const left = (this.perKey.get(key) ?? 1) - 1;
    if (left > 0) this.perKey.set(key, left);
    else this.perKey.delete(key);
  }

  /** The highest non-empty lane; in it, the first group's oldest task, then that group goes to the back. */
  private next(): Start | undefined {
    for (const lane of LANES) {
      const waiting = this.lanes[lane];
      const head = waiting.entries().next();
      if (head.done) continue;
      const [group, queue] = head.value;
      const entry = queue.shift()!;
      waiting.delete(group);
      if (queue.length > 0) waiting.set(group, queue);
      this.laneCount[lane]--;
      return entry.start;
    }
    return undefined;
  }

  private waitingTotal(): number {
    return this.laneCount.trusted + this.laneCount.first + this.laneCount.later;
  }

  /** Whole seconds until the work ahead of a newcomer is likely done; at least 1. */
  retryAfterSeconds(): number {
    const ahead = this.running + this.waitingTotal();
    return Math.max(1, Math.ceil((ahead * this.averageMs) / this.concurrency / 1000));
  }

  stats(): {
    running: number;
    waiting: number;
    waitingByLane: Record<Lane, number>;
    startedTotal: number;
    refusedTotal: number;
    shedTotal: number;
    averageMs: number;
  } {
    return {
      running: this.running,
      waiting: this.waitingTotal(),
      waitingByLane: { ...this.laneCount },
      startedTotal: this.startedTotal,
      refusedTotal: this.refusedTotal,
      shedTotal: this.shedTotal,
      averageMs: this.averageMs,
    };
  }
}
