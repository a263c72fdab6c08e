import fs from 'node:fs';
import path from 'node:path';
import { axeViolations, WCAG_TAGS } from '../axe';
import { expect, signIn, test, type TestUser } from '../fixtures';

/**
 * 'Forgot password?' on a server without e-mail (the e2e server has no SMTP_URL), and the staff
 * console's one-time reset link (decision 0058): found, confirmed, shown once with a copy button,
 * gone when the dialog closes, and working once for the user.
 */

/** Written by e2e/start-server.mjs when the server CLI could create the staff account. */
function staffAccount(): Pick<TestUser, 'username' | 'password'> | null {
  const dataDir = process.env.TOKENDESK_E2E_DATA_DIR;
  if (!dataDir) return null;
  try {
    return JSON.parse(fs.readFileSync(path.join(dataDir, 'e2e-staff.json'), 'utf8')) as Pick<
      TestUser,
      'username' | 'password'
    >;
  } catch {
    return null;
  }
}

test('forgot password without e-mail says whom to ask and what to tell them; staff issue a link that is shown once and works once', async ({
  page,
  browser,
  user,
  consoleGuard,
}) => {
  consoleGuard.allowHttpError({ status: 404, url: /\/api\/v1\/staff\/users\/lookup\/?$/ });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/forgot-password');
  await expect(page.getByText('Ask for a one-time link to choose a new one.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Who to ask' })).toBeVisible();
  await expect(
    page.getByText('Your username or the e-mail address of your account, and that you need a password reset link.', {
      exact: false,
    }),
  ).toBeVisible();
  expect(await axeViolations(page, { tags: WCAG_TAGS })).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('forgot-no-email.png'), fullPage: true });

  const staff = staffAccount();
  test.skip(!staff, 'no staff account (the server CLI could not create one)');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, staff!, { to: '/staff/tickets' });
  await page.getByRole('button', { name: 'Password Reset Link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Password Reset Link' });
  await dialog.getByLabel('Username or e-mail address').fill('no-such-user@example.com');
  await dialog.getByRole('button', { name: 'Find User' }).click();
  await expect(dialog.getByText('No user has that username or e-mail address.')).toBeVisible();
  await dialog.getByLabel('Username or e-mail address').fill(user.email);
  await dialog.getByRole('button', { name: 'Find User' }).click();
  await expect(dialog.getByText(user.username, { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Issue Link' }).click();

  const field = dialog.getByLabel('Reset link');
  await expect(field).toHaveValue(/\/reset-password/);
  const link = await field.inputValue();
  await dialog.getByRole('button', { name: 'Copy Link' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  expect(await axeViolations(page, { tags: WCAG_TAGS })).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('staff-reset-link.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('staff-reset-link-390.png') });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Shown once: closed and opened again, the dialog starts over and the link is nowhere on the page.
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  const audit = page.getByRole('region', { name: 'Reset Links Issued' });
  await expect(audit.getByRole('row', { name: new RegExp(user.username) }).first()).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await audit.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('staff-audit-390.png') });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Password Reset Link' }).click();
  await expect(dialog.getByLabel('Username or e-mail address')).toHaveValue('');
  expect(await page.content()).not.toContain(new URL(link).search.slice(1) || new URL(link).hash.slice(1));

  // The user, signed out elsewhere, opens it and chooses a new password, once.
  const context = await browser.newContext();
  const other = await context.newPage();
  const target = new URL(link);
  const password = 'saffron-lantern-73-harbour';
  await other.goto(`${target.pathname}${target.search}${target.hash}`);
  await other.getByLabel('New Password', { exact: true }).fill(password);
  await other.getByLabel('Confirm New Password').fill(password);
  await other.getByRole('button', { name: 'Reset Password' }).click();
  await expect(other.getByText('Your password was reset. Please sign in with your new password.')).toBeVisible();
  await context.close();
  const signedIn = await page.request.get('/api/v1/user/login/', {
    headers: { Authorization: `Basic ${Buffer.from(`${user.username}:${password}`).toString('base64')}` },
  });
  expect(signedIn.status()).toBe(200);
});
