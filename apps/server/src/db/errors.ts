/**
 * The constraint name when `err` is a PostgreSQL unique violation (23505), else null. Drizzle
 * wraps driver errors, so the cause is checked too.
 */
export function uniqueViolation(err: unknown): string | null {
  for (const e of [err, (err as { cause?: unknown } | undefined)?.cause]) {
    const pgError = e as { code?: string; constraint?: string } | undefined;
    if (pgError?.code === '23505') return pgError.constraint ?? '';
  }
  return null;
}
