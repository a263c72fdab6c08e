import type { Page } from '@playwright/test';
import { addPoolViaApi, createProjectViaApi } from '../devnet';
import { expect, signIn, test } from '../fixtures';

/** Relative luminance of a computed CSS colour (rgb() or oklch() from Chromium). */
async function isDarkBackground(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    // Paint the computed colour into a canvas to read it as sRGB, whatever notation it is in.
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const context = canvas.getContext('2d')!;
    context.fillStyle = getComputedStyle(document.body).backgroundColor;
    context.fillRect(0, 0, 1, 1);
    const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
    return (0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255 < 0.5;
  });
}

async function chooseTheme(page: Page, theme: 'System' | 'Light' | 'Dark') {
  await page.getByRole('button', { name: /^User menu for/ }).click();
  await page.getByRole('menuitemradio', { name: theme }).click();
  await expect(page.getByRole('menuitemradio', { name: theme })).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');
}

// Product §14, decision 0023: dark mode follows the system, and a choice in the user menu overrides it.
test.describe('dark mode', () => {
  test('follows prefers-color-scheme, on the sign-in page too', async ({ page, user }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/login');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect.poll(() => isDarkBackground(page)).toBe(true);

    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    await expect.poll(() => isDarkBackground(page)).toBe(false);

    await page.emulateMedia({ colorScheme: 'dark' });
    await signIn(page, user);
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect.poll(() => isDarkBackground(page)).toBe(true);
  });

  test('the user menu choice overrides the system, persists across a reload and is applied before the first paint', async ({
    page,
    user,
  }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await signIn(page, user);
    await expect.poll(() => isDarkBackground(page)).toBe(false);

    await chooseTheme(page, 'Dark');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect.poll(() => isDarkBackground(page)).toBe(true);

    // Before any of the app's scripts run, the class is already there (no white flash).
    const classAtFirstScript: string[] = [];
    await page.exposeFunction('reportHtmlClass', (value: string) => classAtFirstScript.push(value));
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { reportHtmlClass: (v: string) => void }).reportHtmlClass(
          document.documentElement.className,
        );
      });
    });
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect.poll(() => classAtFirstScript.length).toBeGreaterThan(0);
    expect(classAtFirstScript[0]).toMatch(/\bdark\b/);
    await expect.poll(() => isDarkBackground(page)).toBe(true);

    // Light wins over a dark system.
    await page.emulateMedia({ colorScheme: 'dark' });
    await chooseTheme(page, 'Light');
    await expect.poll(() => isDarkBackground(page)).toBe(false);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect.poll(() => isDarkBackground(page)).toBe(false);

    // System hands the decision back.
    await chooseTheme(page, 'System');
    await expect.poll(() => isDarkBackground(page)).toBe(true);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => isDarkBackground(page)).toBe(false);
  });

  test('charts, dialogs and toasts follow the theme', async ({ page, request, user }) => {
    const project = await createProjectViaApi(request, user, 'demo');
    const pool = await addPoolViaApi(request, user, project.id, 'uniswap-v2', 'weth');
    await page.emulateMedia({ colorScheme: 'dark' });
    await signIn(page, user);

    // The price chart draws on canvas: its background is read from the pixels.
    await page.goto(`/funds/${pool.id}`);
    const canvas = page.locator('canvas').first();
    await expect(canvas).toBeVisible();
    const chartPixelIsDark = () =>
      canvas.evaluate((element: HTMLCanvasElement) => {
        const context = element.getContext('2d')!;
        const [r, g, b] = context.getImageData(2, 2, 1, 1).data;
        return (0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255 < 0.5;
      });
    await expect.poll(chartPixelIsDark).toBe(true);
    await chooseTheme(page, 'Light');
    await expect.poll(chartPixelIsDark).toBe(false);
    await chooseTheme(page, 'Dark');
    await expect.poll(chartPixelIsDark).toBe(true);

    // A dialog's surface is dark too.
    await page.getByRole('button', { name: 'New Project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Project' });
    await expect(dialog).toBeVisible();
    const dialogIsDark = await dialog.evaluate((element) => {
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 1;
      const context = canvas.getContext('2d')!;
      context.fillStyle = getComputedStyle(element).backgroundColor;
      context.fillRect(0, 0, 1, 1);
      const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
      return (0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255 < 0.5;
    });
    expect(dialogIsDark).toBe(true);
    await page.keyboard.press('Escape');

    // A toast uses sonner's dark colours (its theme follows the app's, not only the system's).
    const other = await createProjectViaApi(request, user, 'smpl');
    await page.goto(`/projects/${other.id}`);
    await page.getByRole('button', { name: 'Delete project' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete project?' })
      .getByRole('button', { name: 'Delete project' })
      .click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'was deleted' });
    await expect(toast).toBeVisible();
    await expect(page.locator('[data-sonner-toaster]')).toHaveAttribute('data-sonner-theme', 'dark');
  });
});
