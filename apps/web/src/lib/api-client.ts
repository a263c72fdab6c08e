import type { FieldError } from '@tokendesk/contract';
import type { z } from 'zod';
import { expireSession, getToken } from './auth-storage';

export const API_BASE = '/api/v1';

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
  | { kind: 'bearer' }
  | { kind: 'basic'; username: string; password: string }
  | { kind: 'none' };

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

export async function apiRequest<S extends z.ZodType>(path: string, options: ApiRequestOptions<S>): Promise<z.output<S>> {
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
export async function apiDownload(path: string, { query, signal }: Pick<ApiRequestOptions<z.ZodType>, 'query' | 'signal'> = {}): Promise<Download> {
  const bearer = getToken();
  if (!bearer) throw new ApiError(401, null);
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      headers: { Authorization: `Bearer ${bearer}` },
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
