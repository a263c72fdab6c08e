import { apiErrorSchema, STREAM_EVENT, STREAM_HEARTBEAT_MS } from '@tokendesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentAuth } from '../../auth/plugin';
import { tooManyRequests } from '../../lib/http-errors';

const security: Record<string, string[]>[] = [{ bearerAuth: [] }, { basicAuth: [] }];
/** What a refused stream suggests: about how long a closed tab takes to free its slot. */
const RETRY_SECONDS = 30;

/**
 * GET /api/v1/stream/: the signed-in user's live stream (decision 0074, product "Live updates").
 * Written over the raw response (lib/sse-hub.ts) after the same authentication and budget as
 * any route; the headers Fastify collected for it (the API's CSP and the rest) go out unchanged.
 */
export const streamRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stream',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['Live'],
        security,
        summary: 'What changed in your data, as it happens (Server-Sent Events)',
        description:
          `Answers text/event-stream and stays open. Each message is \`event: ${STREAM_EVENT}\` with an \`id:\` and one ` +
          'StreamChange as JSON in `data:` — which of your pools, notifications, holders, tickets or lists changed, never the ' +
          'figures: read them through the other routes. Only your own data is ever named. A comment line comes every ' +
          `${STREAM_HEARTBEAT_MS / 1000} s. Nothing is replayed: a reconnect that sends Last-Event-ID gets \`reset\` ` +
          '(refetch everything on screen) first, as does every stream after the server may have missed changes. A client that ' +
          'does not read gets `reset` in place of what it missed, and is closed after 30 s without reading. A revoked session’s ' +
          'stream ends at once. Open streams are capped per user and per server (429 with Retry-After).',
        produces: ['text/event-stream'],
        response: {
          200: z.string().describe('text/event-stream: `id:`, `event: change`, `data: <StreamChange JSON>`, and heartbeat comments'),
          401: apiErrorSchema,
          403: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const auth = currentAuth(request);
      // A bearer session's end, so the stream does not outlive it (checked with the heartbeats).
      // Read before the caps are checked, so that check and attach run with no await between them.
      const expiresAt = auth.sessionId === null ? Infinity : ((await app.auth.sessionExpiry(auth.sessionId)) ?? 0);
      const hub = app.liveStreams;
      const refusal = hub.admit(auth.user.id);
      if (refusal?.refused === 'user') {
        throw tooManyRequests(
          `You already have ${app.config.STREAMS_PER_USER} live streams open on this server. Close a TokenDesk tab, or try again in ${RETRY_SECONDS} seconds.`,
          RETRY_SECONDS,
        );
      }
      if (refusal) throw tooManyRequests(`This server has as many live streams open as it allows. Please try again in ${RETRY_SECONDS} seconds.`, RETRY_SECONDS);
      const resumed = request.headers['last-event-id'] !== undefined;
      reply.hijack();
      const res = reply.raw;
      request.raw.socket.setNoDelay(true);
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // nginx and its kind buffer a response unless told not to: a change would wait in the proxy.
        'x-accel-buffering': 'no',
      });
      hub.attach(auth.user.id, auth.sessionId, res, resumed ? 'reset' : 'hello', expiresAt);
    },
  );
};
