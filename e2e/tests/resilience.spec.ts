import { addPoolViaApi, createProjectViaApi } from '../devnet';
import { expect, signIn, test } from '../fixtures';

test.describe('failures and fallbacks', () => {
  test('a list that fails to load says so and recovers with Try Again', async ({
    page,
    request,
    user,
    consoleGuard,
  }) => {
    // The list is paged: its request carries ?limit= (and ?q=, ?cursor=).
    consoleGuard.allowHttpError({ status: 500, url: /\/api\/v1\/projects\/?(\?.*)?$/ });
    consoleGuard.allowHttpError({ status: 500, url: /\/api\/v1\/projects\/user\/pools\/funds\/\d+\/?$/ });
    const project = await createProjectViaApi(request, user, 'demo');
    const pool = await addPoolViaApi(request, user, project.id, 'uniswap-v2', 'weth');
    await signIn(page, user);

    const broken = { detail: 'Internal error.', errors: [] };
    await page.route(/\/api\/v1\/projects\/?(\?.*)?$/, (route) => route.fulfill({ status: 500, json: broken }));
    await page.goto('/projects');
    await expect(page.getByText('Failed to load projects. Please try again.')).toBeVisible({ timeout: 15_000 });
    await page.unroute(/\/api\/v1\/projects\/?(\?.*)?$/);
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('link', { name: 'Demo Token' })).toBeVisible();

    await page.route(/\/api\/v1\/projects\/user\/pools\/funds\/\d+\/?$/, (route) =>
      route.fulfill({ status: 500, json: broken }),
    );
    await page.goto(`/funds/${pool.id}`);
    await expect(page.getByText('Failed to load fund details. Please try again later.')).toBeVisible({
      timeout: 15_000,
    });
    await page.unroute(/\/api\/v1\/projects\/user\/pools\/funds\/\d+\/?$/);
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('heading', { name: 'DEMO/WETH Pool', level: 1 })).toBeVisible();
  });

  test('a logo that does not load falls back to initials', async ({ page, request, user, consoleGuard }) => {
    consoleGuard.allowHttpError({ status: 404, url: /\/logos\/dex\// });
    const project = await createProjectViaApi(request, user, 'demo');
    await addPoolViaApi(request, user, project.id, 'uniswap-v2', 'weth');
    await page.route('**/logos/dex/**', (route) => route.fulfill({ status: 404, body: '' }));
    await signIn(page, user, { to: '/funds' });
    const row = page.getByRole('list', { name: 'Funds' }).getByRole('listitem').first();
    await expect(row.locator('[data-logo-fallback]').first()).toHaveText('UV');
    // The other logos still load.
    await expect(row.locator('img[src="/logos/tokens/eth.svg"]')).toBeVisible();
  });
});
