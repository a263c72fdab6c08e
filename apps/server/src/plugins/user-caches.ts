/**
 * The caches of what a user's screens ask for again and again, kept correct across servers
 * (decision 0026): the change feed (LISTEN/NOTIFY) drops a user's list answers when their projects
 * or pools change anywhere, their sessions when a session or the user row changes, and everything
 * when the feed was down.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { AuthService } from '../auth/auth-service';
import type { Config } from '../config';
import { ChangeFeed } from '../db/change-feed';
import type { Database } from '../db/client';
import { AnswerCache } from '../lib/answer-cache';

declare module 'fastify' {
  interface FastifyInstance {
    changes: ChangeFeed;
    /** Serialized list answers per user (projects, pools, funds, prices, search). */
    answers: AnswerCache<Buffer>;
  }
}

export async function registerUserCaches(
  app: FastifyInstance,
  deps: { database: Database; auth: AuthService; config: Config },
): Promise<void> {
  const changes = await ChangeFeed.start(deps.database, (msg) => app.log.info(msg));
  const answers = new AnswerCache<Buffer>({
    ttlMs: deps.config.ANSWER_CACHE_SECONDS * 1000,
    isLive: () => changes.isLive(),
  });
  changes.on('lists', (userId) => answers.invalidate(userId));
  changes.on('session', (userId) => deps.auth.forgetUser(userId));
  changes.onReset(() => {
    answers.clear();
    deps.auth.forgetSessions();
  });
  app.decorate('changes', changes);
  app.decorate('answers', answers);
  app.addHook('onClose', async () => changes.close());
}

/**
 * The answer as the route's response schema would serialise it (checked, unknown keys dropped),
 * once, so that a cached copy can be sent as is. As UTF-8 bytes: a string body is encoded again on
 * every send (and joined to the header block first), which for the funds page's 61 kB was most of
 * what a cache hit cost the server.
 */
export function serializeAnswer<S extends z.ZodType>(schema: S, value: z.input<S>): Buffer {
  return Buffer.from(JSON.stringify(schema.parse(value)), 'utf8');
}

/** Sends an answer serialised by serializeAnswer (or a tiny one written by hand): Fastify passes it through untouched. */
export function sendSerialized(reply: FastifyReply, body: Buffer | string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}
