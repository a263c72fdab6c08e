import { expect, signIn, signInWithForm, test } from '../fixtures';

test.describe('profile', () => {
  test('edit, cancel and save the name', async ({ page, user }) => {
    await signIn(page, user, { to: '/profile' });
    await expect(page.getByRole('heading', { name: 'My Profile', level: 1 })).toBeVisible();
    await expect(page.getByText('Your username cannot be changed')).toBeVisible();
    await expect(page.getByText(user.username, { exact: true })).toBeVisible();

    const personal = page.getByRole('region', { name: 'Personal Information', exact: true });
    await personal.getByRole('button', { name: 'Edit' }).click();
    const firstName = page.getByLabel('First Name', { exact: true });
    const lastName = page.getByLabel('Last Name', { exact: true });
    await expect(firstName).toHaveValue(user.firstName);

    // Cancel throws the edit away.
    await firstName.fill('Temporary');
    await personal.getByRole('button', { name: 'Cancel' }).click();
    await expect(personal.getByText(user.firstName, { exact: true })).toBeVisible();
    await expect(personal.getByText('Temporary')).toHaveCount(0);

    // Over 150 characters is refused before anything is sent, and the input stays.
    await personal.getByRole('button', { name: 'Edit' }).click();
    await firstName.fill('x'.repeat(151));
    await personal.getByRole('button', { name: 'Save Changes' }).click();
    await expect(personal.getByRole('alert')).toHaveText('Must be at most 150 characters long');
    await expect(firstName).toHaveValue('x'.repeat(151));

    await firstName.fill('Ada');
    await lastName.fill('');
    await personal.getByRole('button', { name: 'Save Changes' }).click();
    const banner = page.getByText('Profile updated successfully!');
    await expect(banner).toBeVisible();
    await expect(personal.getByText('Ada', { exact: true })).toBeVisible();
    await expect(personal.getByText('Not set')).toBeVisible();
    // Only the first name is set, so the display name falls back to the username (product §2.2).
    await expect(page.getByRole('button', { name: `User menu for ${user.username}` })).toBeVisible();
    // The banner goes away by itself after 3 s.
    await expect(banner).toBeHidden({ timeout: 5_000 });

    await personal.getByRole('button', { name: 'Edit' }).click();
    await lastName.fill('Lovelace');
    await personal.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Profile updated successfully!')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'User menu for Ada Lovelace' })).toBeVisible();
    await expect(page.getByText('AL', { exact: true }).first()).toBeVisible();
  });
});

test.describe('settings', () => {
  test('change e-mail, confirmed with the current password', async ({ page, user, consoleGuard }) => {
    consoleGuard.allowHttpError({ status: 400, url: /\/api\/v1\/user\/change-email\/?$/ });
    await signIn(page, user);
    await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Current Email')).toHaveValue(user.email);

    const card = page.getByRole('region', { name: 'Email Settings' });
    const newEmail = card.getByLabel('New Email');
    const password = card.getByLabel('Password', { exact: true });
    const submit = card.getByRole('button', { name: 'Update Email' });
    await expect(password).toHaveAttribute('type', 'password');
    await expect(password).toHaveAttribute('autocomplete', 'current-password');

    await newEmail.fill('not an email');
    await submit.click();
    await expect(card.getByRole('alert')).toHaveText('Please enter a valid email address');

    const changed = `new.${user.email}`;
    await newEmail.fill(changed);
    await submit.click();
    await expect(card.getByRole('alert')).toHaveText('Please enter your current password');
    await expect(password).toBeFocused();

    // A wrong password is refused by the server, next to the field; nothing changes.
    await password.fill(`${user.password}-wrong`);
    await submit.click();
    await expect(card.getByRole('alert')).toHaveText('Your current password is incorrect.');
    await expect(password).toBeFocused();
    await expect(page.getByLabel('Current Email')).toHaveValue(user.email);

    await password.fill(user.password);
    await submit.click();
    await expect(page.getByText('Email updated successfully.')).toBeVisible();
    await expect(page.getByLabel('Current Email')).toHaveValue(changed);
    await expect(newEmail).toHaveValue('');
    await expect(password).toHaveValue('');
    await expect(page.getByText('Email updated successfully.')).toBeHidden({ timeout: 5_000 });

    await page.goto('/profile');
    await expect(page.getByText(changed).first()).toBeVisible();
  });

  test('change password: validation, the message with a countdown, sign-out after 8 s, only the new password works', async ({
    page,
    user,
    consoleGuard,
  }) => {
    consoleGuard.allowHttpError({ status: 400, url: /\/api\/v1\/user\/change-password\/?$/ });
    consoleGuard.allowHttpError({ status: 401, url: /\/api\/v1\/user\/login\/?(\?.*)?$/ });
    // The change revokes the session: the live stream closes and its reopening is refused (issue 31).
    consoleGuard.allowHttpError({ status: 401, url: /\/api\/v1\/stream\/$/ });
    await signIn(page, user, { to: '/settings' });

    const current = page.getByLabel('Current Password', { exact: true });
    const next = page.getByLabel('New Password', { exact: true });
    const confirm = page.getByLabel('Confirm New Password', { exact: true });
    const submit = page.getByRole('button', { name: 'Change Password' });
    const alerts = page.getByRole('alert');

    await submit.click();
    await expect(alerts).toHaveText('Please enter your current password');
    await current.fill(user.password);
    await submit.click();
    await expect(alerts).toHaveText('Please enter a new password');
    await next.fill('short');
    await confirm.fill('shorter');
    await submit.click();
    await expect(alerts).toHaveText('New passwords do not match');
    await confirm.fill('short');
    await submit.click();
    await expect(alerts).toHaveText('Password must be at least 8 characters long');

    // The server's password policy speaks next to the new password.
    await next.fill(`${user.username}-2024`);
    await confirm.fill(`${user.username}-2024`);
    await submit.click();
    await expect(alerts).toHaveText('Password must not contain your username.');
    await expect(next).toBeFocused();

    const newPassword = `${user.password}-new`;
    await current.fill(`${user.password}-wrong`);
    await next.fill(newPassword);
    await confirm.fill(newPassword);
    await submit.click();
    await expect(alerts).toHaveText('Your current password is incorrect.');

    await current.fill(user.password);
    await submit.click();
    await expect(page.getByText('Password changed successfully. Please sign in again.')).toBeVisible();
    const shownAt = Date.now();
    // The message stays, with a countdown and a way to go now (issue 35 item 4: it used to go after
    // 1.5 s, too soon to read)…
    await expect(page.getByText(/The sign-in page opens in \d s\./)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In Now' })).toBeVisible();
    await page.waitForTimeout(3_000);
    await expect(page).toHaveURL(/\/settings$/);
    // …and the sign-in page follows SIGN_OUT_DELAY_SECONDS (8 s) later by itself.
    await expect(page).toHaveURL(/\/login\?password_changed=true$/, { timeout: 15_000 });
    const elapsed = Date.now() - shownAt;
    expect(elapsed).toBeGreaterThanOrEqual(7_000);
    expect(elapsed).toBeLessThan(14_000);
    // The sign-in page says why the user is there (product §2.4).
    await expect(page.getByText('Password changed successfully. Please sign in again.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sign in to TokenDesk' })).toBeVisible();

    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Login failed. Please check your credentials.');

    // Through the form: the new password is what the user types next.
    await signInWithForm(page, { username: user.username, password: newPassword });
  });
});
