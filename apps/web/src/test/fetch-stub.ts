import { afterEach, beforeEach, vi } from 'vitest';
import { saveSession } from '../lib/auth-storage';
import { installFakeBrowser } from './fake-browser';

/** A JSON answer as the server sends it. */
export const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * For tests of the API client itself: a fake browser with a signed-in session and `fetch` replaced
 * by a mock the test answers (`stub.fetch.mockResolvedValueOnce(jsonResponse(200, …))`). Registers
 * its own beforeEach/afterEach; call it once at the top of the file.
 */
export function stubFetchSignedIn(): { readonly fetch: ReturnType<typeof vi.fn> } {
  let fetchMock = vi.fn();
  beforeEach(() => {
    installFakeBrowser();
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    saveSession({ token: 'tok', expires_at: new Date(Date.now() + 3_600_000).toISOString() }, true);
  });
  afterEach(() => vi.unstubAllGlobals());
  return {
    get fetch() {
      return fetchMock;
    },
  };
}
