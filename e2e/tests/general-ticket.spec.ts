import { createProjectViaApi } from '../devnet';
import { expect, signIn, test } from '../fixtures';

// Product §2.13: a user who cannot add a project (a node unreachable, say) could not ask for help.
test.describe('general support tickets', () => {
  test('without a project the ticket is a general question', async ({ page, user }) => {
    await signIn(page, user, { to: '/support' });
    await page.getByRole('button', { name: 'Create Your First Ticket' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Support Ticket' });
    await expect(
      dialog.getByText("You don't have any projects yet: your ticket will be a general question."),
    ).toBeVisible();
    await expect(dialog.getByLabel('Project')).toHaveValue('General question (no project)');
    await dialog.getByPlaceholder('Brief description of your issue').fill('Cannot add my token');
    await dialog
      .getByPlaceholder('Describe your issue in detail')
      .fill('Fetch Token Info says the node is not reachable.');
    await dialog.getByRole('button', { name: 'Create Ticket' }).click();
    await expect(dialog).toBeHidden();

    const row = page.getByRole('row', { name: /Cannot add my token/ });
    await expect(row).toContainText('General');
    await row.getByRole('link', { name: /Cannot add my token/ }).click();
    await expect(page.getByRole('heading', { name: 'Cannot add my token', level: 1 })).toBeVisible();
    await expect(page.getByText('Project', { exact: true }).locator('xpath=..')).toContainText('General');
  });

  test('with projects, General is one of the choices', async ({ page, request, user }) => {
    await createProjectViaApi(request, user, 'demo');
    await signIn(page, user, { to: '/support' });
    await page.getByRole('button', { name: 'Create Your First Ticket' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Support Ticket' });
    await expect(dialog.getByLabel('Project')).toHaveValue(/\(DEMO\)$/);
    await dialog.getByLabel('Project').click();
    await dialog.getByRole('option', { name: 'General question (no project)' }).click();
    await dialog.getByPlaceholder('Brief description of your issue').fill('A general question');
    await dialog.getByPlaceholder('Describe your issue in detail').fill('How are prices computed?');
    await dialog.getByRole('button', { name: 'Create Ticket' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('row', { name: /A general question/ })).toContainText('General');
  });
});
