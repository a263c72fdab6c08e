import { z } from 'zod';

/**
 * Numbers in requests are typed strictly (decision 0022). z.coerce.number() runs
 * Number(), which reads true as 1, '' and null as 0, '0x10' as 16, '1e3' as 1000, ' 7 ' as 7 and
 * [5] as 5, so a client's mistake (or probe) was stored as something it never wrote. Here a number
 * is a JSON number, or text in plain decimal notation — what a query string, a path or a form field
 * carries — and nothing else.
 */

/** Plain decimal notation: an optional minus, digits, an optional fraction. No '+', exponent, hex or spaces. */
export const PLAIN_DECIMAL_RE = /^-?[0-9]+(\.[0-9]+)?$/;
/** PostgreSQL integer (serial ids). */
export const INT4_MAX = 2 ** 31 - 1;
/** A path id: a positive decimal integer without leading zeros, at most ten digits. */
export const PATH_ID_RE = /^[1-9][0-9]{0,9}$/;

export const numberMessages = {
  notANumber: 'Enter a number in plain decimal notation',
  invalidId: `Expected an id: a whole number from 1 to ${INT4_MAX}`,
} as const;

/**
 * A JSON number or a plain decimal string, converted to a number and then checked by `check`
 * (range, integer). Anything else fails with `message` — give the field's own message (product §4
 * texts) so the answer is what the form would say, as with the coercing schema before.
 */
export function strictNumber<T extends z.ZodType<number, number>>(
  check: T,
  message: string = numberMessages.notANumber,
) {
  return z
    .union([z.number({ error: message }), z.string({ error: message }).regex(PLAIN_DECIMAL_RE, message)], {
      error: message,
    })
    .transform((value) => Number(value))
    .pipe(check);
}

/** A serial id in a body or query: a whole number from 1 to 2^31-1, as a JSON number or decimal text. */
export function strictId(message: string = numberMessages.invalidId) {
  return strictNumber(z.number({ error: message }).int(message).positive(message).max(INT4_MAX, message), message);
}

/** A serial id in a path: positive decimal digits only (no sign, zero padding, hex or exponent), at most 2^31-1. */
export const pathId = z
  .string({ error: numberMessages.invalidId })
  .regex(PATH_ID_RE, numberMessages.invalidId)
  .transform((value) => Number(value))
  .pipe(z.number().max(INT4_MAX, numberMessages.invalidId));
