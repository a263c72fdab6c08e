import type { Page } from '@playwright/test';
import { axeViolations, seriousViolations, WCAG_TAGS } from '../axe';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { addPoolViaApi, createProjectViaApi, swapOnDevnet, swapOnDevnetInProcess } from '../devnet';
import { apiGet, apiPost, expect, signIn, test } from '../fixtures';
import {
  emptyLatencies,
  liveFigureLines,
  liveFigures,
  LIVE_TARGET_P95_MS,
  timeOneSwap,
  waitUntilMeasurable,
} from '../live-screens';

/** Beside the suite's other results (.test-results/), not in /tmp; LIVE_SHOTS_DIR puts them elsewhere. */
const SHOTS =
  process.env.LIVE_SHOTS_DIR ??
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.test-results/screenshots');
const SWAPS = 10;
/**
 * What this spec asserts of the time. The 2 s target is a speed figure, and speed figures are not
 * asserted by a timed test on a shared machine (they are met by bench/ scripts: `npm run
 * bench:live-screens` measures the same screens the same way, e2e/live-screens.ts): it prints the
 * p95, and asserts the target only with LIVE_ASSERT_TARGET=1 (run it alone on a quiet machine). By
 * default it asserts what breaks the feature: every swap reaches every screen without a click, and
 * well before any poll would bring it. The whole suite runs it alone, after everything else (the
 * `@timed` tag: a second Playwright run in scripts/test-all.mjs), so other tabs do not distort it.
 */
const ASSERTED_P95_MS = process.env.LIVE_ASSERT_TARGET === '1' ? LIVE_TARGET_P95_MS : 10_000;

const indicator = (page: Page) => page.locator('header [data-connection]');

async function expectAxeClean(page: Page) {
  const violations = seriousViolations(await axeViolations(page, { tags: WCAG_TAGS }));
  expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
}

/**
 * The pill keeps clear of everything else in the header and of the page's heading, at any width and
 * in each state (the labels differ in width): at 390 px it once hung under the + button, 2 px from it.
 */
async function expectPillClear(page: Page) {
  const MIN_GAP_PX = 4;
  const crowded = await page.evaluate((minGap) => {
    const pill = document.querySelector('header [data-connection]')!.getBoundingClientRect();
    const others = Array.from(document.querySelectorAll('header button, header a, header input, main h1')).filter(
      (el) => !el.matches('[data-connection]') && el.getClientRects().length > 0,
    );
    const problems = others.flatMap((el) => {
      const box = el.getBoundingClientRect();
      const gap = Math.max(box.left - pill.right, pill.left - box.right, box.top - pill.bottom, pill.top - box.bottom);
      return gap < minGap
        ? [
            `${el.tagName.toLowerCase()} "${el.getAttribute('aria-label') ?? el.textContent?.trim()}" ${gap.toFixed(1)} px from the pill`,
          ]
        : [];
    });
    if (pill.left < 0 || pill.right > window.innerWidth)
      problems.push(`the pill (${pill.left}–${pill.right}) leaves the ${window.innerWidth} px viewport`);
    return problems;
  }, MIN_GAP_PX);
  expect(crowded, crowded.join('; ')).toEqual([]);
}

/**
 * Issue 31 (live-web): /activities with Market Prices beside it and a pool page, each in its own tab
 * with its own stream, follow ten devnet swaps without a click; the connection states and the
 * catch-up after the connection was lost. Needs the server side of the stream (GET /api/v1/stream/).
 */
