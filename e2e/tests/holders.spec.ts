import fs from 'node:fs/promises';
import path from 'node:path';
import {
  holderCsvColumns,
  holderLabelText,
  holderNoticeTitle,
  shortenAddress,
  type DiscoveredPoolList,
  type HoldersSummary,
  type Project,
} from '@tokendesk/contract';
import { callTestContract, createPoolOnDevnet, deployTestContract, devnetClients } from '@tokendesk/devchain';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { formatUnits, getAddress, parseAbi, zeroAddress, type Address } from 'viem';
import {
  addPoolViaApi,
  createProjectViaApi,
  demoAccounts,
  DEVNET_CHAIN_ID,
  devnetAddresses,
  devnetRpcUrl,
} from '../devnet';
import { apiGet, apiPost, expect, signIn, test, type TestUser } from '../fixtures';

/** The devnet indexer ticks every 2 s; a backfill of the seeded history takes a few ticks. */
const INDEXED_TIMEOUT = 30_000;
/** A new pool is seen within a tick or two, and the bell polls every 10 s. */
const NOTIFIED_TIMEOUT = 40_000;

const v3FactoryAbi = parseAbi(['function getPool(address, address, uint24) view returns (address)']);

/** The short form of an address as the page shows it, in whatever letter case the page uses. */
function shortAddressRe(address: string): RegExp {
  return new RegExp(shortenAddress(address).replace(/\./g, '\\.'), 'i');
}

/**
 * Resolves once the devnet indexer has finished a whole tick that started after `since`. Holders,
 * then the new-pool watch, run in each tick: the watch has then set its starting block.
 */
async function devnetTickAfter(request: APIRequestContext, since: number): Promise<void> {
  await expect
    .poll(
      async () => {
        const ready = (await (await request.get('/ready')).json()) as {
          networks: { id: number; last_tick_at: string | null }[];
        };
        const devnet = ready.networks.find((n) => n.id === 31337);
        return devnet?.last_tick_at ? Date.parse(devnet.last_tick_at) : 0;
      },
      { timeout: INDEXED_TIMEOUT },
    )
    .toBeGreaterThan(since);
}

async function holders(request: APIRequestContext, user: TestUser, projectId: number): Promise<HoldersSummary> {
  return apiGet<HoldersSummary>(request, user, `/projects/${projectId}/holders/`);
}

/**
 * A Uniswap V3 pool of DEMO that does not exist yet on this devnet. The devnet lives for the whole
 * run and a pool can be created only once, so the first free pair and fee tier is taken.
 */
async function createNewDemoPool(): Promise<{ address: Address; symbol: string; fee: number }> {
  const clients = devnetClients(devnetRpcUrl());
  const candidates = [
    { token: devnetAddresses.usdt, symbol: 'USDT' },
    { token: devnetAddresses.usdc, symbol: 'USDC' },
    { token: devnetAddresses.weth, symbol: 'WETH' },
  ];
  for (const { token, symbol } of candidates) {
    for (const fee of [10_000, 500, 3000]) {
      const existing = await clients.public.readContract({
        address: devnetAddresses.uniswapV3Factory,
        abi: v3FactoryAbi,
        functionName: 'getPool',
        args: [devnetAddresses.demo, token, fee],
      });
      if (existing !== zeroAddress) continue;
      const created = await createPoolOnDevnet(clients, {
        version: 'v3',
        tokenA: devnetAddresses.demo,
        tokenB: token,
        fee,
      });
      return { address: created.address, symbol, fee };
    }
  }
  throw new Error('Every DEMO pair and fee tier on the devnet V3 factory is taken already.');
}

