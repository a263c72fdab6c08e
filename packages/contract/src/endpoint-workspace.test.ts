import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { endpointGroup } from './endpoint';

/* Decision 0087: an endpoint cannot forget what it needs in a workspace; the contract refuses to load. */
describe('workspace access in endpoint groups', () => {
  const ok = { 200: z.object({}) };

  it('refuses a signed-in group that declares no workspace access', () => {
    expect(() =>
      endpointGroup(
        { tags: ['T'], access: 'user', errors: [] },
        { a: { method: 'GET', path: '/a', summary: 'a', responses: ok } },
      ),
    ).toThrow('GET /a: a signed-in endpoint must declare its workspace access (decision 0087)');
  });

  it("refuses a change in a group whose reads are 'read' when the change does not say what it needs", () => {
    expect(() =>
      endpointGroup(
        { tags: ['T'], access: 'user', workspace: 'read', errors: [] },
        { b: { method: 'POST', path: '/b', summary: 'b', responses: ok } },
      ),
    ).toThrow('POST /b: a signed-in endpoint must declare its workspace access');
  });

  it("copies the group's class to its reads, an endpoint's own class wins, and public or staff endpoints have none", () => {
    const g = endpointGroup(
      { tags: ['T'], access: 'user', workspace: 'read', errors: [] },
      {
        get: { method: 'GET', path: '/c', summary: 'c', responses: ok },
        change: { method: 'DELETE', path: '/c', summary: 'c', responses: ok, workspace: 'owner' },
        open: { method: 'GET', path: '/d', summary: 'd', responses: ok, access: 'public' },
      },
    );
    expect(g.get.workspace).toBe('read');
    expect(g.change.workspace).toBe('owner');
    expect(g.open.workspace).toBeUndefined();
    const personal = endpointGroup(
      { tags: ['T'], access: 'user', workspace: 'personal', errors: [] },
      { p: { method: 'POST', path: '/p', summary: 'p', responses: ok } },
    );
    expect(personal.p.workspace).toBe('personal');
  });
});
