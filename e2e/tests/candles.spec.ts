import type { Candles } from '@tokendesk/contract';
import { axeViolations, seriousViolations, WCAG_TAGS } from '../axe';
import { addPoolViaApi, createProjectViaApi } from '../devnet';
import { apiGet, expect, signIn, test } from '../fixtures';

const SHOTS = process.env.H3_SHOTS_DIR ?? '/tmp/h3-shots';

/** Decision 0034: candles and volume of the demo pools, from the stored swaps, at 1440 and 390 px. */
test.describe('candles on the pool page', () => {
  test('DEMO/WETH: switch to candles, see candles, volume, and USD at the recorded WETH/USDC rates; DEMO/USDC in USD; the USD line', async ({
    page,
    request,
    user,
  }) => {
    // Two pools, two viewports, an axe scan and dark mode: longer than one screen's test.
    test.slow();
    const project = await createProjectViaApi(request, user, 'demo');
    const weth = await addPoolViaApi(request, user, project.id, 'uniswap-v2', 'weth');
    const usdc = await addPoolViaApi(request, user, project.id, 'uniswap-v2', 'usdc');
    // The indexer backfills a newly attached pool; the chart needs its swaps.
    await expect
      .poll(
        async () =>
          (await apiGet<Candles>(request, user, `/projects/pool/${weth.id}/candles/?interval=1h`)).candles.length,
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);
    const answer = await apiGet<Candles>(request, user, `/projects/pool/${weth.id}/candles/?interval=1h`);

    await page.setViewportSize({ width: 1440, height: 1000 });
    await signIn(page, user, { to: `/funds/${weth.id}` });
    await expect(page.getByRole('heading', { name: 'DEMO/WETH Pool', level: 1 })).toBeVisible();
    // The line view stays the default and an option.
    await expect(page.getByRole('heading', { name: 'Price History' })).toBeVisible();
    await page.getByRole('button', { name: 'Candles' }).click();
    const card = page.getByRole('region', { name: 'Candles' });
    await expect(card).toBeVisible();
    await expect(page.getByTestId('candle-chart').locator('canvas').first()).toBeVisible();

    // The legend shows the newest candle's figures (the chart itself is canvas).
    const legend = page.getByTestId('candle-legend');
    await expect(legend).toContainText('Vol');
    await expect(legend).toContainText('WETH');
    const last = answer.candles.at(-1)!;
    await expect(legend).toContainText(`${last.trades} ${last.trades === 1 ? 'trade' : 'trades'}`);

    // USD for a WETH pair: each swap at the WETH/USDC rate recorded for its block (decision 0064).
    const usd = card.getByRole('button', { name: 'USD', exact: true });
    await expect(usd).not.toHaveAttribute('aria-disabled', 'true');
    await expect(card).not.toContainText('USD view unavailable');
    await usd.click();
    await expect(usd).toHaveAttribute('aria-pressed', 'true');
    await expect(card).toContainText('USD per DEMO');
    await expect(card.getByTestId('usd-rate-note')).toContainText(
      'WETH valued at WETH/USDC on Uniswap V3: each swap at the rate of the latest WETH/USDC swap at or before its block.',
    );
    await expect(legend).toContainText('USD');
    const usdAnswer = await apiGet<Candles>(
      request,
      user,
      `/projects/pool/${weth.id}/candles/?interval=1h&currency=usd`,
    );
    expect(usdAnswer).toMatchObject({ usd_route: 'WETH/USDC on Uniswap V3', usd_unavailable_reason: null });
    expect(usdAnswer.candles.length).toBeGreaterThan(0);
    await page.waitForTimeout(300);
    await card.screenshot({ path: `${SHOTS}/candles-weth-usd-1440.png` });
    await card.getByRole('button', { name: 'WETH', exact: true }).click();
    await expect(card.getByRole('button', { name: 'WETH', exact: true })).toHaveAttribute('aria-pressed', 'true');

    // Interval tabs move with the arrow keys, and Home and End (the WAI-ARIA tabs pattern).
    const tab1h = card.getByRole('tab', { name: '1h' });
    await tab1h.focus();
    await page.keyboard.press('ArrowRight');
    await expect(card.getByRole('tab', { name: '4h' })).toHaveAttribute('aria-selected', 'true');
    await expect(card.getByRole('tab', { name: '4h' })).toBeFocused();
    await expect(card).toContainText('last 7 days');
    await page.keyboard.press('Home');
    await expect(card.getByRole('tab').first()).toHaveAttribute('aria-selected', 'true');
    await expect(card.getByRole('tab').first()).toBeFocused();
    await page.keyboard.press('End');
    await expect(card.getByRole('tab').last()).toHaveAttribute('aria-selected', 'true');
    await expect(card.getByRole('tab').last()).toBeFocused();
    await tab1h.click();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowLeft');
    await expect(tab1h).toHaveAttribute('aria-selected', 'true');
    await expect(legend).toBeVisible();
    await page.waitForTimeout(300); // the chart's fitContent after the data
    await card.screenshot({ path: `${SHOTS}/candles-weth-1440.png` });

    const violations = seriousViolations(await axeViolations(page, { tags: WCAG_TAGS }));
    expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);

    // Phone: the card fits, nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(legend).toBeVisible();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await card.screenshot({ path: `${SHOTS}/candles-weth-390.png` });

    // DEMO/USDC: the candles view is remembered; USD is exact (1 USDC = 1 USD).
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.goto(`/funds/${usdc.id}`);
    const usdcCard = page.getByRole('region', { name: 'Candles' });
    await expect(usdcCard).toBeVisible();
    await expect(usdcCard.getByRole('button', { name: 'USD', exact: true })).not.toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await usdcCard.getByRole('button', { name: 'USD', exact: true }).click();
    await expect(usdcCard).toContainText('USD per DEMO');
    await expect(page.getByTestId('candle-legend')).toContainText('USD');
    await page.waitForTimeout(300);
    await usdcCard.screenshot({ path: `${SHOTS}/candles-usdc-usd-1440.png` });
    // Dark mode: the chart's canvas follows the theme (read from a pixel of its background).
    await page.emulateMedia({ colorScheme: 'dark' });
    const canvas = page.getByTestId('candle-chart').locator('canvas').first();
    await expect
      .poll(() =>
        canvas.evaluate((element: HTMLCanvasElement) => {
          const [r, g, b] = element.getContext('2d')!.getImageData(2, 2, 1, 1).data;
          return (0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255 < 0.5;
        }),
      )
      .toBe(true);
    await page.waitForTimeout(300);
    await usdcCard.screenshot({ path: `${SHOTS}/candles-usdc-usd-dark-1440.png` });
    await page.emulateMedia({ colorScheme: 'light' });

    await page.getByRole('button', { name: 'Line' }).click();
    await expect(page.getByRole('heading', { name: 'Price History' })).toBeVisible();

    // The USD line of DEMO/WETH: the close of each USD candle, with the rates named.
    await page.goto(`/funds/${weth.id}`);
    const line = page.getByRole('region', { name: 'Price History' });
    await expect(line).toBeVisible();
    await line.getByRole('button', { name: 'USD', exact: true }).click();
    await expect(line).toContainText('USD per DEMO, the close of each 5-minute candle');
    await expect(line.getByTestId('usd-rate-note')).toContainText('WETH valued at WETH/USDC on Uniswap V3');
    await expect(line.locator('canvas').first()).toBeVisible();
    await page.waitForTimeout(300);
    await line.screenshot({ path: `${SHOTS}/line-weth-usd-1440.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await line.screenshot({ path: `${SHOTS}/line-weth-usd-390.png` });
    await page.getByRole('button', { name: 'Candles' }).click();
    await expect(
      page.getByRole('region', { name: 'Candles' }).getByRole('button', { name: 'USD', exact: true }),
    ).toHaveAttribute('aria-pressed', 'true');
    await page.waitForTimeout(300);
    await page.getByRole('region', { name: 'Candles' }).screenshot({ path: `${SHOTS}/candles-weth-usd-390.png` });
  });
});
