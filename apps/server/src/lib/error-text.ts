/**
 * One line of an error that is safe to show outside the logs: URLs are cut out (RPC URLs carry
 * provider API keys, DATABASE_URL a password) and the text is bounded.
 */
export function safeErrorText(err: unknown): string {
  let e = (err ?? {}) as { name?: string; shortMessage?: string; message?: string; cause?: unknown };
  // Drizzle wraps database errors as 'Failed query: <the SQL>'; the cause says what went wrong.
  if (e.message?.startsWith('Failed query') && e.cause) e = e.cause as typeof e;
  const text = (e.shortMessage ?? e.message ?? String(err)).split('\n')[0]!;
  const clean = text.replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, '<url>').slice(0, 300);
  return e.name && e.name !== 'Error' ? `${e.name}: ${clean}` : clean;
}
