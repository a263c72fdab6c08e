import fs from 'node:fs/promises';
import {
  activityCsvColumns,
  type ActivityPage,
  type Alert,
  type AlertPage,
  type Notification,
} from '@tokendesk/contract';
import type { APIRequestContext } from '@playwright/test';
import { addPoolViaApi, createProjectViaApi, swapOnDevnet } from '../devnet';
import { apiGet, apiPost, expect, signIn, test, type TestUser } from '../fixtures';

/** The indexer polls the devnet every 2 s and the bell every 10 s: a firing shows well within this. */
const FIRING_TIMEOUT = 30_000;

async function unreadCount(request: APIRequestContext, user: TestUser): Promise<number> {
  return (await apiGet<{ unread_count: number }>(request, user, '/projects/notifications/new-count/')).unread_count;
}

test.describe('alerts that fire on the devnet', () => {
  test('a price move fires: the bell rises, the notification opens the alert with its firing, /activities lists the swap', async ({
    page,
    request,
    user,
  }) => {
    test.setTimeout(120_000);
    const project = await createProjectViaApi(request, user, 'demo');
    const pool = await addPoolViaApi(request, user, project.id, 'uniswap-v2', 'weth');
    await signIn(page, user);
    const bell = page.getByRole('button', { name: /^Notifications/ });
    const badge = page.getByTestId('notification-badge');
    await expect(bell).toBeVisible();
    await expect(badge).toHaveCount(0);

    // Empty bell first.
    await bell.click();
    const menu = page.getByRole('menu', { name: 'Notifications' });
    await expect(menu.getByText('No new notifications')).toBeVisible();
    await expect(menu.getByText("We'll notify you when something important happens")).toBeVisible();
    await page.keyboard.press('Escape');

    // A price-move alert with a small threshold, created in the UI.
    await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Alerts' }).click();
    await page.getByRole('button', { name: 'Create Your First Alert' }).click();
    await page.getByRole('menuitem', { name: /Price Move/ }).click();
    const dialog = page.getByRole('dialog', { name: 'New Price Move Alert' });
    // The pool select searches the server (a searchable select, not a native <select>).
    await dialog.getByRole('combobox', { name: 'Pool' }).click();
    await dialog.getByRole('option', { name: /^DEMO\/WETH - Uniswap V2/ }).click();
    await dialog.getByLabel('Price change of at least (%)').fill('0.1');
    await dialog.getByLabel('Within (minutes)').fill('60');
    await dialog.getByRole('button', { name: 'Create Alert' }).click();
    await expect(dialog).toBeHidden();
    const {
      alerts: [alert],
    } = await apiGet<AlertPage>(request, user, '/projects/alerts/');
    expect(alert).toMatchObject({ kind: 'price_move', pool_id: pool.id, trigger_count: 0 });

    // A real buy of 5 ETH moves the price by far more than 0.1 %.
    const swap = await swapOnDevnet({ pool: 'demo-weth', side: 'buy', amount: '5' });
    await expect(badge).toBeVisible({ timeout: FIRING_TIMEOUT });
    await expect(badge).toHaveText(/^([1-9]|9\+)$/);

    // Opening the dropdown shows the firing; clicking it marks it read and opens the alert.
    await bell.click();
    const item = menu.getByRole('menuitem').filter({ hasText: 'DEMO/WETH' }).first();
    await expect(item).toBeVisible();
    await expect(item).toHaveAttribute('data-unread', 'true');
    await expect(item).toContainText(/\d{1,2}:\d{2} [AP]M/);
    await item.click();
    await expect(page).toHaveURL(new RegExp(`/alerts/${alert!.id}$`));
    await expect(badge).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Price Move Alert', level: 1 })).toBeVisible();
    const history = page.getByRole('list', { name: 'Trigger history' }).getByRole('listitem');
    await expect(history.first()).toContainText('DEMO/WETH');
    await expect(page.getByText('This alert has not fired yet')).toHaveCount(0);
    const notifications = await apiGet<Notification[]>(request, user, '/projects/notifications/');
    expect(notifications[0]).toMatchObject({ navigation_url: `/alerts/${alert!.id}`, is_read: true });

    // The swap on /activities: a green Buy with the last 8 characters of its hash (no explorer on the devnet).
    // The indexer reads the swap's sender (its trader) after storing it: wait for it, so the row
    // below shows it.
    await expect
      .poll(
        async () => {
          const events = (await apiGet<ActivityPage>(request, user, `/projects/activity/?pool=${pool.id}`)).events;
          return events.find((e) => e.tx_hash.toLowerCase() === swap.txHash.toLowerCase())?.trader ?? null;
        },
        { timeout: 30_000 },
      )
      .not.toBeNull();
    await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Activity' }).click();
    await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible();
    const row = page.getByTestId('activity-row').filter({ hasText: swap.txHash.slice(-8) });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Buy');
    await expect(row).toContainText('DEMO/WETH');
    await expect(row).toContainText('Uniswap V2');
    await expect(row).toContainText(`Block ${swap.blockNumber}`);
    await expect(row).toContainText(/\d+ (sec|min) ago/);
    // The devnet has no block explorer: no explorer link; the only link is the trader's own
    // activity (product §2.9).
    await expect(row.getByRole('link', { name: /explorer/i })).toHaveCount(0);
    await expect(
      row.getByRole('link', { name: /^Trader 0x[0-9a-fA-F]{4}\.\.\.[0-9a-fA-F]{4}: show this trader's activity$/ }),
    ).toHaveCount(1);
    await expect(row.getByRole('link')).toHaveCount(1);
    // The kind filter keeps it among the buys and drops it from the sells.
    await page.getByLabel('Kind').selectOption({ label: 'Buy' });
    await expect(page).toHaveURL(/kind=buy/);
    await expect(row).toHaveCount(1);
    await page.getByLabel('Kind').selectOption({ label: 'Sell' });
    await expect(page.getByTestId('activity-row').first()).toBeVisible();
    await expect(row).toHaveCount(0);
    const sells = await apiGet<ActivityPage>(request, user, `/projects/activity/?pool=${pool.id}&kind=sell`);
    expect(sells.events.every((e) => e.kind === 'sell')).toBe(true);

    // Export CSV of the buys, last 7 days by default: the swap is in the file.
    await page.getByLabel('Kind').selectOption({ label: 'Buy' });
    // The filter lives in the address and is applied in a transition: wait until the screen shows
    // the buys again, as a user would before exporting them.
    await expect(page).toHaveURL(/kind=buy/);
    await expect(page.getByLabel('Kind')).toHaveValue('buy');
    await expect(row).toHaveCount(1);
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const exportDialog = page.getByRole('dialog', { name: 'Export Activity' });
    const today = new Date();
    const day = (d: Date) =>
      `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    await expect(exportDialog.getByLabel('To')).toHaveValue(day(today));
    await expect(exportDialog.getByLabel('From')).toHaveValue(
      day(new Date(today.getFullYear(), today.getMonth(), today.getDate() - 7)),
    );
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      exportDialog.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = await fs.readFile((await download.path())!, 'utf8');
    const [header, ...lines] = csv.trim().split(/\r?\n/);
    expect(header).toBe(activityCsvColumns.join(','));
    expect(lines.some((line) => line.includes(swap.txHash))).toBe(true);
    expect(lines.every((line) => line.includes(',buy,'))).toBe(true);
    await expect(exportDialog).toBeHidden();

    // The fund shows the same swap among its last events, and a price chart drawn under the CSP.
    await page.goto(`/funds/${pool.id}`);
    await expect(
      page
        .getByRole('region', { name: 'Recent Activity', exact: true })
        .getByTestId('activity-row')
        .filter({ hasText: swap.txHash.slice(-8) }),
    ).toHaveCount(1);
    const chart = page.getByRole('region', { name: 'Price History', exact: true });
    await expect(chart.locator('canvas').first()).toBeVisible();
    await chart.getByRole('tab', { name: '7d' }).click();
    await expect(chart.getByRole('tab', { name: '7d' })).toHaveAttribute('aria-selected', 'true');
    await expect(chart.locator('canvas').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Last 24 hours', exact: true })).toContainText(
      /24h volume\s*[\d,.]+ WETH/,
    );
  });

  test("'Mark all as read' clears the badge; another user sees none of it", async ({ page, request, createUser }) => {
    test.setTimeout(120_000);
    const owner = await createUser();
    const project = await createProjectViaApi(request, owner, 'demo');
    const pool = await addPoolViaApi(request, owner, project.id, 'uniswap-v2', 'weth');
    await apiPost<Alert>(request, owner, '/projects/alerts/', {
      kind: 'large_swap',
      pool_id: pool.id,
      min_amount: '0.001',
      cooldown_minutes: 1,
    });
    await apiPost<Alert>(request, owner, '/projects/alerts/', {
      kind: 'price_move',
      pool_id: pool.id,
      threshold_pct: '0.1',
      window_minutes: 60,
    });
    await swapOnDevnet({ pool: 'demo-weth', side: 'buy', amount: '1', account: 2 });
    await expect.poll(() => unreadCount(request, owner), { timeout: FIRING_TIMEOUT }).toBeGreaterThanOrEqual(2);
    const ownerNotifications = await apiGet<Notification[]>(request, owner, '/projects/notifications/');

    // Someone else: no badge, an empty dropdown, and the owner's ids change nothing.
    const other = await createUser();
    // The bell's first count is what the badge shows; wait for that answer, not a fixed time.
    const firstCount = page.waitForResponse((r) => r.url().includes('/api/v1/projects/notifications/new-count/'));
    await signIn(page, other);
    expect(await (await firstCount).json()).toEqual({ unread_count: 0 });
    await expect(page.getByTestId('notification-badge')).toHaveCount(0);
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect(page.getByRole('menu', { name: 'Notifications' }).getByText('No new notifications')).toBeVisible();
    await page.keyboard.press('Escape');
    await apiPost(request, other, '/projects/notifications/mark-read/', { ids: ownerNotifications.map((n) => n.id) });
    await apiPost(request, other, '/projects/notifications/mark-all-read/', {});
    expect(await unreadCount(request, owner)).toBeGreaterThanOrEqual(2);

    // The owner: the badge, then 'Mark all as read'.
    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, owner);
    const badge = page.getByTestId('notification-badge');
    await expect(badge).toBeVisible();
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const menu = page.getByRole('menu', { name: 'Notifications' });
    await expect(menu.getByRole('menuitem').filter({ hasText: 'DEMO/WETH' }).first()).toBeVisible();
    await menu.getByRole('menuitem', { name: 'Mark all as read' }).click();
    await expect(menu.locator('[data-unread="true"]')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(badge).toHaveCount(0);
    expect(await unreadCount(request, owner)).toBe(0);
  });
});

test.describe('phones', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the menu opens the notifications and lists Activity and Alerts', async ({ page, user }) => {
    await signIn(page, user);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Mobile' });
    const links = nav.getByRole('link');
    await expect(links.first()).toBeVisible();
    const names = await links.allInnerTexts();
    expect(names.slice(0, 5).map((n) => n.trim())).toEqual(['Dashboard', 'Projects', 'Activity', 'Alerts', 'Funds']);
    await nav.getByRole('button', { name: 'Notifications' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
    const menu = page.getByRole('menu', { name: 'Notifications' });
    await expect(menu.getByText('No new notifications')).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
  });
});