test.describe('live updates', () => {
  test(
    'ten devnet swaps reach /activities, the pool page and Market Prices without a click; p95 printed against the 2 s target',
    { tag: '@timed' },
    async ({ page, context, request, user }) => {
      test.setTimeout(300_000);
      const project = await createProjectViaApi(request, user, 'demo');
      const pool = await addPoolViaApi(request, user, project.id, 'uniswap-v2', 'weth');

      await page.setViewportSize({ width: 1440, height: 1000 });
      await signIn(page, user, { to: '/activities' });
      const poolPage = await context.newPage();
      await poolPage.setViewportSize({ width: 1440, height: 1000 });
      // Its own sign-in: a session not remembered lives in the tab that made it (sessionStorage).
      await signIn(poolPage, user, { to: `/funds/${pool.id}` });
      const screens = { activities: page, poolPage, poolId: pool.id };
      // The backfill's rows are in before the first measured swap.
      await waitUntilMeasurable(screens);

      const latencies = emptyLatencies();
      for (let i = 0; i < SWAPS; i++) {
        // Buys only: each moves the price the same way, so the panel's figure changes every time.
        await timeOneSwap(screens, latencies, () =>
          swapOnDevnetInProcess({
            pool: 'demo-weth',
            side: 'buy',
            amount: '0.5',
            account: ((i % 4) + 1) as 1 | 2 | 3 | 4,
          }),
        );
      }
      // No click happened: no Refresh, no navigation; the rows came in on their own.
      const figures = liveFigures(latencies);
      for (const line of liveFigureLines(figures)) console.log(`live: ${line}`);
      for (const f of figures) expect(f.p95, `${f.screen} p95`).toBeLessThanOrEqual(ASSERTED_P95_MS);
    },
  );

  test('Live / Reconnecting… / Offline at 1440 and 390 px, light and dark; the screen catches up after the connection is back', async ({
    page,
    context,
    request,
    user,
    consoleGuard,
  }) => {
    test.setTimeout(300_000);
    // What a lost network and a refused stream leave in the console, and nothing else.
    consoleGuard.allowMessage(/Failed to load resource: net::ERR_INTERNET_DISCONNECTED/);
    consoleGuard.allowHttpError({ status: 503, url: /\/api\/v1\/stream\// });
    const project = await createProjectViaApi(request, user, 'demo');
    await addPoolViaApi(request, user, project.id, 'uniswap-v2', 'weth');
    // The stream answers normally unless `refuse` is set: then 503, as a server without a free stream would.
    let refuse = false;
    await page.route('**/api/v1/stream/**', (route) =>
      refuse
        ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"detail":"Try again later."}' })
        : route.continue(),
    );
    await signIn(page, user, { to: '/activities' });
    await expect(page.getByTestId('activity-row').first()).toBeVisible({ timeout: 60_000 });

    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 1000 });
        const shot = (state: string) => page.screenshot({ path: `${SHOTS}/live-${state}-${width}-${theme}.png` });

        await expect(indicator(page)).toHaveAttribute('data-connection', 'live', { timeout: 40_000 });
        await shot('live');
        await expectPillClear(page);
        await expectAxeClean(page);

        // The browser loses the network: the open stream fails, and so does every read.
        await context.setOffline(true);
        await expect(indicator(page)).toHaveAttribute('data-connection', 'offline', { timeout: 15_000 });
        const banner = page.locator('#offline-message');
        await expect(banner).toContainText(/^Can't reach TokenDesk\. Figures as of \d{2}:\d{2}\./);
        await expect(page.locator('main')).toHaveAttribute('data-stale', 'true');
        await expect(page.locator('main')).toHaveAttribute('aria-describedby', 'offline-message');
        // Swaps happen meanwhile; nothing shows them yet.
        const missed = await swapOnDevnet({ pool: 'demo-weth', side: 'buy', amount: '0.5' });
        await shot('offline');
        await expectPillClear(page);
        await expectAxeClean(page);

        // The network is back but the server refuses the stream: 'Reconnecting…', polling carries on.
        refuse = true;
        await context.setOffline(false);
        await expect(indicator(page)).toHaveAttribute('data-connection', 'reconnecting', { timeout: 30_000 });
        await expect(page.locator('#offline-message')).toHaveCount(0);
        await shot('reconnecting');
        await expectPillClear(page);
        await expectAxeClean(page);

        // The stream opens again: what was missed is on screen without a click.
        refuse = false;
        await expect(indicator(page)).toHaveAttribute('data-connection', 'live', { timeout: 40_000 });
        await expect(page.locator(`[aria-label="Activity events"] [data-tx="${missed.txHash}"]`).first()).toBeVisible({
          timeout: 10_000,
        });
      }
    }
  });

  test('offline, every kind of figure is dimmed: activity amounts, the bell, dashboard cards, holders, the pool page', async ({
    page,
    context,
    request,
    user,
    consoleGuard,
  }) => {
    test.setTimeout(180_000);
    consoleGuard.allowMessage(/Failed to load resource: net::ERR_INTERNET_DISCONNECTED/);
    const project = await createProjectViaApi(request, user, 'demo');
    const pool = await addPoolViaApi(request, user, project.id, 'uniswap-v2', 'weth');
    // One unread notification, for the bell's count: a large swap of the pool.
    await apiPost(request, user, '/projects/alerts/', {
      kind: 'large_swap',
      pool_id: pool.id,
      min_amount: '0.1',
      cooldown_minutes: 1,
    });
    await swapOnDevnet({ pool: 'demo-weth', side: 'buy', amount: '0.5' });
    await expect
      .poll(
        async () =>
          (await apiGet<{ unread_count: number }>(request, user, '/projects/notifications/new-count/')).unread_count,
        { timeout: 60_000 },
      )
      .toBeGreaterThan(0);

    // Each screen in its own tab (an SPA route change offline could not load its code).
    const figures: { name: string; tab: Page; selector: string; fill?: boolean }[] = [];
    const open = async (to: string) => {
      const tab = to === '/activities' ? page : await context.newPage();
      await tab.setViewportSize({ width: 1440, height: 1000 });
      await signIn(tab, user, { to });
      return tab;
    };
    const activities = await open('/activities');
    figures.push({
      name: 'activity amount',
      tab: activities,
      selector: '[data-testid="activity-row"] p.tabular-nums span.text-slate-900',
    });
    figures.push({
      name: "the bell's count",
      tab: activities,
      selector: '[data-testid="notification-badge"]',
      fill: true,
    });
    figures.push({
      name: 'Market Prices',
      tab: activities,
      selector: `[data-prices-panel] a[href="/funds/${pool.id}"] .tabular-nums`,
    });
    const dashboard = await open('/');
    figures.push({ name: 'dashboard card', tab: dashboard, selector: '[data-testid="total-projects-count"]' });
    const projectPage = await open(`/projects/${project.id}`);
    figures.push({ name: 'holders', tab: projectPage, selector: '[aria-labelledby="holders-title"] dd.tabular-nums' });
    const poolPage = await open(`/funds/${pool.id}`);
    figures.push({ name: 'pool page', tab: poolPage, selector: 'main p.text-2xl.tabular-nums' });

    // What the stale rule paints, read in each tab's own theme.
    const slate500 = (tab: Page) =>
      tab.evaluate(() => {
        const probe = document.createElement('span');
        probe.style.color = 'var(--color-slate-500)';
        document.body.append(probe);
        const value = getComputedStyle(probe).color;
        probe.remove();
        return value;
      });
    const paint = (f: (typeof figures)[number]) =>
      f.tab
        .locator(f.selector)
        .first()
        .evaluate((el, fill) => getComputedStyle(el)[fill ? 'backgroundColor' : 'color'], f.fill ?? false);

    for (const f of figures) await expect(f.tab.locator(f.selector).first(), f.name).toBeVisible({ timeout: 60_000 });
    const grey = await slate500(page);
    for (const f of figures) expect(await paint(f), `${f.name} at full contrast while live`).not.toBe(grey);

    await context.setOffline(true);
    for (const tab of [activities, dashboard, projectPage, poolPage])
      await expect(indicator(tab)).toHaveAttribute('data-connection', 'offline', { timeout: 15_000 });
    for (const f of figures) expect(await paint(f), `${f.name} dimmed while offline`).toBe(grey);
    // Dimmed, still readable: axe's contrast rules hold on every screen.
    for (const tab of [activities, dashboard, projectPage, poolPage]) await expectAxeClean(tab);

    await context.setOffline(false);
    for (const tab of [activities, dashboard, projectPage, poolPage])
      await expect(indicator(tab)).toHaveAttribute('data-connection', 'live', { timeout: 40_000 });
    for (const f of figures) expect(await paint(f), `${f.name} back to full contrast`).not.toBe(grey);
  });
});
