import { expect, expectNotLoading, signInWithForm, test } from '../fixtures';

test.describe('sign in', () => {
  // A refused or rate-limited sign-in and the forgot-password page without e-mail are component
  // tests now: apps/web/src/app/routes/auth/login-form.test.tsx (docs/testing-moves.md).
  test('the right password loads the dashboard by a full page load; the session ends with the browser session', async ({
    page,
    user,
  }) => {
    await page.goto('/login');
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    // Product §2.4: success is a full page load of '/', not a client-side navigation.
    const fullLoad = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await fullLoad;
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByText('Welcome to your project overview')).toBeVisible();
    await expectNotLoading(page);

    // Without 'Remember me' the session ends with the browser session.
    const stored = await page.evaluate(() => ({
      local: Object.keys(localStorage).filter((k) => k === 'tokendesk.session').length,
      session: Object.keys(sessionStorage).filter((k) => k === 'tokendesk.session').length,
    }));
    expect(stored).toEqual({ local: 0, session: 1 });
  });

  test('the sign-in page loads no schema library until the user signs in', async ({ page, user }) => {
    // Decision 0013: the login page stays within its JavaScript budget by leaving zod and the
    // contract's schemas to the moment the user signs in.
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/login', { waitUntil: 'networkidle' });
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => /\/(zod|contract|signed-in-app|register)-/.test(s))).toEqual([]);

    await signInWithForm(page, user);
    expect(scripts.some((s) => /\/zod-/.test(s))).toBe(true);
  });

  test("'Remember me' keeps the session in localStorage and survives a reload", async ({ page, user }) => {
    await signInWithForm(page, user, { remember: true });
    const inLocal = await page.evaluate(() => localStorage.getItem('tokendesk.session') !== null);
    expect(inLocal).toBe(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expectNotLoading(page);
  });

  test('the header shows the display name and the user menu works', async ({ page, user }) => {
    await signInWithForm(page, user);
    const menuButton = page.getByRole('button', { name: `User menu for ${user.firstName} ${user.lastName}` });
    await menuButton.click();
    const menu = page.getByRole('menu');
    await expect(menu.getByText(user.email)).toBeVisible();
    await menu.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { name: 'My Profile', level: 1 })).toBeVisible();

    await menuButton.click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings$/);

    await expect(page.getByRole('link', { name: 'Docs' })).toHaveAttribute('href', '/api/docs');
    // The sidebar's account footer. (The profile page shows the role too, and while the router
    // moves to /settings both can be on the page at once: one CI run saw two.)
    const sidebar = page.getByRole('complementary');
    await expect(sidebar.getByText('User Account')).toBeVisible();
    await expect(sidebar.getByText('Standard User', { exact: true })).toBeVisible();
  });
});

test.describe('routing', () => {
  test('signed out, any path leads to /login', async ({ page }) => {
    for (const path of ['/', '/profile', '/settings', '/no/such/page']) {
      await page.goto(path);
      // Product §2.1: the requested page rides along so sign-in can return to it ('/' needs none).
      await expect(page).toHaveURL(
        path === '/' ? /\/login$/ : new RegExp(`/login\\?next=${encodeURIComponent(path)}$`),
      );
      await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    }
  });

  test('signed in, unknown paths lead to / and /login or /register to /', async ({ page, user }) => {
    await signInWithForm(page, user);
    for (const path of ['/no/such/page', '/login', '/register']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    }
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'My Profile', level: 1 })).toBeVisible();
    await expectNotLoading(page);
  });

  test("a revoked token is not stuck on 'Loading...': it ends on /login", async ({ page, consoleGuard }) => {
    consoleGuard.allowHttpError({ status: 401, url: /\/api\/v1\/user\/info\/?$/ });
    await page.goto('/login');
    await page.evaluate(() =>
      localStorage.setItem(
        'tokendesk.session',
        JSON.stringify({ token: 'not-a-real-token', expires_at: new Date(Date.now() + 3_600_000).toISOString() }),
      ),
    );
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/login\?next=%2Fsettings$/);
    await expectNotLoading(page);
    expect(await page.evaluate(() => localStorage.getItem('tokendesk.session'))).toBeNull();
  });
});
