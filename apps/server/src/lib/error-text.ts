/**
 * Any URL in a text, with its parts: scheme, user info (a password in DATABASE_URL), host and
 * port, then path, query and fragment (where RPC providers put their API keys: /v3/<key>, ?apikey=).
 */
const URL_PATTERN = /\b([a-z][a-z0-9+.-]*:\/\/)([^\s/?#@"'<>\\]*@)?([^\s/?#"'<>\\]*)([^\s"'<>\\]*)/gi;

/**
 * A text with every URL cut down to its scheme and host (`https://mainnet.infura.io/…`): the
 * host still says which node failed, the path, query and user info that hold keys and passwords
 * are gone.
 */
export function redactUrls(text: string): string {
  return text.replace(
    URL_PATTERN,
    (_match, scheme: string, userInfo: string | undefined, host: string, rest: string) => {
      return `${scheme}${userInfo ? '…@' : ''}${host}${rest && rest !== '/' ? '/…' : rest}`;
    },
  );
}

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
  return redactSecrets(e.name && e.name !== 'Error' ? `${e.name}: ${clean}` : clean);
}

/** Pieces of configured URLs that are secret wherever they show up, URL or not (see secretsFromEnv). */
let knownSecrets: string[] = [];

/**
 * The secret parts of the URLs in the environment: RPC_URL_* (provider keys in path and query),
 * DEVNET_RPC_URL and DATABASE_URL (its password). A backstop for texts that hold a key outside a
 * URL the pattern can see (a node echoing `apikey=…`, a URL split over two fields or encoded).
 */
export function secretsFromEnv(env: Record<string, string | undefined>): string[] {
  const secrets = new Set<string>();
  const add = (s: string) => {
    // Short or plain-word pieces ('v3', 'mainnet') are no keys, and cutting them would garble logs.
    if (s.length >= 8 && (/\d/.test(s) || s.length >= 16)) {
      secrets.add(s);
      secrets.add(encodeURIComponent(s));
    }
  };
  for (const [name, value] of Object.entries(env)) {
    if (!value || !(name.startsWith('RPC_URL_') || name === 'DEVNET_RPC_URL' || name === 'DATABASE_URL')) continue;
    for (const raw of value.split(',')) {
      let url: URL;
      try {
        url = new URL(raw.trim());
      } catch {
        continue;
      }
      if (url.password) add(decodeURIComponent(url.password));
      for (const segment of url.pathname.split('/')) if (segment) add(decodeURIComponent(segment));
      for (const [, v] of url.searchParams) add(v);
      if (url.hash.length > 1) add(url.hash.slice(1));
    }
  }
  // Longest first, so a key that contains another is cut whole.
  return [...secrets].sort((a, b) => b.length - a.length);
}

/** Sets the secrets every redaction cuts (main.ts / buildApp, once, from the environment). */
export function registerSecrets(secrets: readonly string[]): void {
  knownSecrets = [...new Set([...knownSecrets, ...secrets])].sort((a, b) => b.length - a.length);
}

/** A text with its URLs shortened (redactUrls) and every known secret replaced. */
export function redactSecrets(text: string): string {
  let out = redactUrls(text);
  for (const secret of knownSecrets) if (out.includes(secret)) out = out.split(secret).join('<redacted>');
  return out;
}
