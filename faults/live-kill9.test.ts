import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demoAccounts, devnetClients, swapOnDevnet } from '@tokendesk/devchain';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAB_SESSION_HINT_KEY, TOKEN_KEY } from '../apps/web/src/lib/auth-storage';
import { allActivity, basicAuth, call, signUp, waitFor, type User } from '@tokendesk/testkit/http';
import { attachPool, createProject, startTestDevnet, type TestDevnet } from './support/devnet';
import { freePort } from '@tokendesk/testkit/free-port';
import { startCluster, type Cluster } from '@tokendesk/testkit/system-postgres';
import { killAllServers, repoRoot, startServer, type ServerProcess } from './support/server';

/**
 * Issue 31: kill -9 of the server a browser is connected to. The tab says 'Reconnecting…' at once,
 * then 'Offline' with the one banner while nothing answers; swaps made on the devnet meanwhile
 * appear on the open /activities screen once the server is started again on the same port and
 * database, without a click or a reload, and none is missing.
 *
 * Why here and not in e2e/: Playwright's webServer is the suite's shared server, which a test must
 * not kill. This file spawns its own server process (the production bundle, one process, so SIGKILL
 * is a real kill -9 with no shutdown hook) on its own PostgreSQL and devnet, and drives the real
 * Chromium through playwright-core: the lowest level at which the browser's own stream, backoff
 * and refetches are what is tested.
 */

const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const SWAPS_WHILE_DOWN = 3;

let devnet: TestDevnet;
let cluster: Cluster;
let browser: Browser;
let dataDir: string;

