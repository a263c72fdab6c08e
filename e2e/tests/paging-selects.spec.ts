import AxeBuilder from '@axe-core/playwright';
import type { Alert, Pool, Project, Ticket } from '@tokendesk/contract';
import { createPoolOnDevnet, deployTestContract, devnetClients } from '@tokendesk/devchain';
import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import { DEVNET_CHAIN_ID, devnetRpcUrl, devnetToken } from '../devnet';
import { basicAuth, expect, newUserData, registerViaApi, signIn, test, type TestUser } from '../fixtures';

/*
 * Lists are paged on the server (decision 0026), also where a screen names or offers pools or projects: a user
 * with more than that finds the oldest one in the activity filters' selects and in the new ticket's
 * project select (each searched on the server), and /alerts pages through more than 50 alerts, each
 * row and the detail naming its pool from the alert's own label.
 */

/** More than LIST_PAGE_MAX (200): the oldest is beyond what the screens used to load. */
const ROWS = 205;
/** More than one page of alerts (50). */
const ALERTS = 56;
/** Anvil's dev account #6: no other spec sends from it, so its nonces are ours. */
const SEEDER = '0x976EA74026E726554dB657fA54763abd0C3a0aa9' as const;

interface Seeded {
  /** The oldest project with its pool: on no first page, and past the newest 200. */
  needle: { project: Project; pool: Pool; symbol: string; name: string };
  /** The oldest alert (the needle's pool), on the second page of /alerts. */
  oldestAlert: Alert;
}

/** The API as the seeded user, with a bearer token (Basic on every call would hash the password each time). */
class Api {
  constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  static async signIn(request: APIRequestContext, user: TestUser): Promise<Api> {
    const response = await request.get('/api/v1/user/login/', { headers: basicAuth(user) });
    expect(response.ok(), await response.text()).toBe(true);
    return new Api(request, ((await response.json()) as { token: string }).token);
  }

  async call<T>(method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const response = await this.request.fetch(`/api/v1${path}`, {
        method,
        headers: { Authorization: `Bearer ${this.token}` },
        data,
      });
      // The per-user budget of chain-verified routes refills over time: wait as told, then go on.
      // A 503 is the node not answering in time (a busy machine): seeding, not what is tested, so again.
      if ((response.status() === 429 || response.status() === 503) && attempt < 10) {
        await new Promise((resolve) =>
          setTimeout(resolve, 1000 * Math.max(1, Number(response.headers()['retry-after'] ?? 1))),
        );
        continue;
      }
      expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
      return (await response.json()) as T;
    }
  }
}

/** Runs `work` over `items`, `limit` at a time, keeping their order in the answers. */
async function inPool<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!, index);
      }
    }),
  );
  return results;
}

/**
 * ROWS fresh ERC-20s on the devnet, each with a Uniswap V2 pair against WETH (real contracts), then
 * each added as a project with that pool through the API (real on-chain verification), oldest
 * first, and ALERTS alerts, the oldest on the oldest pool.
 */
