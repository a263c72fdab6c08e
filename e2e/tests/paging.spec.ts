import type { AlertPage, Pool, Project } from '@tokendesk/contract';
import { createPoolOnDevnet, deployTestContract, devnetClients } from '@tokendesk/devchain';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { axeViolations, seriousViolations, WCAG_TAGS } from '../axe';
import { addPoolViaApi, DEVNET_CHAIN_ID, devnetRpcUrl, devnetToken } from '../devnet';
import { apiGet, apiPost, expect, newUserData, registerViaApi, signIn, test, type TestUser } from '../fixtures';

/*
 * Product §11 (decision 0026): /projects, /funds and the alert forms' pool select page on the server. A user
 * with more rows than one page (50) sees 'Load more', a search is answered by the server (not by
 * filtering the rows already loaded), and the pool select finds a pool that is not on its first page.
 */

/** One more than a page, plus one: two pages of 50 + 2. */
const ROWS = 52;
/** Anvil's dev account #5: no other spec sends from it, so its nonces are ours. */
const SEEDER = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc' as const;

interface Seeded {
  needle: { project: Project; pool: Pool; symbol: string };
  projects: Project[];
}

/**
 * ROWS fresh ERC-20s on the devnet, each with a Uniswap V2 pair against WETH, each added as a
 * project with that pool through the API: real contracts, real on-chain verification. The first
 * one (the oldest, so on the second page of every newest-first list) carries a unique symbol.
 *
 * The chain writes go one after another (one sender, its nonces in order); the API calls that add
 * each token as a project with its pool run while the next tokens deploy, since they are
 * independent of each other once the needle is in.
 */
async function seed(request: APIRequestContext, user: TestUser): Promise<Seeded> {
  const clients = devnetClients(devnetRpcUrl());
  const weth = devnetToken('weth');
  const run = Date.now().toString(36).slice(-5).toUpperCase();
  const added: Promise<{ project: Project; pool: Pool }>[] = [];
  for (let i = 0; i < ROWS; i++) {
    const symbol = i === 0 ? `NDL${run}` : `PG${run}${i}`;
    const name = i === 0 ? `Needle ${run}` : `Paging ${run} ${String(i).padStart(2, '0')}`;
    const token = await deployTestContract(clients, SEEDER, 'oddMetadataToken', [name, symbol, false, 10n ** 24n]);
    await createPoolOnDevnet(clients, { version: 'v2', tokenA: token.address, tokenB: weth.address, from: SEEDER });
    const add = (async () => {
      const project = await apiPost<Project>(request, user, '/projects/create/', {
        network: DEVNET_CHAIN_ID,
        contract_address: token.address,
        name,
        token_symbol: symbol,
        token_decimal: 18,
      });
      return { project, pool: await addPoolViaApi(request, user, project.id, 'uniswap-v2', 'weth') };
    })();
    // The needle's project and pool must be the oldest rows: it is in before any other starts.
    if (i === 0) await add;
    // Its failure is reported by Promise.all below, not as an unhandled rejection meanwhile.
    add.catch(() => undefined);
    added.push(add);
  }
  const rows = await Promise.all(added);
  const [needle] = rows;
  return { needle: { ...needle!, symbol: `NDL${run}` }, projects: rows.map((r) => r.project) };
}

