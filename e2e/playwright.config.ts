import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { freePortSync } from '@tokendesk/testkit/free-port';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// A port the OS says is free now, never a fixed one: a server left on it by a run killed halfway
// would fail every later run. Chosen once in the runner; the workers inherit the runner's environment (as below), so the
// tests (baseURL, E2E_PORT) and the server agree on it.
process.env.E2E_PORT ??= String(freePortSync());
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

// Playwright evaluates this file in the runner and again in every worker; the workers inherit the
// runner's environment, so the fresh database directory is created once and shared.
process.env.TOKENDESK_E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'tokendesk-e2e-'));
const dataDir = process.env.TOKENDESK_E2E_DATA_DIR;

/**
 * The browser: Debian's chromium-headless-shell when it is installed (.ci/run installs it), else the
 * full Chromium. The shell is the same Blink and V8 without the browser UI, its GPU process and its
 * utility processes: on two cores it used 37 % less browser CPU for the same specs and the whole e2e
 * suite ran in 6.7 instead of 8.2 min, back to back (decision 0045). E2E_CHROMIUM picks another.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const chromiumPath = process.env.E2E_CHROMIUM ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Specs that write to the shared devnet (swaps, new tokens and pools) or assert figures read from
 * it (prices, liquidity, activity, holders, candles, notices of swaps). They run one at a time, in
 * the 'chain' project, so no spec sees another's swap move a figure it checks. The rest (accounts,
 * sessions, support, layout, dialogs) runs beside them in a second worker (decision 0043: 12.4 min
 * for the whole suite on two cores, both workers busy almost throughout).
 */
const CHAIN_SPECS = [
  'alert-wording',
  'alerts',
  'candle-layout',
  'candles',
  'channels',
  'dashboard',
  'holders',
  'live',
  'longest-values',
  'market-usd',
  'notifications',
  'paging',
  'paging-selects',
  'prices-drawer',
  'projects',
  'traders',
  'v4-pools',
  'dex-families',
].map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: path.join(repoRoot, 'e2e', 'tests'),
  outputDir: path.join(repoRoot, '.test-results', 'e2e-artifacts'),
  // Two browsers at most (two cores): one chain spec and one other spec, or two others. E2E_WORKERS=1
  // runs everything one after another (the order of a single worker, for chasing a timing issue).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // E2E_REPORT names the JSON report: scripts/test-all.mjs runs the suite in two parts, each with its own.
  reporter: [
    ['list'],
    ['json', { outputFile: path.join(repoRoot, '.test-results', process.env.E2E_REPORT ?? 'e2e.json') }],
  ],
  use: {
    baseURL,
    headless: true,
    // No trace by default (decision 0044): recording one for every test (DOM snapshots and a
    // screencast, thrown away when the test passes) took a quarter of the suite's time on two cores
    // (7.5 → 5.6 min), and a CI run's traces stay in its discarded clone. A failure still leaves its
    // screenshot and message; E2E_TRACE=1 records traces again to chase a failure locally.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  projects: [
    { name: 'chain', testMatch: CHAIN_SPECS, workers: 1, use: { browserName: 'chromium' } },
    { name: 'app', testIgnore: CHAIN_SPECS, use: { browserName: 'chromium' } },
  ],
  webServer: {
    // `npm run start -w @tokendesk/server`, plus deleting the throwaway DATA_DIR afterwards.
    // The web app must already be built (apps/web/dist); the test runner does that first.
    command: 'node e2e/start-server.mjs',
    cwd: repoRoot,
    // SIGTERM lets the server close its database cleanly and the wrapper remove it.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // The embedded default (a PostgreSQL cluster in DATA_DIR/pg), even when the shell has a DATABASE_URL.
      DATABASE_URL: '',
      // log2 of scrypt's N: cheap hashing keeps sign-ups and sign-ins quick in tests. 10, as in the
      // Vitest suite: 2.6 ms a hash here against 42 ms at 14, and every test signs up and in.
      PASSWORD_HASH_COST: '10',
      // Every test registers and signs in from 127.0.0.1; production limits would trip.
      REGISTER_MAX_PER_IP: '1000',
      LOGIN_MAX_FAILURES_PER_IP: '1000',
      // Parallel workers sign in from one address at once; its share of the hash queue would trip.
      PASSWORD_HASH_QUEUE_PER_IP: '1000',
      // paging.spec seeds more than a page (52 projects, a pool each) as one user through the
      // routes that ask the chain; the default budget (20 at once, 30 a minute) would take minutes.
      USER_BUDGET_CHAIN: '200,600',
      // channels.spec's webhook receiver listens on the loopback, which the SSRF guard refuses
      // unless the operator allows it (docs/decisions/0037, 0038).
      OUTBOUND_ALLOW: '127.0.0.0/8,::1',
    },
  },
});