async function seed(api: Api): Promise<Seeded> {
  const clients = devnetClients(devnetRpcUrl());
  const weth = devnetToken('weth');
  const run = Date.now().toString(36).slice(-5).toUpperCase();
  const deploy = async (i: number) => {
    const symbol = i === 0 ? `OLD${run}` : `SL${run}${i}`;
    const name = i === 0 ? `Oldest ${run}` : `Select ${run} ${String(i).padStart(3, '0')}`;
    const token = await deployTestContract(clients, SEEDER, 'oddMetadataToken', [name, symbol, false, 10n ** 24n]);
    const pair = await createPoolOnDevnet(clients, {
      version: 'v2',
      tokenA: token.address,
      tokenB: weth.address,
      from: SEEDER,
    });
    return { name, symbol, token: token.address, pool: pair.address };
  };
  const add = async ({ name, symbol, token, pool }: Awaited<ReturnType<typeof deploy>>) => {
    const project = await api.call<Project>('POST', '/projects/create/', {
      network: DEVNET_CHAIN_ID,
      contract_address: token,
      name,
      token_symbol: symbol,
      token_decimal: 18,
    });
    const added = await api.call<Pool>('POST', `/projects/pool/${project.id}/`, {
      dex: 'uniswap-v2',
      token: 'weth',
      pool_address: pool,
      pool_version: 'v2',
    });
    return { project, pool: added };
  };
  // The oldest first, alone, so it is the oldest row of every newest-first list.
  const needleToken = await deploy(0);
  const first = await add(needleToken);
  // Then the chain transactions one after the other (one sender, its nonces; anvil mines each at
  // once) while the API adds the deployed ones, a few at a time.
  const adding: Promise<Awaited<ReturnType<typeof add>>>[] = [];
  const inFlight = new Set<Promise<unknown>>();
  for (let i = 1; i < ROWS; i++) {
    const deployed = await deploy(i);
    if (inFlight.size >= 4) await Promise.race(inFlight);
    const done = add(deployed);
    const tracked = done.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
    adding.push(done);
  }
  const rest = await Promise.all(adding);

  const oldestAlert = await api.call<Alert>('POST', '/projects/alerts/', {
    kind: 'large_swap',
    pool_id: first.pool.id,
    min_amount: '1000',
  });
  await inPool(
    Array.from({ length: ALERTS - 1 }, (_, i) => i + 1),
    4,
    (i) =>
      api.call<Alert>('POST', '/projects/alerts/', {
        kind: 'price_move',
        pool_id: rest[i % rest.length]!.pool.id,
        threshold_pct: String(5 + i),
        window_minutes: 60,
      }),
  );
  return {
    needle: { project: first.project, pool: first.pool, symbol: needleToken.symbol, name: needleToken.name },
    oldestAlert,
  };
}

/** axe-core (WCAG 2.1 A/AA, as accessibility.spec does): the serious and critical findings, as text. */
async function seriousA11yFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
}

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: false });
}

/** No sideways scrolling: the page is no wider than the viewport. */
async function expectNoSidewaysScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, 'page wider than the viewport').toBeLessThanOrEqual(client);
}

/** Types into a searchable select and waits for the server's answer to that text. */
async function search(page: Page, field: Locator, path: string, text: string) {
  const asked = page.waitForResponse(
    (r) => new URL(r.url()).pathname === `/api/v1${path}` && new URL(r.url()).searchParams.get('q') === text,
  );
  await field.fill(text);
  return asked;
}

