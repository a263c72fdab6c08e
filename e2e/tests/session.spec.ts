import { expect, expectNotLoading, signInWithForm, test } from '../fixtures';

test.describe('sessions across tabs', () => {
  test("signing out in one tab signs out the other ('Remember me' session)", async ({ page, context, user }) => {
    await signInWithForm(page, user, { remember: true });

    const second = await context.newPage();
    await second.goto('/profile');
    await expect(second.getByRole('heading', { name: 'My Profile', level: 1 })).toBeVisible();

    await page.bringToFront();
    await page.getByRole('navigation', { name: 'Sidebar' }).waitFor();
    await page.getByRole('complementary').getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/login$/);

    // No reload: the other tab hears the sign-out and leaves by itself.
    await expect(second).toHaveURL(/\/login$/);
    await expect(second.getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(await second.evaluate(() => localStorage.getItem('tokendesk.session'))).toBeNull();

    // The session was revoked on the server, not just forgotten locally.
    await second.reload();
    await expect(second).toHaveURL(/\/login$/);
  });

  test('a new tab joins a browser-session sign-in, and signing out there signs out the first', async ({
    page,
    context,
    user,
  }) => {
    await signInWithForm(page, user);

    const second = await context.newPage();
    await second.goto('/settings');
    await expect(second.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await expectNotLoading(second);

    await second.getByRole('button', { name: /User menu for/ }).click();
    await second.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(second).toHaveURL(/\/login$/);
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => sessionStorage.getItem('tokendesk.session'))).toBeNull();
  });

  test('a failed logout request still signs the user out locally', async ({ page, user, consoleGuard }) => {
    consoleGuard.allowMessage(/Failed to load resource: net::ERR_FAILED/);
    await signInWithForm(page, user, { remember: true });
    // Hold the request until the pending state has been seen, then make it fail.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/user/logout/**', async (route) => {
      await released;
      await route.abort('failed');
    });
    const sidebar = page.getByRole('complementary');
    await sidebar.getByRole('button', { name: 'Sign Out' }).click();
    await expect(sidebar.getByRole('button', { name: 'Logging out...' })).toBeDisabled();
    release();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('mobile', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the sidebar is replaced by a menu with the same items', async ({ page, user }) => {
    await signInWithForm(page, user);
    await expect(page.getByRole('navigation', { name: 'Sidebar' })).toBeHidden();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    for (const name of ['Dashboard', 'Settings', 'Profile', 'Docs (opens in a new tab)']) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await menu.getByRole('link', { name: 'Settings', exact: true }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/settings$/);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
