/** What both sign-in benches send: one request per fresh connection from a chosen loopback address. */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface Answer {
  status: number;
  ms: number;
}

const REQUEST_TIMEOUT_MS = 300_000;

export function basicHeader(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;
}

/** One request on a fresh connection from the given loopback address. */
export function request(
  base: string,
  options: {
    method?: string;
    path: string;
    headers?: Record<string, string>;
    body?: string;
    localAddress?: string;
    timeoutMs?: number;
  },
): Promise<Answer & { body: string }> {
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const url = new URL(options.path, base);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: options.method ?? 'GET',
        headers: { ...(options.body ? { 'content-type': 'application/json' } : {}), ...options.headers },
        localAddress: options.localAddress,
        agent: false,
        timeout: timeoutMs,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, body }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(options.body);
  });
}

export function countByStatus(answers: Answer[]): string {
  const counts = new Map<number, number>();
  for (const a of answers) counts.set(a.status, (counts.get(a.status) ?? 0) + 1);
  return [...counts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${n}×${s}`)
    .join(' ');
}

/** Registers the bench's owner account; throws unless the server answers 201. */
export async function registerOwner(base: string, username: string, password: string): Promise<void> {
  const reg = await request(base, {
    method: 'POST',
    path: '/api/v1/user/register/',
    body: JSON.stringify({
      full_name: 'Bench Owner',
      email: `${username}@example.com`,
      username,
      password,
      confirm_password: password,
      accept_terms: true,
    }),
  });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${reg.body}`);
}
