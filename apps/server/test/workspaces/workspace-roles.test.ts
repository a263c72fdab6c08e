import {
  allEndpoints,
  apiPath,
  WORKSPACE_HEADER,
  workspaceMessages as m,
  type Endpoint,
  type WorkspaceAccess,
} from '@tokendesk/contract';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, signUp, type TestContext } from '../helpers';

/*
 * The role × endpoint table (issue 33, decision 0087), generated from the endpoint contract: every
 * endpoint that acts in a workspace is asked by a non-member (404: the workspace is not theirs to
 * know), a viewer (403 on every change, with the exact sentence) and an admin (403 on what only an
 * owner may do). Nothing is skipped: an endpoint whose body or query cannot be empty takes its
 * example from the table below, and a missing or invalid example fails the test, so a new endpoint
 * is asked like the others.
 */

const key = (e: Pick<Endpoint, 'method' | 'path'>) => `${e.method} ${e.path}`;

/** Valid bodies and queries (they pass the contract's schemas: the guard, not validation, must answer). */
const examples: Record<string, { body?: unknown; query?: Record<string, string> }> = {
  'POST /projects/get-token-info': {
    body: { network: 31337, contract_address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' },
  },
  'POST /projects/create': {
    body: {
      network: 31337,
      contract_address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      name: 'Demo',
      token_symbol: 'DEMO',
      token_decimal: 18,
    },
  },
  'GET /projects/market': { query: { ids: '1' } },
  'POST /projects/get-pool-address': { body: { project_id: 1, dex_id: 'uniswap-v2', token_id: 'weth' } },
  'POST /projects/pool/:projectId': {
    body: { dex: 'uniswap-v2', token: 'weth', pool_address: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359' },
  },
  'GET /projects/activity/export': { query: { from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' } },
  'POST /projects/alerts': { body: { kind: 'large_swap', pool_id: 1, min_amount: '100' } },
  'POST /account/channels': { body: { kind: 'webhook', name: 'Ops', config: { url: 'https://example.com/hook' } } },
  'PUT /projects/:id/weekly-report': { body: { enabled: true } },
  'POST /workspaces/invites': { body: { role: 'viewer' } },
  'PATCH /workspaces/members/:userId': { body: { role: 'admin' } },
};

type Person = Awaited<ReturnType<typeof signUp>>;
let ctx: TestContext;
let owner: Person;
let admin: Person;
let viewer: Person;
let outsider: Person;
let workspaceId: number;

async function call(who: Person, e: Endpoint, workspace: number | string | null) {
  const ex = examples[key(e)] ?? {};
  const body = ex.body ?? ('body' in e ? {} : undefined);
  const params = Object.fromEntries([...e.path.matchAll(/:(\w+)/g)].map((p) => [p[1]!, '1']));
  const query = ex.query ? `?${new URLSearchParams(ex.query).toString()}` : '';
  return ctx.app.inject({
    method: e.method,
    url: `${apiPath(e, params)}${query}`,
    headers: {
      authorization: `Bearer ${who.token}`,
      ...(workspace === null ? {} : { [WORKSPACE_HEADER]: String(workspace) }),
    },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

async function join(who: Person, role: 'admin' | 'viewer') {
  const invite = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/workspaces/invites/',
    headers: { authorization: `Bearer ${owner.token}` },
    payload: { role },
  });
  expect(invite.statusCode, invite.body).toBe(201);
  const token = decodeURIComponent(/#token=(.+)$/.exec((invite.json() as { link: string }).link)![1]!);
  const accepted = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/workspaces/accept-invite/',
    headers: { authorization: `Bearer ${who.token}` },
    payload: { token },
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return (accepted.json() as { id: number }).id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  [owner, admin, viewer, outsider] = [
    await signUp(ctx.app),
    await signUp(ctx.app),
    await signUp(ctx.app),
    await signUp(ctx.app),
  ];
  workspaceId = await join(viewer, 'viewer');
  expect(await join(admin, 'admin')).toBe(workspaceId);
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

const workspaceEndpoints = () => allEndpoints().filter((e) => e.workspace !== undefined && e.workspace !== 'personal');

describe('every signed-in endpoint declares its workspace access', () => {
  it('in the contract: each `user` endpoint has a class, and none that changes something is a read', () => {
    for (const e of allEndpoints()) {
      if (e.access !== 'user') {
        expect(e.workspace, key(e)).toBeUndefined();
        continue;
      }
      expect(['personal', 'read', 'member', 'write', 'owner'] satisfies WorkspaceAccess[], key(e)).toContain(
        e.workspace,
      );
      if (e.method !== 'GET') expect(e.workspace, key(e)).not.toBe('read');
    }
    expect(workspaceEndpoints().length).toBeGreaterThan(50);
  });

  it('the examples are valid requests, and every endpoint that needs one has one', () => {
    for (const e of workspaceEndpoints()) {
      const { body, query } = e as Endpoint & { body?: z.ZodType; query?: z.ZodType };
      const ex = examples[key(e)] ?? {};
      if (body) expect(body.safeParse(ex.body ?? {}).success, `${key(e)}: add a valid example body`).toBe(true);
      if (query) expect(query.safeParse(ex.query ?? {}).success, `${key(e)}: add a valid example query`).toBe(true);
    }
  });
});

describe('role × endpoint, from the contract', () => {
  it('a non-member naming the workspace gets 404 from every workspace endpoint, with no exception', async () => {
    const answers: string[] = [];
    for (const e of workspaceEndpoints()) {
      const res = await call(outsider, e, workspaceId);
      if (res.statusCode !== 404 || (res.json() as { detail: string }).detail !== m.notFound)
        answers.push(`${key(e)} → ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(answers).toEqual([]);
  });

  it("a viewer gets 403 with the view-only sentence from every change (owners' included), and reads", async () => {
    const answers: string[] = [];
    for (const e of workspaceEndpoints()) {
      // Leaving is the one change a viewer may make (workspaces-api.test.ts leaves).
      if (e.workspace === 'member') continue;
      const res = await call(viewer, e, workspaceId);
      const detail = res.statusCode === 403 ? (res.json() as { detail: string }).detail : null;
      if ((e.workspace === 'write' || e.workspace === 'owner') && detail !== m.viewerReadOnly)
        answers.push(`${key(e)} → ${res.statusCode} ${res.body.slice(0, 120)}`);
      // A read answers what the workspace holds (an unknown id is still a 404), never the role's refusal.
      if (e.workspace === 'read' && (res.statusCode === 403 || res.statusCode >= 500))
        answers.push(`${key(e)} → ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(answers).toEqual([]);
  });

  it('an admin gets 403 from every owner endpoint (their writes pass: the workspace API tests make them)', async () => {
    const answers: string[] = [];
    for (const e of workspaceEndpoints().filter((x) => x.workspace === 'owner')) {
      const res = await call(admin, e, workspaceId);
      if (res.statusCode !== 403 || (res.json() as { detail: string }).detail !== m.ownerOnly)
        answers.push(`${key(e)} → ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(answers).toEqual([]);
  });

  it('a malformed workspace header is a 400 on every workspace endpoint, never a 5xx', async () => {
    const answers: string[] = [];
    for (const e of workspaceEndpoints()) {
      const res = await call(viewer, e, '1 OR 1=1');
      if (res.statusCode !== 400 || (res.json() as { detail: string }).detail !== m.headerInvalid)
        answers.push(`${key(e)} → ${res.statusCode}`);
    }
    expect(answers).toEqual([]);
  });
});
