import { addPoolViaApi, createProjectViaApi } from '../devnet';
import { expect, signIn, test } from '../fixtures';

const PRICES_API = /\/api\/v1\/projects\/pool\/prices\//;

// Product §2.2: below 1280 px the Market Prices panel is not beside the page; a header button
// opens it as a drawer instead.
test.describe('Market Prices drawer', () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1024, height: 768 },
  ]) {
    test(`opens from the header at ${viewport.width} px, polls only while open, and closes with Escape onto its button`, async ({
      page,
      request,
      user,
    }) => {
      const project = await createProjectViaApi(request, user, 'demo');
      const pool = await addPoolViaApi(request, user, project.id, 'uniswap-v2', 'weth');
      await page.setViewportSize(viewport);
      let priceRequests = 0;
      page.on('request', (r) => {
        if (PRICES_API.test(r.url())) priceRequests += 1;
      });
      await signIn(page, user);

      // Not mounted while closed: no panel, no price requests.
      await expect(page.getByRole('region', { name: 'Market Prices', exact: true })).toHaveCount(0);
      expect(priceRequests).toBe(0);

      const button = page.getByRole('button', { name: 'Market Prices', exact: true });
      await button.click();
      const drawer = page.getByRole('dialog', { name: 'Market Prices' });
      await expect(drawer).toBeVisible();
      // Focus moved into the drawer.
      await expect.poll(() => drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      const row = drawer.getByRole('link', { name: /DEMO\/WETH/ });
      await expect(row).toBeVisible();
      // 'Updates live' while the live stream is open (issue 31), the poll's wording otherwise.
      await expect(drawer.getByText(/^(Updates live|Auto-refreshes every 30s)$/)).toBeVisible();
      expect(priceRequests).toBeGreaterThan(0);
      // The drawer fits the screen.
      const box = await drawer.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);

      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      await expect(button).toBeFocused();

      // Closed means unmounted: a manual cache refresh elsewhere cannot make it poll again.
      const afterClose = priceRequests;
      await page.waitForTimeout(1000);
      expect(priceRequests).toBe(afterClose);

      // A row opens the pool and the drawer goes away with the page it covered.
      await button.click();
      await drawer.getByRole('link', { name: /DEMO\/WETH/ }).click();
      await expect(page).toHaveURL(new RegExp(`/funds/${pool.id}$`));
      await expect(drawer).toBeHidden();
      await expect(page.getByRole('heading', { name: 'DEMO/WETH Pool', level: 1 })).toBeVisible();
    });
  }

  test('at 1440 px the panel stays beside the page and there is no drawer button', async ({ page, request, user }) => {
    const project = await createProjectViaApi(request, user, 'demo');
    await addPoolViaApi(request, user, project.id, 'uniswap-v2', 'weth');
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, user);
    await expect(page.getByRole('region', { name: 'Market Prices', exact: true }).getByText('DEMO/WETH')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Market Prices', exact: true })).toHaveCount(0);

    // Narrowing the window swaps the panel for the button.
    await page.setViewportSize({ width: 1100, height: 900 });
    await expect(page.getByRole('region', { name: 'Market Prices', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Market Prices', exact: true })).toBeVisible();
  });

  test('an empty drawer says there is no price data', async ({ page, user }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, user);
    await page.getByRole('button', { name: 'Market Prices', exact: true }).click();
    await expect(
      page.getByRole('dialog', { name: 'Market Prices' }).getByText('No price data available'),
    ).toBeVisible();
  });
});
