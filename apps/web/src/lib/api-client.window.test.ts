import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jsonResponse, stubFetchSignedIn } from '../test/fetch-stub';
import { apiErrorSchema } from '@tokendesk/contract';
import { ApiError, apiDownload, apiRequest, encodeBasicCredentials, readApiError, serverMessage } from './api-client';
import { getToken } from './auth-storage';

const json = jsonResponse;
const stub = stubFetchSignedIn();

describe('encodeBasicCredentials', () => {
  it('encodes UTF-8, which plain btoa() cannot', () => {
    const encoded = encodeBasicCredentials('jörg', 'pässwörd€🔑');
    expect(encoded).toBe(Buffer.from('jörg:pässwörd€🔑', 'utf8').toString('base64'));
  });
});

describe('readApiError', () => {
  // It stands in for the contract's apiErrorSchema on the sign-in page; the two must agree.
  const payloads: unknown[] = [
    { detail: 'Taken.', errors: [{ field: 'username', message: 'Taken.' }] },
    { detail: 'Nope.', errors: [] },
    { detail: 'Extra keys are dropped.', errors: [{ field: 'a', message: 'b', code: 7 }], trace: 'x' },
    { detail: 'No errors array.' },
    { detail: 5, errors: [] },
    { detail: 'Bad item.', errors: [{ field: 'a' }] },
    { detail: 'Bad item.', errors: [null] },
    { detail: 'Bad item.', errors: ['text'] },
    { detail: 'Not an array.', errors: { field: 'a', message: 'b' } },
    [],
    null,
    undefined,
    'Internal Server Error',
    42,
  ];
  it.each(payloads.map((payload) => [JSON.stringify(payload) ?? 'undefined', payload]))(
    'agrees with apiErrorSchema on %s',
    (_, payload) => {
      const parsed = apiErrorSchema.safeParse(payload);
      expect(readApiError(payload)).toEqual(parsed.success ? parsed.data : null);
    },
  );
});

describe('apiRequest', () => {
  it('sends the bearer token and validates the answer', async () => {
    stub.fetch.mockImplementation(async () => json(200, { detail: 'ok' }));
    await expect(
      apiRequest('/user/logout/', { method: 'POST', schema: z.object({ detail: z.string() }) }),
    ).resolves.toEqual({
      detail: 'ok',
    });
    const [url, init] = stub.fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/user/logout/');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer tok');
  });

  it('turns the error body into detail and field errors', async () => {
    stub.fetch.mockImplementation(async () =>
      json(409, { detail: 'Taken.', errors: [{ field: 'username', message: 'Taken.' }] }),
    );
    const error = await apiRequest('/user/register/', {
      method: 'POST',
      body: {},
      credentials: { kind: 'none' },
      schema: z.unknown(),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, detail: 'Taken.', errors: [{ field: 'username', message: 'Taken.' }] });
    expect(serverMessage(error)).toBe('Taken.');
  });

  it('signs out locally when the server refuses the session', async () => {
    stub.fetch.mockImplementation(async () => json(401, { detail: 'Invalid token.', errors: [] }));
    await expect(apiRequest('/user/info/', { schema: z.unknown() })).rejects.toMatchObject({ status: 401 });
    expect(getToken()).toBeNull();
  });

  it('does not treat a 401 of sign-out or of a sign-in attempt as an expired session', async () => {
    stub.fetch.mockImplementation(async () => json(401, { detail: 'No.', errors: [] }));
    await expect(
      apiRequest('/user/logout/', { method: 'POST', schema: z.unknown(), expireOn401: false }),
    ).rejects.toBeInstanceOf(ApiError);
    await expect(
      apiRequest('/user/login/', { credentials: { kind: 'basic', username: 'a', password: 'b' }, schema: z.unknown() }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(getToken()).toBe('tok');
  });

  it('reports an unreachable server as status 0 and hides crash texts', async () => {
    stub.fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    const offline = await apiRequest('/user/info/', { schema: z.unknown() }).catch((e: unknown) => e);
    expect(offline).toMatchObject({ status: 0 });
    expect(serverMessage(offline)).toBeNull();

    stub.fetch.mockImplementation(async () => json(500, { detail: 'Internal Server Error', errors: [] }));
    expect(serverMessage(await apiRequest('/user/info/', { schema: z.unknown() }).catch((e: unknown) => e))).toBeNull();
  });

  it('refuses an answer that does not match the contract', async () => {
    stub.fetch.mockImplementation(async () => json(200, { unexpected: true }));
    await expect(apiRequest('/user/info/', { schema: z.object({ id: z.number() }) })).rejects.toBeInstanceOf(ApiError);
  });
});

describe('apiDownload', () => {
  it('fetches a file with the bearer token and reads its name', async () => {
    stub.fetch.mockImplementation(
      async () =>
        new Response('a,b\n1,2\n', {
          status: 200,
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="activity.csv"' },
        }),
    );
    const file = await apiDownload('/projects/activity/export/', { query: { from: 'x', pool: undefined } });
    expect(file.filename).toBe('activity.csv');
    expect(await file.blob.text()).toBe('a,b\n1,2\n');
    const [url, init] = stub.fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/projects/activity/export/?from=x');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer tok');
  });

  it('turns an error body into an ApiError', async () => {
    stub.fetch.mockImplementation(async () =>
      json(400, { detail: 'Bad range.', errors: [{ field: 'from', message: 'Bad range.' }] }),
    );
    await expect(apiDownload('/projects/activity/export/')).rejects.toMatchObject({
      status: 400,
      detail: 'Bad range.',
    });
  });
});
