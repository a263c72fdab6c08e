/**
 * Requests to URLs a user typed (webhooks, Discord) must not reach the server's own network: the
 * loopback, private ranges, link-local (the cloud metadata service at 169.254.169.254), CGNAT,
 * multicast and reserved addresses are refused unless the operator lists them in OUTBOUND_ALLOW
 * (docs/decisions/0037). The check runs twice: when the URL is saved (checkOutboundUrl, a 400 for
 * the user) and at every connection, inside the socket's own DNS lookup, so a name that resolved
 * to a public address when checked and to 127.0.0.1 a second later (DNS rebinding) is refused.
 * Redirects are never followed: a 3xx answer is a failed delivery, not a second request.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { parseIpAllowList } from '../lib/ip-allowlist';
import type { Config } from '../config';

export type OutboundConfig = Pick<Config, 'OUTBOUND_ALLOW'>;

const blocked = new net.BlockList();
for (const [range, bits] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(range, bits, 'ipv4');
}
for (const [range, bits] of [
  ['::', 128],
  ['::1', 128],
  ['::', 96], // IPv4-compatible (deprecated)
  ['64:ff9b::', 96], // NAT64: reaches the embedded IPv4 address
  ['64:ff9b:1::', 48],
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: embeds an IPv4 address
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(range, bits, 'ipv6');
}

/** The IPv4 address inside an IPv4-mapped IPv6 one (::ffff:127.0.0.1), else null. */
function mappedV4(ip: string): string | null {
  const m = /^::ffff:(?:0:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (m) return m[1]!;
  const hex = /^::ffff:(?:0:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(ip);
  if (hex) {
    const hi = parseInt(hex[1]!, 16);
    const lo = parseInt(hex[2]!, 16);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return null;
}

function allowListOf(config: OutboundConfig): (ip: string) => boolean {
  return config.OUTBOUND_ALLOW.trim() === '' ? () => false : parseIpAllowList(config.OUTBOUND_ALLOW);
}

/** Why an address may not be reached, or null when it may. */
export function refusedAddress(ip: string, config: OutboundConfig): string | null {
  const allow = allowListOf(config);
  const v4 = net.isIPv4(ip) ? ip : mappedV4(ip);
  if (allow(ip) || (v4 !== null && allow(v4))) return null;
  if (v4 !== null) return blocked.check(v4, 'ipv4') ? `${v4} is a private, loopback or reserved address` : null;
  if (!net.isIPv6(ip)) return `${ip} is not an IP address`;
  return blocked.check(ip, 'ipv6') ? `${ip} is a private, loopback or reserved address` : null;
}

export class OutboundRefused extends Error {
  override name = 'OutboundRefused';
}

/** The URL parsed and its scheme checked; throws OutboundRefused. */
function parseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefused('not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new OutboundRefused('only http:// and https:// URLs can be used');
  if (!url.hostname) throw new OutboundRefused('the URL has no host');
  return url;
}

const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/**
 * For the channel routes: whether a user-supplied URL may be used, with the reason to show next to
 * the field when not. Resolves the host now; the connection checks again (rebinding).
 */
export async function checkOutboundUrl(
  raw: string,
  config: OutboundConfig,
): Promise<{ ok: true } | { ok: false; reason: string }> {
  try {
    const url = parseUrl(raw);
    const host = bareHost(url);
    const addresses = net.isIP(host)
      ? [host]
      : (await dns.promises.lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    if (addresses.length === 0) return { ok: false, reason: `${host} does not resolve` };
    for (const address of addresses) {
      const why = refusedAddress(address, config);
      if (why) return { ok: false, reason: `The URL points to a private network: ${why}.` };
    }
    return { ok: true };
  } catch (err) {
    if (err instanceof OutboundRefused)
      return { ok: false, reason: `${err.message[0]!.toUpperCase()}${err.message.slice(1)}.` };
    const code = (err as NodeJS.ErrnoException).code;
    return {
      ok: false,
      reason:
        code === 'ENOTFOUND' || code === 'EAI_AGAIN'
          ? 'The host name does not resolve.'
          : 'The host name could not be checked.',
    };
  }
}

/** A DNS lookup that refuses forbidden addresses: what the socket connects to is what was checked. */
function guardedLookup(config: OutboundConfig): net.LookupFunction {
  return ((
    hostname: string,
    options: dns.LookupOptions,
    callback: (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void,
  ) => {
    dns.lookup(hostname, { ...options, all: true, verbatim: true }, (err, addresses) => {
      if (err) return callback(err, options.all ? [] : '', 0);
      const list = addresses as dns.LookupAddress[];
      for (const a of list) {
        const why = refusedAddress(a.address, config);
        if (why)
          return callback(
            new OutboundRefused(`refused to connect: ${why}`) as NodeJS.ErrnoException,
            options.all ? [] : '',
            0,
          );
      }
      if (list.length === 0)
        return callback(
          Object.assign(new Error(`${hostname} does not resolve`), { code: 'ENOTFOUND' }),
          options.all ? [] : '',
          0,
        );
      if (options.all) return callback(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  }) as net.LookupFunction;
}

export interface PostResult {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** At most 64 KiB of the answer. */
  body: string;
}

const MAX_ANSWER = 64 * 1024;

/**
 * POSTs a body with a total deadline (connect, send, answer). `guard` applies the SSRF rules
 * (user-supplied URLs); operator-configured URLs (the Telegram API) pass without it.
 */
export function postJson(
  raw: string,
  opts: { body: string; headers?: Record<string, string>; timeoutMs: number; guard: OutboundConfig | null },
): Promise<PostResult> {
  let url: URL;
  try {
    url = parseUrl(raw);
  } catch (err) {
    return Promise.reject(err);
  }
  if (opts.guard) {
    const host = bareHost(url);
    // An address literal skips the lookup, so it is checked here.
    if (net.isIP(host)) {
      const why = refusedAddress(host, opts.guard);
      if (why) return Promise.reject(new OutboundRefused(`refused to connect: ${why}`));
    }
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<PostResult>((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'TokenDesk-Webhooks/1',
          'content-length': Buffer.byteLength(opts.body),
          ...opts.headers,
        },
        ...(opts.guard ? { lookup: guardedLookup(opts.guard) } : {}),
        // One connection per request: a pooled socket would skip the lookup, and with it the check.
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          if (size < MAX_ANSWER) chunks.push(c);
          size += c.length;
        });
        res.on('end', () => {
          clearTimeout(timer);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8').slice(0, MAX_ANSWER),
          });
        });
        res.on('error', (err) => {
          clearTimeout(timer);
          reject(err);
        });
      },
    );
    const timer = setTimeout(
      () =>
        req.destroy(
          Object.assign(new Error(`timed out after ${Math.round(opts.timeoutMs / 1000)} s`), { code: 'ETIMEDOUT' }),
        ),
      opts.timeoutMs,
    );
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    req.end(opts.body);
  });
}
