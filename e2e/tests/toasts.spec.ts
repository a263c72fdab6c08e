import type { Locator, Page } from '@playwright/test';
import { createProjectViaApi } from '../devnet';
import { expect, signIn, test } from '../fixtures';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  expect(found, 'the element is on screen').not.toBeNull();
  return found!;
}

/** Every control of the sticky header and, when shown, the Market Prices panel: nothing a toast may cover. */
async function fixedControls(page: Page): Promise<Locator[]> {
  const header = page.getByRole('banner');
  const controls = [...(await header.getByRole('button').all()), ...(await header.getByRole('link').all())];
  const panel = page.locator('[data-prices-panel]');
  if (await panel.isVisible())
    controls.push(...(await panel.getByRole('link').all()), ...(await panel.getByRole('button').all()));
  return controls;
}

// Product §2.2: toasts sit bottom right; top right they covered the bell and the user menu for 5 s.
for (const width of [1440, 1024, 390]) {
  test(`a toast at ${width} px covers no control of the header or the prices panel`, async ({
    page,
    request,
    user,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const project = await createProjectViaApi(request, user, 'demo');
    await signIn(page, user, { to: `/projects/${project.id}` });
    await page.getByRole('button', { name: 'Delete project' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete project' }).click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: `${project.name} was deleted.` });
    await expect(toast).toBeVisible();
    // The slide-in has settled once two reads a moment apart agree.
    let last = '';
    await expect
      .poll(
        async () => {
          const now = JSON.stringify(await box(toast));
          const settled = now === last;
          last = now;
          return settled;
        },
        { intervals: [250] },
      )
      .toBe(true);
    const toastBox = await box(toast);
    const controls = await fixedControls(page);
    expect(controls.length).toBeGreaterThan(3);
    for (const control of controls) {
      if (!(await control.isVisible())) continue;
      const controlBox = await box(control);
      expect(
        overlaps(toastBox, controlBox),
        `the toast covers ${(await control.getAttribute('aria-label')) ?? (await control.textContent())}`,
      ).toBe(false);
    }
  });
}
