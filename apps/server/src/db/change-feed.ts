/**
 * What other writers changed, heard through PostgreSQL's LISTEN/NOTIFY (decision 0026). Triggers
 * (migration 0011) announce every committed write to projects, pools, notifications, sessions and
 * users on one channel as '<topic>:<user id>'; each server keeps one connection listening and tells
 * its caches which user's answers to drop. Caches may keep answers only while the feed is live: a
 * lost connection can have missed changes, so going down and coming back both drop everything.
 */
import pg from 'pg';
import type { Database } from './client';
import { STREAM_CHANNEL } from './stream-notices';

export const CHANGE_CHANNEL = 'tokendesk_changes';
export const changeTopics = ['lists', 'unread', 'session'] as const;
export type ChangeTopic = (typeof changeTopics)[number];

type Listener = (userId: number) => void;

const RECONNECT_MS = 1_000;

export class ChangeFeed {
  private readonly listeners = new Map<ChangeTopic, Set<Listener>>();
  private readonly resets = new Set<() => void>();
  private readonly restores = new Set<() => void>();
  private readonly notices = new Set<(payload: string) => void>();
  private client: pg.Client | null = null;
  private live: boolean;
  private closed = false;
  private everLive = false;
  private retry: NodeJS.Timeout | null = null;

  private constructor(
    private readonly connect: (() => pg.Client) | null,
    private readonly log: (msg: string) => void,
  ) {
    this.live = connect === null;
  }

  /** Listens on PostgreSQL (a connection of its own); never throws: while it cannot listen, it is not live. */
  static async start(
    database: Pick<Database, 'kind' | 'db'>,
    log: (msg: string) => void = () => {},
  ): Promise<ChangeFeed> {
    // The embedded PostgreSQL listens too: the admin CLI writes to it while the server runs.
    const pool = (database.db as unknown as { $client?: { options?: pg.ClientConfig } }).$client;
    const options = pool?.options;
    if (!options) {
      log('change feed: no connection settings found; answer caches stay off');
      return new ChangeFeed(() => {
        throw new Error('no connection settings');
      }, log);
    }
    const feed = new ChangeFeed(() => new pg.Client({ ...options, connectionTimeoutMillis: 5_000 }), log);
    await feed.listen();
    return feed;
  }

  /** Caches may store answers only while this is true. */
  isLive(): boolean {
    return this.live && !this.closed;
  }

  on(topic: ChangeTopic, listener: Listener): () => void {
    const set = this.listeners.get(topic) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(topic, set);
    return () => set.delete(listener);
  }

  /** Called when the feed went down and when it came back: drop everything cached. */
  onReset(listener: () => void): () => void {
    this.resets.add(listener);
    return () => this.resets.delete(listener);
  }

  /** Called only when the feed came back after it was down: the live stream tells every browser to refetch. */
  onRestored(listener: () => void): () => void {
    this.restores.add(listener);
    return () => this.restores.delete(listener);
  }

  /** The live stream's channel (db/stream-notices.ts), raw: the stream decodes and checks it. */
  onNotice(listener: (payload: string) => void): () => void {
    this.notices.add(listener);
    return () => this.notices.delete(listener);
  }

  /** This server's own write: drop at once rather than after the notification's round trip. */
  publishLocal(topic: ChangeTopic, userId: number): void {
    this.emit(topic, userId);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private emit(topic: ChangeTopic, userId: number): void {
    for (const listener of this.listeners.get(topic) ?? []) listener(userId);
  }

  private reset(): void {
    for (const listener of this.resets) listener();
  }

  private down(reason: string): void {
    if (this.closed) return;
    if (this.live) this.log(`change feed: lost (${reason}); answer caches off until it is back`);
    this.live = false;
    this.reset();
    const client = this.client;
    this.client = null;
    client?.end().catch(() => {});
    if (!this.retry) {
      this.retry = setTimeout(() => {
        this.retry = null;
        void this.listen();
      }, RECONNECT_MS);
      this.retry.unref();
    }
  }

  private async listen(): Promise<void> {
    if (this.closed || !this.connect) return;
    let client: pg.Client;
    try {
      client = this.connect();
    } catch (err) {
      this.down((err as Error).message);
      return;
    }
    this.client = client;
    client.on('error', (err) => this.client === client && this.down(err.message));
    client.on('end', () => this.client === client && this.down('connection ended'));
    client.on('notification', (msg) => {
      if (msg.channel === STREAM_CHANNEL && msg.payload) for (const listener of this.notices) listener(msg.payload);
      if (msg.channel !== CHANGE_CHANNEL || !msg.payload) return;
      const colon = msg.payload.indexOf(':');
      const topic = msg.payload.slice(0, colon) as ChangeTopic;
      const userId = Number(msg.payload.slice(colon + 1));
      if (changeTopics.includes(topic) && Number.isSafeInteger(userId)) this.emit(topic, userId);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGE_CHANNEL}; LISTEN ${STREAM_CHANNEL}`);
    } catch (err) {
      if (this.client === client) this.down((err as Error).message);
      return;
    }
    if (this.client !== client || this.closed) return;
    // Whatever changed while nobody listened is unknown: start from nothing.
    this.reset();
    const restored = this.everLive && !this.live;
    if (!this.live) this.log('change feed: listening');
    this.live = true;
    this.everLive = true;
    if (restored) for (const listener of this.restores) listener();
  }
}
