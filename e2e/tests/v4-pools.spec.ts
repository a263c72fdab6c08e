import type { ActivityPage, Candles, Pool } from '@tokendesk/contract';
import { axeViolations, seriousViolations, WCAG_TAGS } from '../axe';
import { createProjectViaApi, devnetAddresses } from '../devnet';
import { apiGet, apiPost, expect, signIn, test, type TestUser } from '../fixtures';
import type { APIRequestContext } from '@playwright/test';

const SHOTS = process.env.H5_SHOTS_DIR ?? '/tmp/h5-shots';
const v4 = devnetAddresses.v4;

/** Attaches a V4 pool as the Add Pool modal does: the lookup finds its pool id, the server verifies it. */
async function addV4Pool(
  request: APIRequestContext,
  user: TestUser,
  projectId: number,
  tokenId: string,
): Promise<Pool> {
  const found = await apiPost<{ pool_address: string; pool_version: string }>(
    request,
    user,
    '/projects/get-pool-address/',
    {
      project_id: projectId,
      dex_id: 'uniswap-v4',
      token_id: tokenId,
    },
  );
  return apiPost<Pool>(request, user, `/projects/pool/${projectId}/`, {
    dex: 'uniswap-v4',
    token: tokenId,
    pool_address: found.pool_address,
    pool_version: found.pool_version,
  });
}

const shortId = (id: string) => `${id.slice(0, 6)}...${id.slice(-4)}`;

/**
 * The pair-token option for native ETH: V4's DEMO/ETH pool holds ETH itself (currency 0x0…0), not
 * WETH. The option with that address when the network lists one, else the wrapped native's.
 */
async function ethTokenId(request: APIRequestContext, user: TestUser, networkId: number): Promise<string> {
  const options = await apiGet<{ id: string; address: string }[]>(
    request,
    user,
    `/projects/network/${networkId}/token-options/`,
  );
  return options.find((o) => /^0x0{40}$/i.test(o.address))?.id ?? 'weth';
}

