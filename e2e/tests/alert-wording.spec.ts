import type { Alert, AlertPage } from '@tokendesk/contract';
import { addPoolViaApi, createProjectViaApi, swapOnDevnet } from '../devnet';
import { apiGet, apiPost, expect, signIn, test } from '../fixtures';

/** The words of the API and the database that used to reach the alert screens (product §2.10). */
const DEVELOPER_WORDS =
  /threshold %|window minutes|min_amount|threshold_pct|window_minutes|amount_token|Amount token|Min amount|Price to/i;

test.describe('alert screens in plain words', () => {
  // The New Alert dialogs' labels and hints are component tests now (apps/web/src/app/routes/alerts/
  // alerts.test.tsx; docs/testing-moves.md). The menu's descriptions are the server's
  // (GET projects/alerts/types/), so they are read here, from the real server.
  test('the Add Alert menu says what fires, with units', async ({ page, request, user }) => {
    const project = await createProjectViaApi(request, user, 'demo');
    await addPoolViaApi(request, user, project.id, 'uniswap-v2', 'weth');
    await signIn(page, user, { to: '/alerts' });

    await page.getByRole('button', { name: 'Create Your First Alert' }).click();
    const items = page.getByRole('menuitem');
    await expect(items).toHaveCount(3);
    for (const text of await items.allTextContents()) expect(text).not.toMatch(DEVELOPER_WORDS);
    await expect(items.filter({ hasText: 'Large Swap' })).toContainText('5 WETH');
  });

  test('a firing lists its figures in order, with the token symbol: Amount 1 WETH, Price from … to …', async ({
    page,
    request,
    user,
  }) => {
    test.setTimeout(120_000);
    const project = await createProjectViaApi(request, user, 'demo');
    const pool = await addPoolViaApi(request, user, project.id, 'uniswap-v2', 'weth');
    const large = await apiPost<Alert>(request, user, '/projects/alerts/', {
      kind: 'large_swap',
      pool_id: pool.id,
      min_amount: '0.5',
      cooldown_minutes: 1,
    });
    const move = await apiPost<Alert>(request, user, '/projects/alerts/', {
      kind: 'price_move',
      pool_id: pool.id,
      threshold_pct: '0.1',
      window_minutes: 60,
      cooldown_minutes: 1,
    });
    await signIn(page, user);

    // A real buy paying 1 WETH: a large swap and a price move of far more than 0.1 %.
    const swap = await swapOnDevnet({ pool: 'demo-weth', side: 'buy', amount: '1' });
    await expect
      .poll(
        async () =>
          (await apiGet<AlertPage>(request, user, '/projects/alerts/')).alerts.every((a) => a.trigger_count > 0),
        { timeout: 30_000 },
      )
      .toBe(true);

    await page.goto(`/alerts/${large.id}`);
    let firing = page.getByRole('list', { name: 'Trigger history' }).getByRole('listitem').first();
    await expect(firing).toBeVisible();
    let chips = firing.locator('dl > div');
    await expect(chips.nth(0)).toHaveText(/^Amount\s*1 WETH$/);
    await expect(chips.nth(1)).toHaveText(/^Fires at\s*0\.5 WETH or more$/);
    await expect(chips.nth(2)).toHaveText(
      new RegExp(`^Transaction\\s*${swap.txHash.slice(0, 6)}\\.\\.\\.${swap.txHash.slice(-4)}$`),
    );
    await expect(chips.nth(3)).toHaveText(`Block${swap.blockNumber}`);
    await expect(page.getByText('Swap of at least', { exact: true })).toBeVisible();
    expect(await page.getByRole('main').textContent()).not.toMatch(DEVELOPER_WORDS);

    await page.goto(`/alerts/${move.id}`);
    firing = page.getByRole('list', { name: 'Trigger history' }).getByRole('listitem').first();
    await expect(firing).toBeVisible();
    chips = firing.locator('dl > div');
    await expect(chips.nth(0)).toHaveText(/^Price\s*from [\d.,]+ to [\d.,]+ WETH$/);
    await expect(chips.nth(1)).toHaveText(/^Change\s*[+\u2212][\d.,]+%$/);
    await expect(chips.nth(2)).toHaveText(/^Fires at\s*±0\.1% within 60 min$/);
    await expect(page.getByText('Price change of at least', { exact: true })).toBeVisible();
    expect(await page.getByRole('main').textContent()).not.toMatch(DEVELOPER_WORDS);
  });
});
