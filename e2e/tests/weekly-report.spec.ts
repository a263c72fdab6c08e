import fs from 'node:fs';
import path from 'node:path';
import { awaitingReplyText, reportMessages, type WeeklyReport } from '@tokendesk/contract';
import type { Browser, Page } from '@playwright/test';
import { axeViolations, seriousViolations, WCAG_TAGS } from '../axe';
import { createProjectViaApi } from '../devnet';
import { apiGet, basicAuth, expect, signIn, test, type TestUser } from '../fixtures';

/**
 * Docs/decisions/0040 on screen: the project page's 'Weekly report' switch (whatever the server's
 * e-mail configuration, it says what is true), and the staff console's count of tickets awaiting a
 * reply, at 1440 and 390 px.
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

/** Screenshots for a person to look at: kept with the run's artifacts, and in E2E_SHOTS_DIR when set. */
async function shot(page: Page, name: string, outputPath: (name: string) => string) {
  const file = outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  if (process.env.E2E_SHOTS_DIR) fs.copyFileSync(file, path.join(process.env.E2E_SHOTS_DIR, `${name}.png`));
}

async function signedIn(browser: Browser, user: Pick<TestUser, 'username' | 'password'>, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signIn(page, user);
  return { context, page };
}

test.describe('weekly report and staff count', () => {
  // Two viewports, two sign-ins and an axe scan each: on the shared 2-core machine that takes longer than one screen.
  test.slow();
  test('the project page shows the weekly report switch in its true state', async ({
    browser,
    request,
    user,
  }, testInfo) => {
    const project = await createProjectViaApi(request, user, 'demo');
    const setting = await apiGet<WeeklyReport>(request, user, `/projects/${project.id}/weekly-report/`);
    expect(setting.enabled).toBe(false);

    let on = false;
    for (const width of [1440, 390]) {
      const { context, page } = await signedIn(browser, user, width);
      await page.goto(`/projects/${project.id}`);
      const card = page.getByRole('region', { name: 'Weekly report' });
      await expect(card).toBeVisible();
      const toggle = card.getByRole('switch', { name: 'Send me a weekly report' });
      await expect(toggle).toHaveAttribute('aria-checked', String(on));
      await expect(card).toContainText(on ? /Next report: / : 'Off. Nothing is sent.');

      if (!setting.email_configured) {
        await expect(card.getByText(reportMessages.emailNotConfigured)).toBeVisible();
        await expect(toggle).toBeDisabled();
      } else if (width === 1440) {
        // Keyboard: focus and Space turn it on; the answer comes from the server.
        await toggle.focus();
        await page.keyboard.press('Space');
        await expect(toggle).toHaveAttribute('aria-checked', 'true');
        await expect(card).toContainText(/Next report: /);
        await expect(page.getByText('Weekly report turned on.')).toBeVisible();
        expect((await apiGet<WeeklyReport>(request, user, `/projects/${project.id}/weekly-report/`)).enabled).toBe(
          true,
        );
        on = true;
        // A fresh account's address is not verified yet: the card says the report waits for it.
        if (!setting.email_verified) await expect(card.getByText(reportMessages.unverified)).toBeVisible();
      }
      await card.scrollIntoViewIfNeeded();
      await shot(page, `weekly-report-${width}`, (n) => testInfo.outputPath(n));
      const cardFile = testInfo.outputPath(`weekly-report-card-${width}.png`);
      await card.screenshot({ path: cardFile });
      if (process.env.E2E_SHOTS_DIR)
        fs.copyFileSync(cardFile, path.join(process.env.E2E_SHOTS_DIR, `weekly-report-card-${width}.png`));
      // The scan is of the page, after the 5 s toast has gone (toasts are checked in toasts.spec).
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
      const serious = seriousViolations(await axeViolations(page, { tags: WCAG_TAGS }));
      expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(width);
      await context.close();
    }
  });

  test('the staff console counts the tickets awaiting a reply', async ({ browser, request, createUser }, testInfo) => {
    const staff = staffAccount();
    expect(staff, 'the server CLI could not create the e2e staff account (see e2e/start-server.mjs)').toBeTruthy();
    if (!staff) return;
    const owner = await createUser();
    const desk = await signedIn(browser, staff, 1440);
    await desk.page.goto('/staff/tickets');
    const count = desk.page.getByTestId('awaiting-reply-count');
    await expect(count).toBeVisible();
    // 'N tickets awaiting a reply' or 'No tickets …' as a number.
    const countIn = (text: string) => Number(/^(\d+)|^No/.exec(text)?.[1] ?? 0);
    const before = countIn((await count.textContent()) ?? '');

    const res = await request.post('/api/v1/user/tickets/create/', {
      headers: basicAuth(owner),
      data: { project: null, subject: 'Where is my pool?', message: 'It does not show.' },
    });
    expect(res.status()).toBe(201);
    await desk.page.getByRole('button', { name: 'Refresh', exact: true }).click();
    // The count is every user's, and specs running beside this one open tickets too: it rises by at
    // least this ticket, reads as the product's sentence for its number, and is never more than the
    // server counts afterwards.
    const shown = async () => {
      const text = (await count.textContent()) ?? '';
      const n = countIn(text);
      return text === awaitingReplyText(n) ? n : -1;
    };
    await expect.poll(shown).toBeGreaterThanOrEqual(before + 1);
    const serverCount = await request.get('/api/v1/staff/tickets/', { headers: basicAuth(staff) });
    expect(serverCount.ok()).toBe(true);
    expect(await shown()).toBeLessThanOrEqual(
      ((await serverCount.json()) as { awaiting_reply: number }).awaiting_reply,
    );
    await shot(desk.page, 'staff-console-1440', (n) => testInfo.outputPath(n));

    await desk.page.setViewportSize({ width: 390, height: 900 });
    await expect(count).toBeVisible();
    await shot(desk.page, 'staff-console-390', (n) => testInfo.outputPath(n));
    const serious = seriousViolations(await axeViolations(desk.page, { tags: WCAG_TAGS }));
    expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
    await desk.context.close();
  });
});
