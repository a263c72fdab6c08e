import type { FastifyInstance } from 'fastify';
import { fieldError } from '../lib/http-errors';

const NUL_MESSAGE = 'Text must not contain NUL characters (\\u0000).';

/** The path of the first string holding U+0000 in a parsed body or query, or null. */
export function findNul(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key];
    const found = findNul(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL text cannot hold U+0000, so a NUL anywhere in a request would fail in the database as
 * a 500. It is bad input: refuse it with a 400 before validation and before any handler runs.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const path = findNul(request.body) ?? findNul(request.query) ?? findNul(request.params);
    done(path ? fieldError(path.join('.') || 'body', NUL_MESSAGE) : undefined);
  });
}
