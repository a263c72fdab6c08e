import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { apiErrorSchema } from './errors';
import { apiPath, signInRoute } from './routes';
import { allEndpoints, api } from './api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('endpoint groups', () => {
  it('copy what a group declares once into each endpoint: tags, access, security and the error answers', () => {
    expect(api.alerts.get).toMatchObject({
      tags: ['Alerts'],
      access: 'user',
      security: [{ bearerAuth: [] }, { basicAuth: [] }],
    });
    expect(Object.keys(api.alerts.get.responses)).toEqual(['200', '400', '401', '404', '503']);
    expect(api.alerts.get.responses[404]).toBe(apiErrorSchema);
    // An endpoint's own extra error status comes on top of its group's.
    expect(Object.keys(api.alerts.create.responses)).toEqual(['201', '400', '401', '404', '409', '503']);
    expect(api.staffTickets.resolve).toMatchObject({ tags: ['Support staff'], access: 'staff' });
    // A public endpoint carries no security requirement; sign-in overrides it with Basic only.
    expect(api.legal.document.security).toBeUndefined();
    expect(api.account.login.security).toEqual([{ basicAuth: [] }]);
    expect(api.account.login).toMatchObject(signInRoute);
  });

  it('define each method and path once, each path parameter in the params schema and back', () => {
    const seen = new Set<string>();
    for (const e of allEndpoints()) {
      const k = `${e.method} ${e.path}`;
      expect(seen.has(k), k).toBe(false);
      seen.add(k);
      const names = [...e.path.matchAll(/:(\w+)/g)].map((m) => m[1]).sort();
      const params = (e as { params?: z.ZodObject }).params;
      expect(params ? Object.keys(params.shape).sort() : [], k).toEqual(names);
    }
    expect(seen.size).toBeGreaterThan(80);
  });
});

describe('apiPath', () => {
  it('fills the parameters URI-encoded, under /api/v1, with the trailing slash', () => {
    expect(apiPath(api.discoveredPools.attach, { id: 3, poolId: 'a/b c' })).toBe(
      '/api/v1/projects/3/discovered-pools/a%2Fb%20c/attach/',
    );
    expect(apiPath(api.projects.list)).toBe('/api/v1/projects/');
    expect(() => apiPath(api.alerts.get, {})).toThrow(/no value for :id/);
  });
});

describe('the lint rule against hand-written API URLs (eslint.config.js)', () => {
  it("reads every contract path: each one is written as a plain `path: '…'` line", () => {
    const dir = path.join(root, 'packages/contract/src');
    const endpointFiles = fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => path.join(dir, d.name, 'endpoints.ts'));
    const written = new Set<string>();
    for (const file of [
      ...endpointFiles.filter((f) => fs.existsSync(f)),
      path.join(root, 'packages/contract/src/routes.ts'),
    ]) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/\bpath: '(\/[^']*)'/g)) written.add(m[1]!);
    }
    expect([...written].sort()).toEqual([...new Set(allEndpoints().map((e) => e.path))].sort());
  });

  it('fails a web file that writes an API URL, and passes the client and the screen paths', async () => {
    const eslint = new ESLint({ cwd: root });
    const rule = async (text: string, file: string) =>
      (await eslint.lintText(text, { filePath: path.join(root, file) }))[0]!.messages
        .filter((m) => m.ruleId === 'tokendesk/no-api-paths')
        .map((m) => m.message);
    const feature = 'apps/web/src/features/alerts/api/get-thing.ts';
    expect(await rule("export const a = '/api/v1/projects/alerts/';\n", feature)).toHaveLength(1);
    expect(await rule('export const b = (id: number) => `/projects/alerts/${id}/triggers/`;\n', feature)).toHaveLength(
      1,
    );
    expect(await rule("export const c = '/projects/market';\n", feature)).toHaveLength(1);
    expect(await rule("export const d = '/funds';\n", feature)).toEqual([]);
    expect(await rule("export const e = '/projects/alerts/';\n", 'apps/web/src/lib/api-client.ts')).toEqual([]);
    // The screens' own paths share '/projects' with the API; the API form (with the slash) is still refused there.
    expect(await rule("export const f = '/projects';\n", 'apps/web/src/lib/paths.ts')).toEqual([]);
    expect(await rule("export const g = '/projects/';\n", 'apps/web/src/lib/paths.ts')).toHaveLength(1);
  }, 60_000);
});
