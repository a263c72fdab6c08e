import type { Alert, Pool, Project } from '@tokendesk/contract';
import { createPoolOnDevnet, deployTestContract, devnetClients, fundV2PairWithWeth } from '@tokendesk/devchain';
import type { Locator, Page } from '@playwright/test';
import { DEVNET_CHAIN_ID, devnetRpcUrl, devnetToken } from '../devnet';
import { apiPost, basicAuth, expect, newUserData, registerViaApi, signIn, test } from '../fixtures';

/** What a horizontal scroll would show; the page itself must never scroll sideways. */
async function expectNoSidewaysScroll(page: Page, what: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${what} scrolls sideways at ${innerWidth} px`).toBeLessThanOrEqual(innerWidth);
}

/** Anvil account 2: no other spec sends from it while this one runs (the chain project, one worker). */
const SEEDER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' as const;

const words = (length: number, word: string) =>
  `${word} `
    .repeat(Math.ceil(length / (word.length + 1)))
    .slice(0, length)
    .trim()
    .padEnd(length, 'x');

// Product §2.6: with long names the dashboard cards grew to 677 px at 390 px and the page scrolled sideways.
for (const width of [390, 1440]) {
  test(`every screen fits ${width} px with the longest allowed names`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const base = newUserData();
    // The limits: username 150, e-mail 254, first and last name 150 each, project name 100,
    // symbol 32, ticket subject 200. No spaces where a real value could have none.
    const user = {
      ...base,
      username: `${base.username}_`.padEnd(150, 'u'),
      email: `${`${base.username}e`.padEnd(64, 'e')}@${'d'.repeat(63)}.${'d'.repeat(63)}.${'d'.repeat(57)}.com`,
    };
    expect(user.email.length).toBe(254);
    await registerViaApi(request, user);
    const auth = { headers: basicAuth(user) };
    expect(
      (
        await request.patch('/api/v1/user/info/update/', {
          ...auth,
          data: { first_name: 'F'.repeat(150), last_name: 'L'.repeat(150) },
        })
      ).ok(),
    ).toBe(true);

    // A project takes its name and symbol from the token contract (decision 0057): a token whose
    // name() and symbol() are as long as a project's may be, with a funded V2 pair against WETH.
    const clients = devnetClients(devnetRpcUrl());
    const name = words(100, 'Longname');
    const symbol = 'S'.repeat(32);
    const token = await deployTestContract(clients, SEEDER, 'oddMetadataToken', [name, symbol, false, 10n ** 24n]);
    const pair = await createPoolOnDevnet(clients, {
      version: 'v2',
      tokenA: token.address,
      tokenB: devnetToken('weth').address,
      from: SEEDER,
    });
    await fundV2PairWithWeth(clients, {
      address: pair.address,
      token: token.address,
      tokenAmount: 10n ** 22n,
      wethAmount: 10n ** 18n,
      from: SEEDER,
    });
    const project = await apiPost<Project>(request, user, '/projects/create/', {
      network: DEVNET_CHAIN_ID,
      contract_address: token.address,
      name,
      token_symbol: symbol,
      token_decimal: 18,
    });
    expect([project.name, project.token_symbol], 'the name and symbol as long as allowed, from the chain').toEqual([
      name,
      symbol,
    ]);
    const pool = await apiPost<Pool>(request, user, `/projects/pool/${project.id}/`, {
      dex: 'uniswap-v2',
      token: 'weth',
      pool_address: pair.address,
      pool_version: 'v2',
    });
    const alert = await apiPost<Alert>(request, user, '/projects/alerts/', {
      kind: 'large_swap',
      pool_id: pool.id,
      min_amount: '0.000001',
    });
    await apiPost(request, user, '/projects/alerts/', {
      kind: 'price_move',
      pool_id: pool.id,
      threshold_pct: '0.1',
      window_minutes: 10080,
    });
    const ticket = await apiPost<{ id: number }>(request, user, '/user/tickets/create/', {
      project: project.id,
      subject: words(200, 'Subjectword'),
      message: 'M'.repeat(2000),
    });

    await page.setViewportSize({ width, height: 900 });
    await signIn(page, user);
    // Each screen with something that shows once its data is in.
    const screens: [string, (page: Page) => Locator][] = [
      ['/', (p) => p.getByRole('list', { name: 'Recent projects' })],
      ['/projects', (p) => p.getByRole('list', { name: 'Projects' })],
      [`/projects/${project.id}`, (p) => p.getByRole('list', { name: 'Liquidity pools' })],
      ['/funds', (p) => p.getByRole('list', { name: 'Funds' })],
      [`/funds/${pool.id}`, (p) => p.getByText('Pool Balance', { exact: true })],
      ['/funds/new', (p) => p.getByRole('list', { name: 'Your projects' })],
      ['/activities', (p) => p.getByRole('heading', { name: 'Activity', level: 1 })],
      ['/alerts', (p) => p.getByRole('heading', { name: /Large Swap/ })],
      [`/alerts/${alert.id}`, (p) => p.getByRole('heading', { name: 'Trigger History' })],
      ['/support', (p) => p.getByText(`ID: #${ticket.id}`)],
      [`/support/${ticket.id}`, (p) => p.getByRole('heading', { name: 'Original Request' })],
      ['/settings', (p) => p.getByRole('heading', { name: 'Password Settings' })],
      ['/profile', (p) => p.getByRole('heading', { name: 'Personal Information' })],
    ];
    for (const [path, loaded] of screens) {
      await page.goto(path);
      await expect(loaded(page).first()).toBeVisible();
      await expectNoSidewaysScroll(page, path);
    }

    // The dashboard's links and dates stay on screen (they went off it).
    await page.goto('/');
    for (const link of await page.getByRole('link', { name: 'View all' }).all()) {
      const box = await link.boundingBox();
      expect(box!.x + box!.width, 'View all is on screen').toBeLessThanOrEqual(width);
    }
    const date = page.getByRole('list', { name: 'Recent projects' }).getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    const dateBox = await date.boundingBox();
    expect(dateBox!.x + dateBox!.width).toBeLessThanOrEqual(width);

    // The user menu and the dialogs with the longest values.
    await page.getByRole('button', { name: /^User menu for/ }).click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    const menuBox = await menu.boundingBox();
    expect(menuBox!.x).toBeGreaterThanOrEqual(0);
    expect(menuBox!.x + menuBox!.width).toBeLessThanOrEqual(width);
    await expectNoSidewaysScroll(page, 'the user menu');
    await page.keyboard.press('Escape');

    // The Delete project button keeps its place while the holder badge comes in. At 390 px it sat
    // below the title and moved 28 px down when the badge appeared; a click at that moment hit
    // nothing (a CI run of this test, no dialog). The holders answer is held back until measured.
    let releaseHolders = () => {};
    const holdersHeld = new Promise<void>((resolve) => (releaseHolders = resolve));
    const holdersUrl = /\/api\/v1\/projects\/\d+\/holders\/(\?.*)?$/;
    await page.route(holdersUrl, async (route) => {
      await holdersHeld;
      await route.continue();
    });
    await page.goto(`/projects/${project.id}`);
    const deleteButton = page.getByRole('button', { name: 'Delete project' });
    await expect(deleteButton).toBeVisible();
    const badge = page.getByTestId('holder-state-badge');
    await expect(badge).toHaveCount(0);
    const before = await deleteButton.boundingBox();
    releaseHolders();
    await expect(badge).toBeVisible();
    expect(await deleteButton.boundingBox(), 'the Delete project button stays put').toEqual(before);
    await page.unroute(holdersUrl);

    await deleteButton.click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('1 liquidity pool');
    const confirmBox = await confirm.boundingBox();
    expect(confirmBox!.x + confirmBox!.width).toBeLessThanOrEqual(width);
    await expectNoSidewaysScroll(page, 'the Delete project dialog');
  });
}
