import type { FieldError, Responses, SuccessSchema } from '@tokendesk/contract';
// The zod-free half of the contract: this module is on the sign-in page (docs/decisions/0013).
import { API_BASE, apiPath, type PathParamNames, type PathParamValues, type Route } from '@tokendesk/contract/routes';
import type { z } from 'zod';
import { expireSession, getToken } from './auth-storage';
import { workspaceHeaders } from './current-workspace';

export { API_BASE };

/** A failed API call. `status` 0 means the server could not be reached. */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string | null;
  readonly errors: FieldError[];

  constructor(status: number, detail: string | null, errors: FieldError[] = []) {
    super(detail ?? (status === 0 ? 'Network error' : `Request failed with status ${status}`));
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.errors = errors;
  }
}

type Credentials =
  /** The session token of this tab (every call but login and register). */
  { kind: 'bearer' } | { kind: 'basic'; username: string; password: string } | { kind: 'none' };

export interface ApiRequestOptions<S extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | undefined>;
  body?: unknown;
  /** Validates the success body, so a drifted server fails loudly instead of rendering garbage. */
  schema: S;
  credentials?: Credentials;
  /**
   * Sign-out sets this to false: its own 401 (session already gone) must not count as an expired
   * session, the user is leaving anyway.
   */
  expireOn401?: boolean;
  signal?: AbortSignal;
}

/** Basic credentials are UTF-8 (RFC 7617); plain btoa() throws on characters above U+00FF. */
export function encodeBasicCredentials(username: string, password: string): string {
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function buildUrl(path: string, query: ApiRequestOptions<z.ZodType>['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, value);
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

/** A query value as the URL carries it; undefined leaves the parameter out. */
type QueryValue = string | number | boolean | undefined;

/** What a call of `endpoint` sends: its path parameters, query and body, typed by the contract entry. */
export type CallInput<E extends Route> = ([PathParamNames<E['path']>] extends [never]
  ? { params?: undefined }
  : { params: PathParamValues<E['path']> }) &
  (E extends { query: infer Q extends z.ZodType }
    ? { query?: { [K in keyof z.input<Q>]?: QueryValue } }
    : E extends { responses: Responses }
      ? { query?: undefined }
      : // A bare route (sign-in) has no schemas here: its query is not typed by the contract.
        { query?: Readonly<Record<string, QueryValue>> }) &
  // A POST without a body schema may still send `{}`, as the screens always have.
  (E extends { body: infer B extends z.ZodType } ? { body: z.input<B> } : { body?: Record<string, never> });

/** The parsed answer: the endpoint's success schema, or the `schema` the call brings (sign-in). */
type Answer<E extends Route, S> = S extends z.ZodType
  ? z.output<S>
  : E extends { responses: Responses }
    ? z.output<SuccessSchema<E>>
    : never;

export interface CallOptions<S extends z.ZodType | undefined>
  extends Pick<ApiRequestOptions<z.ZodType>, 'credentials' | 'expireOn401' | 'signal'> {
  /** Only for an endpoint given as its bare route (sign-in, whose schema is loaded on demand). */
  schema?: S;
}

/** The first 2xx answer's schema of a contract entry (inline: importing the contract's helper would load zod here). */
function successSchemaOf(route: Route): z.ZodType | undefined {
  const responses = (route as { responses?: Responses }).responses ?? {};
  const code = Object.keys(responses)
    .map(Number)
    .find((status) => status >= 200 && status < 300);
  return code === undefined ? undefined : responses[code];
}

/** The endpoint's path, filled in, relative to API_BASE (what apiRequest takes). */
function pathOf(route: Route, params: Readonly<Record<string, string | number>> | undefined): string {
  return apiPath(route, params).slice(API_BASE.length);
}

function queryText(query: Readonly<Record<string, QueryValue>> | undefined): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(query ?? {}).map(([key, value]) => [key, value === undefined ? undefined : String(value)]),
  );
}

/**
 * THE way the web calls the API (docs/decisions/0083): an endpoint of the contract
 * (`api.<feature>.<name>` from @tokendesk/contract) with its typed params, query and body; the
 * answer is parsed with the endpoint's own success schema. No screen builds an API URL itself
 * (lint: no API path literal outside this file and the MSW handlers).
 */
export function apiCall<E extends Route, S extends z.ZodType | undefined = undefined>(
  endpoint: E,
  input: CallInput<E>,
  options: CallOptions<S> = {},
): Promise<Answer<E, S>> {
  const { params, query, body } = input as {
    params?: Record<string, string | number>;
    query?: Record<string, QueryValue>;
    body?: unknown;
  };
  const schema = options.schema ?? successSchemaOf(endpoint);
  if (!schema) throw new Error(`${endpoint.method} ${endpoint.path}: no answer schema`);
  return apiRequest(pathOf(endpoint, params), {
    method: endpoint.method,
    query: queryText(query),
    body,
    schema,
    credentials: options.credentials,
    expireOn401: options.expireOn401,
    signal: options.signal,
  }) as Promise<Answer<E, S>>;
}

/** A file endpoint of the contract (the CSV exports) through apiDownload. */
export function apiFile<E extends Route>(
  endpoint: E,
  input: CallInput<E>,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Download> {
  const { params, query } = input as { params?: Record<string, string | number>; query?: Record<string, QueryValue> };
  return apiDownload(pathOf(endpoint, params), { query: queryText(query), signal });
}

/**
 * The server's error body `{detail, errors}` (the contract's apiErrorSchema), checked by hand: this
 * module is on the sign-in page, which loads no schema library (docs/decisions/0013).
 */
export function readApiError(payload: unknown): { detail: string; errors: FieldError[] } | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { detail, errors } = payload as Record<string, unknown>;
  if (typeof detail !== 'string' || !Array.isArray(errors)) return null;
  const fieldErrors: FieldError[] = [];
  for (const item of errors as unknown[]) {
    if (typeof item !== 'object' || item === null) return null;
    const { field, message } = item as Record<string, unknown>;
    if (typeof field !== 'string' || typeof message !== 'string') return null;
    fieldErrors.push({ field, message });
  }
  return { detail, errors: fieldErrors };
}

function toApiError(status: number, payload: unknown): ApiError {
  const body = readApiError(payload);
  return body ? new ApiError(status, body.detail, body.errors) : new ApiError(status, null);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export async function apiRequest<S extends z.ZodType>(
  path: string,
  options: ApiRequestOptions<S>,
): Promise<z.output<S>> {
  const { method = 'GET', query, body, schema, credentials = { kind: 'bearer' }, expireOn401 = true, signal } = options;
  const headers = new Headers({ Accept: 'application/json' });
  let bearer: string | null = null;

  if (credentials.kind === 'bearer') {
    bearer = getToken();
    if (!bearer) throw new ApiError(401, null);
    headers.set('Authorization', `Bearer ${bearer}`);
  } else if (credentials.kind === 'basic') {
    headers.set('Authorization', `Basic ${encodeBasicCredentials(credentials.username, credentials.password)}`);
  }
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  if (credentials.kind === 'bearer')
    for (const [name, value] of Object.entries(workspaceHeaders())) headers.set(name, value);

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      credentials: 'omit',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, null);
  }

  const payload = await readJson(response);

  if (!response.ok) {
    const apiError = toApiError(response.status, payload);
    if (response.status === 401 && bearer && expireOn401) expireSession(bearer);
    throw apiError;
  }

  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    throw new ApiError(response.status, null, [{ field: 'body', message: 'Unexpected response from the server.' }]);
  }
  return parsed.data;
}

