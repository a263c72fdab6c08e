import { allEndpoints, API_BASE, type Endpoint } from '@tokendesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, signUp, type TestContext } from '../helpers';

/*
 * The server registers its routes from the endpoint contract (docs/decisions/0083): every entry is
 * a route, every documented route is an entry, and what a group declares once (who may call) holds
 * on each of its routes.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const filled = (e: Endpoint) => `${API_BASE}${e.path.replace(/:[A-Za-z_]\w*/g, '1')}/`;
const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

describe('the endpoint contract', () => {
  it('every entry is a route of the server, and every route in the OpenAPI document is an entry with its summary and tags', async () => {
    const endpoints = allEndpoints();
    for (const e of endpoints)
      expect(ctx.app.hasRoute({ method: e.method, url: `${API_BASE}${e.path}` }), key(e.method, e.path)).toBe(true);

    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { summary: string; tags: string[]; security?: unknown }>>;
    };
    const byKey = new Map(endpoints.map((e) => [key(e.method, `${API_BASE}${e.path}`), e]));
    const documented: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const k = key(method, path.replace(/\{(\w+)\}/g, ':$1'));
        documented.push(k);
        const entry = byKey.get(k);
        expect(entry, `${k} is documented but not in the contract`).toBeDefined();
        expect(operation.summary).toBe(entry!.summary);
        expect(operation.tags).toEqual(entry!.tags);
        expect(operation.security).toEqual(entry!.security);
      }
    }
    expect(documented.sort()).toEqual([...byKey.keys()].sort());
  });

  it("a signed-in group's routes answer 401 without a credential, a staff group's 403 to a user who is not staff", async () => {
    const user = await signUp(ctx.app);
    // Fastify validates the body and the query before the preHandlers: a request without them would
    // meet a 400 first, so the routes that take neither are the ones this asks.
    const guarded = allEndpoints().filter((e) => e.access !== 'public' && !('body' in e) && !('query' in e));
    expect(guarded.length).toBeGreaterThan(30);
    for (const e of guarded) {
      const anonymous = await ctx.app.inject({ method: e.method, url: filled(e) });
      expect(anonymous.statusCode, key(e.method, e.path)).toBe(401);
      if (e.access === 'staff') {
        const res = await ctx.app.inject({
          method: e.method,
          url: filled(e),
          headers: { authorization: `Bearer ${user.token}` },
        });
        expect(res.statusCode, key(e.method, e.path)).toBe(403);
      }
    }
  });
});
