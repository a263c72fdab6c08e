import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

// What a proxy or client may hand us: ids that log and echo safely (no spaces, quotes or control
// characters), short enough not to bloat every log line.
const SANE_ID = /^[A-Za-z0-9._:@=+/-]{1,128}$/;

/**
 * The id of a request: a sane incoming X-Request-Id (so one id follows a request through a proxy
 * into our logs), otherwise a random UUID.
 */
export function requestId(req: IncomingMessage): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SANE_ID.test(incoming) ? incoming : randomUUID();
}
