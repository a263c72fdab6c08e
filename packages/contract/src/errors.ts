import { z } from 'zod';

/** Every non-2xx answer of the API has this shape (product §7). */
export const fieldErrorSchema = z.object({
  field: z.string(),
  message: z.string(),
});

export const apiErrorSchema = z
  .object({
    detail: z.string(),
    errors: z.array(fieldErrorSchema),
  })
  .meta({ id: 'ApiError' });

export type FieldError = z.infer<typeof fieldErrorSchema>;
export type ApiError = z.infer<typeof apiErrorSchema>;

/** A plain confirmation message, used by routes that change state but return nothing else. */
export const detailSchema = z.object({ detail: z.string() }).meta({ id: 'Detail' });
export type Detail = z.infer<typeof detailSchema>;

/**
 * Orders zod issues as the user would meet them on the form: by the position of the field in
 * `fieldOrder`, then as zod reported them. The first element is the message a form shows.
 */
export function toFieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string; code?: string; keys?: readonly string[] }[],
  fieldOrder: readonly string[] = [],
): FieldError[] {
  const errors = issues.flatMap((issue): FieldError[] => {
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      return issue.keys.map((key) => ({ field: key, message: `Unknown field '${key}'.` }));
    }
    return [{ field: issue.path.map(String).join('.') || 'body', message: issue.message }];
  });
  const rank = (field: string) => {
    const index = fieldOrder.indexOf(field.split('.')[0] ?? field);
    return index === -1 ? fieldOrder.length : index;
  };
  // Array.prototype.sort is stable, so issues on the same field keep zod's check order.
  return errors.sort((a, b) => rank(a.field) - rank(b.field));
}
