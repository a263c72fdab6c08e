import type { StreamChange } from '@tokendesk/contract';
import { describe, expect, it } from 'vitest';
import type { ConnectionEvent } from './connection-state';
import { STREAM_PATH, runStreamLoop } from './stream-loop';

/** A response whose body the test writes to, as a server would, and can cut. */
function streamResponse() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
    drop: () => controller.error(new TypeError('network error')),
  };
}

/** A request that never answers, and fails when aborted, as fetch does. */
function pending(init?: RequestInit): Promise<Response> {
  return new Promise((_, reject) =>
    init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
  );
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

async function until(check: () => boolean) {
  for (let i = 0; i < 400 && !check(); i++) await tick();
  expect(check()).toBe(true);
}

function harness(answers: (() => Response | Promise<Response>)[]) {
  const calls: { url: string; headers: Record<string, string> }[] = [];
  const changes: StreamChange[] = [];
  const reports: ConnectionEvent['type'][] = [];
  const sleeps: number[] = [];
  let reconnected = 0;
  let unauthorized: string | null = null;
  const controller = new AbortController();
  const done = runStreamLoop({
    token: () => 'tok-123',
    fetch: async (url, init) => {
      calls.push({ url: String(url), headers: { ...(init?.headers as Record<string, string>) } });
      const answer = answers.shift();
      if (!answer) return pending(init);
      return answer();
    },
    onChange: (change) => changes.push(change),
    onReconnected: () => void reconnected++,
    onUnauthorized: (token) => void (unauthorized = token),
    report: (event) => void reports.push(event.type),
    signal: controller.signal,
    sleep: async (ms) => void sleeps.push(ms),
    random: () => 0,
  });
  return {
    calls,
    changes,
    reports,
    sleeps,
    done,
    controller,
    reconnected: () => reconnected,
    unauthorized: () => unauthorized,
  };
}

describe('the live stream loop (issue 31)', () => {
  it('sends the token in the Authorization header, never in the URL, and hands on each change message', async () => {
    const server = streamResponse();
    const h = harness([() => server.response]);
    server.write(': ping\n\n');
    server.write('id: 1\nevent: change\ndata: {"topic":"pool","project_id":3,"pool_ids":[7],"block":"12"}\n\n');
    server.write('id: 2\nevent: change\ndata: {"topic":"holders","project_id":3}\n\n');
    await until(() => h.changes.length === 2);
    expect(h.calls[0]).toEqual({
      url: STREAM_PATH,
      headers: { Accept: 'text/event-stream', Authorization: 'Bearer tok-123' },
    });
    expect(h.changes).toEqual([
      { topic: 'pool', project_id: 3, pool_ids: [7], block: '12' },
      { topic: 'holders', project_id: 3 },
    ]);
    expect(h.reports[0]).toBe('stream-open');
    h.controller.abort();
    await h.done;
  });

  it('skips what is not a StreamChange (the chain and the wire are untrusted) and keeps reading', async () => {
    const server = streamResponse();
    const h = harness([() => server.response]);
    server.write('event: change\ndata: {not json\n\n');
    server.write('event: change\ndata: {"topic":"pool","project_id":"x"}\n\n');
    server.write('event: other\ndata: {"topic":"lists"}\n\n');
    server.write('event: change\ndata: {"topic":"lists"}\n\n');
    await until(() => h.changes.length === 1);
    expect(h.changes).toEqual([{ topic: 'lists' }]);
    h.controller.abort();
    await h.done;
  });

  it('after a drop reopens with backoff and Last-Event-ID, then asks for everything on screen to be refetched', async () => {
    const first = streamResponse();
    const second = streamResponse();
    const h = harness([
      () => first.response,
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => second.response,
    ]);
    first.write('id: 41\nevent: change\ndata: {"topic":"notifications"}\n\n');
    await until(() => h.changes.length === 1);
    first.drop();
    await until(() => h.calls.length === 3 && h.reconnected() === 1);
    // Two failures in a row (the drop, the refused connection), waits of 0.5 s and 1 s (random 0).
    expect(h.sleeps).toEqual([500, 1_000]);
    expect(h.calls[2]?.headers['Last-Event-ID']).toBe('41');
    expect(h.reports).toEqual(['stream-open', 'data', 'stream-failed', 'stream-failed', 'stream-open']);
    h.controller.abort();
    await h.done;
  });

  it('closes a stream that has gone silent past two heartbeats (a dead connection without an error) and opens a new one', async () => {
    const silent = streamResponse();
    const reports: ConnectionEvent[] = [];
    let calls = 0;
    const controller = new AbortController();
    const loop = runStreamLoop({
      token: () => 't',
      fetch: async (_url, init) => (++calls === 1 ? silent.response : pending(init)),
      onChange: () => undefined,
      onReconnected: () => undefined,
      onUnauthorized: () => undefined,
      report: (event) => void reports.push(event),
      signal: controller.signal,
      sleep: async () => undefined,
      silenceMs: 30,
    });
    await until(() => calls === 2);
    // Silence counts as no answer: two of them in a row and the header says 'Offline'.
    expect(reports.map((event) => event.type)).toEqual(['stream-open', 'stream-failed']);
    expect(reports[1]).toEqual({ type: 'stream-failed', reachable: false });
    controller.abort();
    await loop;
  });

  it('a refused stream (429) is retried later; a 401 ends the session and the loop', async () => {
    const h = harness([
      () =>
        new Response('{"detail":"Too many open streams."}', {
          status: 429,
          headers: { 'Content-Type': 'application/json' },
        }),
      () => new Response('{}', { status: 401 }),
    ]);
    await h.done;
    expect(h.calls).toHaveLength(2);
    expect(h.sleeps).toEqual([500]);
    expect(h.unauthorized()).toBe('tok-123');
  });
});
