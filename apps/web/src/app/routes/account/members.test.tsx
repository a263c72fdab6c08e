import { api as endpoints, workspaceMessages } from '@tokendesk/contract';
import { describe, expect, it } from 'vitest';
import { WORKSPACE_HEADER } from '../../../lib/current-workspace';
import { membersText } from '../../../features/workspaces/components/members-panel';
import { apiError, mockEndpoint } from '../../../testing/mocks/api';
import { server } from '../../../testing/mocks/server';
import { fill, renderApp, screen } from '../../../testing/test-utils';

const workspace = { id: 7, name: 'acme', role: 'owner' as const, personal: true };
const member = (user_id: number, username: string, role: 'owner' | 'admin' | 'viewer', founder = false) => ({
  user_id,
  username,
  role,
  founder,
  joined_at: '2026-11-28T10:00:00Z',
});

describe('Members (product §22)', () => {
  it('the contract and the web name the same workspace header', () => {
    expect(WORKSPACE_HEADER).toBe('x-workspace-id');
  });

  it('an owner alone: the empty state; the invite form refuses a bad address and sends nothing, then shows the link once', async () => {
    const sent: unknown[] = [];
    server.use(
      mockEndpoint(endpoints.workspaces.members, () => ({ workspace, members: [member(1, 'me', 'owner', true)] })),
      mockEndpoint(endpoints.workspaces.invites, () => []),
      mockEndpoint(endpoints.workspaces.invite, ({ body }) => {
        sent.push(body);
        return {
          id: 3,
          email: null,
          role: 'viewer' as const,
          expires_at: '2026-12-01T10:00:00Z',
          created_at: '2026-11-28T10:00:00Z',
          link: 'http://td.test/invite#token=abcdefghijklmnopqrstuvwxyz',
        };
      }),
    );
    const { events } = renderApp('/settings/members');
    expect(await screen.findByRole('heading', { name: 'Members', level: 1 })).toBeTruthy();
    expect(await screen.findByText('Only you so far')).toBeTruthy();
    expect(await screen.findByText(membersText.invitesEmpty)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Leave Workspace' })).toBeNull();

    fill(screen.getByLabelText('E-mail (optional)'), 'not-an-address');
    await events.click(screen.getByRole('button', { name: 'Create Invite' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(sent).toEqual([]);

    fill(screen.getByLabelText('E-mail (optional)'), '');
    await events.click(screen.getByRole('button', { name: 'Create Invite' }));
    expect(await screen.findByText(membersText.linkNote)).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Invite link' }) as HTMLInputElement).value).toBe(
      'http://td.test/invite#token=abcdefghijklmnopqrstuvwxyz',
    );
    expect(sent).toEqual([{ email: null, role: 'viewer' }]);
  });

  it("a viewer sees the members and their role, no invite form, and may leave; the server's refusal is shown", async () => {
    server.use(
      mockEndpoint(endpoints.workspaces.members, () => ({
        workspace: { ...workspace, role: 'viewer' as const, personal: false },
        members: [member(1, 'founder', 'owner', true), member(2, 'me', 'viewer')],
      })),
      mockEndpoint(endpoints.workspaces.leave, () => apiError(409, workspaceMessages.lastOwner)),
    );
    const { events } = renderApp('/settings/members');
    expect(await screen.findByText('Your role: Viewer (reads and exports).')).toBeTruthy();
    expect(screen.getByText('founder')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create Invite' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    await events.click(screen.getByRole('button', { name: 'Leave Workspace' }));
    expect(await screen.findByText(workspaceMessages.lastOwner)).toBeTruthy();
  });

  it("says why the members cannot be loaded (removed from the workspace: the server's 404)", async () => {
    server.use(mockEndpoint(endpoints.workspaces.members, () => apiError(404, workspaceMessages.notFound)));
    renderApp('/settings/members');
    expect(await screen.findByText(workspaceMessages.notFound)).toBeTruthy();
  });
});
