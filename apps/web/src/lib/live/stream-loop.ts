import {
  api,
  apiPath,
  STREAM_EVENT,
  STREAM_HEARTBEAT_MS,
  streamChangeSchema,
  type StreamChange,
} from '@tokendesk/contract';
import { reconnectDelay } from './backoff';
import type { ConnectionEvent } from './connection-state';
import { createSseParser } from './sse-parser';

/** The event stream is read by hand (fetch and an SSE parser), not through apiCall: its URL still comes from the contract. */
export const STREAM_PATH = apiPath(api.stream.open);

/**
 * A stream that has been silent for this long is dead even if no error came (a proxy or a sleeping
 * laptop dropped it without a FIN): it is closed and reopened. Two heartbeats and a margin.
 */
export const STREAM_SILENCE_MS = 2 * STREAM_HEARTBEAT_MS + 5_000;

export interface StreamLoopOptions {
  /** The session token of this tab, read afresh for every attempt; null ends the loop (signed out). */
  token: () => string | null;
  fetch: typeof fetch;
  /** One change message: the caller invalidates the queries it touches. */
  onChange: (change: StreamChange) => void;
  /** The stream is open again after a drop: what happened meanwhile was missed, refetch what is on screen. */
  onReconnected: () => void;
  /** The server no longer accepts the token: the session has ended. */
  onUnauthorized: (token: string) => void;
  report: (event: ConnectionEvent) => void;
  signal: AbortSignal;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  random?: () => number;
  now?: () => number;
  silenceMs?: number;
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * The tab's live stream (issue 31), opened and reopened by us rather than by EventSource: fetch can
 * send the Authorization header (the token never goes into a URL), and the retry follows
 * backoff.ts instead of EventSource's fixed 3 s. Runs until `signal` aborts or the session ends.
 */
export async function runStreamLoop(options: StreamLoopOptions): Promise<void> {
  const { signal, report } = options;
  const sleep = options.sleep ?? abortableSleep;
  const now = options.now ?? Date.now;
  const silenceMs = options.silenceMs ?? STREAM_SILENCE_MS;
  let failures = 0;
  let everOpen = false;
  let lastEventId: string | null = null;

  const retry = async (reachable: boolean) => {
    failures += 1;
    report({ type: 'stream-failed', reachable });
    await sleep(reconnectDelay(failures, options.random), signal);
  };

  while (!signal.aborted) {
    const token = options.token();
    if (!token) return;
    const attempt = new AbortController();
    const abortAttempt = () => attempt.abort();
    signal.addEventListener('abort', abortAttempt, { once: true });
    try {
      let response: Response;
      try {
        const headers: Record<string, string> = { Accept: 'text/event-stream', Authorization: `Bearer ${token}` };
        if (lastEventId !== null) headers['Last-Event-ID'] = lastEventId;
        response = await options.fetch(STREAM_PATH, {
          headers,
          signal: attempt.signal,
          credentials: 'omit',
          cache: 'no-store',
        });
      } catch {
        if (signal.aborted) return;
        await retry(false);
        continue;
      }
      if (response.status === 401) {
        void response.body?.cancel().catch(() => undefined);
        options.onUnauthorized(token);
        return;
      }
      const type = response.headers.get('Content-Type') ?? '';
      if (!response.ok || !type.startsWith('text/event-stream') || !response.body) {
        // Refused (the cap's 429, a server without the route): polling carries the screens meanwhile.
        void response.body?.cancel().catch(() => undefined);
        await retry(true);
        continue;
      }

      report({ type: 'stream-open', at: now() });
      if (everOpen || failures > 0) options.onReconnected();
      everOpen = true;
      failures = 0;

      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      // Aborting the request ends the body too; cancelling the reader makes sure of it.
      attempt.signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined), { once: true });
      const parser = createSseParser(lastEventId);
      let silent = false;
      const onSilence = () => {
        silent = true;
        attempt.abort();
      };
      let silence = setTimeout(onSilence, silenceMs);
      let reachable = true;
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          clearTimeout(silence);
          silence = setTimeout(onSilence, silenceMs);
          // Any byte, a heartbeat included, says the figures on screen are current as of now.
          report({ type: 'data', ok: true, at: now() });
          for (const message of parser.push(value)) {
            lastEventId = message.lastEventId;
            if (message.event !== STREAM_EVENT) continue;
            // The stream is input like any other: a message that is not a StreamChange is skipped.
            let json: unknown;
            try {
              json = JSON.parse(message.data);
            } catch {
              continue;
            }
            const change = streamChangeSchema.safeParse(json);
            if (change.success) options.onChange(change.data);
          }
        }
      } catch {
        // A dropped connection, the silence timer, or a message over the size limit.
        reachable = false;
      } finally {
        clearTimeout(silence);
        void reader.cancel().catch(() => undefined);
      }
      if (signal.aborted) return;
      await retry(reachable && !silent);
    } finally {
      signal.removeEventListener('abort', abortAttempt);
    }
  }
}