test.describe('selects and lists past the newest 200', () => {
  // Pages of 50 rows with axe checks: more than the default minute on a busy 2-core machine.
  test.describe.configure({ mode: 'serial', timeout: 300_000 });
  test.use({ viewport: { width: 1440, height: 900 } });
  let seeded: Seeded;
  let owner: TestUser;

  test.beforeAll(async ({ playwright }, testInfo) => {
    testInfo.setTimeout(600_000);
    const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    owner = newUserData();
    await registerViaApi(request, owner);
    const api = await Api.signIn(request, owner);
    const started = Date.now();
    seeded = await seed(api);
    console.log(
      `seeded ${ROWS} projects with a pool each and ${ALERTS} alerts in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    // The API pages: the needle is past the newest 200 projects and pools.
    const projects = await api.call<{ projects: Project[] }>('GET', '/projects/?limit=200');
    expect(projects.projects.map((p) => p.id)).not.toContain(seeded.needle.project.id);
    const pools = await api.call<{ pools: Pool[] }>('GET', '/projects/user/pools/?limit=200');
    expect(pools.pools.map((p) => p.id)).not.toContain(seeded.needle.pool.id);
    await request.dispose();
  });

  test('/alerts: a page of 50, Load more, a search, and the detail and edit of an alert past the first page', async ({
    page,
  }, testInfo) => {
    const label = `${seeded.needle.symbol}/WETH`;
    await signIn(page, owner, { to: '/alerts' });
    const rows = page.getByRole('main').getByRole('listitem');
    // A first load of a page of rows on a busy machine: more than the default 10 s.
    await expect(page.getByText('50 alerts shown')).toBeVisible({ timeout: 30_000 });
    await expect(rows).toHaveCount(50);
    await expect(rows.filter({ hasText: label })).toHaveCount(0);
    await expect(page.getByText(/Pool #\d/)).toHaveCount(0);
    await shoot(page, testInfo, 'alerts-1440');
    expect(await seriousA11yFindings(page)).toEqual([]);

    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(page.getByText(`${ALERTS} alerts shown`)).toBeVisible();
    await expect(rows).toHaveCount(ALERTS);
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
    // The oldest alert's row names its pool from the alert's own label (its pool is past the newest 200).
    const needleRow = page.getByRole('list', { name: 'Large Swap alerts' }).getByRole('listitem');
    await expect(needleRow).toHaveCount(1);
    await expect(needleRow).toContainText(label);
    await expect(needleRow).toContainText('Uniswap V2');
    await expect(needleRow).toContainText('≥ 1,000 WETH');

    // The search goes to the server (q), kept in the address.
    const asked = page.waitForResponse(
      (r) =>
        new URL(r.url()).pathname === '/api/v1/projects/alerts/' &&
        new URL(r.url()).searchParams.get('q') === seeded.needle.symbol,
    );
    await page.getByRole('searchbox', { name: 'Search alerts' }).fill(seeded.needle.symbol);
    const answer = (await (await asked).json()) as { alerts: Alert[]; next_cursor: string | null };
    expect(answer.alerts.map((a) => a.id)).toEqual([seeded.oldestAlert.id]);
    await expect(rows).toHaveCount(1);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${seeded.needle.symbol}`));
    await page.getByRole('searchbox', { name: 'Search alerts' }).fill('zz-no-such-alert');
    await expect(page.getByText('No matching alerts')).toBeVisible();
    await page.getByRole('button', { name: 'Clear search' }).last().click();
    await expect(rows).toHaveCount(ALERTS);

    // Detail and edit of the oldest alert, straight from the address.
    await page.goto(`/alerts/${seeded.oldestAlert.id}`);
    await expect(page.getByRole('heading', { name: 'Large Swap Alert', level: 1 })).toBeVisible();
    await expect(page.getByText(`${label} - Uniswap V2`, { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: `Connected Pool · ${label}` })).toBeVisible();
    await expect(page.getByText(/Pool #\d/)).toHaveCount(0);
    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Large Swap Alert' });
    await expect(edit.getByRole('combobox', { name: 'Pool' })).toHaveValue(`${label} - Uniswap V2`);
    // The paired token's symbol comes from the label too.
    await edit.getByLabel('Minimum amount (WETH)').fill('2000');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByText('≥ 2,000 WETH').first()).toBeVisible();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/alerts');
    await expect(rows).toHaveCount(50);
    await expectNoSidewaysScroll(page);
    await shoot(page, testInfo, 'alerts-390');
    await page.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded();
    await shoot(page, testInfo, 'alerts-390-end');
  });

  test('/activities: the project and pool filters find the oldest of more than 200', async ({ page }, testInfo) => {
    const poolLabel = `${seeded.needle.symbol}/WETH - Uniswap V2`;
    const projectLabel = `${seeded.needle.name} (${seeded.needle.symbol})`;
    await signIn(page, owner, { to: '/activities' });
    await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible({ timeout: 30_000 });

    // The pool filter: 'All pools' and the newest 50; typing asks the server; the oldest is found.
    const pool = page.getByRole('combobox', { name: 'Pool', exact: true });
    await expect(pool).toHaveValue('All pools');
    await pool.press('ArrowDown');
    await expect(pool).toHaveAttribute('aria-expanded', 'true');
    const poolOptions = page.locator('#activity-pool-listbox').getByRole('option');
    await expect(poolOptions).toHaveCount(51);
    await expect(poolOptions.first()).toHaveText('All pools');
    // 'All pools' is no row of the server's list: not counted.
    await expect(page.getByText('50 shown, scroll or type to find more')).toBeVisible();
    await shoot(page, testInfo, 'activity-pool-select-1440');
    expect(await seriousA11yFindings(page)).toEqual([]);
    // Arrows move through the options; past the last loaded one the next page comes.
    await pool.press('ArrowDown');
    await expect(pool).toHaveAttribute('aria-activedescendant', /-option-0$/);
    for (let i = 0; i < 6; i++) await pool.press('PageDown');
    await expect(poolOptions).toHaveCount(101);
    await pool.press('Escape');
    await expect(pool).toHaveAttribute('aria-expanded', 'false');
    await expect(pool).toHaveValue('All pools');

    await search(page, pool, '/projects/user/pools/', seeded.needle.symbol);
    await expect(poolOptions).toHaveCount(1);
    await expect(poolOptions.first()).toContainText(poolLabel);
    const feed = page.waitForResponse(
      (r) =>
        new URL(r.url()).pathname === '/api/v1/projects/activity/' &&
        new URL(r.url()).searchParams.get('pool') === String(seeded.needle.pool.id),
    );
    await pool.press('ArrowDown');
    await pool.press('Enter');
    await feed;
    await expect(pool).toHaveAttribute('aria-expanded', 'false');
    await expect(pool).toHaveValue(poolLabel);
    await expect(page).toHaveURL(new RegExp(`[?&]pool=${seeded.needle.pool.id}`));
    await expect(page.getByText('No matching activity')).toBeVisible();

    // After a reload the filter still names the pool (it is not among the newest 200 the rows use).
    await page.reload();
    await expect(pool).toHaveValue(poolLabel);

    // The project filter: the oldest project, then its pools only.
    await page.goto('/activities');
    const project = page.getByRole('combobox', { name: 'Project', exact: true });
    await expect(project).toHaveValue('All projects');
    await project.click();
    const projectOptions = page.locator('#activity-project-listbox').getByRole('option');
    await expect(projectOptions).toHaveCount(51);
    await search(page, project, '/projects/', seeded.needle.symbol);
    await expect(projectOptions).toHaveCount(1);
    await projectOptions.first().click();
    await expect(project).toHaveValue(projectLabel);
    await expect(page).toHaveURL(new RegExp(`[?&]project=${seeded.needle.project.id}`));
    const own = page.waitForResponse(
      (r) =>
        new URL(r.url()).pathname === '/api/v1/projects/user/pools/' &&
        new URL(r.url()).searchParams.get('project') === String(seeded.needle.project.id),
    );
    await pool.click();
    await own;
    await expect(poolOptions).toHaveCount(2);
    await poolOptions.nth(1).click();
    await expect(pool).toHaveValue(poolLabel);
    await expect(page).toHaveURL(new RegExp(`[?&]pool=${seeded.needle.pool.id}`));
    await page.reload();
    await expect(project).toHaveValue(projectLabel);
    await expect(pool).toHaveValue(poolLabel);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/activities');
    await pool.click();
    await expect(poolOptions).toHaveCount(51);
    await expectNoSidewaysScroll(page);
    await shoot(page, testInfo, 'activity-pool-select-390');
  });

  test('new ticket: the project select finds the oldest of more than 200', async ({ page }, testInfo) => {
    const projectLabel = `${seeded.needle.name} (${seeded.needle.symbol})`;
    await signIn(page, owner, { to: '/support' });
    await page.getByRole('button', { name: 'Create Your First Ticket' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Support Ticket' });
    const field = dialog.getByRole('combobox', { name: 'Project' });
    // The newest project is preselected; the list holds 'General question' and the newest 50.
    await expect(field).toHaveValue(/^Select .+ \(SL.+\)$/, { timeout: 30_000 });
    await expect(field).toBeFocused();
    await field.press('ArrowDown');
    const options = dialog.getByRole('option');
    await expect(options).toHaveCount(51);
    await expect(options.first()).toHaveText('General question (no project)');
    await expect(dialog.getByText('50 shown, scroll or type to find more')).toBeVisible();
    await shoot(page, testInfo, 'ticket-project-select-1440');
    expect(await seriousA11yFindings(page)).toEqual([]);
    // Escape closes the list, not the dialog.
    await field.press('Escape');
    await expect(field).toHaveAttribute('aria-expanded', 'false');
    await expect(dialog).toBeVisible();

    await search(page, field, '/projects/', seeded.needle.symbol);
    await expect(options).toHaveCount(1);
    await field.press('ArrowDown');
    await field.press('Enter');
    await expect(field).toHaveValue(projectLabel);
    await expect(dialog).toBeVisible();
    const subject = `Old project ${seeded.needle.symbol}`;
    await dialog.getByPlaceholder('Brief description of your issue').fill(subject);
    await dialog.getByPlaceholder('Describe your issue in detail').fill('The oldest of my projects.');
    await dialog.getByRole('button', { name: 'Create Ticket' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row', { name: new RegExp(subject) });
    await expect(row).toContainText(seeded.needle.name);
    const tickets = await page.request.get('/api/v1/user/tickets/', { headers: basicAuth(owner) });
    const created = ((await tickets.json()) as { tickets: Ticket[] }).tickets.find((t) => t.subject === subject);
    expect(created?.project).toBe(seeded.needle.project.id);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'New Ticket' }).click();
    await field.click();
    await expect(options).toHaveCount(51);
    await expectNoSidewaysScroll(page);
    await shoot(page, testInfo, 'ticket-project-select-390');
  });
});
