import type { ServerResponse } from 'node:http';

/**
 * The open Server-Sent Event streams of this server, per user (decision 0074). Written straight to
 * the socket (no library between): each connection's backlog is what Node's own response buffer
 * holds, and the hub looks at it before every write.
 *
 * Backpressure: a message is a hint to refetch, never data, so one that cannot be written at once
 * is not queued. While a connection's socket has not drained, messages for it are dropped and
 * remembered as one flag; when it drains it gets a single `reset` (refetch everything) in their
 * place. A connection that stays undrained for `stallMs` is closed. What one slow client holds is
 * therefore one unwritten chunk (at most a heartbeat or a message, ~200 bytes) on top of the kernel's
 * socket buffer, however much happens meanwhile.
 */

export interface SseConnection {
  readonly userId: number;
  /** The bearer session the stream was opened with; null for HTTP Basic. */
  readonly sessionId: number | null;
  readonly res: ServerResponse;
  /** When the credential the stream was opened with expires (ms); the stream ends then. */
  readonly expiresAt: number;
  /** Messages dropped while the socket was full: one `reset` is owed. */
  missed: boolean;
  /** Since when the socket has not drained (0: it has). */
  stalledSince: number;
  closed: boolean;
}

export interface SseHubOptions {
  perUser: number;
  max: number;
  heartbeatMs: number;
  /** How long a connection may sit on an undrained socket before it is closed. */
  stallMs: number;
  /** The event name of every message. */
  event: string;
  /** The message that replaces whatever a connection missed. */
  resetData: string;
  now?: () => number;
}

export type OpenRefusal = { refused: 'user' | 'server' };

export class SseHub {
  private readonly byUser = new Map<number, Set<SseConnection>>();
  private count = 0;
  private seq = 0;
  private readonly timer: NodeJS.Timeout;
  private readonly now: () => number;
  private readonly resetFrame: (id: number) => string;
  /** Counters for /metrics and the benchmark. */
  readonly stats = { sent: 0, skipped: 0, stalledClosed: 0 };

  constructor(private readonly options: SseHubOptions) {
    this.now = options.now ?? Date.now;
    this.resetFrame = (id) => `id: ${id}\nevent: ${options.event}\ndata: ${options.resetData}\n\n`;
    // One timer for every stream: heartbeats and the stall check, not a timer per connection.
    this.timer = setInterval(() => this.heartbeat(), options.heartbeatMs);
    this.timer.unref();
  }

  get size(): number {
    return this.count;
  }

  /** The users with a stream open here: the only ones whose changes this server works out. */
  users(): number[] {
    return [...this.byUser.keys()];
  }

  connections(userId: number): readonly SseConnection[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  /** Checks the caps; the caller writes the headers and then calls attach. */
  admit(userId: number): OpenRefusal | null {
    if ((this.byUser.get(userId)?.size ?? 0) >= this.options.perUser) return { refused: 'user' };
    if (this.count >= this.options.max) return { refused: 'server' };
    return null;
  }

  /** Takes over an open response whose headers are written. `first` (a comment or a reset) goes out at once. */
  attach(
    userId: number,
    sessionId: number | null,
    res: ServerResponse,
    first: 'hello' | 'reset',
    expiresAt = Infinity,
  ): SseConnection {
    const conn: SseConnection = { userId, sessionId, res, expiresAt, missed: false, stalledSince: 0, closed: false };
    let set = this.byUser.get(userId);
    if (!set) this.byUser.set(userId, (set = new Set()));
    set.add(conn);
    this.count += 1;
    const gone = () => this.detach(conn);
    res.once('close', gone);
    res.on('error', gone);
    res.on('drain', () => {
      conn.stalledSince = 0;
      if (conn.missed && !conn.closed) {
        conn.missed = false;
        this.write(conn, this.resetFrame(++this.seq));
      }
    });
    // Gone before it was attached (the client left while the route read its session).
    if (res.destroyed) gone();
    this.write(conn, first === 'reset' ? this.resetFrame(++this.seq) : ': live\n\n');
    return conn;
  }

  /** One change to every stream of one user. */
  send(userId: number, data: string): void {
    const set = this.byUser.get(userId);
    if (!set) return;
    const frame = `id: ${++this.seq}\nevent: ${this.options.event}\ndata: ${data}\n\n`;
    for (const conn of set) this.write(conn, frame);
  }

  /** The same change to every stream (a reset after the change feed was down). */
  broadcast(data: string): void {
    const frame = `id: ${++this.seq}\nevent: ${this.options.event}\ndata: ${data}\n\n`;
    for (const set of this.byUser.values()) for (const conn of set) this.write(conn, frame);
  }

  close(conn: SseConnection): void {
    if (conn.closed) return;
    this.detach(conn);
    conn.res.end();
  }

  /** Shutdown: every stream ends, so the server's close is not held open by them. */
  closeAll(): void {
    clearInterval(this.timer);
    for (const set of [...this.byUser.values()]) for (const conn of [...set]) this.close(conn);
  }

  private detach(conn: SseConnection): void {
    if (conn.closed) return;
    conn.closed = true;
    const set = this.byUser.get(conn.userId);
    if (set?.delete(conn)) {
      this.count -= 1;
      if (set.size === 0) this.byUser.delete(conn.userId);
    }
  }

  private write(conn: SseConnection, frame: string): void {
    if (conn.closed) return;
    // The socket has not taken the last chunk yet: nothing more is buffered behind it.
    if (conn.res.writableNeedDrain) {
      conn.missed = true;
      this.stats.skipped += 1;
      if (conn.stalledSince === 0) conn.stalledSince = this.now();
      return;
    }
    this.stats.sent += 1;
    if (!conn.res.write(frame) && conn.stalledSince === 0) conn.stalledSince = this.now();
  }

  private heartbeat(): void {
    const now = this.now();
    for (const set of [...this.byUser.values()]) {
      for (const conn of [...set]) {
        // The session ran out while the stream was open: it ends as any request would be refused.
        if (now >= conn.expiresAt) {
          this.close(conn);
          continue;
        }
        if (conn.stalledSince !== 0 && now - conn.stalledSince >= this.options.stallMs) {
          // Not reading at all: its slot and socket go to someone who is.
          this.stats.stalledClosed += 1;
          this.detach(conn);
          conn.res.destroy();
          continue;
        }
        // A heartbeat behind an undrained socket is simply not needed: nothing is owed for it.
        if (!conn.res.writableNeedDrain) conn.res.write(': ping\n\n');
      }
    }
  }
}
