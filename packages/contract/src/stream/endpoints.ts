import { STREAM_EVENT, STREAM_HEARTBEAT_MS } from './schemas';
import { z } from 'zod';
import { endpointGroup } from '../endpoint';

export const streamEndpoints = endpointGroup(
  { tags: ['Live'], access: 'user', workspace: 'personal', errors: [] },
  {
    open: {
      method: 'GET',
      path: '/stream',
      budget: 'stream',
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
      responses: {
        200: z
          .string()
          .describe('text/event-stream: `id:`, `event: change`, `data: <StreamChange JSON>`, and heartbeat comments'),
      },
      errors: [401, 403, 429],
    },
  },
);