beforeAll(async () => {
  // The server serves apps/web/dist: built now unless it matches the sources (as `npm start` does).
  // Asynchronously: a build that blocked the worker's event loop for 100 s timed out vitest's own RPC.
  const code = await new Promise<number | null>((resolve, reject) => {
    const build = spawn(process.execPath, ['scripts/build-web-if-stale.mjs'], { cwd: repoRoot, stdio: 'inherit' });
    build.once('error', reject);
    build.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`the web build failed (exit ${code})`);
  devnet = await startTestDevnet();
  cluster = await startCluster();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tokendesk-faults-live-k9-'));
  browser = await chromium.launch({
    executablePath: process.env.E2E_CHROMIUM ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
}, 400_000); // a web build (about 100 s on two busy cores) and a devnet
afterAll(async () => {
  await browser?.close();
  await killAllServers();
  cluster?.destroy();
  await devnet?.destroy();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Signs the tab in as the login form would (the token in sessionStorage), then opens `to`. */
async function signInTab(page: Page, base: string, user: User, to: string): Promise<void> {
  const login = await call<{ token: string; expires_at: string }>(base, 'GET', '/api/v1/user/login/?remember=false', {
    headers: { authorization: basicAuth(user.username) },
  });
  expect(login.status, login.text).toBe(200);
  await page.goto(`${base}/api/health`);
  await page.evaluate(
    ({ key, hintKey, value }) => {
      sessionStorage.setItem(key, value);
      localStorage.setItem(hintKey, '1');
    },
    {
      key: TOKEN_KEY,
      hintKey: TAB_SESSION_HINT_KEY,
      value: JSON.stringify({ token: login.body.token, expires_at: login.body.expires_at }),
    },
  );
  await page.goto(`${base}${to}`);
}

const indicatorState = (page: Page) => page.locator('header [data-connection]').getAttribute('data-connection');

describe('kill -9 of the server a browser is connected to', () => {
  it("shows 'Reconnecting…', then Offline while nothing answers; after the restart the screen catches up without a click", async () => {
    const port = await freePort();
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: cluster.url,
      DEVNET_RPC_URL: devnet.rpcUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
    };
    let server: ServerProcess = await startServer(env);
    const base = server.url;
    const user = await signUp(base, 'k9live');
    const project = await createProject(base, user);
    const pool = await attachPool(base, user, project.id);
    // The backfill is in: the screen opens on stored rows.
    await waitFor(
      'the backfilled activity',
      async () => (await allActivity(base, user.token, pool.id)).length > 0,
      120_000,
      500,
    );

    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    const pageErrors: string[] = [];
    page.on('pageerror', (err) => pageErrors.push(String(err)));
    await signInTab(page, base, user, '/activities');
    await page.locator('[data-testid="activity-row"]').first().waitFor({ timeout: 60_000 });
    await waitFor('the Live indicator', async () => (await indicatorState(page)) === 'live', 30_000, 100);
    // A mark on this document: if it is still there at the end, nothing reloaded the page.
    await page.evaluate(() => {
      (window as unknown as { __noReload: boolean }).__noReload = true;
      const states: string[] = [];
      (window as unknown as { __states: string[] }).__states = states;
      // Every state the indicator passes through, however briefly ('Reconnecting…' lasts one backoff).
      const record = () => {
        const state = document.querySelector('header [data-connection]')?.getAttribute('data-connection');
        if (state && states.at(-1) !== state) states.push(state);
      };
      record();
      new MutationObserver(record).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['data-connection'],
      });
    });

    // SIGKILL: no shutdown hook, no stream closed cleanly, the socket simply dies.
    await server.kill9();
    const killedAt = Date.now();
    await waitFor('the Offline indicator', async () => (await indicatorState(page)) === 'offline', 30_000, 100);
    const offlineAfterMs = Date.now() - killedAt;
    expect(await page.locator('#offline-message').textContent({ timeout: 10_000 })).toMatch(
      /^Can't reach TokenDesk\. Figures as of \d{2}:\d{2}\./,
    );
    expect(await page.locator('main').getAttribute('data-stale')).toBe('true');

    // The chain moves on while the server is down.
    const clients = devnetClients(devnet.rpcUrl);
    const missed: string[] = [];
    for (let i = 0; i < SWAPS_WHILE_DOWN; i++) {
      const swap = await swapOnDevnet(clients, {
        from: demoAccounts[(i % 3) + 1]!,
        pool: 'demo-weth',
        side: i % 2 ? 'sell' : 'buy',
        amount: i % 2 ? '5' : '0.01',
      });
      missed.push(swap.hash.toLowerCase());
    }
    for (const tx of missed)
      expect(await page.locator(`[data-tx="${tx}" i]`).count(), 'no row of a swap the server has not seen').toBe(0);

    // Same port, same database: the tab reconnects by itself.
    server = await startServer(env);
    expect(server.url).toBe(base);
    const restartedAt = Date.now();
    await waitFor('Live again', async () => (await indicatorState(page)) === 'live', 60_000, 100);
    const liveAfterMs = Date.now() - restartedAt;
    // Every swap made while it was down, on the open screen, without a click.
    for (const tx of missed)
      await page.locator(`[aria-label="Activity events"] [data-tx="${tx}" i]`).first().waitFor({ timeout: 30_000 });
    const caughtUpAfterMs = Date.now() - restartedAt;
    expect(await page.locator('#offline-message').count()).toBe(0);
    expect(await page.locator('main').getAttribute('data-stale')).toBeNull();

    const states = await page.evaluate(() => (window as unknown as { __states: string[] }).__states);
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    // Live → Reconnecting… (the first retry) → Offline (nothing answers) → … → Live.
    expect(states[0]).toBe('live');
    expect(states.indexOf('reconnecting')).toBeGreaterThan(0);
    expect(states.indexOf('offline')).toBeGreaterThan(states.indexOf('reconnecting'));
    expect(states.at(-1)).toBe('live');
    // Nothing missing: every stored event of the pool's newest page is on screen.
    const stored = (await allActivity(base, user.token, pool.id)).slice(0, 20);
    for (const e of stored)
      expect(await page.locator(`[data-tx="${e.tx_hash}" i]`).count(), `row of ${e.tx_hash}`).toBeGreaterThan(0);
    expect(pageErrors).toEqual([]);
    console.log(
      `live kill -9: states ${states.join(' → ')}; Offline ${offlineAfterMs} ms after the kill; Live ${liveAfterMs} ms after the restart was up; ` +
        `the ${SWAPS_WHILE_DOWN} swaps made while down on screen ${caughtUpAfterMs} ms after it`,
    );
    await page.close();
    expect(await server.stop()).toBe(0);
  }, 300_000);
});
