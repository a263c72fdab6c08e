/**
 * Errors of the domain: what a rule refused, in the product's words, without an HTTP status.
 * Repositories and services throw these (or return null/results); routes and the error handler map
 * them to the answers of docs/product.md §7 (decision 0028). The texts are the user-facing ones.
 */

/** Base class: `detail` is the text shown to the user; `field` the form field it belongs to, if any. */
export abstract class DomainError extends Error {
  constructor(
    readonly detail: string,
    readonly field?: string,
  ) {
    super(detail);
  }
}

/** The input breaks a rule the schema cannot check (a weak password, a wrong current password). */
export class InvalidInputError extends DomainError {
  override name = 'InvalidInputError';
}

/** The thing does not exist, or is not the user's (tenant isolation: both answer the same). */
export class NotFoundError extends DomainError {
  override name = 'NotFoundError';
}

/** The thing exists but its state refuses the change (a reply to a resolved ticket, say). */
export class ConflictError extends DomainError {
  override name = 'ConflictError';
}
