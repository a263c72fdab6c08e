import { expect, signIn, test } from '../fixtures';

// Product §2.2: the API reference opens in a new tab (the app stays where it was), and says so.

test('the Docs link opens the API reference in a new tab, in the header and in the mobile menu', async ({
  page,
  user,
}) => {
  await signIn(page, user);
  const docs = page.getByRole('banner').getByRole('link', { name: 'Docs (opens in a new tab)' });
  await expect(docs).toHaveAttribute('href', '/api/docs');
  await expect(docs).toHaveAttribute('target', '_blank');
  await expect(docs).toHaveAttribute('rel', 'noopener noreferrer');

  const [tab] = await Promise.all([page.context().waitForEvent('page'), docs.click()]);
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toMatch(/^\/api\/docs/);
  // No opener: the docs page cannot reach back into the app's tab.
  expect(await tab.evaluate(() => window.opener)).toBeNull();
  await tab.close();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menuDocs = page
    .getByRole('navigation', { name: 'Mobile' })
    .getByRole('link', { name: 'Docs (opens in a new tab)' });
  await expect(menuDocs).toHaveAttribute('target', '_blank');
  await expect(menuDocs).toHaveAttribute('rel', 'noopener noreferrer');
});
