import { api } from '@tokendesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentAuth } from '../../auth/plugin';
import { tooManyRequests } from '../../lib/http-errors';
import { route } from '../../plugins/endpoint-routes';

/** What a refused stream suggests: about how long a closed tab takes to free its slot. */
const RETRY_SECONDS = 30;

/**
 * GET /api/v1/stream/: the signed-in user's live stream (decision 0074, product "Live updates").
 * Written over the raw response (lib/sse-hub.ts) after the same authentication and budget as
 * any route; the headers Fastify collected for it (the API's CSP and the rest) go out unchanged.
 */
export const streamRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, api.stream.open, async (request, reply) => {
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
    if (refusal)
      throw tooManyRequests(
        `This server has as many live streams open as it allows. Please try again in ${RETRY_SECONDS} seconds.`,
        RETRY_SECONDS,
      );
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
  });
};
