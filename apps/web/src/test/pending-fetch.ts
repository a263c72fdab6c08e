import { expect, vi } from 'vitest';
import { saveSession } from '../lib/auth-storage';
import { installFakeBrowser } from './fake-browser';

/** A request the code under test made; the test answers it when it chooses, or never. */
export interface PendingRequest {
  url: URL;
  answer: (body: unknown, status?: number) => void;
}

/**
 * A signed-in fake browser whose fetch records every request and leaves it pending until the test
 * answers it, so a test controls the order and timing of the server's answers. Returns the live
 * list of requests and of their URLs (same order). Undo with vi.unstubAllGlobals() after each test.
 */
export function installPendingFetch(): { requests: PendingRequest[]; urls: URL[] } {
  installFakeBrowser();
  saveSession({ token: 'tok', expires_at: new Date(Date.now() + 3_600_000).toISOString() }, true);
  const requests: PendingRequest[] = [];
  const urls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (url: string) =>
        new Promise<Response>((resolve) => {
          const parsed = new URL(url, 'http://localhost');
          urls.push(parsed);
          requests.push({
            url: parsed,
            answer: (body, status = 200) =>
              resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
          });
        }),
    ),
  );
  return { requests, urls };
}

/** One turn of the event loop: lets queries start their fetches and settle their answers. */
export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Waits (at most 100 turns) until `check` holds, and fails the test if it never does. */
export async function until(check: () => boolean) {
  for (let i = 0; i < 100 && !check(); i++) await flush();
  expect(check()).toBe(true);
}
