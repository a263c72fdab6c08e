import { toFieldErrors } from '@tokendesk/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ChainUnavailableError } from '../chain/client';
import { PoolVerificationError } from '../chain/pools';
import { NotATokenError } from '../chain/token-info';
import { storageFault, STORAGE_FAULT_DETAIL, type StorageFaultKind } from '../db/errors';
import { ConflictError, DomainError, NotFoundError } from '../domain/errors';
import { safeErrorText } from '../lib/error-text';
import { HttpError } from '../lib/http-errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Field order of the form behind a route, so the first error is the one the form shows first. */
    fieldOrder?: readonly string[];
  }
  interface FastifyInstance {
    /** Tells the database's storage state about a fault seen in an answer (plugins/operations.ts). */
    noteStorageFault?: (kind: StorageFaultKind, detail: string) => void;
  }
}

// EPIPE: a pooled connection whose backend was ended (a PANIC's crash restart) fails on its next write.
const DB_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08003',
  '08006',
]);

function isDatabaseDown(err: unknown): boolean {
  for (
    let e = err as { code?: string; cause?: unknown; message?: string } | undefined, depth = 0;
    e && depth < 4;
    depth++
  ) {
    if (e.code && DB_DOWN_CODES.has(e.code)) return true;
    // connect ENOENT …/.s.PGSQL.5432: the embedded cluster's socket is gone while it restarts.
    if (
      typeof e.message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|is not queryable|connect ENOENT .*\.s\.PGSQL\.\d+/i.test(
        e.message,
      )
    )
      return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** Every error leaves as `{detail, errors}` (product §7); internals never leak to the client. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | HttpError, request, reply) => {
    if (err instanceof HttpError) {
      return reply.code(err.statusCode).headers(err.headers).send({ detail: err.detail, errors: err.errors });
    }
    // A rule of the domain refused (decision 0028): the same answer an HttpError of that kind gives.
    if (err instanceof DomainError) {
      // InvalidInputError (and any other refusal) is the request's fault: 400.
      const status = err instanceof NotFoundError ? 404 : err instanceof ConflictError ? 409 : 400;
      return reply
        .code(status)
        .send({ detail: err.detail, errors: err.field ? [{ field: err.field, message: err.detail }] : [] });
    }
    if (err instanceof ChainUnavailableError) {
      request.log.warn({ err: err.cause, network: err.network.name }, 'chain node unreachable');
      return reply.code(503).header('retry-after', '10').send({ detail: err.message, errors: [] });
    }
    if (err instanceof NotATokenError) {
      return reply
        .code(400)
        .send({ detail: err.message, errors: [{ field: 'contract_address', message: err.message }] });
    }
    if (err instanceof PoolVerificationError) {
      return reply.code(400).send({ detail: err.message, errors: [{ field: 'pool_address', message: err.message }] });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        path: v.instancePath.split('/').filter(Boolean),
        message: v.message ?? 'Invalid value',
        code: v.keyword,
        keys: (v.params as { keys?: string[] }).keys,
      }));
      const errors = toFieldErrors(issues, request.routeOptions.config.fieldOrder ?? []);
      return reply.code(400).send({ detail: errors[0]?.message ?? 'Invalid request.', errors });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its schema');
      return reply.code(500).send({ detail: 'Something went wrong on our side. Please try again.', errors: [] });
    }
    const fe = err as FastifyError;
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(400).send({ detail: 'The request body is too large.', errors: [] });
    }
    if (
      fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      err instanceof SyntaxError
    ) {
      return reply.code(400).send({ detail: 'The request body is not valid JSON.', errors: [] });
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      return reply.code(fe.statusCode).send({ detail: fe.message, errors: [] });
    }
    // Disk full or failing (the embedded cluster's reserve, or PostgreSQL's own disk_full): a fault of the
    // service, not of the request, and it passes. Logged once per incident by the storage state
    // (db/storage-health.ts), not here per request.
    const storage = storageFault(err);
    if (storage) {
      // safeErrorText: drizzle's message holds the statement's parameters (a password hash).
      request.server.noteStorageFault?.(storage, safeErrorText(err));
      return reply.code(503).header('retry-after', '30').send({ detail: STORAGE_FAULT_DETAIL[storage], errors: [] });
    }
    if (isDatabaseDown(err)) {
      request.log.warn({ err }, 'database unreachable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ detail: 'The database is not reachable right now. Please try again later.', errors: [] });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ detail: 'Something went wrong on our side. Please try again.', errors: [] });
  });
}
