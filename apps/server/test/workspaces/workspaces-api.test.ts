import { Writable } from 'node:stream';
import { WORKSPACE_HEADER, workspaceMessages as m } from '@tokendesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryWorker } from '../../src/delivery/worker';
import { outbox, workspaceInvites } from '../../src/db/schema';
import { sha256Hex } from '../../src/lib/tokens';
import { createTestContext, seedUniOnEthereum, signUp, type TestContext } from '../helpers';
import { startSmtpServer, type TestSmtpServer } from '../setup/smtp';

/*
 * Workspaces through the API (issue 33 item 1, decision 0087): an owner's project read by a viewer
 * (and exported) in the owner's workspace, refused to change, and gone at once when the viewer is
 * removed; invites by copyable link and by e-mail (a real SMTP server), single use, expiring, never
 * in a log; leaving; the founder's place.
 */

const PUBLIC_URL = 'http://tokendesk.test:8080';
type Person = Awaited<ReturnType<typeof signUp>>;
let smtp: TestSmtpServer;
let ctx: TestContext;
let log = '';
let owner: Person;
let viewer: Person;
let projectId: number;
let workspaceId: number;
const tokens: string[] = [];

const req = (
  who: Person,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  opts: { workspace?: number; body?: object } = {},
) =>
  ctx.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: {
      authorization: `Bearer ${who.token}`,
      ...(opts.workspace === undefined ? {} : { [WORKSPACE_HEADER]: String(opts.workspace) }),
    },
    ...(opts.body ? { payload: opts.body } : {}),
  });
const detail = (res: { json(): unknown }) => (res.json() as { detail: string }).detail;

async function inviteLink(role: 'owner' | 'admin' | 'viewer') {
  const res = await req(owner, 'POST', 'workspaces/invites/', { body: { role } });
  expect(res.statusCode, res.body).toBe(201);
  const link = (res.json() as { link: string }).link;
  expect(link.startsWith(`${PUBLIC_URL}/invite#token=`)).toBe(true);
  const token = decodeURIComponent(link.split('#token=')[1]!);
  tokens.push(token);
  return token;
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      log += chunk.toString();
      done();
    },
  });
  ctx = await createTestContext({ SMTP_URL: smtp.url, PUBLIC_URL }, { app: { logger: { level: 'trace', stream } } });
  [owner, viewer] = [await signUp(ctx.app), await signUp(ctx.app)];
  projectId = (await seedUniOnEthereum(ctx.database.db, owner.userId)).id;
  const listed = await req(owner, 'GET', 'workspaces/');
  expect(listed.json()).toEqual([{ id: expect.any(Number), name: owner.username, role: 'owner', personal: true }]);
  workspaceId = (listed.json() as { id: number }[])[0]!.id;
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

describe('a viewer in an owner’s workspace', () => {
  it('joins by a copyable one-time link, reads and exports the project, and changes nothing', async () => {
    const token = await inviteLink('viewer');
    const joined = await req(viewer, 'POST', 'workspaces/accept-invite/', { body: { token } });
    expect(joined.json()).toEqual({ id: workspaceId, name: owner.username, role: 'viewer', personal: false });
    // The same link again: used.
    expect(detail(await req(viewer, 'POST', 'workspaces/accept-invite/', { body: { token } }))).toBe(m.inviteInvalid);

    expect((await req(viewer, 'GET', 'workspaces/')).json()).toEqual([
      { id: expect.any(Number), name: viewer.username, role: 'owner', personal: true },
      { id: workspaceId, name: owner.username, role: 'viewer', personal: false },
    ]);
    const project = await req(viewer, 'GET', `projects/${projectId}/`, { workspace: workspaceId });
    expect(project.statusCode).toBe(200);
    expect((project.json() as { token_symbol: string }).token_symbol).toBe('UNI');
    // In their own workspace the project is not there: the same 404 as any unknown id.
    expect((await req(viewer, 'GET', `projects/${projectId}/`)).statusCode).toBe(404);
    const csv = await req(
      viewer,
      'GET',
      `projects/activity/export/?project=${projectId}&from=2025-01-01T00:00:00Z&to=2025-06-01T00:00:00Z`,
      { workspace: workspaceId },
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);

    for (const [method, url, body] of [
      ['DELETE', `projects/${projectId}/`, undefined],
      ['PUT', `projects/${projectId}/weekly-report/`, { enabled: true }],
      ['POST', 'account/channels/', { kind: 'webhook', name: 'Ops', config: { url: 'https://example.com/hook' } }],
    ] as const) {
      const res = await req(viewer, method, url, { workspace: workspaceId, ...(body ? { body } : {}) });
      expect(res.statusCode, url).toBe(403);
      expect(detail(res)).toBe(m.viewerReadOnly);
    }
    expect((await req(owner, 'GET', `projects/${projectId}/weekly-report/`)).json()).toMatchObject({ enabled: false });
    const members = (await req(viewer, 'GET', 'workspaces/members/', { workspace: workspaceId })).json() as {
      members: { user_id: number; role: string; founder: boolean }[];
    };
    expect(members.members.map((x) => [x.user_id, x.role, x.founder])).toEqual([
      [owner.userId, 'owner', true],
      [viewer.userId, 'viewer', false],
    ]);
  });

  it('as admin makes changes; then, removed by the owner, loses access with the very next request', async () => {
    const promoted = await req(owner, 'PATCH', `workspaces/members/${viewer.userId}/`, { body: { role: 'admin' } });
    expect(promoted.json()).toMatchObject({ user_id: viewer.userId, role: 'admin' });
    const set = await req(viewer, 'PUT', `projects/${projectId}/weekly-report/`, {
      workspace: workspaceId,
      body: { enabled: true },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await req(owner, 'GET', `projects/${projectId}/weekly-report/`)).json()).toMatchObject({ enabled: true });
    // Deleting a project is an owner's.
    expect(detail(await req(viewer, 'DELETE', `projects/${projectId}/`, { workspace: workspaceId }))).toBe(m.ownerOnly);

    expect((await req(owner, 'DELETE', `workspaces/members/${viewer.userId}/`)).json()).toEqual({ detail: m.removed });
    const after = await req(viewer, 'GET', `projects/${projectId}/`, { workspace: workspaceId });
    expect(after.statusCode).toBe(404);
    expect(detail(after)).toBe(m.notFound);
    expect((await req(viewer, 'GET', 'workspaces/')).json()).toHaveLength(1);
  });
});

