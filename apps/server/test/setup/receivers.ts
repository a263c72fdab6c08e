/**
 * Local HTTP receivers for delivery tests: a webhook endpoint, the Telegram Bot API's sendMessage
 * and a Discord webhook, each on a free loopback port (tests allow it with OUTBOUND_ALLOW). Every
 * request is recorded; answers are programmed per request (200, 500, 429 with retry_after in the
 * receiver's own shape, or a hang that never answers) and default to success.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceiverKind = 'webhook' | 'telegram' | 'discord';

export type Answer =
  | { status: 200 }
  | { status: 500 }
  | { status: 400 | 401 | 403 | 404 | 410 }
  | { status: 429; retryAfter: number }
  | { hang: true };

export interface ReceivedRequest {
  method: string;
  /** Path and query, e.g. /bot123:abc/sendMessage or /hook?wait=true. */
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Date.now() when it arrived. */
  at: number;
  /** What it was answered: a status, or 'hang'. */
  answered: number | 'hang';
}

export interface Receiver {
  kind: ReceiverKind;
  /** Base URL: http://127.0.0.1:<port>. For Telegram, TELEGRAM_API_URL; for webhook and Discord, append a path. */
  url: string;
  requests: ReceivedRequest[];
  /** Answers for the next requests, in order; once used up, requests get 200. */
  answer(...answers: Answer[]): void;
  /** The requests answered with a 2xx. */
  acknowledged(): ReceivedRequest[];
  /** Resolves once `count` requests have arrived. */
  waitForRequests(count: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

function successBody(kind: ReceiverKind, n: number): string {
  if (kind === 'telegram')
    return JSON.stringify({
      ok: true,
      result: { message_id: n, chat: { id: 1 }, date: Math.floor(Date.now() / 1000), text: '' },
    });
  if (kind === 'discord') return JSON.stringify({ id: String(1000 + n), type: 0, content: '' });
  return 'ok';
}

function failureBody(kind: ReceiverKind, status: number, retryAfter?: number): string {
  if (kind === 'telegram') {
    return JSON.stringify({
      ok: false,
      error_code: status,
      description:
        status === 429
          ? `Too Many Requests: retry after ${retryAfter}`
          : status === 400
            ? 'Bad Request: chat not found'
            : 'Internal Server Error',
      ...(status === 429 ? { parameters: { retry_after: retryAfter } } : {}),
    });
  }
  if (kind === 'discord') {
    return JSON.stringify(
      status === 429
        ? { message: 'You are being rate limited.', retry_after: retryAfter, global: false }
        : { message: status === 404 ? 'Unknown Webhook' : 'Internal Server Error', code: 0 },
    );
  }
  return status === 429 ? 'slow down' : 'boom';
}

/** `delayMs`: every answer waits this long (a slow receiver: requests pile up in flight). */
export async function startReceiver(kind: ReceiverKind, opts: { delayMs?: number } = {}): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  const planned: Answer[] = [];
  const waiters = new Set<() => void>();
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const plan = planned.shift() ?? { status: 200 };
      const record: ReceivedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
        answered: 'hang' in plan ? 'hang' : plan.status,
      };
      requests.push(record);
      for (const wake of waiters) wake();
      if ('hang' in plan) {
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      }
      if (opts.delayMs) {
        setTimeout(() => reply(res, plan), opts.delayMs);
        return;
      }
      reply(res, plan);
    });
  });
  const reply = (res: http.ServerResponse, plan: Exclude<Answer, { hang: true }>) => {
    const retryAfter = plan.status === 429 ? plan.retryAfter : undefined;
    const headers: Record<string, string> = { 'content-type': kind === 'webhook' ? 'text/plain' : 'application/json' };
    // Discord also sends the header; the body's float is the precise one.
    if (retryAfter !== undefined && kind !== 'telegram') headers['retry-after'] = String(Math.ceil(retryAfter));
    res.writeHead(plan.status, headers);
    res.end(
      plan.status >= 200 && plan.status < 300
        ? successBody(kind, requests.length)
        : failureBody(kind, plan.status, retryAfter),
    );
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    kind,
    url: `http://127.0.0.1:${port}`,
    requests,
    answer: (...answers) => void planned.push(...answers),
    acknowledged: () => requests.filter((r) => typeof r.answered === 'number' && r.answered >= 200 && r.answered < 300),
    waitForRequests(count, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (requests.length < count) return false;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(requests.slice(0, count));
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`${kind} receiver: ${requests.length} of ${count} requests within ${timeoutMs} ms`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
