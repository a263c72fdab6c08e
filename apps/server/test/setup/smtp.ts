/**
 * A real SMTP server for tests (the smtp-server package), on a free loopback port: what the
 * delivery worker sends through nodemailer arrives here as it would at a mail host, and is parsed
 * back into from, to, subject, text and html. No authentication, no TLS: SMTP_URL is
 * smtp://127.0.0.1:<port>.
 */
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Every header of the message, lower-case names, unfolded (e.g. 'message-id'). */
  headers: Record<string, string>;
}

export interface TestSmtpServer {
  url: string;
  messages: CapturedMail[];
  /** The first message (already received or arriving within timeoutMs) that matches. */
  waitFor(pred: (m: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  /** Answer the next `count` messages with a temporary failure (451), to test retries. */
  failNext(count: number): void;
  /** Never answer the next `count` messages' data (a stuck mail server), to test timeouts. */
  hangNext(count: number): void;
  close(): Promise<void>;
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const messages: CapturedMail[] = [];
  const waiters = new Set<() => void>();
  let failures = 0;
  let hangs = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (hangs > 0) {
          hangs -= 1;
          return;
        }
        if (failures > 0) {
          failures -= 1;
          const err = new Error('Try again later') as Error & { responseCode: number };
          err.responseCode = 451;
          callback(err);
          return;
        }
        const parsed = parseMessage(Buffer.concat(chunks).toString('utf8'));
        const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        messages.push({
          ...parsed,
          from: parsed.from || envelopeFrom,
          to: session.envelope.rcptTo.map((r) => r.address),
        });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('smtp server has no port');

  return {
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    failNext(count) {
      failures = count;
    },
    hangNext(count) {
      hangs = count;
    },
    waitFor(pred, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(pred);
          if (!found) return false;
          cleanup();
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(
            new Error(
              `no matching e-mail within ${timeoutMs} ms (${messages.length} received: ${messages.map((m) => m.subject).join(' | ')})`,
            ),
          );
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(wake);
        };
        const wake = () => void check();
        if (!check()) waiters.add(wake);
      });
    },
    // Connections left hanging would hold close() until they time out.
    close: () =>
      new Promise<void>((resolve) => {
        for (const c of (server as unknown as { connections?: Set<{ close?: () => void }> }).connections ?? [])
          c.close?.();
        server.close(() => resolve());
      }),
  };
}

// ---- A small MIME reader: enough for what nodemailer writes (multipart/alternative, QP, base64) --

interface Part {
  headers: Record<string, string>;
  body: string;
}

function splitHeaders(raw: string): Part {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\n/g, '');
  for (let i = 0; i < soft.length; i += 1) {
    const c = soft[i]!;
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(part: Part): string {
  const encoding = (part.headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  return part.body;
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=) in a header. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function collect(part: Part, out: { text: string; html: string }): void {
  const type = part.headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const sections = part.body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      collect(splitHeaders(section.replace(/^\n/, '')), out);
    }
    return;
  }
  const decoded = decodeBody(part).replace(/\n$/, '');
  if (/^text\/html/i.test(type)) out.html = decoded;
  else if (/^text\/plain/i.test(type)) out.text = decoded;
}

export function parseMessage(raw: string): Omit<CapturedMail, 'to'> {
  const top = splitHeaders(raw);
  const out = { text: '', html: '' };
  collect(top, out);
  const headers = Object.fromEntries(Object.entries(top.headers).map(([k, v]) => [k, decodeHeader(v)]));
  return { from: headers.from ?? '', subject: headers.subject ?? '', text: out.text, html: out.html, headers };
}
