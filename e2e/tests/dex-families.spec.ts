import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  shortenAddress,
  type ActivityPage,
  type Candles,
  type DexOption,
  type Pool,
  type Project,
  type TokenOption,
} from '@tokendesk/contract';
import type { DevnetPool } from '@tokendesk/devchain';
import { axeViolations, seriousViolations, WCAG_TAGS } from '../axe';
import { DEVNET_CHAIN_ID, devnetAddresses, devnetToken, swapOnDevnet } from '../devnet';
import { apiGet, apiPost, expect, signIn, test, type TestUser } from '../fixtures';

/**
 * Issue 30: one pool of every DEX family on the devnet, attached through the Add Pool dialog as a
 * user would, then its price, activity (the seeded month and one new swap) and candles on its page,
 * axe, and screenshots at 1440 and 390 px. One test per family, so a failure names the family.
 *
 * The DEX of each family is found by the `family` the API's DEX options carry, not by a guessed id.
 * Screenshots go to e2e/screenshots/ (git-ignored), or to FAMILIES_SHOTS_DIR.
 */
const SHOTS =
  process.env.FAMILIES_SHOTS_DIR ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
fs.mkdirSync(SHOTS, { recursive: true });

const A = devnetAddresses;
const sameAddress = (address: string) => new RegExp(`^${address}$`, 'i');

interface FamilyCase {
  /** The test's title and the screenshots' name. */
  name: string;
  family: DexOption['family'];
  /** The project token (the devnet's DEMO or SMPL; DAI for the stable pool, paired with USDC). */
  project: 'demo' | 'smpl' | 'dai';
  /** The paired token's address (its option is found by address). */
  paired: string;
  pairLabel: string;
  pool: string;
  /** A swap of the devchain's CLI on this pool, and its side (buy spends ETH/USDC). */
  swap: { pool: DevnetPool; side: 'buy' | 'sell'; amount: string };
  /** What the Add Pool dialog says of the found pool. */
  found: string;
  /** Badges of the pool page's header (fee, shape). */
  badges: string[];
  /** The family card's title and the facts it shows; null for Uniswap (no such card). */
  card: { title: string; facts: string[] } | null;
}

const CASES: FamilyCase[] = [
  {
    // Runs today: the spec's own check before the other families' adapters are merged.
    name: 'uniswap-v3 SMPL/WETH',
    family: 'uniswap-v3',
    project: 'smpl',
    paired: A.weth,
    pairLabel: 'SMPL/WETH',
    pool: A.pools.smplWethV3,
    swap: { pool: 'smpl-weth', side: 'buy', amount: '0.01' },
    found: 'Uniswap V3-style pool, fee tier 0.3%',
    badges: ['Fee 0.3%'],
    card: null,
  },
  {
    name: 'solidly volatile DEMO/WETH',
    family: 'solidly',
    project: 'demo',
    paired: A.weth,
    pairLabel: 'DEMO/WETH',
    pool: A.solidly.pools.demoWethVolatile,
    swap: { pool: 'demo-weth-solidly', side: 'buy', amount: '0.01' },
    found: 'Solidly volatile pool, fee tier 0.3%',
    badges: ['Fee 0.3%', 'Volatile pool'],
    card: { title: 'Solidly pool', facts: ['Volatile pool', '0.3%'] },
  },
  {
    name: 'solidly stable DAI/USDC',
    family: 'solidly',
    // The swap CLI's pool trades DAI (its token) against USDC (its quote), so DAI is the project.
    project: 'dai',
    paired: A.usdc,
    pairLabel: 'DAI/USDC',
    pool: A.solidly.pools.usdcDaiStable,
    // Buys DAI with USDC: the project token (DAI) comes out of the pool.
    swap: { pool: 'usdc-dai-stable', side: 'buy', amount: '5' },
    found: 'Solidly stable pool, fee tier 0.05%',
    badges: ['Fee 0.05%', 'Stable pool'],
    card: { title: 'Solidly pool', facts: ['Stable pool', 'x³y + y³x = k', '0.05%'] },
  },
  {
    name: 'slipstream DEMO/WETH',
    family: 'slipstream',
    project: 'demo',
    paired: A.weth,
    pairLabel: 'DEMO/WETH',
    pool: A.slipstream.pools.demoWeth200,
    swap: { pool: 'demo-weth-slipstream', side: 'buy', amount: '0.01' },
    found: 'Slipstream pool, tick spacing 200, fee tier 0.3%',
    badges: ['Fee 0.3%', 'Tick spacing 200'],
    card: { title: 'Slipstream pool', facts: ['Tick spacing', '200', '0.3%'] },
  },
  {
    name: 'algebra DEMO/WETH',
    family: 'algebra',
    project: 'demo',
    paired: A.weth,
    pairLabel: 'DEMO/WETH',
    pool: A.algebra.pools.demoWeth,
    swap: { pool: 'demo-weth-algebra', side: 'buy', amount: '0.01' },
    // The devnet's pool has no plugin; whether its fee is shown as a tier or as dynamic is the adapter's call.
    found: 'Algebra pool',
    badges: [],
    card: { title: 'Algebra pool', facts: ['Tick spacing', '60', 'No plugin'] },
  },
  {
    name: 'liquidity-book DEMO/USDC',
    family: 'liquidity-book',
    project: 'demo',
    paired: A.usdc,
    pairLabel: 'DEMO/USDC',
    pool: A.lfj.pairs.demoUsdc,
    swap: { pool: 'demo-usdc-lfj', side: 'buy', amount: '5' },
    found: 'Liquidity Book pair, bin step 25 (0.25%)',
    badges: ['Bin step 25 (0.25%)'],
    card: { title: 'Liquidity Book pair', facts: ['Bin step', '25 (0.25%)'] },
  },
];