/** axe-core (WCAG 2.1 A/AA, as accessibility.spec does): the serious and critical findings, as text. */
async function seriousA11yFindings(page: Page): Promise<string[]> {
  return seriousViolations(await axeViolations(page, { tags: WCAG_TAGS })).map(
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

test.describe('paging on the server', () => {
  // Each test loads and re-renders lists of 50 rows a dozen times: on a busy 2-core machine that
  // alone took the 60 s default (the last step of the /projects test timed out at load 20).
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  test.use({ viewport: { width: 1440, height: 900 } });
  let seeded: Seeded;
  let owner: TestUser;

  test.beforeAll(async ({ playwright }, testInfo) => {
    testInfo.setTimeout(300_000);
    const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    owner = newUserData();
    await registerViaApi(request, owner);
    seeded = await seed(request, owner);
    // The API itself pages: 50 then the rest, and the needle is not on the first page.
    const first = await apiGet<{ pools: Pool[]; next_cursor: string | null }>(request, owner, '/projects/user/pools/');
    expect(first.pools).toHaveLength(50);
    expect(first.next_cursor).not.toBeNull();
    expect(first.pools.map((p) => p.id)).not.toContain(seeded.needle.pool.id);
    await request.dispose();
  });

  test('/projects: a page of 50, Load more, and a search the server answers', async ({ page }, testInfo) => {
    await signIn(page, owner, { to: '/projects' });
    const rows = page.getByRole('list', { name: 'Projects', exact: true }).getByRole('listitem');
    await expect(rows).toHaveCount(50);
    await expect(page.getByText('50 projects shown')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
    await expect(page.getByText(`${ROWS} token projects`)).toBeVisible();
    await page.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded();
    await shoot(page, testInfo, 'projects-1440');

    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(rows).toHaveCount(ROWS);
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
    await expect(rows.filter({ hasText: seeded.needle.project.name })).toHaveCount(1);

    // The search goes to the server with q, once the typing settles.
    await page.reload();
    await expect(rows).toHaveCount(50);
    await expect(rows.filter({ hasText: seeded.needle.project.name })).toHaveCount(0);
    const asked = page.waitForResponse(
      (r) => r.url().includes('/api/v1/projects/?') && new URL(r.url()).searchParams.get('q') === seeded.needle.symbol,
    );
    await page.getByRole('searchbox', { name: 'Search your projects' }).fill(seeded.needle.symbol);
    const answer = (await (await asked).json()) as { projects: Project[]; next_cursor: string | null };
    expect(answer.projects.map((p) => p.id)).toEqual([seeded.needle.project.id]);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(seeded.needle.project.name);
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${seeded.needle.symbol}`));

    // The search survives a reload (it is in the address).
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search your projects' })).toHaveValue(seeded.needle.symbol);
    await expect(rows).toHaveCount(1);

    await page.getByRole('searchbox', { name: 'Search your projects' }).fill('no-such-project-zz');
    await expect(page.getByText('No matching projects')).toBeVisible();
    await expect(page.getByText('No projects found for "no-such-project-zz"')).toBeVisible();
    await page.getByRole('button', { name: 'Clear search' }).first().click();
    await expect(rows).toHaveCount(50);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(rows).toHaveCount(50);
    await shoot(page, testInfo, 'projects-390');
  });

  test('/funds: a page of 50, Load more, and a search the server answers', async ({ page }, testInfo) => {
    await signIn(page, owner, { to: '/funds' });
    const rows = page.getByRole('list', { name: 'Funds', exact: true }).getByRole('listitem');
    await expect(rows).toHaveCount(50);
    await expect(page.getByText('50 pools shown')).toBeVisible();
    await shoot(page, testInfo, 'funds-1440');
    expect(await seriousA11yFindings(page)).toEqual([]);
    await page.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded();
    await shoot(page, testInfo, 'funds-1440-end');
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(rows).toHaveCount(ROWS);
    await expect(page.getByText(`${ROWS} pools shown`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);

    const asked = page.waitForResponse(
      (r) =>
        r.url().includes('/api/v1/projects/user/pools/funds/?') &&
        new URL(r.url()).searchParams.get('q') === seeded.needle.symbol,
    );
    await page.getByRole('searchbox', { name: 'Search funds' }).fill(seeded.needle.symbol);
    const answer = (await (await asked).json()) as { pools: Pool[] };
    expect(answer.pools.map((p) => p.id)).toEqual([seeded.needle.pool.id]);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(`${seeded.needle.symbol}/WETH`);

    await page.getByRole('searchbox', { name: 'Search funds' }).fill('zz-no-such-pool');
    await expect(page.getByText('No matching funds')).toBeVisible();
    await expect(page.getByText('No pools match "zz-no-such-pool".')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search funds' }).press('Escape');
    // Back to the whole list: the two pages loaded before the search are still there.
    await expect(rows).toHaveCount(ROWS);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('searchbox', { name: 'Search funds' }).fill(seeded.needle.symbol);
    await expect(rows).toHaveCount(1);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(page, testInfo, 'funds-390');
  });

  test('the alert form’s pool select pages and finds a pool beyond the first page by typing', async ({
    page,
  }, testInfo) => {
    await signIn(page, owner, { to: '/alerts' });
    await page.getByRole('button', { name: 'Create Your First Alert' }).click();
    await page.getByRole('menuitem', { name: /Price Move/ }).click();
    const dialog = page.getByRole('dialog', { name: 'New Price Move Alert' });
    const field = dialog.getByRole('combobox', { name: 'Pool' });
    const options = dialog.getByRole('option');

    // Focus starts in the field; ArrowDown opens the list with the newest 50.
    await expect(field).toBeFocused();
    await field.press('ArrowDown');
    await expect(field).toHaveAttribute('aria-expanded', 'true');
    await expect(options).toHaveCount(50);
    await expect(options.filter({ hasText: `${seeded.needle.symbol}/WETH` })).toHaveCount(0);
    await shoot(page, testInfo, 'alert-select-1440');
    expect(await seriousA11yFindings(page)).toEqual([]);

    // Arrows move the active option (aria-activedescendant); ArrowDown on the last one loads the next page.
    await field.press('ArrowDown');
    await expect(field).toHaveAttribute('aria-activedescendant', /-option-0$/);
    await field.press('End'); // the text field's key, not the list's
    await expect(field).toHaveAttribute('aria-activedescendant', /-option-0$/);
    for (let i = 0; i < 5; i++) await field.press('PageDown');
    await expect(field).toHaveAttribute('aria-activedescendant', /-option-49$/);
    await expect(options).toHaveCount(ROWS);
    await expect(options.filter({ hasText: `${seeded.needle.symbol}/WETH` })).toHaveCount(1);

    // Escape closes the list, not the dialog.
    await field.press('Escape');
    await expect(field).toHaveAttribute('aria-expanded', 'false');
    await expect(dialog).toBeVisible();

    // Typing asks the server; the needle (the oldest pool) is found.
    const asked = page.waitForResponse(
      (r) =>
        r.url().includes('/api/v1/projects/user/pools/?') &&
        new URL(r.url()).searchParams.get('q') === seeded.needle.symbol,
    );
    await field.fill(seeded.needle.symbol);
    await asked;
    await expect(options).toHaveCount(1);
    await field.press('ArrowDown');
    await field.press('Enter');
    await expect(field).toHaveAttribute('aria-expanded', 'false');
    await expect(field).toHaveValue(`${seeded.needle.symbol}/WETH - Uniswap V2`);
    await expect(dialog).toBeVisible();

    await field.fill('zz-no-such-pool');
    await expect(dialog.getByText('No pools match "zz-no-such-pool"')).toBeVisible();
    await field.press('Escape');
    await expect(field).toHaveValue(`${seeded.needle.symbol}/WETH - Uniswap V2`);

    await dialog.getByLabel('Price change of at least (%)').fill('10');
    await dialog.getByRole('button', { name: 'Create Alert' }).click();
    await expect(dialog).toBeHidden();
    const { alerts } = await apiGet<AlertPage>(page.request, owner, '/projects/alerts/');
    expect(alerts.map((a) => a.pool_id)).toEqual([seeded.needle.pool.id]);
    const row = page.getByRole('list', { name: 'Price Move alerts' }).getByRole('listitem');
    await expect(row).toContainText(`${seeded.needle.symbol}/WETH`);

    // The edit form shows the alert's pool although it is not on the select's first page.
    await row.click();
    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Price Move Alert' });
    await expect(edit.getByRole('combobox', { name: 'Pool' })).toHaveValue(`${seeded.needle.symbol}/WETH - Uniswap V2`);
    await expect(edit.getByRole('combobox', { name: 'Pool' })).toBeDisabled();
    await edit.getByRole('button', { name: 'Cancel' }).click();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/alerts');
    await page.getByRole('button', { name: 'Add Alert' }).click();
    await page.getByRole('menuitem', { name: /Large Swap/ }).click();
    const small = page.getByRole('dialog', { name: 'New Large Swap Alert' });
    await small.getByRole('combobox', { name: 'Pool' }).click();
    await expect(small.getByRole('option')).toHaveCount(50);
    await shoot(page, testInfo, 'alert-select-390');
  });
});
