import type { FieldError } from '@tokendesk/contract';

/** An error the API answers with its status and the `{detail, errors}` body of product §7. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly errors: FieldError[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}

export const badRequest = (detail: string, errors: FieldError[] = []) => new HttpError(400, detail, errors);
export const fieldError = (field: string, message: string) => new HttpError(400, message, [{ field, message }]);
export const unauthorized = (detail = 'Authentication credentials were not provided.') => new HttpError(401, detail);
export const forbidden = (detail = 'You do not have permission to perform this action.') => new HttpError(403, detail);
export const notFound = (detail = 'Not found.') => new HttpError(404, detail);
export const conflict = (field: string, detail: string) => new HttpError(409, detail, [{ field, message: detail }]);
export const tooManyRequests = (detail: string, retryAfterSeconds: number) =>
  new HttpError(429, detail, [], { 'retry-after': String(retryAfterSeconds) });
export const serviceUnavailable = (detail: string) => new HttpError(503, detail);