test.describe('holder insights and the new-pool watch', () => {
  test('the Holders section shows the count, the chart and the labelled top holders, and exports every holder as CSV', async ({
    page,
    request,
    user,
  }) => {
    test.setTimeout(90_000);
    const project = await createProjectViaApi(request, user, 'demo');
    // Attached first, so that its address among the holders is labelled as a pool.
    const pool = await addPoolViaApi(request, user, project.id, 'uniswap-v2', 'weth');
    await signIn(page, user, { to: `/projects/${project.id}` });

    const section = page.getByRole('region', { name: 'Holders', exact: true });
    await expect(section).toBeVisible();
    const count = section
      .locator('dl > div')
      .filter({ has: page.locator('dt', { hasText: /^Holders$/ }) })
      .locator('dd')
      .first();
    await expect(count).toHaveText(/^[1-9][\d,]*$/, { timeout: INDEXED_TIMEOUT });

    // The figures on screen are the server's, not placeholders.
    const summary = await holders(request, user, project.id);
    expect(summary.sync.state).toBe('live');
    expect(summary.holder_count).toBeGreaterThan(0);
    await expect(count).toHaveText(summary.holder_count!.toLocaleString('en-US'));
    await expect(section.getByText(/^Top 10 hold \d+\.\d{2}%$/)).toBeVisible();

    // The daily chart draws on a canvas.
    await expect(section.getByTestId('holder-chart').locator('canvas').first()).toBeVisible();
    // The check against the chain ran and agrees.
    await expect
      .poll(async () => (await holders(request, user, project.id)).reconciliation.status, { timeout: INDEXED_TIMEOUT })
      .toBe('matches');
    await expect(
      section.getByText(
        /^Checked against the chain at block \d+: totalSupply\(\) and balanceOf of the \d+ largest holders agree/,
      ),
    ).toBeVisible();
    await expect(section.getByRole('note')).toHaveCount(0);
    await shoot(page, section, 'holders-demo');

    // Top holders: the attached pool is labelled and links to its fund; the deployer is labelled.
    const table = section.getByRole('table', { name: /holders/i });
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(Math.min(20, summary.top.length));
    // (Other pools of DEMO that nobody attached may carry the label too, without a link.)
    const poolRow = rows.filter({ has: page.getByRole('link', { name: shortAddressRe(pool.pool_address) }) });
    await expect(poolRow).toHaveCount(1);
    await expect(poolRow).toContainText(holderLabelText.pool);
    await expect(poolRow.getByRole('link', { name: shortAddressRe(pool.pool_address) })).toHaveAttribute(
      'href',
      `/funds/${pool.id}`,
    );
    const deployerRow = rows.filter({ hasText: holderLabelText.deployer });
    await expect(deployerRow).toHaveCount(1);
    await expect(deployerRow).toContainText(shortAddressRe(devnetAddresses.deployer));
    const top = summary.top[0]!;
    await expect(rows.first()).toContainText(`${top.share_pct!.toFixed(2)}%`);

    // Export CSV: the header, then one line per holder.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^tokendesk-holders-DEMO-block-\d+\.csv$/);
    const csv = (await fs.readFile((await download.path())!, 'utf8')).trim().split(/\r?\n/);
    expect(csv[0]).toBe(holderCsvColumns.join(','));
    expect(csv).toHaveLength(summary.holder_count! + 1);
    expect(csv[1]).toContain(top.address);
    await expect(page.getByText('The CSV file of all holders was downloaded.')).toBeVisible();
  });

  test('a new pool of DEMO raises a notification that leads to the project, where one click attaches it', async ({
    page,
    request,
    user,
  }) => {
    test.setTimeout(120_000);
    const project = await createProjectViaApi(request, user, 'demo');
    await signIn(page, user);
    // The watch starts with the first tick that sees a project on the network; a pool created
    // before that is history (for 'Add Pool'), not news.
    await expect
      .poll(async () => (await holders(request, user, project.id)).sync.state, { timeout: INDEXED_TIMEOUT })
      .toBe('live');
    // The same tick may have finished the holders just before the watch started: wait one more.
    await devnetTickAfter(request, Date.now());

    const created = await createNewDemoPool();
    const feeText = `${created.fee / 10_000}%`;
    const pairText = `DEMO/${created.symbol}`;
    await expect
      .poll(
        async () =>
          (await apiGet<DiscoveredPoolList>(request, user, `/projects/${project.id}/discovered-pools/`)).pools.map(
            (p) => p.pool_address,
          ),
        {
          timeout: NOTIFIED_TIMEOUT,
        },
      )
      .toContain(created.address);

    // The bell (still on the dashboard) rises and the notification opens the project page.
    const badge = page.getByTestId('notification-badge');
    await expect(badge).toBeVisible({ timeout: NOTIFIED_TIMEOUT });
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const item = page
      .getByRole('menu', { name: 'Notifications' })
      .getByRole('menuitem')
      .filter({ hasText: 'New pool found for DEMO on Uniswap V3' });
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(new RegExp(created.address, 'i'));
    await item.click();
    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}$`));

    const found = page.getByRole('region', { name: 'New pools found', exact: true });
    const row = found.getByRole('listitem').filter({ hasText: pairText });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Uniswap V3');
    await expect(row).toContainText(feeText);
    await expect(row).toContainText(shortAddressRe(created.address));

    const pools = page.getByRole('list', { name: 'Liquidity pools' });
    await expect(page.getByText('No pools added yet')).toBeVisible();
    await row.getByRole('button', { name: new RegExp(`^Attach ${pairText}`) }).click();

    await expect(pools.getByRole('listitem').filter({ hasText: pairText })).toBeVisible();
    await expect(pools).toContainText(shortAddressRe(created.address));
    await expect(found).toHaveCount(0);
    await expect(page.getByText(`${pairText} on Uniswap V3 was attached.`)).toBeVisible();

    // The server agrees: attached, and no longer among the found pools.
    const attached = await apiGet<{ pool_address: string }[]>(request, user, `/projects/${project.id}/pools/`);
    expect(attached.map((p) => p.pool_address.toLowerCase())).toContain(created.address.toLowerCase());
    expect(
      (await apiGet<DiscoveredPoolList>(request, user, `/projects/${project.id}/discovered-pools/`)).pools,
    ).toEqual([]);
  });
});

const erc20Abi = parseAbi([
  'function balanceOf(address) view returns (uint256)',
  'function totalSupply() view returns (uint256)',
]);

/** Screenshots to look at (not compared): set E2E_SCREENSHOT_DIR to keep them. */
async function shoot(page: Page, section: Locator, name: string) {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (!dir) return;
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await section.screenshot({ path: path.join(dir, `${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** No part of the card is wider than the screen at 390 px. */
async function expectNoOverflow(page: Page, section: Locator) {
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await section.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 720 });
}

test.describe('holder figures that agree with the chain, or say why not', () => {
  const [alice, bob] = demoAccounts as [Address, Address];
  const E18 = 10n ** 18n;

  async function projectOf(
    request: APIRequestContext,
    user: TestUser,
    token: Address,
    symbol: string,
  ): Promise<Project> {
    return apiPost<Project>(request, user, '/projects/create/', {
      network: DEVNET_CHAIN_ID,
      contract_address: token,
      name: symbol,
      token_symbol: symbol,
      token_decimal: 18,
    });
  }

  test('a rebasing token: the card shows balanceOf and totalSupply() after a rebase, with a notice saying so', async ({
    page,
    request,
    user,
  }) => {
    test.setTimeout(90_000);
    const clients = devnetClients(devnetRpcUrl());
    const { address: token } = await deployTestContract(clients, alice, 'rebasingToken', [1_000_000n * E18]);
    await callTestContract(clients, alice, 'rebasingToken', token, 'transfer', [bob, 1_000n * E18]);
    await callTestContract(clients, alice, 'rebasingToken', token, 'rebase', [11n * 10n ** 17n]);
    const project = await projectOf(request, user, token, 'RBS');

    await expect
      .poll(async () => (await holders(request, user, project.id)).reconciliation.status, { timeout: INDEXED_TIMEOUT })
      .toBe('differs');
    const summary = await holders(request, user, project.id);
    await signIn(page, user, { to: `/projects/${project.id}` });
    const section = page.getByRole('region', { name: 'Holders', exact: true });
    const notice = section.getByRole('note');
    await expect(notice).toContainText(holderNoticeTitle.differs!);
    await expect(notice).toContainText(summary.reconciliation.note);

    // Supply and balances on the card are the chain's, read now.
    const supply = await clients.public.readContract({ address: token, abi: erc20Abi, functionName: 'totalSupply' });
    expect(supply).toBe(1_100_000n * E18);
    await expect(section.locator('dl')).toContainText('1,100,000 RBS');
    const bobBalance = await clients.public.readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [bob],
    });
    expect(summary.top.find((r) => r.address === getAddress(bob))!.balance).toBe(formatUnits(bobBalance, 18));
    const bobRow = section
      .getByRole('table', { name: /holders/i })
      .locator('tbody tr')
      .filter({ hasText: shortAddressRe(bob) });
    await expect(bobRow).toContainText('1,100 RBS');
    await expect(bobRow).toContainText('0.10%');
    await expect(section.getByText(/^balanceOf at block \d+; share of totalSupply\(\)$/)).toBeVisible();
    await expectNoOverflow(page, section);
    await shoot(page, section, 'holders-rebasing');
  });

  test("a forwarding proxy whose logs come from its backend: 'not available' with the reason, not 0 holders", async ({
    page,
    request,
    user,
  }) => {
    test.setTimeout(90_000);
    const clients = devnetClients(devnetRpcUrl());
    const { address: token } = await deployTestContract(clients, alice, 'forwardingProxyToken', [1_000_000n * E18]);
    await callTestContract(clients, alice, 'forwardingProxyToken', token, 'transfer', [bob, 5n * E18]);
    const project = await projectOf(request, user, token, 'PRXY');

    await expect
      .poll(async () => (await holders(request, user, project.id)).reconciliation.status, { timeout: INDEXED_TIMEOUT })
      .toBe('no_logs');
    const summary = await holders(request, user, project.id);
    expect(summary.holder_count).toBeNull();
    await signIn(page, user, { to: `/projects/${project.id}` });
    const section = page.getByRole('region', { name: 'Holders', exact: true });
    await expect(section.getByText(holderNoticeTitle.no_logs!, { exact: true })).toBeVisible();
    await expect(section).toContainText('no Transfer logs from its address');
    await expect(section).toContainText('1,000,000 PRXY');
    await expect(section).not.toContainText(/\b0 holders\b/);
    await expect(section.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
    await expectNoOverflow(page, section);
    await shoot(page, section, 'holders-no-logs');
    // The dashboard does not wait for a count that will not come.
    await page.goto('/');
    const recent = page.getByRole('list', { name: 'Recent projects' }).getByRole('link').filter({ hasText: 'PRXY' });
    await expect(recent).toContainText('Holders not available');
    await expect(recent).not.toContainText('Holders indexing');
  });
});
