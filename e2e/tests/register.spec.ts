import { expect, newUserData, registerViaApi, test } from '../fixtures';

test.describe('registration', () => {
  test('shows the first failure in the order of product §4, keeps the input, then creates the account', async ({ page }) => {
    const user = newUserData();
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();

    const submit = page.getByRole('button', { name: 'Create Account' });
    await expect(submit).toBeDisabled();
    await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
    await expect(submit).toBeEnabled();

    const fullName = page.getByLabel('Full name');
    const email = page.getByLabel('Email');
    const username = page.getByLabel('Username');
    const password = page.getByLabel('Password', { exact: true });
    const confirm = page.getByLabel('Confirm password', { exact: true });
    const alerts = page.getByRole('alert');

    /** Submits and checks that exactly this one message is shown. */
    const expectMessage = async (message: string) => {
      await submit.click();
      await expect(alerts).toHaveCount(1);
      await expect(alerts).toHaveText(message);
    };

    await expectMessage('Full name is required');
    await expect(fullName).toBeFocused();
    await fullName.fill(user.fullName);

    await expectMessage('Email is required');
    await email.fill('not-an-email');
    await expectMessage('Please enter a valid email address');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await email.fill(user.email);

    await expectMessage('Username is required');
    await username.fill('abc');
    await expectMessage('Username must be at least 4 characters long');
    await username.fill(user.username);

    await expectMessage('Password is required');
    await password.fill('short');
    await expectMessage('Password must be at least 8 characters long');
    await password.fill(user.password);

    await confirm.fill(`${user.password}-typo`);
    await expectMessage('Passwords do not match');

    // Nothing typed so far was lost on the failed submits.
    await expect(fullName).toHaveValue(user.fullName);
    await expect(email).toHaveValue(user.email);
    await expect(username).toHaveValue(user.username);
    await expect(password).toHaveValue(user.password);

    // The show/hide toggles reveal the text without changing it.
    await page.getByRole('button', { name: 'Show confirm password' }).click();
    await expect(confirm).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide confirm password' }).click();
    await expect(confirm).toHaveAttribute('type', 'password');

    await confirm.fill(user.password);
    await submit.click();

    await expect(page).toHaveURL(/\/login\?registered=true$/);
    await expect(page.getByText('Account created. Please sign in.')).toBeVisible();

    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  });

  test("shows the server's message for a taken username and keeps the form", async ({ page, request, consoleGuard }) => {
    consoleGuard.allowHttpError({ status: 409, url: /\/api\/v1\/user\/register\/?$/ });
    const existing = newUserData();
    await registerViaApi(request, existing);

    const user = newUserData();
    await page.goto('/register');
    await page.getByLabel('Full name').fill(user.fullName);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Username').fill(existing.username);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(user.password);
    await page.getByRole('checkbox', { name: /I agree/ }).check();
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(page.getByRole('alert')).toHaveText('A user with that username already exists.');
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByLabel('Username')).toHaveValue(existing.username);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue(user.password);
  });

  test("shows the password policy's message on the password field and creates the account with a better one", async ({ page, consoleGuard }) => {
    consoleGuard.allowHttpError({ status: 400, url: /\/api\/v1\/user\/register\/?$/ });
    // An address without the username in it, so each rule below is the one that speaks.
    const user = { ...newUserData(), email: `hedy.${Date.now().toString(36)}@example.com` };
    await page.goto('/register');
    await page.getByLabel('Full name').fill(user.fullName);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Username').fill(user.username);
    const password = page.getByLabel('Password', { exact: true });
    const confirm = page.getByLabel('Confirm password', { exact: true });
    await expect(page.getByText('At least 8 characters and hard to guess')).toBeVisible();
    await page.getByRole('checkbox', { name: /I agree/ }).check();
    const submit = page.getByRole('button', { name: 'Create Account' });

    const refused: [string, string][] = [
      ['aaaaaaaa', 'This password is too easy to guess. Use a longer one, such as a few unrelated words, and avoid names, dates, repeats and keyboard patterns.'],
      [user.username, 'Password must not contain your username.'],
      [user.email, 'Password must not contain your email address or the part before the @.'],
      ['password1', 'This password is too common. Please choose another.'],
    ];
    for (const [weak, message] of refused) {
      await password.fill(weak);
      await confirm.fill(weak);
      await submit.click();
      await expect(page.getByRole('alert')).toHaveText(message);
      await expect(password).toBeFocused();
      await expect(password).toHaveAttribute('aria-invalid', 'true');
      await expect(page).toHaveURL(/\/register$/);
    }

    await password.fill('amber quokka sings at dawn');
    await confirm.fill('amber quokka sings at dawn');
    await submit.click();
    await expect(page).toHaveURL(/\/login\?registered=true$/);
  });

  test('links between sign-in and registration', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Create an Account' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await page.getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
