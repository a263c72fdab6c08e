import { accountMessages } from '@tokendesk/contract';
import { axeViolations, WCAG_TAGS } from '../axe';
import { expect, signIn, test } from '../fixtures';

/**
 * The account e-mail pages (decision 0039) on the e2e server, which has no SMTP_URL: the pages say
 * so instead of pretending to send, and links that are made up, used or incomplete are refused in
 * words. (Real links through SMTP are tested in apps/server/test/account/account-email.test.ts.)
 */

const verifyUrl = /\/api\/v1\/account\/verify-email\/?$/;
const resetUrl = /\/api\/v1\/auth\/reset-password\/?$/;
const BOGUS = 'A'.repeat(43);

for (const [width, height] of [
  [1440, 900],
  [390, 844],
] as const) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height } });

    test('forgot password says e-mail is not configured; a reset link that is not valid says so and offers a new one', async ({
      page,
      consoleGuard,
    }) => {
      consoleGuard.allowHttpError({ status: 400, url: resetUrl });
      await page.goto('/forgot-password');
      await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
      await expect(
        page.getByText('E-mail is not configured on this server. Ask support staff to reset your password.'),
      ).toBeVisible();
      await expect(page.getByLabel('Email')).toHaveCount(0);
      expect(await axeViolations(page, { tags: WCAG_TAGS })).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`forgot-${width}.png`) });

      // Links carry the token in the fragment, which no request sends (issue 29); it leaves the
      // address bar at once (history, shoulders) and is posted in the body.
      await page.goto(`/reset-password#token=${BOGUS}`);
      await expect(page).toHaveURL(/\/reset-password$/);
      const password = page.getByLabel('New Password', { exact: true });
      await expect(password).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByText('Please enter a new password')).toBeVisible();
      await password.fill('copper-walrus-48-orchard');
      await page.getByLabel('Confirm New Password').fill('copper-walrus-48-orchard-x');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await expect(page.getByText('Passwords do not match')).toBeVisible();
      await expect(page.getByLabel('Confirm New Password')).toBeFocused();
      expect(await axeViolations(page, { tags: WCAG_TAGS })).toEqual([]);
      await page.getByLabel('Confirm New Password').fill('copper-walrus-48-orchard');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('alert')).toContainText('This link is not valid.');
      await page.screenshot({ path: test.info().outputPath(`reset-invalid-${width}.png`) });
      await page.getByRole('link', { name: 'Ask for a new link' }).click();
      await expect(page).toHaveURL(/\/forgot-password$/);
    });

    test('a verification link opens signed in without leaving the page, waits for a click and refuses a made-up token; no banner without e-mail', async ({
      page,
      user,
      consoleGuard,
    }) => {
      consoleGuard.allowHttpError({ status: 400, url: verifyUrl });
      await signIn(page, user);
      // Without SMTP nobody can verify: no banner on every page, the settings say why instead.
      await expect(page.getByText('Please verify your e-mail address')).toHaveCount(0);
      await page.goto('/settings');
      // Once, at the top (issue 35 item 14), and the address itself says only that it is not verified.
      await expect(page.getByRole('heading', { name: accountMessages.emailNotConfigured })).toBeVisible();
      await expect(
        page.getByText('So TokenDesk cannot verify your e-mail address or send you a password-reset link', {
          exact: false,
        }),
      ).toBeVisible();
      await expect(page.getByText('Not verified.', { exact: true })).toBeVisible();

      // A link mailed before issue 29 (token in the query) still works, and leaves the address bar too.
      await page.goto(`/verify-email?token=${BOGUS}`);
      await expect(page).toHaveURL(/\/verify-email$/);
      const confirm = page.getByRole('button', { name: 'Confirm E-mail Address' });
      await expect(confirm).toBeFocused();
      expect(await axeViolations(page, { tags: WCAG_TAGS })).toEqual([]);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('alert')).toContainText('This link is not valid.');
      await page.screenshot({ path: test.info().outputPath(`verify-invalid-${width}.png`) });
      // Still signed in: the link page did not touch the session.
      await page.getByRole('link', { name: 'Back to TokenDesk' }).click();
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

      await page.goto('/verify-email');
      await expect(page.getByText('The link is incomplete. Please open it again from the e-mail.')).toBeVisible();
    });
  });
}
