import { PRICES_PANEL_LIMIT, type PoolSummary, type PriceItem, type Project } from '@tokendesk/contract';
import { devnetTokens } from '@tokendesk/devchain';
import { DEVNET_CHAIN_ID } from '../devnet';
import { apiPost, expect, signIn, test } from '../fixtures';

test.describe('dashboard', () => {
  test('six projects: the count says 6, Recent Projects lists the five newest, and no whole list is fetched', async ({
    page,
    request,
    user,
  }) => {
    // Every token the devnet deploys, oldest first: six projects, one more than the dashboard lists.
    const created: Project[] = [];
    for (const token of devnetTokens) {
      created.push(
        await apiPost<Project>(request, user, '/projects/create/', {
          network: DEVNET_CHAIN_ID,
          contract_address: token.address,
          name: token.name,
          token_symbol: token.symbol,
          token_decimal: token.decimals,
        }),
      );
    }
    expect(created).toHaveLength(6);

    const apiPaths: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/v1/')) apiPaths.push(url.pathname + url.search);
    });
    await signIn(page, user);

    await expect(page.getByTestId('total-projects-count')).toHaveText('6');
    await expect(page.getByTestId('liquidity-pools-count')).toHaveText('0');
    await expect(page.getByTestId('active-alerts-count')).toContainText('0/0');
    const recent = page.getByRole('list', { name: 'Recent projects' }).getByRole('link');
    await expect(recent).toHaveCount(5);
    const newestFirst = created.slice(1).reverse();
    for (const [i, project] of newestFirst.entries()) {
      await expect(recent.nth(i)).toHaveAttribute('href', `/projects/${project.id}`);
    }
    await expect(page.getByRole('list', { name: 'Recent projects' })).not.toContainText(created[0]!.name);
    await page.getByRole('link', { name: 'View all projects' }).click();
    await expect(page).toHaveURL(/\/projects$/);
    await expect(page.getByRole('link', { name: created[0]!.name })).toBeVisible();

    // The dashboard asked for summaries; the full project list came only with the Projects page.
    const beforeProjectsPage = apiPaths.slice(
      0,
      apiPaths.findIndex((p) => /^\/api\/v1\/projects\/?$/.test(p)),
    );
    expect(beforeProjectsPage).toEqual(
      expect.arrayContaining([
        '/api/v1/projects/summary/',
        '/api/v1/projects/user/pools/summary/',
        '/api/v1/projects/alerts/summary/',
      ]),
    );
    expect(beforeProjectsPage.filter((p) => /^\/api\/v1\/projects\/(user\/pools|alerts)\/?$/.test(p))).toEqual([]);
  });

  test('the Market Prices panel shows the newest 50 pools and links to all of them when there are more', async ({
    page,
    user,
  }) => {
    // 50 prices and a count of 120: a stand-in for an owner with more pools than the devnet has.
    const prices: PriceItem[] = Array.from({ length: PRICES_PANEL_LIMIT }, (_, i) => ({
      pool_id: 100_000 + i,
      token: 'DEMO',
      pair: `T${i}`,
      dex: 'Uniswap V2',
      price: '0.5',
      price_usd: null,
      change_24h: null,
      updated_at: null,
    }));
    const summary: PoolSummary = { pool_count: 120, latest_pools: [] };
    await page.route(/\/api\/v1\/projects\/pool\/prices\/\?limit=50$/, (route) => route.fulfill({ json: prices }));
    await page.route(/\/api\/v1\/projects\/user\/pools\/summary\/?$/, (route) => route.fulfill({ json: summary }));
    await signIn(page, user, { to: '/activities' });

    const panel = page.getByRole('region', { name: 'Market Prices', exact: true });
    await expect(panel.getByRole('list', { name: 'Pool prices' }).getByRole('link')).toHaveCount(
      PRICES_PANEL_LIMIT + 1,
    );
    await expect(panel.getByText('The 50 newest of 120 pools.')).toBeVisible();
    await panel.getByRole('link', { name: 'View all in Funds' }).click();
    await expect(page).toHaveURL(/\/funds$/);
  });
});