describe('invites', () => {
  it('expire, and an invite revoked or for a member already in leaves nothing behind', async () => {
    const expired = await inviteLink('viewer');
    await ctx.database.db.update(workspaceInvites).set({ expiresAt: new Date(Date.now() - 1000) });
    expect(detail(await req(viewer, 'POST', 'workspaces/accept-invite/', { body: { token: expired } }))).toBe(
      m.inviteInvalid,
    );

    const revoked = await inviteLink('viewer');
    const open = (await req(owner, 'GET', 'workspaces/invites/')).json() as { id: number }[];
    expect(open).toHaveLength(1);
    expect((await req(owner, 'DELETE', `workspaces/invites/${open[0]!.id}/`)).json()).toEqual({
      detail: m.inviteRevoked,
    });
    expect(detail(await req(viewer, 'POST', 'workspaces/accept-invite/', { body: { token: revoked } }))).toBe(
      m.inviteInvalid,
    );

    // The owner is a member already: 409, and the link stays usable for whom it was meant.
    const kept = await inviteLink('viewer');
    const twice = await req(owner, 'POST', 'workspaces/accept-invite/', { body: { token: kept } });
    expect(twice.statusCode).toBe(409);
    expect((await req(viewer, 'POST', 'workspaces/accept-invite/', { body: { token: kept } })).statusCode).toBe(200);
    // Another workspace's invite id is unknown.
    expect((await req(viewer, 'DELETE', `workspaces/invites/${open[0]!.id}/`)).statusCode).toBe(404);
  });

  it('by e-mail: the link goes to the address through the real SMTP server, the answer carries none', async () => {
    const to = 'new-analyst@example.com';
    const res = await req(owner, 'POST', 'workspaces/invites/', { body: { email: to, role: 'viewer' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ email: to, role: 'viewer', link: null });
    const worker = new DeliveryWorker({ db: ctx.database.db, config: ctx.config, log: ctx.app.log });
    const deadline = Date.now() + 15_000;
    let text = '';
    while (!text) {
      await worker.runOnce();
      text = smtp.messages.find((x) => x.to.includes(to))?.text ?? '';
      if (!text && Date.now() > deadline) throw new Error('no invite e-mail');
      if (!text) await new Promise((r) => setTimeout(r, 50));
    }
    const token = /\/invite#token=([A-Za-z0-9_-]+)/.exec(text)![1]!;
    tokens.push(token);
    const stored = await ctx.database.db.select().from(workspaceInvites);
    expect(stored.some((row) => row.tokenHash === sha256Hex(token))).toBe(true);
    expect(JSON.stringify(stored)).not.toContain(token);
    await ctx.database.db.delete(outbox);
  });

  it('never reach the log, as the token or as its hash', () => {
    expect(tokens.length).toBeGreaterThanOrEqual(4);
    expect(log.length).toBeGreaterThan(1000);
    for (const token of tokens) {
      expect(log).not.toContain(token);
      expect(log).not.toContain(sha256Hex(token));
    }
  });
});

describe('leaving, and the founder', () => {
  it('a member leaves; the founder can neither leave nor be removed or demoted', async () => {
    expect(detail(await req(viewer, 'POST', 'workspaces/leave/', { workspace: workspaceId }))).toBe(m.left);
    expect((await req(viewer, 'GET', 'workspaces/members/', { workspace: workspaceId })).statusCode).toBe(404);
    const leave = await req(owner, 'POST', 'workspaces/leave/');
    expect([leave.statusCode, detail(leave)]).toEqual([409, m.personalLeave]);
    expect(detail(await req(owner, 'DELETE', `workspaces/members/${owner.userId}/`))).toBe(m.founderStays);
    expect(detail(await req(owner, 'PATCH', `workspaces/members/${owner.userId}/`, { body: { role: 'viewer' } }))).toBe(
      m.founderStays,
    );
    expect(detail(await req(owner, 'DELETE', `workspaces/members/${viewer.userId}/`))).toBe(m.memberNotFound);
  });

  it('an invited owner may manage members, and leave: the founder stays the owner', async () => {
    const token = await inviteLink('owner');
    expect((await req(viewer, 'POST', 'workspaces/accept-invite/', { body: { token } })).statusCode).toBe(200);
    expect((await req(viewer, 'GET', 'workspaces/invites/', { workspace: workspaceId })).statusCode).toBe(200);
    expect(detail(await req(viewer, 'DELETE', `workspaces/members/${owner.userId}/`, { workspace: workspaceId }))).toBe(
      m.founderStays,
    );
    expect(detail(await req(viewer, 'POST', 'workspaces/leave/', { workspace: workspaceId }))).toBe(m.left);
  });
});
