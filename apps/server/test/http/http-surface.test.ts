import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createTestContext, type TestContext } from '../helpers';

let ctx: TestContext;
let webDist: string;
beforeAll(async () => {
  // A stand-in build of the web app, so static serving and the SPA fallback are exercised.
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'tokendesk-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><div id="root"></div><script type="module" src="/assets/app.js"></script>',
  );
  fs.writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
  ctx = await createTestContext({ WEB_DIST: webDist, TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('security headers', () => {
  it('sends a strict CSP, nosniff and a referrer policy on pages and API answers', async () => {
    for (const url of ['/', '/api/v1/user/info/', '/api/docs/']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-eval');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('sends the full page set on pages and the docs UI, the same on each', async () => {
    const expected = {
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    const first = await ctx.app.inject({ method: 'GET', url: '/' });
    const csp = String(first.headers['content-security-policy']);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    for (const url of ['/', '/projects/12', '/assets/app.js', '/assets/missing.js', '/api/docs/', '/apiary']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.headers, url).toMatchObject(expected);
      expect(res.headers['content-security-policy'], url).toBe(csp);
    }
  });

  it('sends the API set on every API and operations answer: data, errors, 404s (decision 0049)', async () => {
    // OWASP REST Security Cheat Sheet: an answer that loads nothing, is framed by nobody, is never
    // sniffed into another type; none of the document-only headers.
    const apiSet = {
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    };
    const documentOnly = [
      'cross-origin-opener-policy',
      'origin-agent-cluster',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ];
    for (const [method, url, status] of [
      ['GET', '/health', 200],
      ['GET', '/api/health', 200],
      ['GET', '/api/health?probe=1', 200],
      ['GET', '/metrics', 200],
      ['GET', '/api/v1/user/info/', 401],
      ['GET', '/api/v1/nothing-here/', 404],
      ['POST', '/api/v1/user/register/', 400],
    ] as const) {
      const res = await ctx.app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers, url).toMatchObject(apiSet);
      for (const name of documentOnly) expect(res.headers[name], `${url} ${name}`).toBeUndefined();
    }
  });

  it('adds HSTS only when the request came over TLS, to pages and API answers', async () => {
    for (const url of ['/', '/api/v1/user/info/']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers['strict-transport-security'], url).toMatch(/max-age=\d+/);
    }
  });
});

describe('web app serving', () => {
  it('serves index.html for client routes and fingerprinted assets with long caching', async () => {
    for (const url of ['/', '/login', '/projects/12', '/profile?x=1']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await ctx.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('serves files of a web build made while the server runs', async () => {
    fs.writeFileSync(path.join(webDist, 'assets', 'rebuilt-abc123.js'), 'console.log(2)');
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/rebuilt-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(2)');
  });

  it("sends the build's precompressed copy to a browser that accepts it, the plain file otherwise", async () => {
    const source = 'export const big = "' + 'tokendesk '.repeat(500) + '";';
    fs.writeFileSync(path.join(webDist, 'assets', 'big-abc123.js'), source);
    fs.writeFileSync(path.join(webDist, 'assets', 'big-abc123.js.br'), zlib.brotliCompressSync(source));
    fs.writeFileSync(path.join(webDist, 'assets', 'big-abc123.js.gz'), zlib.gzipSync(source));
    const url = '/assets/big-abc123.js';
    const br = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(source);
    const gz = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(source);
    const plain = await ctx.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(source);
  });

  it('unknown API paths answer JSON 404 in the error shape', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/nope/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'No route GET /api/v1/nope/.', errors: [] });
    const post = await ctx.app.inject({ method: 'POST', url: '/profile' });
    expect(post.statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents every account route from the zod schemas', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const paths = Object.keys(doc.paths);
    for (const p of [
      '/api/v1/user/register',
      '/api/v1/user/login',
      '/api/v1/user/logout',
      '/api/v1/user/info',
      '/api/v1/user/info/update',
      '/api/v1/user/change-email',
      '/api/v1/user/change-password',
    ]) {
      expect(paths).toContain(p);
    }
    const register = doc.paths['/api/v1/user/register'].post;
    const ref: string | undefined = register.requestBody.content['application/json'].schema.$ref;
    const schema = ref
      ? doc.components.schemas[ref.split('/').pop()!]
      : register.requestBody.content['application/json'].schema;
    const body = JSON.stringify(schema);
    for (const field of ['full_name', 'email', 'username', 'password', 'confirm_password', 'accept_terms'])
      expect(body).toContain(field);
    expect(Object.keys(register.responses)).toEqual(expect.arrayContaining(['201', '400', '409', '429']));
    expect(doc.components.securitySchemes).toHaveProperty('bearerAuth');
    expect(doc.components.securitySchemes).toHaveProperty('basicAuth');
  });

  it('serves a reference page without inline scripts', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    const inlineScripts = [...res.body.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].filter((m) =>
      m[1]!.trim(),
    );
    expect(inlineScripts).toEqual([]);
  });
});

describe('health', () => {
  it('/api/health and /api/ready answer', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    const ready = (await ctx.app.inject({ method: 'GET', url: '/api/ready' })).json();
    expect(ready.status).toBe('ready');
    // Test contexts run on a clone of the run's PostgreSQL template (test/setup/postgres.ts).
    expect(ready.database.kind).toBe('postgres');
  });
});
