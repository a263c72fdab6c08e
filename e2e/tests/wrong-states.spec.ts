import { createProjectViaApi, devnetAddresses } from '../devnet';
import { expect, signIn, test } from '../fixtures';

const sameAddress = (address: string) => new RegExp(`^${address}$`, 'i');

// Product §2.11 and §2.13: the journey of /funds/new on the devnet. The wrong states (an unknown
// ticket, /funds/new without a project) and the dialog's focus are component tests now
// (docs/testing-moves.md).
test.describe('not found and first steps', () => {
  test('/funds/new: choose the project, then the Add Pool dialog; the new fund opens', async ({
    page,
    request,
    user,
  }) => {
    const project = await createProjectViaApi(request, user, 'demo');
    await signIn(page, user, { to: '/funds/new' });
    const choice = page
      .getByRole('list', { name: 'Your projects' })
      .getByRole('button', { name: new RegExp(project.name) });
    await choice.click();
    const dialog = page.getByRole('dialog', { name: 'Add Pool' });
    await dialog.getByLabel('DEX').selectOption('uniswap-v2');
    await dialog.getByLabel('Token', { exact: true }).selectOption({ label: 'WETH · Wrapped Ether' });
    await expect(dialog.getByLabel('Pool Address')).toHaveValue(sameAddress(devnetAddresses.pools.demoWethV2));
    await dialog.getByRole('button', { name: 'Add Pool' }).click();
    await expect(page).toHaveURL(/\/funds\/\d+$/);
    await expect(page.getByRole('heading', { name: `${project.token_symbol}/WETH Pool` })).toBeVisible();
  });
});
