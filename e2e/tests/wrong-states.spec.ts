import { ticketMessages } from '@tokendesk/contract';
import { createProjectViaApi, devnetAddresses } from '../devnet';
import { apiPost, expect, signIn, test } from '../fixtures';

const sameAddress = (address: string) => new RegExp(`^${address}$`, 'i');

// Product §2.11 and §2.13: the wrong states of /support/{id} and /funds/new.
test.describe('not found and first steps', () => {
  test("an unknown or another user's ticket says not found, like projects and alerts", async ({ page, request, user, createUser, consoleGuard }) => {
    const other = await createUser();
    const otherProject = await createProjectViaApi(request, other, 'demo');
    const foreign = await apiPost<{ id: number }>(request, other, '/user/tickets/create/', {
      project: otherProject.id,
      subject: 'Not yours',
      message: 'This ticket belongs to another account.',
    });
    consoleGuard.allowHttpError({ status: 404, url: /\/api\/v1\/user\/tickets\/\d+\/$/ });
    await signIn(page, user);

    for (const path of ['/support/999999', `/support/${foreign.id}`, '/support/abc']) {
      await page.goto(path);
      await expect(page.getByText(ticketMessages.ticketNotFound, { exact: true })).toBeVisible();
      await expect(page.getByText('It does not exist, or it belongs to another account.')).toBeVisible();
      await expect(page.getByText('Failed to load ticket details. Please try again.')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Try Again' })).toHaveCount(0);
      await expect(page.getByText('Not yours')).toHaveCount(0);
    }
    await page.getByRole('link', { name: 'View all tickets' }).click();
    await expect(page).toHaveURL(/\/support$/);
  });

  test('/funds/new without a project offers to add one', async ({ page, user }) => {
    await signIn(page, user, { to: '/funds' });
    await page.getByRole('link', { name: 'Add Your First Fund' }).click();
    await expect(page).toHaveURL(/\/funds\/new$/);
    await expect(page.getByRole('heading', { name: 'Add a Pool', level: 1 })).toBeVisible();
    await expect(page.getByText('Fund not found')).toHaveCount(0);
    await expect(page.getByText('No projects yet')).toBeVisible();
    await page.getByRole('button', { name: 'Add Project' }).click();
    await expect(page.getByRole('dialog', { name: 'Add Project' })).toBeVisible();
  });

  test('/funds/new: choose the project, then the Add Pool dialog; the new fund opens', async ({ page, request, user }) => {
    const project = await createProjectViaApi(request, user, 'demo');
    await signIn(page, user, { to: '/funds/new' });
    await expect(page.getByText('Fund not found')).toHaveCount(0);
    const choice = page.getByRole('list', { name: 'Your projects' }).getByRole('button', { name: new RegExp(project.name) });
    await choice.click();
    const dialog = page.getByRole('dialog', { name: 'Add Pool' });
    await expect(dialog).toContainText(project.token_symbol);
    await expect(dialog.getByLabel('DEX')).toBeFocused();

    // Escape leaves the choice open again, focus on the project that was chosen.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(choice).toBeFocused();

    await page.keyboard.press('Enter');
    await dialog.getByLabel('DEX').selectOption('uniswap-v2');
    await dialog.getByLabel('Token', { exact: true }).selectOption({ label: 'WETH · Wrapped Ether' });
    await expect(dialog.getByLabel('Pool Address')).toHaveValue(sameAddress(devnetAddresses.pools.demoWethV2));
    await dialog.getByRole('button', { name: 'Add Pool' }).click();
    await expect(page).toHaveURL(/\/funds\/\d+$/);
    await expect(page.getByRole('heading', { name: `${project.token_symbol}/WETH Pool` })).toBeVisible();
  });
});
