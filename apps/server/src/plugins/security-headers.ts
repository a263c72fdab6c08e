import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Strict CSP: scripts only from our own origin (the Vite build emits no inline script), no
 * plugins, no <base> rewriting, no framing. Inline styles stay allowed because Radix and sonner
 * position elements with style attributes; they cannot run code.
 */
const options: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
    },
  },
  // HSTS only means something over TLS; sent below when the request came that way.
  strictTransportSecurity: false,
  referrerPolicy: { policy: 'no-referrer' },
  crossOriginEmbedderPolicy: false,
};

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The headers helmet sets with `options`, computed once. @fastify/helmet built a new helmet
 * middleware (parsing the CSP directives again) in two async hooks on every request, which cost
 * more than some whole routes (bench:api). Nothing here varies per request but HSTS, so helmet runs
 * once against a recording response and every reply gets the same headers.
 */
function helmetHeaders(): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as never, recorder as never, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return Object.freeze(headers);
}

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = helmetHeaders();
  const withHsts = Object.freeze({ ...headers, 'strict-transport-security': HSTS });
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.protocol === 'https' ? withHsts : headers);
    done();
  });
}
