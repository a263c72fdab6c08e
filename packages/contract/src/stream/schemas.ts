import { z } from 'zod';

/*
 * The live stream (issue 31): GET /api/v1/stream/ answers text/event-stream to a signed-in user.
 * Every message says WHAT changed, never the figures: the browser refetches only the queries the
 * change touches, through the same routes (and tenant checks) as any other read. Only the user's
 * own data (or a workspace they belong to) is ever named.
 *
 * Wire format (https://html.spec.whatwg.org/multipage/server-sent-events.html):
 *   id: <opaque>            the browser's EventSource sends it back as Last-Event-ID on reconnect
 *   event: change
 *   data: <one StreamChange as JSON>
 * and a comment line (': ping') every STREAM_HEARTBEAT_MS so proxies keep an idle stream open.
 */

/** How often the server writes a heartbeat comment on an otherwise idle stream. */
export const STREAM_HEARTBEAT_MS = 15_000;
/** The SSE event name of every change message. */
export const STREAM_EVENT = 'change';

export const streamChangeSchema = z
  .discriminatedUnion('topic', [
    z
      .object({
        topic: z.literal('pool'),
        project_id: z.number().int(),
        pool_ids: z
          .array(z.number().int())
          .describe("The user's pools of that project whose state, events or candles changed"),
        block: z.string().describe('The newest block the change covers (decimal)'),
      })
      .describe("A pool's new block: its price, liquidity, events, candles or traders may have changed"),
    z.object({ topic: z.literal('notifications') }).describe('The bell: a notification was raised, read or withdrawn'),
    z
      .object({ topic: z.literal('holders'), project_id: z.number().int() })
      .describe("A project's holders or holder figures changed"),
    z
      .object({ topic: z.literal('tickets'), ticket_id: z.number().int().nullable() })
      .describe('A ticket (or, with null, the ticket list) changed'),
    z.object({ topic: z.literal('lists') }).describe('Projects or pools were added, renamed or removed'),
    z
      .object({ topic: z.literal('reset') })
      .describe(
        'The server may have missed changes (a reconnect it cannot replay, its own feed came back): refetch everything on screen',
      ),
  ])
  .meta({ id: 'StreamChange' });
export type StreamChange = z.infer<typeof streamChangeSchema>;
export type StreamTopic = StreamChange['topic'];
