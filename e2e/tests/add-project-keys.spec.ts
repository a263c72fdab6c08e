import { devnetToken } from '../devnet';
import { expect, signIn, test } from '../fixtures';

// Product §2.3: Enter in the address field fetches the token info; it used to submit the form ('Name is required').
test.describe('Add Project: reading the token', () => {
  test('Enter in the contract address fetches the token info instead of submitting', async ({ page, user }) => {
    const demo = devnetToken('demo');
    await signIn(page, user);
    await page.getByRole('button', { name: 'New Project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Project' });
    await dialog.getByLabel('Network').selectOption({ label: 'Local Devnet' });
    const address = dialog.getByRole('textbox', { name: 'Contract Address' });
    await address.fill(demo.address);
    await address.press('Enter');
    await expect(dialog.getByLabel('Name')).toHaveValue(demo.name);
    await expect(dialog.getByLabel('Symbol')).toHaveValue(demo.symbol);
    await expect(dialog.getByLabel('Decimals')).toHaveValue(String(demo.decimals));
    await expect(dialog.getByText('Name is required')).toHaveCount(0);
    // Nothing was saved: the dialog is still open with 'Add Project' to press.
    await expect(dialog).toBeVisible();
    await expect(page.getByRole('link', { name: demo.name })).toHaveCount(0);

    // Enter on an empty address says what is missing, still without submitting.
    await address.fill('');
    await address.press('Enter');
    await expect(dialog.getByText('Please select a network and enter a contract address.')).toBeVisible();
    await expect(dialog).toBeVisible();
  });

  test('a pasted address is read by itself, also when the network is chosen after it', async ({
    page,
    context,
    user,
  }) => {
    const demo = devnetToken('demo');
    const smpl = devnetToken('smpl');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, user);
    await page.getByRole('button', { name: 'New Project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Project' });
    const address = dialog.getByRole('textbox', { name: 'Contract Address' });

    // Pasted first: nothing to read from until the network is chosen, and no error for it.
    await page.evaluate((text) => navigator.clipboard.writeText(text), demo.address);
    await address.focus();
    await page.keyboard.press('ControlOrMeta+V');
    await expect(address).toHaveValue(demo.address);
    await expect(dialog.getByText('Please select a network and enter a contract address.')).toHaveCount(0);
    await dialog.getByLabel('Network').selectOption({ label: 'Local Devnet' });
    await expect(dialog.getByLabel('Name')).toHaveValue(demo.name);

    // Pasted over the old one with the network chosen: read at once.
    await page.evaluate((text) => navigator.clipboard.writeText(text), smpl.address);
    await address.selectText();
    await page.keyboard.press('ControlOrMeta+V');
    await expect(dialog.getByLabel('Name')).toHaveValue(smpl.name);
    await expect(dialog.getByLabel('Decimals')).toHaveValue(String(smpl.decimals));

    // Typing is not pasting: a half-typed address is not sent anywhere.
    await address.fill('');
    await address.pressSequentially('0x1234');
    await expect(dialog.getByText('Failed to fetch token info. Please check the contract address.')).toHaveCount(0);
  });
});
