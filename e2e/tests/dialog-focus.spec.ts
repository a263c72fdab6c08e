import type { Locator, Page } from '@playwright/test';
import { addPoolViaApi, createProjectViaApi } from '../devnet';
import { expect, signIn, test } from '../fixtures';

async function closeWithEscapeAndExpectFocusOn(page: Page, dialog: Locator, opener: Locator) {
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

// Product §14: Escape or Cancel used to drop focus on <body>, and dialogs opened on their close button.
test.describe('dialog focus', () => {
  test('Add Project, Add Pool and Delete project open on their first field and give focus back to what opened them', async ({ page, request, user }) => {
    const project = await createProjectViaApi(request, user, 'demo');
    await signIn(page, user);

    // '+ New Project' in the header.
    const newProject = page.getByRole('button', { name: 'New Project' });
    await newProject.click();
    let dialog = page.getByRole('dialog', { name: 'Add Project' });
    await expect(dialog.getByLabel('Network')).toBeFocused();
    await closeWithEscapeAndExpectFocusOn(page, dialog, newProject);

    // Cancel returns focus the same way; keyboard only this time.
    await newProject.focus();
    await page.keyboard.press('Enter');
    dialog = page.getByRole('dialog', { name: 'Add Project' });
    await expect(dialog.getByLabel('Network')).toBeFocused();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(newProject).toBeFocused();

    await page.goto(`/projects/${project.id}`);
    const addFirstPool = page.getByRole('button', { name: 'Add First Pool' });
    await addFirstPool.click();
    dialog = page.getByRole('dialog', { name: 'Add Pool' });
    await expect(dialog.getByLabel('DEX')).toBeFocused();
    await closeWithEscapeAndExpectFocusOn(page, dialog, addFirstPool);

    // A confirmation without fields starts on Cancel, not on the destructive button.
    const deleteProject = page.getByRole('button', { name: 'Delete project' });
    await deleteProject.click();
    dialog = page.getByRole('alertdialog', { name: 'Delete project?' });
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await closeWithEscapeAndExpectFocusOn(page, dialog, deleteProject);
  });

  test('New Alert, opened from the Add Alert menu, gives focus back to the menu button', async ({ page, request, user }) => {
    const project = await createProjectViaApi(request, user, 'demo');
    await addPoolViaApi(request, user, project.id, 'uniswap-v2', 'weth');
    await signIn(page, user, { to: '/alerts' });

    const menuButton = page.getByRole('button', { name: 'Create Your First Alert' });
    await menuButton.click();
    await page.getByRole('menuitem', { name: /Price Move/ }).click();
    let dialog = page.getByRole('dialog', { name: 'New Price Move Alert' });
    await expect(dialog.getByLabel('Pool')).toBeFocused();
    await closeWithEscapeAndExpectFocusOn(page, dialog, menuButton);

    // By keyboard: Enter opens the menu, arrows choose the kind, Enter opens the dialog.
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toBeVisible();
    await page.getByRole('menuitem', { name: /Large Swap/ }).focus();
    await page.keyboard.press('Enter');
    dialog = page.getByRole('dialog', { name: 'New Large Swap Alert' });
    await expect(dialog.getByLabel('Pool')).toBeFocused();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(menuButton).toBeFocused();
  });
});
