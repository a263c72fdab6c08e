import { expect, newUserData, test } from '../fixtures';

test.describe('registration', () => {
  // The form's rules (first failure in field order, input kept, show/hide, the terms box, the
  // server's messages on their fields, the links) are component tests now:
  // apps/web/src/app/routes/auth/register.test.tsx (docs/testing-moves.md).
  test('creates the account and signs in with it', async ({ page }) => {
    const user = newUserData();
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await page.getByLabel('Full name').fill(user.fullName);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(user.password);
    await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(page).toHaveURL(/\/login\?registered=true$/);
    await expect(page.getByText('Account created. Please sign in.')).toBeVisible();

    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  });
});
