import { activityMessages, type ActivityPage, type TopTraders } from '@tokendesk/contract';
import { axeViolations, seriousViolations, WCAG_TAGS } from '../axe';
import { addPoolViaApi, createProjectViaApi } from '../devnet';
import { apiGet, expect, signIn, test } from '../fixtures';

const SHOTS = process.env.H2_SHOTS_DIR ?? '/tmp/h2-shots';

const short = (address: string) => `${address.slice(0, 6)}...${address.slice(-4)}`;

/** Decision 0033: the pool page's top traders and the trader on activity rows, at 1440 and 390 px. */
test.describe('traders', () => {
  test('DEMO/WETH: top traders 24h / 7d, a trader on each activity row, the trader filter', async ({
    page,
    request,
    user,
  }) => {
    // Waits for the backfill and the sender reads of a month of seeded history on a loaded machine.
    test.setTimeout(240_000);
    const project = await createProjectViaApi(request, user, 'demo');
    const weth = await addPoolViaApi(request, user, project.id, 'uniswap-v2', 'weth');
    // The indexer backfills the pool, then reads the senders of its swaps a few calls a tick.
    await expect
      .poll(
        async () => {
          const answer = await apiGet<TopTraders>(request, user, `/projects/pool/${weth.id}/traders/?range=7d`);
          return answer.complete && answer.traders.length > 0;
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    const week = await apiGet<TopTraders>(request, user, `/projects/pool/${weth.id}/traders/?range=7d`);

    await page.setViewportSize({ width: 1440, height: 1000 });
    await signIn(page, user, { to: `/funds/${weth.id}` });
    const card = page.getByRole('region', { name: 'Top Traders' });
    await expect(card).toBeVisible();
    await card.getByRole('tab', { name: '7d' }).click();
    await expect(card.getByRole('tab', { name: '7d' })).toHaveAttribute('aria-selected', 'true');
    const rows = card.getByTestId('top-trader');
    await expect(rows).toHaveCount(week.traders.length);
    const top = week.traders[0]!;
    await expect(rows.first()).toContainText(short(top.address));
    await expect(rows.first()).toContainText(`${top.buys} buy`);
    await expect(rows.first()).toContainText(`${top.sells} sell`);
    await expect(card.getByTestId('day-trades')).toContainText('Last 24h:');
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: `${SHOTS}/top-traders-1440.png` });
    const violations = seriousViolations(await axeViolations(page, { tags: WCAG_TAGS }));
    expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);

    // Phone: the card fits, nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(rows.first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await card.screenshot({ path: `${SHOTS}/top-traders-390.png` });

    // A trader's link opens the activity filtered to that trader (and this pool).
    await rows
      .first()
      .getByRole('link', { name: `Trader ${short(top.address)}: show this trader's activity` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/activities\\?trader=${top.address}&pool=${weth.id}`));
    const activityRows = page.getByTestId('activity-row');
    await expect(activityRows.first()).toBeVisible();
    const filtered = await apiGet<ActivityPage>(
      request,
      user,
      `/projects/activity/?trader=${top.address}&pool=${weth.id}&limit=50`,
    );
    await expect(activityRows).toHaveCount(filtered.events.length);
    for (const row of await activityRows.all())
      await expect(row.getByTestId('trader')).toContainText(short(top.address));
    await expect(page.getByLabel('Trader', { exact: true })).toHaveValue(top.address);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${SHOTS}/activity-trader-390.png` });

    // Too short to be an address's start (or not hex): says so and changes nothing. Four hex digits
    // or more are a start, and filter by prefix (issue 35 item 2).
    await page.setViewportSize({ width: 1440, height: 1000 });
    const field = page.getByLabel('Trader', { exact: true });
    await field.fill('0x12');
    await field.press('Enter');
    await expect(page.getByText(activityMessages.traderInvalid)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`trader=${top.address}`));
    // Cleared: every event again, each with its trader.
    await field.fill('');
    await field.press('Enter');
    await expect(page).not.toHaveURL(/trader=/);
    await expect(activityRows.first().getByTestId('trader')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/activity-1440.png` });
  });
});
