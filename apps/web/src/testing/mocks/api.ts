import { http, HttpResponse, type DefaultBodyType, type PathParams } from 'msw';
import { type ApiError as ApiErrorBody, type Endpoint, type SuccessSchema } from '@tokendesk/contract';
import type { z } from 'zod';
import { API_BASE } from '../../lib/api-client';

/**
 * MSW handlers for the API, typed by packages/contract: each answer is declared with the contract
 * schema the web client parses it with, so a fixture that drifts from the contract fails the
 * typecheck (and, if it slipped past, the client's own parse at run time).
 */
type Answer<S extends z.ZodType> = z.input<S> | Response;

interface Call {
  params: PathParams;
  url: URL;
  request: Request;
  /** The JSON body, for the writes. */
  body: unknown;
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

function handler<S extends z.ZodType>(
  method: Method,
  path: string,
  _schema: S,
  answer: (call: Call) => Answer<S> | Promise<Answer<S>>,
) {
  // Any origin: the client fetches the relative /api/v1/…, which jsdom resolves against its page.
  return http[method](`*${API_BASE}${path}`, async ({ params, request }) => {
    const body: unknown =
      method === 'get' || method === 'delete'
        ? undefined
        : await request
            .clone()
            .json()
            .catch(() => undefined);
    const result = await answer({ params, url: new URL(request.url), request, body });
    return result instanceof Response ? result : HttpResponse.json(result as DefaultBodyType);
  });
}

export const api = {
  get: <S extends z.ZodType>(path: string, schema: S, answer: (call: Call) => Answer<S> | Promise<Answer<S>>) =>
    handler('get', path, schema, answer),
  post: <S extends z.ZodType>(path: string, schema: S, answer: (call: Call) => Answer<S> | Promise<Answer<S>>) =>
    handler('post', path, schema, answer),
  put: <S extends z.ZodType>(path: string, schema: S, answer: (call: Call) => Answer<S> | Promise<Answer<S>>) =>
    handler('put', path, schema, answer),
  patch: <S extends z.ZodType>(path: string, schema: S, answer: (call: Call) => Answer<S> | Promise<Answer<S>>) =>
    handler('patch', path, schema, answer),
  delete: <S extends z.ZodType>(path: string, schema: S, answer: (call: Call) => Answer<S> | Promise<Answer<S>>) =>
    handler('delete', path, schema, answer),
};

/**
 * A handler for an endpoint of the contract (docs/decisions/0083): its method and URL come from the
 * entry, and its answer is typed by the entry's success schema, as the client parses it.
 */
export function mockEndpoint<E extends Endpoint>(
  endpoint: E,
  answer: (call: Call) => Answer<SuccessSchema<E>> | Promise<Answer<SuccessSchema<E>>>,
) {
  // The contract's ':name' segments are MSW's path parameters too; the trailing slash is the one
  // the client sends (apiPath), which MSW would match either way.
  return handler(
    endpoint.method.toLowerCase() as Method,
    `${endpoint.path}/`,
    undefined as unknown as SuccessSchema<E>,
    answer,
  );
}

/** An error answer in the server's shape (the contract's apiErrorSchema). */
export function apiError(status: number, detail: string, errors: ApiErrorBody['errors'] = []): Response {
  return HttpResponse.json({ detail, errors } satisfies ApiErrorBody, { status });
}