/** Issue 19: a Uniswap V4 pool attached on the devnet shows its price, activity, chart and key. */
test.describe('Uniswap V4 pools', () => {
  test('DEMO/ETH V4: attach by pool id, see price, activity, chart, "No hooks" and the id on the project page', async ({
    page,
    request,
    user,
  }) => {
    // Two viewports, the indexer's backfill and an axe scan: longer than one screen's test.
    test.slow();
    const project = await createProjectViaApi(request, user, 'demo');
    const eth = await addV4Pool(request, user, project.id, await ethTokenId(request, user, project.network));
    expect(eth.pool_version).toBe('v4');
    expect(eth.pool_address).toBe(v4.pools.demoEthV4.id);
    expect(eth.v4).toMatchObject({
      pool_id: v4.pools.demoEthV4.id,
      hook_flags: [],
      tick_spacing: 60,
      dynamic_fee: false,
    });
    expect(eth.fee).toBe(3000);

    // The indexer backfills a newly attached pool; the chart and the activity need its swaps.
    await expect
      .poll(
        async () =>
          (await apiGet<Candles>(request, user, `/projects/pool/${eth.id}/candles/?interval=1h`)).candles.length,
        { timeout: 60_000 },
      )
      .toBeGreaterThan(0);
    const activity = await apiGet<ActivityPage>(request, user, `/projects/activity/?pool=${eth.id}&limit=50`);
    expect(activity.events.length).toBeGreaterThan(0);

    await page.setViewportSize({ width: 1440, height: 1000 });
    await signIn(page, user, { to: `/funds/${eth.id}` });
    await expect(page.getByRole('heading', { name: /^DEMO\/W?ETH Pool$/, level: 1 })).toBeVisible();
    await expect(page.getByText('Fee 0.3%')).toBeVisible();

    // Price: a figure, not the unknown dash.
    const price = page.getByRole('region', { name: 'Price', exact: true });
    await expect(price).toBeVisible();
    await expect(price).not.toContainText('—');

    // The key card: fee, tick spacing, no hooks. The id is under Addresses, shortened and
    // copyable, with no explorer link (an explorer would not find an id).
    const key = page.getByRole('region', { name: 'Uniswap V4 pool' });
    const addresses = page.getByRole('region', { name: 'Addresses' });
    await expect(addresses).toContainText('Pool ID');
    await expect(addresses).toContainText(shortId(v4.pools.demoEthV4.id));
    await expect(addresses.getByRole('button', { name: 'Copy pool ID' })).toBeVisible();
    await expect(addresses.getByRole('link')).toHaveCount(0);
    await expect(key).toContainText('Tick spacing');
    await expect(key).toContainText('60');
    await expect(key).toContainText('No hooks');
    await expect(page.getByRole('link', { name: 'View pool on explorer' })).toHaveCount(0);
    await expect(
      page.getByText('Never send tokens to the PoolManager directly. Add liquidity through the DEX.'),
    ).toBeVisible();

    // Activity rows and the chart.
    const activityCard = page.getByRole('region', { name: 'Recent Activity' });
    await expect(activityCard.getByTestId('activity-row').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Price History' })).toBeVisible();
    await expect(page.locator('canvas').first()).toBeVisible();
    await page.waitForTimeout(300); // the chart's fitContent after the data
    await page.screenshot({ path: `${SHOTS}/v4-demo-eth-1440.png`, fullPage: true });
    await key.screenshot({ path: `${SHOTS}/v4-key-1440.png` });

    const violations = seriousViolations(await axeViolations(page, { tags: WCAG_TAGS }));
    expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);

    // Phone: the long id does not push the page sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(key).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${SHOTS}/v4-demo-eth-390.png`, fullPage: true });

    // The project page lists it by id, with its fee.
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.goto(`/projects/${project.id}`);
    await expect(page.getByText(`ID ${shortId(v4.pools.demoEthV4.id)}`)).toBeVisible();
  });

  test('the hooked DEMO/USDC V4 pool: dynamic fee, the hooks address, its permissions and the note', async ({
    page,
    request,
    user,
  }) => {
    test.slow();
    const project = await createProjectViaApi(request, user, 'demo');
    const hooked = await addV4Pool(request, user, project.id, 'usdc');
    expect(hooked.pool_address).toBe(v4.pools.hookedV4.id);
    expect(hooked.v4).toMatchObject({
      hooks: v4.hook,
      hook_flags: ['afterInitialize', 'afterAddLiquidity', 'afterSwap'],
      dynamic_fee: true,
    });
    await page.setViewportSize({ width: 1440, height: 1000 });
    await signIn(page, user, { to: `/funds/${hooked.id}` });
    await expect(page.getByRole('heading', { name: 'DEMO/USDC Pool', level: 1 })).toBeVisible();
    const hookedKey = page.getByRole('region', { name: 'Uniswap V4 pool' });
    await expect(hookedKey).toContainText('Dynamic fee');
    await expect(hookedKey).toContainText(shortId(v4.hook));
    const flags = hookedKey.getByRole('list', { name: 'Hook permissions' });
    await expect(flags.getByRole('listitem')).toHaveText(['afterInitialize', 'afterAddLiquidity', 'afterSwap']);
    await expect(hookedKey).toContainText('This pool has hooks: they can change amounts and fees.');
    await expect(page.getByText('Hooks', { exact: true }).first()).toBeVisible();
    await hookedKey.screenshot({ path: `${SHOTS}/v4-hooked-key-1440.png` });
    const hookedViolations = seriousViolations(await axeViolations(page, { tags: WCAG_TAGS }));
    expect(hookedViolations, JSON.stringify(hookedViolations, null, 2)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(hookedKey).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await hookedKey.screenshot({ path: `${SHOTS}/v4-hooked-key-390.png` });
    await page.screenshot({ path: `${SHOTS}/v4-hooked-390.png`, fullPage: true });
  });
});