async function createProject(request: APIRequestContext, user: TestUser, key: FamilyCase['project']): Promise<Project> {
  // DAI is deployed with Aerodrome's pools (packages/devchain solidly.ts), not among the devnet's named tokens.
  const token =
    key === 'dai' ? { address: A.solidly.dai, name: 'Dai Stablecoin', symbol: 'DAI', decimals: 18 } : devnetToken(key);
  return apiPost<Project>(request, user, '/projects/create/', {
    network: DEVNET_CHAIN_ID,
    contract_address: token.address,
    name: token.name,
    token_symbol: token.symbol,
    token_decimal: token.decimals,
  });
}

/** Add Pool as a user does it: choose the family's DEX (its option names its factory) and the token, check what was found, add. */
async function addPoolWithDialog(
  page: Page,
  request: APIRequestContext,
  user: TestUser,
  project: Project,
  c: FamilyCase,
): Promise<Pool> {
  const dexes = await apiGet<DexOption[]>(request, user, `/projects/network/${DEVNET_CHAIN_ID}/dex-options/`);
  const dex = dexes.find((d) => d.family === c.family);
  expect(dex, `the devnet lists a DEX of the ${c.family} family (its adapter and devnet row are merged)`).toBeTruthy();
  const tokens = await apiGet<TokenOption[]>(request, user, `/projects/network/${DEVNET_CHAIN_ID}/token-options/`);
  const paired = tokens.find((t) => t.address.toLowerCase() === c.paired.toLowerCase());
  expect(paired, `the devnet offers ${c.pairLabel.split('/')[1]} as a paired token`).toBeTruthy();

  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page, user, { to: `/projects/${project.id}` });
  await page.getByRole('button', { name: 'Add First Pool' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Pool' });
  const select = dialog.getByLabel('DEX');
  // The option names the contract TokenDesk reads, shortened, in full on hover.
  const option = select.locator(`option[value="${dex!.id}"]`);
  await expect(option).toHaveText(`${dex!.name} · ${shortenAddress(dex!.factory)}`);
  await expect(option).toHaveAttribute('title', `Factory ${dex!.factory}`);
  await select.selectOption(dex!.id);
  await expect(dialog.getByText(`Reads the factory ${dex!.factory}`)).toBeVisible();
  await dialog.getByLabel('Token', { exact: true }).selectOption(paired!.id);
  await expect(dialog.getByLabel('Pool Address')).toHaveValue(sameAddress(c.pool), { timeout: 20_000 });
  await expect(dialog).toContainText(c.found);
  await dialog.screenshot({ path: `${SHOTS}/${slug(c)}-add-pool-1440.png` });
  await dialog.getByRole('button', { name: 'Add Pool' }).click();
  await expect(dialog).toBeHidden();

  const pools = await apiGet<Pool[]>(request, user, `/projects/${project.id}/pools/`);
  const pool = pools.find((p) => p.pool_address.toLowerCase() === c.pool.toLowerCase());
  expect(pool, 'the pool is attached').toBeTruthy();
  expect(pool!.dex.id).toBe(dex!.id);
  return pool!;
}

const slug = (c: FamilyCase) => c.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

test.describe('DEX families on the devnet', () => {
  for (const c of CASES) {
    test(`${c.name}: attach through Add Pool, see price, activity, candles and the family's facts`, async ({
      page,
      request,
      user,
    }) => {
      // The indexer's backfill of a month, a swap through the CLI, two viewports and axe.
      test.slow();
      const project = await createProject(request, user, c.project);
      const pool = await addPoolWithDialog(page, request, user, project, c);
      expect(pool.pool_version).toBe(c.family.startsWith('uniswap-') ? c.family.slice('uniswap-'.length) : c.family);

      // The seeded month: candles, and stored events, once the indexer's backfill is in.
      await expect
        .poll(
          async () =>
            (await apiGet<Candles>(request, user, `/projects/pool/${pool.id}/candles/?interval=1h`)).candles.length,
          { timeout: 90_000 },
        )
        .toBeGreaterThan(0);
      // One new swap on the pool: it must show up as this pool's activity.
      const swap = await swapOnDevnet({ ...c.swap, account: 3 });
      await expect
        .poll(
          async () =>
            (await apiGet<ActivityPage>(request, user, `/projects/activity/?pool=${pool.id}&limit=50`)).events.some(
              (e) => e.tx_hash === swap.txHash,
            ),
          {
            timeout: 60_000,
          },
        )
        .toBe(true);
      const fund = await apiGet<Pool>(request, user, `/projects/user/pools/funds/${pool.id}/`);
      expect(fund.price, 'a price read from the chain').not.toBeNull();

      // The project page's row shows the family's shape.
      const row = page
        .getByRole('list', { name: 'Liquidity pools' })
        .getByRole('listitem')
        .filter({ hasText: c.pairLabel });
      for (const badge of c.badges) await expect(row).toContainText(badge.replace(/^Fee /, ''));

      await page.goto(`/funds/${pool.id}`);
      await expect(page.getByRole('heading', { name: `${c.pairLabel} Pool`, level: 1 })).toBeVisible();
      for (const badge of c.badges)
        await expect(page.getByRole('main').getByText(badge, { exact: true }).first()).toBeVisible();
      const price = page.getByRole('region', { name: 'Price', exact: true });
      await expect(price).not.toContainText('—');
      if (c.card) {
        const card = page.getByRole('region', { name: c.card.title });
        for (const fact of c.card.facts) await expect(card).toContainText(fact);
      }
      const activity = page.getByRole('region', { name: 'Recent Activity' });
      await expect(activity.locator(`[data-tx="${swap.txHash}"]`)).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole('heading', { name: 'Price History' })).toBeVisible();
      await expect(page.locator('canvas').first()).toBeVisible();
      await page.waitForTimeout(300); // the chart's fitContent after the data
      await page.screenshot({ path: `${SHOTS}/${slug(c)}-1440.png`, fullPage: true });

      const violations = seriousViolations(await axeViolations(page, { tags: WCAG_TAGS }));
      expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);

      // Phone: nothing pushes the page sideways.
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(price).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: `${SHOTS}/${slug(c)}-390.png`, fullPage: true });
    });
  }
});
