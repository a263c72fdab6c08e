/**
 * The same connection string on another database. The embedded cluster's URLs name a Unix socket
 * with an empty host (`postgres://u:p@/db?host=/dir`), which `new URL` (and so the server's
 * DATABASE_URL check) refuses: it gets `localhost` there, which the `host` parameter overrides.
 */
export function databaseUrl(url: string, database: string): string {
  const match = /^([a-z]+:\/\/[^/?#]*)(?:\/[^?#]*)?(\?.*)?$/i.exec(url);
  if (!match) throw new Error(`Not a PostgreSQL connection string: ${url.replace(/:[^:@/]*@/, ':***@')}`);
  const authority = match[1]!.endsWith('@') || match[1]!.endsWith('//') ? `${match[1]}localhost` : match[1]!;
  return `${authority}/${database}${match[2] ?? ''}`;
}
