/**
 * The SSRF guard of user-supplied URLs (delivery/safe-fetch.ts, docs/decisions/0037): the check at
 * save time (checkOutboundUrl, what the channel routes answer 400 with) and the check inside the
 * connection's own DNS lookup, which is what stops a name that resolves to a private address when
 * the request is made (DNS rebinding) whatever it resolved to when it was saved.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOutboundUrl, OutboundRefused, postJson, refusedAddress } from '../../src/delivery/safe-fetch';
import { testConfig } from '../../src/config';

const closed = { OUTBOUND_ALLOW: '' };
const loopbackAllowed = { OUTBOUND_ALLOW: '127.0.0.0/8,::1' };

let server: http.Server;
let port = 0;
let hits = 0;
beforeAll(async () => {
  server = http.createServer((_req, res) => {
    hits += 1;
    res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('refusedAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254', // cloud metadata
    '100.64.0.1', // CGNAT
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'ff02::1',
    '::ffff:127.0.0.1', // IPv4-mapped
    '::ffff:7f00:1', // the same, hex
    '::ffff:169.254.169.254',
    '64:ff9b::a9fe:a9fe', // NAT64 of the metadata address
  ])('refuses %s', (ip) => {
    expect(refusedAddress(ip, closed)).toMatch(/private, loopback or reserved/);
  });

  it.each(['93.184.216.34', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:93.184.216.34'])(
    'lets %s through',
    (ip) => {
      expect(refusedAddress(ip, closed)).toBeNull();
    },
  );

  it('OUTBOUND_ALLOW opens exactly the listed ranges, for mapped addresses too', () => {
    expect(refusedAddress('127.0.0.1', loopbackAllowed)).toBeNull();
    expect(refusedAddress('::ffff:127.0.0.1', loopbackAllowed)).toBeNull();
    expect(refusedAddress('::1', loopbackAllowed)).toBeNull();
    expect(refusedAddress('10.0.0.1', loopbackAllowed)).not.toBeNull();
    expect(refusedAddress('169.254.169.254', loopbackAllowed)).not.toBeNull();
  });

  it('OUTBOUND_ALLOW is validated with the configuration', () => {
    expect(() => testConfig({ OUTBOUND_ALLOW: '10.0.0.0/33' })).toThrow(/OUTBOUND_ALLOW/);
    expect(testConfig({ OUTBOUND_ALLOW: '' }).OUTBOUND_ALLOW).toBe('');
  });
});

describe('checkOutboundUrl', () => {
  it('refuses private and loopback URLs by address and by name, and non-http schemes', async () => {
    expect(await checkOutboundUrl(`http://127.0.0.1:${port}/hook`, closed)).toEqual({
      ok: false,
      reason: 'The URL points to a private network: 127.0.0.1 is a private, loopback or reserved address.',
    });
    expect((await checkOutboundUrl('http://169.254.169.254/latest/meta-data/', closed)).ok).toBe(false);
    expect((await checkOutboundUrl('http://[::ffff:127.0.0.1]/', closed)).ok).toBe(false);
    expect((await checkOutboundUrl('http://[::1]:8080/', closed)).ok).toBe(false);
    expect((await checkOutboundUrl(`http://localhost:${port}/`, closed)).ok).toBe(false);
    expect(await checkOutboundUrl('file:///etc/passwd', closed)).toEqual({
      ok: false,
      reason: 'Only http:// and https:// URLs can be used.',
    });
    expect(await checkOutboundUrl('gopher://example.com/', closed)).toMatchObject({ ok: false });
    expect(await checkOutboundUrl('not a url', closed)).toEqual({ ok: false, reason: 'Not a valid URL.' });
  });

  it('accepts a public address, and loopback once OUTBOUND_ALLOW lists it', async () => {
    expect(await checkOutboundUrl('https://93.184.216.34/hook', closed)).toEqual({ ok: true });
    expect(await checkOutboundUrl(`http://127.0.0.1:${port}/hook`, loopbackAllowed)).toEqual({ ok: true });
    expect(await checkOutboundUrl(`http://localhost:${port}/hook`, loopbackAllowed)).toEqual({ ok: true });
  });
});

describe('postJson: the check at connect time', () => {
  it('a name that resolves to loopback is refused inside the lookup: no request reaches the server', async () => {
    const before = hits;
    // Saved while allowed (the save-time check passed) …
    expect((await checkOutboundUrl(`http://localhost:${port}/`, loopbackAllowed)).ok).toBe(true);
    // … then, at send time, the guard refuses what the name resolves to now.
    const err = await postJson(`http://localhost:${port}/`, { body: '{}', timeoutMs: 5_000, guard: closed }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(OutboundRefused);
    expect((err as Error).message).toMatch(/refused to connect: (127\.0\.0\.1|::1) is a private/);
    const literal = await postJson(`http://127.0.0.1:${port}/`, { body: '{}', timeoutMs: 5_000, guard: closed }).catch(
      (e: unknown) => e,
    );
    expect(literal).toBeInstanceOf(OutboundRefused);
    expect(hits).toBe(before);
  });

  it('reaches an allowed address, and does not follow redirects', async () => {
    const res = await postJson(`http://localhost:${port}/`, { body: '{}', timeoutMs: 5_000, guard: loopbackAllowed });
    expect(res).toMatchObject({ status: 200, body: 'ok' });
    const redirecting = http.createServer((_req, r) => {
      r.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      r.end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    try {
      const answer = await postJson(`http://127.0.0.1:${(redirecting.address() as AddressInfo).port}/`, {
        body: '{}',
        timeoutMs: 5_000,
        guard: loopbackAllowed,
      });
      expect(answer.status).toBe(302);
    } finally {
      await new Promise<void>((resolve) => redirecting.close(() => resolve()));
    }
  });
});
