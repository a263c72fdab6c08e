import type { Page } from '@playwright/test';
import { createProjectViaApi } from '../devnet';
import { expect, test } from '../fixtures';

// Product §2.1: a deep link opened while signed out comes back after sign-in (a full page load,
// Product §2.4), and only a same-origin path is ever followed.

async function signInHere(page: Page, user: { username: string; password: string }) {
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('a deep link opened signed out is where sign-in lands', async ({ page, request, user }) => {
  const project = await createProjectViaApi(request, user, 'demo');
  await page.goto(`/projects/${project.id}?tab=pools#holders`);
  await expect(page).toHaveURL(/\/login\?next=/);
  expect(new URL(page.url()).searchParams.get('next')).toBe(`/projects/${project.id}?tab=pools#holders`);
  await expect(page.getByRole('heading', { name: 'Sign in to TokenDesk' })).toBeVisible();

  // The page is left by a full load, not an in-app navigation: a marker on window does not survive it.
  await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
  await signInHere(page, user);
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}\\?tab=pools#holders$`));
  await expect(page.getByRole('heading', { name: project.name, level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBeUndefined();
});

test('/ and the sign-in page itself carry no return path', async ({ page, user }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/login?next=/login');
  await signInHere(page, user);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
});

for (const next of [
  '//evil.example/x',
  'https://evil.example/x',
  '/\\evil.example/x',
  '\\\\evil.example/x',
  'javascript:alert(1)',
  'projects',
  '/\t/evil.example/x',
]) {
  test(`an unsafe return path is ignored: ${JSON.stringify(next)}`, async ({ page, user }) => {
    await page.goto(`/login?next=${encodeURIComponent(next)}`);
    await signInHere(page, user);
    await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  });
}

test('signing out is not a deep link: the next sign-in goes to /', async ({ page, request, user }) => {
  const project = await createProjectViaApi(request, user, 'demo');
  await page.goto('/login');
  await signInHere(page, user);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await page.goto(`/projects/${project.id}`);
  await expect(page.getByRole('heading', { name: project.name, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: /User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
