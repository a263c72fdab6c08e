import { workspaceMessages } from '@tokendesk/contract';
import { axeViolations, seriousViolations, WCAG_TAGS } from '../axe';
import { createProjectViaApi } from '../devnet';
import { expect, newUserData, registerViaApi, signIn, test } from '../fixtures';

/*
 * Issue 33 item 1 on screen (decision 0087): an owner invites a viewer with a copyable link; the
 * viewer sees the project and exports its activity but cannot change anything; the owner removes
 * them and their session loses access at once.
 */

test.describe('workspaces', () => {
  test.slow();
  test('an owner invites a viewer, who reads and exports but changes nothing, then removes them', async ({
    browser,
    request,
    user,
  }) => {
    const project = await createProjectViaApi(request, user, 'demo');
    const viewer = newUserData();
    await registerViaApi(request, viewer);

    const ownerContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const ownerPage = await ownerContext.newPage();
    await signIn(ownerPage, user, { to: '/settings/members' });
    await expect(ownerPage.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible();
    await expect(ownerPage.getByText('Only you so far')).toBeVisible();
    await ownerPage.getByLabel('Role').selectOption('viewer');
    await ownerPage.getByRole('button', { name: 'Create Invite' }).click();
    const link = await ownerPage.getByRole('textbox', { name: 'Invite link' }).inputValue();
    expect(link).toMatch(/\/invite#token=[A-Za-z0-9_-]+$/);
    expect(seriousViolations(await axeViolations(ownerPage, { tags: WCAG_TAGS }))).toEqual([]);

    const viewerContext = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    const viewerPage = await viewerContext.newPage();
    await signIn(viewerPage, viewer);
    await viewerPage.goto(new URL(link).pathname + new URL(link).hash);
    await expect(viewerPage.getByText(`You joined ${user.username} as viewer.`)).toBeVisible();
    // The token left the address bar at once.
    expect(viewerPage.url()).not.toContain('token=');
    await expect(viewerPage.getByLabel('Workspace')).toHaveValue(/\d+/);

    await viewerPage.goto(`/projects/${project.id}`);
    await expect(viewerPage.getByRole('heading', { name: project.name, level: 1 })).toBeVisible();
    await viewerPage.goto('/activities');
    await viewerPage.getByRole('button', { name: 'Export CSV' }).click();
    const exportDialog = viewerPage.getByRole('dialog', { name: 'Export Activity' });
    const [download] = await Promise.all([
      viewerPage.waitForEvent('download'),
      exportDialog.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);

    // A change, as the app would send it from this tab: refused with the view-only sentence.
    const refused = await viewerPage.evaluate(async (id) => {
      const stored = sessionStorage.getItem('tokendesk.session') ?? localStorage.getItem('tokendesk.session');
      const token = stored ? (JSON.parse(stored) as { token: string }).token : '';
      const workspace = sessionStorage.getItem('tokendesk.workspace') ?? '';
      const res = await fetch(`/api/v1/projects/${id}/weekly-report/`, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${token}`, 'x-workspace-id': workspace, 'Content-Type': 'application/json' },
        body: JSON.stringify({ enabled: true }),
      });
      return { status: res.status, detail: ((await res.json()) as { detail: string }).detail };
    }, project.id);
    expect(refused).toEqual({ status: 403, detail: workspaceMessages.viewerReadOnly });

    await ownerPage.reload();
    await ownerPage.getByRole('button', { name: `Remove ${viewer.username}` }).click();
    await expect(ownerPage.getByText(`${viewer.username} removed.`)).toBeVisible();

    // The viewer's very next screen: the project is gone for them.
    await viewerPage.goto(`/projects/${project.id}`);
    await expect(viewerPage.getByRole('heading', { name: project.name, level: 1 })).toHaveCount(0);
    await expect(viewerPage.getByLabel('Workspace')).toHaveCount(0);

    await ownerContext.close();
    await viewerContext.close();
  });
});
