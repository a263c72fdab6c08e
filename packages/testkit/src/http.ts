import { randomBytes } from 'node:crypto';

export const PASSWORD = 'violet-harbour-92-lantern';

export interface Reply<T = unknown> {
  status: number;
  body: T;
  text: string;
  ms: number;
}

export interface CallOptions {
  token?: string | undefined;
  /** Extra headers (an Authorization here wins over `token`). */
  headers?: Record<string, string>;
  body?: unknown;
  /** Sent as is (already serialized), for bodies that are not JSON. */
  rawBody?: string;
  timeoutMs?: number;
}

/** One HTTP call; the body is parsed as JSON when it is JSON. Network errors are thrown. */
export async function call<T = unknown>(
  base: string,
  method: string,
  path: string,
  opts: CallOptions = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  Object.assign(headers, opts.headers);
  let body: string | undefined;
  if (opts.rawBody !== undefined) {
    body = opts.rawBody;
    headers['content-type'] = 'application/json';
  } else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] = 'application/json';
  }
  const started = performance.now();
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    body,
    signal: AbortSignal.timeout(opts.timeoutMs ?? 60_000),
  });
  const text = await res.text();
  let parsed: unknown = text;
  if ((res.headers.get('content-type') ?? '').includes('json')) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  return { status: res.status, body: parsed as T, text, ms: performance.now() - started };
}

export function uniqueName(prefix = 'fault'): string {
  return `${prefix}${randomBytes(5).toString('hex')}`;
}

export interface User {
  username: string;
  token: string;
  id: number;
}

/** Registers a user and signs in with HTTP Basic; returns a bearer token. */
export async function signUp(base: string, prefix = 'fault'): Promise<User> {
  const username = uniqueName(prefix);
  const reg = await call(base, 'POST', '/api/v1/user/register/', {
    body: {
      full_name: 'Fault Tester',
      email: `${username}@example.com`,
      username,
      password: PASSWORD,
      confirm_password: PASSWORD,
      accept_terms: true,
    },
  });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${reg.text}`);
  return signIn(base, username);
}

export const basicAuth = (username: string, password = PASSWORD) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

export async function signIn(base: string, username: string, password = PASSWORD): Promise<User> {
  const res = await fetch(`${base}/api/v1/user/login/`, {
    headers: { authorization: basicAuth(username, password) },
    signal: AbortSignal.timeout(30_000),
  });
  const body = (await res.json()) as { token: string; user: { id: number } };
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(body)}`);
  return { username, token: body.token, id: body.user.id };
}

/** GET that must answer 200. */
export async function getOk<T>(base: string, path: string, token: string): Promise<T> {
  const res = await call<T>(base, 'GET', path, { token });
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${res.text}`);
  return res.body;
}

/** Every ticket of the user, following next_cursor. */
export async function allTickets(
  base: string,
  token: string,
): Promise<{ id: number; subject: string; message_count: number }[]> {
  const tickets: { id: number; subject: string; message_count: number }[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 10_000; guard++) {
    const page: { tickets: typeof tickets; next_cursor: string | null } = await getOk(
      base,
      `/api/v1/user/tickets/?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      token,
    );
    tickets.push(...page.tickets);
    if (!page.next_cursor) return tickets;
    cursor = page.next_cursor;
  }
  throw new Error('ticket paging did not end');
}

/** One stored event of the activity list, as the fault tests compare it with the chain's logs. */
export interface ActivityEvent {
  tx_hash: string;
  log_index: number;
  block_number: string;
}

/** Every event of one pool, through every page of the activity list. */
export async function allActivity(base: string, token: string, poolId: number): Promise<ActivityEvent[]> {
  const events: ActivityEvent[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 1000; guard++) {
    const page: { events: ActivityEvent[]; next_cursor: string | null } = await getOk(
      base,
      `/api/v1/projects/activity/?pool=${poolId}&limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      token,
    );
    events.push(...page.events);
    if (!page.next_cursor) return events;
    cursor = page.next_cursor;
  }
  throw new Error('activity paging did not end');
}

export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs: number,
  everyMs = 250,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