export interface Download {
  blob: Blob;
  /** From Content-Disposition when the server names the file. */
  filename: string | null;
}

function filenameFrom(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // fall through to the plain parameter
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || null;
}

/**
 * A file from the API (e.g. the activity CSV) with this tab's session: a plain link cannot send
 * the bearer token. Errors are the same ApiError as apiRequest's, and a 401 ends the session too.
 */
export async function apiDownload(
  path: string,
  { query, signal }: Pick<ApiRequestOptions<z.ZodType>, 'query' | 'signal'> = {},
): Promise<Download> {
  const bearer = getToken();
  if (!bearer) throw new ApiError(401, null);
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      headers: { Authorization: `Bearer ${bearer}`, ...workspaceHeaders() },
      signal,
      credentials: 'omit',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, null);
  }
  if (!response.ok) {
    const apiError = toApiError(response.status, await readJson(response));
    if (response.status === 401) expireSession(bearer);
    throw apiError;
  }
  return { blob: await response.blob(), filename: filenameFrom(response.headers.get('Content-Disposition')) };
}

/**
 * The server's own explanation when it has one worth showing (validation, conflicts, rate limits,
 * an unreachable node); null for crashes and network failures, where the screen's fallback is clearer.
 */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || !error.detail) return null;
  if (error.status >= 400 && error.status < 500) return error.detail;
  if (error.status === 503) return error.detail;
  return null;
}

/** The field a server validation error points at, to highlight it on the form. */
export function serverErrorField(error: unknown): string | null {
  return error instanceof ApiError ? (error.errors[0]?.field ?? null) : null;
}
