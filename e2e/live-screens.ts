/**
 * Issue 31's speed figure: with /activities (Market Prices beside it at 1440 px) and a pool page open,
 * each in its own tab with its own stream, how long a devnet swap takes to reach each screen without
 * a click, timed from its receipt (anvil mines on receipt of the transaction, so: from its block).
 * Shared by e2e/tests/live.spec.ts and bench/live-screens (`npm run bench:live-screens`), so the
 * spec and the bench measure the same thing the same way. Plain Page calls of playwright-core, no
 * test runner; no DOM types either (the bench's program has none), hence the cast in the page.
 */
import type { Page } from 'playwright-core';

/** Issue 31: a devnet swap reaches every open screen within 2 s at p95, indexing included. */
export const LIVE_TARGET_P95_MS = 2_000;
export const LIVE_SCREENS = ['activities', 'pool page', 'market prices'] as const;
export type LiveScreen = (typeof LIVE_SCREENS)[number];
export type LiveLatencies = Record<LiveScreen, number[]>;

export interface LiveScreensOpen {
  /** /activities, at a width where Market Prices is beside it (1280 px and up). */
  activities: Page;
  /** /funds/<poolId>. */
  poolPage: Page;
  poolId: number;
}

type PageDocument = { document: { querySelector(selector: string): { textContent: string | null } | null } };

const priceRow = (poolId: number) => `[data-prices-panel] a[href="/funds/${poolId}"]`;

export const emptyLatencies = (): LiveLatencies => ({ activities: [], 'pool page': [], 'market prices': [] });

/** Both tabs' streams are open and the screens show the pool: the backfill's rows and its price row. */
export async function waitUntilMeasurable(screens: LiveScreensOpen): Promise<void> {
  for (const tab of [screens.activities, screens.poolPage])
    await tab.locator('header [data-connection="live"]').waitFor({ timeout: 30_000 });
  await screens.activities.locator('[data-testid="activity-row"]').first().waitFor({ timeout: 60_000 });
  await screens.activities.locator(priceRow(screens.poolId)).waitFor({ timeout: 60_000 });
}

/**
 * Sends one swap (`swap` resolves when its receipt is in) and adds, per screen, the time from the
 * receipt until the screen shows it: its row in each activity list, and a changed figure in Market
 * Prices (so the swaps should all move the price the same way, e.g. buys only).
 */
export async function timeOneSwap(
  screens: LiveScreensOpen,
  latencies: LiveLatencies,
  swap: () => Promise<{ txHash: string }>,
  timeoutMs = 30_000,
): Promise<void> {
  const selector = priceRow(screens.poolId);
  const priceBefore = await screens.activities.locator(selector).textContent();
  const { txHash } = await swap();
  const mined = Date.now();
  const seen = async (name: LiveScreen, arrival: Promise<unknown>) => {
    await arrival;
    latencies[name].push(Date.now() - mined);
  };
  await Promise.all([
    seen(
      'activities',
      screens.activities
        .locator(`[aria-label="Activity events"] [data-tx="${txHash}"]`)
        .first()
        .waitFor({ timeout: timeoutMs }),
    ),
    seen(
      'pool page',
      screens.poolPage
        .locator(`[aria-label="Pool activity"] [data-tx="${txHash}"]`)
        .first()
        .waitFor({ timeout: timeoutMs }),
    ),
    seen(
      'market prices',
      screens.activities.waitForFunction(
        ([sel, before]) => (globalThis as unknown as PageDocument).document.querySelector(sel)?.textContent !== before,
        [selector, priceBefore] as const,
        { timeout: timeoutMs, polling: 'raf' },
      ),
    ),
  ]);
}

/** Nearest-rank percentile (p in 0–100). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export interface LiveScreenFigures {
  screen: LiveScreen;
  p50: number;
  p95: number;
  max: number;
  samples: number[];
  met: boolean;
}

export function liveFigures(latencies: LiveLatencies): LiveScreenFigures[] {
  return LIVE_SCREENS.map((screen) => {
    const samples = latencies[screen];
    const p95 = percentile(samples, 95);
    return {
      screen,
      p50: percentile(samples, 50),
      p95,
      max: Math.max(...samples),
      samples,
      met: p95 <= LIVE_TARGET_P95_MS,
    };
  });
}

/** One line per screen: p50/p95/max over the swaps, every sample, and met/MISSED against the 2 s target. */
export function liveFigureLines(figures: readonly LiveScreenFigures[]): string[] {
  return figures.map(
    (f) =>
      `${f.screen}: p50 ${f.p50} ms, p95 ${f.p95} ms, max ${f.max} ms over ${f.samples.length} swaps; ` +
      `target ${LIVE_TARGET_P95_MS} ms at p95 ${f.met ? 'met' : 'MISSED'} [${f.samples.join(' ')}]`,
  );
}
