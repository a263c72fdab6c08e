/*
 * The zod-free half of the endpoint contract (docs/decisions/0083): what a URL is made of. The
 * web's request client imports it on the sign-in page, which loads no schema library
 * (docs/decisions/0013), so this module imports nothing.
 */

/** Every endpoint's path is under this prefix. */
export const API_BASE = '/api/v1';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Where an endpoint answers: its method and its path under API_BASE, parameters as `:name` (Fastify's syntax). */
export interface Route {
  readonly method: HttpMethod;
  readonly path: string;
}

/** The `:name` parameters of a path, as a type: '/projects/:id/pools' → 'id'. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type PathParamValues<P extends string> = { readonly [K in PathParamNames<P>]: string | number };

/**
 * The path with its parameters filled in (URI-encoded), under API_BASE, with the trailing slash the
 * web has always sent (the server ignores it either way).
 */
export function apiPath(route: Route, params: Readonly<Record<string, string | number>> = {}): string {
  const filled = route.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route.method} ${route.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  return `${API_BASE}${filled}/`;
}

/** Sign-in, defined here rather than with the account endpoints: the sign-in page sends it without zod. */
export const signInRoute = { method: 'GET', path: '/user/login' } as const satisfies Route;
