import type { Candles } from '@tokendesk/contract';
import { addPoolViaApi, createProjectViaApi, swapOnDevnet } from '../devnet';
import { apiGet, apiPost, expect, signIn, test } from '../fixtures';

const SHOTS = process.env.POLISH_SHOTS_DIR ?? '/tmp/polish-b-shots';

/**
 * Issue 35 item 7: markers stacked on the newest candle with overlapping, cut labels; the axes cut
 * their first label; the chart library's logo sat inside the plot. The canvas cannot be read as
 * text, so the screenshots at 1440 and 390 px are for looking at; what the DOM can show is checked.
 */
test.describe('the candle chart layout', () => {
  test('markers of the newest candle, the axes and the attribution, at 1440 and 390 px', async ({
    page,
    request,
    user,
  }) => {
    test.slow();
    const project = await createProjectViaApi(request, user, 'demo');
    const pool = await addPoolViaApi(request, user, project.id, 'uniswap-v2', 'weth');
    await apiPost(request, user, '/projects/alerts/', {
      kind: 'price_move',
      pool_id: pool.id,
      threshold_pct: '0.1',
      window_minutes: 60,
      cooldown_minutes: 1,
    });
    // A large buy, then a large sell, and the alert they fire: three markers on the newest candle.
    await swapOnDevnet({ pool: 'demo-weth', side: 'buy', amount: '2' });
    await swapOnDevnet({ pool: 'demo-weth', side: 'sell', amount: '20000', account: 2 });
    const newestMarkers = async () => {
      const answer = await apiGet<Candles>(request, user, `/projects/pool/${pool.id}/candles/?interval=1h`);
      const newest = answer.markers.at(-1);
      return newest
        ? answer.markers
            .filter((m) => m.time.slice(0, 13) === newest.time.slice(0, 13))
            .map((m) => m.kind)
            .sort()
        : [];
    };
    await expect
      .poll(newestMarkers, { timeout: 60_000 })
      .toEqual(expect.arrayContaining(['alert', 'large_buy', 'large_sell']));

    await page.setViewportSize({ width: 1440, height: 1000 });
    await signIn(page, user, { to: `/funds/${pool.id}` });
    await expect(page.getByRole('heading', { name: 'DEMO/WETH Pool', level: 1 })).toBeVisible();
    const lineCard = page.getByRole('region', { name: 'Price History' });
    if (await lineCard.isVisible()) {
      await page.waitForTimeout(500);
      await lineCard.screenshot({ path: `${SHOTS}/price-line-1440.png` });
    }
    await page.getByRole('button', { name: 'Candles' }).click();
    const card = page.getByRole('region', { name: 'Candles' });
    const chart = page.getByTestId('candle-chart');
    await expect(chart.locator('canvas').first()).toBeVisible();
    // The library's logo link is not in the plot; the attribution it stood for is under the chart.
    await expect(chart.locator('a')).toHaveCount(0);
    const credit = card.getByRole('link', { name: 'TradingView' });
    await expect(credit).toHaveAttribute('href', 'https://www.tradingview.com/');
    await expect(card).toContainText('TradingView Lightweight Charts™ · Copyright (c) 2023 TradingView, Inc.');
    await page.waitForTimeout(500);
    await card.screenshot({ path: `${SHOTS}/candles-markers-1440.png` });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await card.screenshot({ path: `${SHOTS}/candles-markers-390.png` });

    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForTimeout(500);
    await card.screenshot({ path: `${SHOTS}/candles-markers-390-dark.png` });
    await page.emulateMedia({ colorScheme: 'light' });
  });
});
