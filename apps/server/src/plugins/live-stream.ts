/**
 * The live stream's sources (decision 0074): what changed, for whom, turned into StreamChange
 * messages on this server's open streams. Everything arrives through PostgreSQL, so a change made
 * on another server (its indexer, a staff reply there, the CLI) reaches a browser connected here:
 *
 *   lists:<user>, unread:<user>   the change feed's triggers (decision 0026) → lists, notifications
 *   session:<user>                a session revoked or the user changed → that user's streams are checked
 *   tick:…                        the indexer's committed tick (db/stream-notices.ts) → pool, holders
 *   ticket:<user>:<ticket>        migration 0029's triggers → tickets, to the owner and to connected staff
 *   feed back after being down    → reset to every stream (changes may have been missed)
 *
 * A tick names pool and token addresses; which users they concern is read here, once per notice,
 * for the users with a stream open on this server only, and each row goes to the user who owns it
 * (the same owner check as every route: decision 0028).
 */
import { STREAM_EVENT, STREAM_HEARTBEAT_MS, type StreamChange } from '@tokendesk/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { queryRows } from '../db/client';
import { decodeNotice, type StreamNotice } from '../db/stream-notices';
import { SseHub } from '../lib/sse-hub';

declare module 'fastify' {
  interface FastifyInstance {
    /** The open live streams of this server. */
    liveStreams: SseHub;
  }
}

const RESET = JSON.stringify({ topic: 'reset' } satisfies StreamChange);

export function registerLiveStream(app: FastifyInstance, { config }: { config: Config }): void {
  const hub = new SseHub({
    perUser: config.STREAMS_PER_USER,
    max: config.STREAMS_MAX,
    heartbeatMs: STREAM_HEARTBEAT_MS,
    // Two heartbeats the socket would not take: the client is not reading.
    stallMs: 2 * STREAM_HEARTBEAT_MS,
    event: STREAM_EVENT,
    resetData: RESET,
  });
  const send = (userId: number, change: StreamChange) => sendTo(hub, userId, change);

  app.changes.on('lists', (userId) => send(userId, { topic: 'lists' }));
  app.changes.on('unread', (userId) => send(userId, { topic: 'notifications' }));
  app.changes.on('session', (userId) => {
    void checkSessions(app, hub, userId).catch((err: unknown) => {
      // Unsure whether the session still holds: its streams end, and a valid one opens again.
      app.log.warn({ err }, 'live stream: sessions could not be checked; closing the user’s streams');
      for (const conn of hub.connections(userId)) hub.close(conn);
    });
  });
  app.changes.onRestored(() => hub.broadcast(RESET));
  app.changes.onNotice((payload) => {
    const notice = decodeNotice(payload);
    if (!notice) return;
    if (notice.kind === 'ticket') {
      send(notice.userId, { topic: 'tickets', ticket_id: notice.ticketId });
      void fanOutTicketToStaff(app, hub, notice).catch((err: unknown) => {
        // Which connected users are staff is unknown: their queues refetch rather than miss it.
        app.log.warn({ err }, 'live stream: the staff of a ticket notice could not be read; sending reset');
        hub.broadcast(RESET);
      });
      return;
    }
    // The network has a new indexed block: this server's pool states (a 5 s cache) are of the block
    // before, and the refetch the push causes must read the new one, not them. States of that block
    // stay: on the indexing server they are the indexer's own read of it (ChainService.seedPoolStates).
    if (notice.pools === 'all' || notice.pools.length > 0) app.chain.invalidate(notice.networkId, notice.block);
    void fanOutTick(app, hub, notice).catch((err: unknown) => {
      // Who it concerned is unknown: everyone connected refetches rather than misses it.
      app.log.warn({ err }, 'live stream: the users of an indexed tick could not be read; sending reset');
      hub.broadcast(RESET);
    });
  });
  app.decorate('liveStreams', hub);
  // Before the server stops accepting: open streams would otherwise hold its close open.
  app.addHook('preClose', async () => hub.closeAll());
}

/** A user's streams whose session was revoked or expired end at once; HTTP Basic streams end on any change to the user. */
async function checkSessions(app: FastifyInstance, hub: SseHub, userId: number): Promise<void> {
  const conns = hub.connections(userId);
  if (conns.length === 0) return;
  const ids = conns.map((c) => c.sessionId).filter((id): id is number => id !== null);
  const alive = new Set(
    ids.length === 0
      ? []
      : (
          await queryRows<{ id: number }>(
            app.db,
            sql`select id from sessions where id = any(${sql.param(ids)}::integer[]) and user_id = ${userId} and revoked_at is null and expires_at > now()`,
          )
        ).map((r) => r.id),
  );
  for (const conn of conns) if (conn.sessionId === null || !alive.has(conn.sessionId)) hub.close(conn);
}

/**
 * Staff see every user's tickets (the staff queue and ticket screens), so a new ticket, a reply or a
 * status change reaches every connected staff account too, whoever owns the ticket. Read per notice
 * (tickets are few): a staff flag taken away meanwhile stops it at once, as the staff routes would.
 */
async function fanOutTicketToStaff(
  app: FastifyInstance,
  hub: SseHub,
  notice: Extract<StreamNotice, { kind: 'ticket' }>,
): Promise<void> {
  // The owner already heard it on their own stream.
  const others = hub.users().filter((id) => id !== notice.userId);
  if (others.length === 0) return;
  const staff = await queryRows<{ id: number }>(
    app.db,
    sql`select id from users where id = any(${sql.param(others)}::integer[]) and is_staff`,
  );
  for (const r of staff) sendTo(hub, r.id, { topic: 'tickets', ticket_id: notice.ticketId });
}

async function fanOutTick(
  app: FastifyInstance,
  hub: SseHub,
  notice: Extract<StreamNotice, { kind: 'tick' }>,
): Promise<void> {
  const users = hub.users();
  if (users.length === 0) return;
  const userList = sql.param(users);
  if (notice.pools === 'all' || notice.pools.length > 0) {
    const which = notice.pools === 'all' ? sql`` : sql`and pool_address = any(${sql.param(notice.pools)}::text[])`;
    const rows = await queryRows<{ user_id: number; project_id: number; pool_ids: number[] }>(
      app.db,
      sql`select user_id, project_id, array_agg(id order by id) as pool_ids from pools
          where network_id = ${notice.networkId} and user_id = any(${userList}::integer[]) ${which}
          group by user_id, project_id`,
    );
    const block = notice.block.toString();
    for (const r of rows) {
      // The refetch this push causes must not be answered from this server's answer cache (its
      // refresh-ahead would serve the figures of before the block once more, and nothing would ask again).
      app.answers.invalidate(r.user_id);
      sendTo(hub, r.user_id, { topic: 'pool', project_id: r.project_id, pool_ids: r.pool_ids.map(Number), block });
    }
  }
  if (notice.tokens === 'all' || notice.tokens.length > 0) {
    const which =
      notice.tokens === 'all' ? sql`` : sql`and contract_address = any(${sql.param(notice.tokens)}::text[])`;
    const rows = await queryRows<{ user_id: number; id: number }>(
      app.db,
      sql`select user_id, id from projects where network_id = ${notice.networkId} and user_id = any(${userList}::integer[]) ${which}`,
    );
    for (const r of rows) {
      app.answers.invalidate(r.user_id);
      sendTo(hub, r.user_id, { topic: 'holders', project_id: r.id });
    }
  }
}

const sendTo = (hub: SseHub, userId: number, change: StreamChange) => hub.send(userId, JSON.stringify(change));
