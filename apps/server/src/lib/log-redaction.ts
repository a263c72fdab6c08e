import { redactSecrets } from './error-text';

/**
 * Redaction at the logger itself, so that no call site can put an RPC provider key (or a database
 * password) into a log line: viem's errors repeat the request URL in message, shortMessage,
 * details, metaMessages, url and stack, and again in every cause. Every error is serialized with
 * its causes and every string in it is passed through redactSecrets; so are messages and the
 * plain values logged next to them.
 */

const MAX_DEPTH = 6;

/**
 * drizzle's DrizzleQueryError repeats a failed statement's bound parameters in its message, its
 * stack and a `params` field: a registration that fails writes the new user's password hash and
 * e-mail into the log. The statement itself stays (it says what failed); its values go.
 */
const QUERY_PARAMS_LINE = /\nparams: [^\n]*/g;

/**
 * Names of URL parameters that carry a secret: one-time link tokens (`?token=`, from links in
 * e-mails sent before they moved to the fragment, issue 29), OAuth-style codes and tokens, keys,
 * signatures, passwords. Their values are cut wherever a URL or a bit of one shows up in a line:
 * the request line's `url` above all, which a plain path without a scheme (`/reset-password?token=…`)
 * would otherwise pass, since redactUrls only sees URLs with a scheme.
 */
const SECRET_PARAM =
  '(?:[a-z0-9_.-]*token|code|secret|password|passwd|pwd|api[_-]?key|key|signature|sig|auth|session|sid)';
const SECRET_PARAM_VALUE = new RegExp(`([?&;#]${SECRET_PARAM}=)[^&;#\\s"'<>]*`, 'gi');
const SECRET_PARAM_NAME = new RegExp(`^${SECRET_PARAM}$`, 'i');

/** Every secret parameter's value in a text replaced, in queries and fragments alike. */
const redactSecretParams = (text: string): string => text.replace(SECRET_PARAM_VALUE, '$1[redacted]');

/**
 * A request target with its secret parameters' values replaced; a name spelled with escapes
 * (`%74oken=`) means the same to a server, so names are decoded before they are judged.
 */
export function redactRequestUrl(url: string): string {
  const cut = redactSecretParams(url);
  const at = cut.indexOf('?');
  if (at < 0 || !cut.includes('%')) return cut;
  const hash = cut.indexOf('#', at);
  const query = cut.slice(at + 1, hash < 0 ? undefined : hash);
  const parts = query.split('&').map((part) => {
    const eq = part.indexOf('=');
    if (eq < 0) return part;
    let name = part.slice(0, eq);
    try {
      name = decodeURIComponent(name.replace(/\+/g, ' '));
    } catch {
      // Not decodable: judged as written.
    }
    return SECRET_PARAM_NAME.test(name) ? `${part.slice(0, eq)}=[redacted]` : part;
  });
  return `${cut.slice(0, at + 1)}${parts.join('&')}${hash < 0 ? '' : cut.slice(hash)}`;
}

const redactText = (text: string): string =>
  redactSecrets(redactSecretParams(text.replace(QUERY_PARAMS_LINE, '\nparams: [redacted]')));

/**
 * Fastify's request serializer (method, url, version, host, remoteAddress, remotePort) with the
 * url's secret parameters cut: the 'incoming request' line of every request carries it.
 */
function requestSerializer(req: {
  method?: string;
  url?: string;
  headers?: Record<string, unknown>;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}): unknown {
  return {
    method: req.method,
    url: typeof req.url === 'string' ? redactRequestUrl(req.url) : req.url,
    version: req.headers?.['accept-version'],
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

type Plain = Record<string, unknown>;

function isPlainObject(value: unknown): value is Plain {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** Strings redacted, arrays and plain objects walked; anything else (a request, a reply) left to its serializer. */
function redactValue(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value instanceof Error) return serializeError(value, depth, seen);
  if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return '[Circular]';
  if (Array.isArray(value)) {
    seen.add(value);
    return value.map((v) => redactValue(v, depth + 1, seen));
  }
  if (!isPlainObject(value)) return value;
  seen.add(value);
  const out: Plain = {};
  for (const [k, v] of Object.entries(value)) out[k] = redactValue(v, depth + 1, seen);
  return out;
}

/**
 * pino's err shape (type, message, stack, own enumerable fields, cause), every string redacted.
 * Own fields are kept because they say what failed (a node's error code, a database's SQLSTATE).
 */
function serializeError(err: Error, depth = 0, seen = new WeakSet<object>()): unknown {
  if (seen.has(err)) return '[Circular]';
  seen.add(err);
  const out: Plain = { type: err.constructor?.name ?? err.name, message: redactText(String(err.message ?? '')) };
  if (typeof err.stack === 'string') out.stack = redactText(err.stack);
  for (const [k, v] of Object.entries(err)) {
    if (k === 'cause' || k === 'stack' || k === 'message') continue;
    if (k === 'params' && Array.isArray(v)) {
      out[k] = `[${v.length} query parameters redacted]`;
      continue;
    }
    out[k] = depth >= MAX_DEPTH ? '[…]' : redactValue(v, depth + 1, seen);
  }
  // viem's BaseError has a non-enumerable-looking getter chain on some versions; take the cause explicitly.
  const cause = (err as { cause?: unknown }).cause;
  if (cause !== undefined && depth < MAX_DEPTH)
    out.cause = cause instanceof Error ? serializeError(cause, depth + 1, seen) : redactValue(cause, depth + 1, seen);
  if (err instanceof AggregateError && depth < MAX_DEPTH)
    out.errors = err.errors.map((e) => redactValue(e, depth + 1, seen));
  return out;
}

/** The `err` serializer: whatever is logged under err leaves redacted. */
export function redactedErrSerializer(value: unknown): unknown {
  return value instanceof Error ? serializeError(value) : redactValue(value, 0, new WeakSet());
}

/**
 * pino's logMethod hook: the message and its format arguments are redacted, as are the fields of a
 * merging object (except `err` and the request/reply objects, which have serializers). An error
 * logged on its own is moved under `err` with its message as the line's message, as pino does.
 */
function logMethod(this: unknown, args: unknown[], method: (...a: unknown[]) => void): void {
  let input = args;
  if (input[0] instanceof Error) {
    const err = input[0];
    input = [{ err }, ...(input.length > 1 ? input.slice(1) : [err.message])];
  }
  const out = input.map((arg, i) => {
    if (typeof arg === 'string') return redactText(arg);
    if (i === 0 && arg !== null && typeof arg === 'object' && !Array.isArray(arg)) {
      const fields: Plain = {};
      for (const [k, v] of Object.entries(arg)) {
        fields[k] = k === 'err' || k === 'req' || k === 'res' ? v : redactValue(v, 1, new WeakSet());
      }
      return fields;
    }
    return redactValue(arg, 1, new WeakSet());
  });
  method.apply(this, out);
}

/** Fastify/pino logger options with the redaction added (the caller's other options kept). */
export function withLogRedaction<T extends object>(
  options: T,
): T & { serializers: Record<string, (v: unknown) => unknown>; hooks: { logMethod: typeof logMethod } } {
  const given = options as { serializers?: Record<string, (v: unknown) => unknown> };
  const req = (value: unknown): unknown => {
    const out = given.serializers?.req
      ? given.serializers.req(value)
      : requestSerializer(value as Parameters<typeof requestSerializer>[0]);
    return redactValue(out, 1, new WeakSet());
  };
  return { ...options, serializers: { ...given.serializers, req, err: redactedErrSerializer }, hooks: { logMethod } };
}
