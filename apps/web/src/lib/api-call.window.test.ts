import { describe, expect, it } from 'vitest';
import { api, signInRoute } from '@tokendesk/contract';
import { z } from 'zod';
import { jsonResponse, stubFetchSignedIn } from '../test/fetch-stub';
import { apiCall, apiFile, ApiError } from './api-client';

/*
 * The one client made from the endpoint contract (docs/decisions/0083): the URL, the method and the
 * answer's schema come from the contract entry, so a screen never writes them.
 */

const json = jsonResponse;
const stub = stubFetchSignedIn();

const lastCall = () => {
  const [url, init] = stub.fetch.mock.calls.at(-1) as [string, RequestInit];
  return { url, method: init.method, body: init.body, auth: new Headers(init.headers).get('Authorization') };
};

describe('apiCall', () => {
  it('sends the method and the filled-in path of the contract entry, with the trailing slash the web has always sent', async () => {
    stub.fetch.mockImplementation(async () => json(200, { detail: 'Alert deleted.' }));
    await expect(apiCall(api.alerts.delete, { params: { id: 7 } })).resolves.toEqual({ detail: 'Alert deleted.' });
    expect(lastCall()).toMatchObject({ url: '/api/v1/projects/alerts/7/', method: 'DELETE', auth: 'Bearer tok' });

    stub.fetch.mockImplementation(async () => json(200, []));
    await apiCall(api.discoveredPools.attach, { params: { id: 3, poolId: 'a/b' }, body: {} }).catch(() => undefined);
    // Each parameter is URI-encoded: a value cannot add a path segment.
    expect(lastCall()).toMatchObject({
      url: '/api/v1/projects/3/discovered-pools/a%2Fb/attach/',
      method: 'POST',
      body: '{}',
    });
  });

  it('sends the query, leaving out what is undefined, and the JSON body', async () => {
    stub.fetch.mockImplementation(async () => json(200, { alerts: [], next_cursor: null }));
    await apiCall(api.alerts.list, { query: { q: 'eth', cursor: undefined, limit: 50 } });
    expect(lastCall().url).toBe('/api/v1/projects/alerts/?q=eth&limit=50');
  });

  it("parses the answer with the entry's success schema: a drifted answer fails loudly", async () => {
    stub.fetch.mockImplementation(async () => json(200, { unread_count: 'many' }));
    const error = await apiCall(api.notifications.unreadCount, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ errors: [{ field: 'body', message: 'Unexpected response from the server.' }] });
  });

  it('signs in through the bare route with the schema the call brings, with Basic credentials', async () => {
    stub.fetch.mockImplementation(async () => json(200, { token: 't' }));
    await expect(
      apiCall(
        signInRoute,
        { query: { remember: 'true' } },
        { credentials: { kind: 'basic', username: 'a', password: 'b' }, schema: z.object({ token: z.string() }) },
      ),
    ).resolves.toEqual({ token: 't' });
    expect(lastCall()).toMatchObject({
      url: '/api/v1/user/login/?remember=true',
      method: 'GET',
      auth: `Basic ${btoa('a:b')}`,
    });
  });
});

describe('apiFile', () => {
  it('downloads a file endpoint of the contract', async () => {
    stub.fetch.mockImplementation(
      async () => new Response('a\n', { status: 200, headers: { 'content-type': 'text/csv' } }),
    );
    const file = await apiFile(api.holders.export, { params: { id: 4 } });
    expect(await file.blob.text()).toBe('a\n');
    expect(lastCall()).toMatchObject({ url: '/api/v1/projects/4/holders/export/', auth: 'Bearer tok' });
  });
});
