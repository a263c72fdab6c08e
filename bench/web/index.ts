/**
 * Benchmark (product §16): what the browser loads and how Lighthouse rates it, for the login page and
 * the dashboard, served by the real server from the production build.
 *
 *   npm run bench:web -- [--runs 3] [--no-build] [--no-doc]
 *
 * 1. Builds the web app (`npm run build -w @tokendesk/web`, Vite, into apps/web/dist).
 * 2. Starts a devnet with 5 project tokens and 10 real pools, and the real server (its own process,
 *    the embedded PostgreSQL) serving the build; a user is registered and given them through the API.
 * 3. JS per route: Chromium (/usr/bin/chromium via playwright-core) loads the page with an empty
 *    cache and waits until the network is idle and the page is drawn; every JavaScript response is
 *    summed, raw and gzipped (level 9, as a server would send it; this server sends it uncompressed).
 * 4. Lighthouse 12 (npm `lighthouse`, desktop preset, performance and accessibility) against the same
 *    server, each run in a fresh Chromium profile; the dashboard's session token is put into
 *    localStorage first (where the app keeps it) and storage reset is off for that page.
 *
 * Targets: login ≤ 120 KB gzip, dashboard ≤ 250 KB gzip, Lighthouse performance ≥ 95 and
 * accessibility ≥ 95 (median of the runs). Exits 0 when a target is missed (it says so).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { startDevnet } from '@tokendesk/devchain';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromium } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import { createBenchUser } from '../api/fixture';
import { onInterrupt } from '../lib/cleanup';
import { createProjectPools } from '../lib/devnet-projects';
import { arg, flag, machineLines, Report, repoRoot, runBlock, updateDocSection } from '../lib/report';
import { startServer } from '../lib/server-process';

const RUNS = arg('runs', 3);
const SERVER_PORT = 4441;
const CHROMIUM = '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const SESSION_KEY = 'tokendesk.session';
const DOC_INTRO = `
Targets (product §16): the login page loads at most 120 KB of gzipped JavaScript, the dashboard at most
250 KB; Lighthouse performance and accessibility at least 95 on both.

The production build is served by the real server (embedded PostgreSQL, a user with 5 projects and 10 devnet
pools). Chromium loads each page with an empty cache until it is drawn and the network is idle;
every JavaScript response is summed and gzipped (level 9). Lighthouse 12 runs with its desktop
preset in a fresh Chromium profile per run; the dashboard's session token is put into localStorage
first. The median of the runs counts.`;
/** localStorage inside the page (this file is compiled without the DOM types). */
type PageGlobal = { localStorage: { setItem(key: string, value: string): void } };
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

interface PageJs {
  files: { name: string; raw: number; gzip: number }[];
  raw: number;
  gzip: number;
}

interface LighthouseRun {
  performance: number;
  accessibility: number;
  metrics: Record<string, string>;
  failing: string[];
}

const version = (pkg: string) =>
  (JSON.parse(fs.readFileSync(path.join(repoRoot, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string })
    .version;

function chromiumVersion(): string {
  const out = spawnSync(CHROMIUM, ['--version'], { encoding: 'utf8' });
  return out.stdout.trim() || 'unknown';
}

/** Every JS file the page loads, with an empty cache, until it is drawn and the network is idle. */
async function jsOfPage(base: string, route: string, ready: string, session: string | null): Promise<PageJs> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROME_FLAGS.filter((f) => f !== '--headless=new'),
  });
  try {
    const context = await browser.newContext();
    if (session)
      await context.addInitScript(
        ([key, value]) => (globalThis as unknown as PageGlobal).localStorage.setItem(key!, value!),
        [SESSION_KEY, session],
      );
    const page = await context.newPage();
    const pending: Promise<{ name: string; raw: number; gzip: number } | null>[] = [];
    page.on('response', (res) => {
      const type = res.headers()['content-type'] ?? '';
      if (!/javascript/.test(type)) return;
      pending.push(
        res.body().then(
          (body) => ({
            name: new URL(res.url()).pathname,
            raw: body.length,
            gzip: zlib.gzipSync(body, { level: 9 }).length,
          }),
          () => null,
        ),
      );
    });
    await page.goto(base + route, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: ready }).first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const files = (await Promise.all(pending)).filter((f): f is NonNullable<typeof f> => f !== null);
    return { files, raw: files.reduce((a, f) => a + f.raw, 0), gzip: files.reduce((a, f) => a + f.gzip, 0) };
  } finally {
    await browser.close();
  }
}

async function lighthouseRun(base: string, route: string, session: string | null): Promise<LighthouseRun> {
  // A fresh profile per run: an empty HTTP cache, even with storage reset off.
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    if (session) {
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const page = await browser.newPage();
      // A same-origin file that loads no app code, so the app's cache stays cold.
      await page.goto(`${base}/favicon.svg`);
      await page.evaluate(
        (key, value) => (globalThis as unknown as PageGlobal).localStorage.setItem(key, value),
        SESSION_KEY,
        session,
      );
      await page.close();
      await browser.disconnect();
    }
    const result = await lighthouse(
      base + route,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: session !== null,
      },
      desktopConfig,
    );
    if (!result) throw new Error('Lighthouse returned no result');
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    if (session && !lhr.finalDisplayedUrl.endsWith(route))
      throw new Error(`the dashboard redirected to ${lhr.finalDisplayedUrl}: the session was not used`);
    const audit = (id: string) => lhr.audits[id]?.displayValue ?? '—';
    const failing: string[] = [];
    for (const [category, minimum] of [
      ['accessibility', 1],
      ['performance', 0.9],
    ] as const) {
      for (const ref of lhr.categories[category]?.auditRefs ?? []) {
        const a = lhr.audits[ref.id];
        if (
          !a ||
          a.score === null ||
          a.score >= minimum ||
          a.scoreDisplayMode === 'informative' ||
          a.scoreDisplayMode === 'notApplicable'
        )
          continue;
        failing.push(`${category}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
        // Which elements, so the output says what to fix.
        const items =
          (a.details as { items?: { node?: { snippet?: string; explanation?: string } }[] } | undefined)?.items ?? [];
        for (const item of items.slice(0, 3)) {
          if (item.node?.snippet)
            failing.push(
              `    ${item.node.snippet.slice(0, 160)}${item.node.explanation ? ` (${item.node.explanation.split('\n').slice(-1)[0]!.trim().slice(0, 120)})` : ''}`,
            );
        }
      }
    }
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      metrics: {
        FCP: audit('first-contentful-paint'),
        LCP: audit('largest-contentful-paint'),
        TBT: audit('total-blocking-time'),
        CLS: audit('cumulative-layout-shift'),
        SI: audit('speed-index'),
      },
      failing,
    };
  } finally {
    await chrome.kill();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const report = new Report();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tokendesk-bench-web-'));
onInterrupt(async () => fs.rmSync(tmp, { recursive: true, force: true }));
let failed = false;
try {
  for (const line of machineLines({
    browser: `${chromiumVersion()}, Lighthouse ${version('lighthouse')} (desktop preset), playwright-core ${version('playwright-core')}`,
  }))
    report.line(line);
  if (!flag('no-build')) {
    const build = spawnSync('npm', ['run', 'build', '-w', '@tokendesk/web'], { cwd: repoRoot, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`the web build failed:\n${build.stdout}\n${build.stderr}`);
    report.line('build:     npm run build -w @tokendesk/web (Vite production build)');
  } else {
    report.line('build:     the existing apps/web/dist (--no-build)');
  }
  const devnet = await startDevnet({ dataDir: tmp });
  onInterrupt(() => devnet.stop());
  try {
    const setup = await createProjectPools(devnet, 5, 10);
    const server = await startServer(
      { DATA_DIR: path.join(tmp, 'data'), DEVNET_RPC_URL: devnet.rpcUrl, PASSWORD_HASH_COST: '10', LOG_LEVEL: 'warn' },
      { port: SERVER_PORT },
    );
    try {
      const { token } = await createBenchUser(server.url, 'bench_web', setup.tokens, setup.pools);
      const session = JSON.stringify({ token, expires_at: new Date(Date.now() + 86_400_000).toISOString() });
      report.line(
        'server:    the server as npm start runs it (apps/server/dist/main.js) serving apps/web/dist, embedded PostgreSQL; the user has 5 projects and 10 devnet pools',
      );
      report.line('');

      const pages = [
        { name: 'login', route: '/login', ready: 'Sign In', session: null, budget: 120 * 1024 },
        { name: 'dashboard', route: '/', ready: 'Dashboard', session, budget: 250 * 1024 },
      ];
      const js = new Map<string, PageJs>();
      for (const p of pages) js.set(p.name, await jsOfPage(server.url, p.route, p.ready, p.session));
      report.line('JavaScript each page loads (empty cache, until drawn and idle):');
      report.table(
        ['page / file', 'raw', 'gzip -9'],
        pages.flatMap((p) => {
          const j = js.get(p.name)!;
          return [
            [`${p.name} (${p.route})`, kb(j.raw), kb(j.gzip)],
            ...j.files.map((f) => [`  ${f.name}`, kb(f.raw), kb(f.gzip)]),
          ];
        }),
      );
      report.line('');

      const lh = new Map<string, LighthouseRun[]>();
      for (const p of pages) {
        const runs: LighthouseRun[] = [];
        for (let i = 0; i < RUNS; i++) runs.push(await lighthouseRun(server.url, p.route, p.session));
        lh.set(p.name, runs);
      }
      report.line(`Lighthouse, desktop preset, ${RUNS} runs per page (median):`);
      report.table(
        ['page', 'performance', 'accessibility', 'runs (perf/a11y)', 'FCP', 'LCP', 'TBT', 'CLS', 'SI'],
        pages.map((p) => {
          const runs = lh.get(p.name)!;
          const mid = runs.find((r) => r.performance === median(runs.map((x) => x.performance)))!;
          return [
            p.name,
            String(median(runs.map((r) => r.performance))),
            String(median(runs.map((r) => r.accessibility))),
            runs.map((r) => `${r.performance}/${r.accessibility}`).join(' '),
            mid.metrics.FCP!,
            mid.metrics.LCP!,
            mid.metrics.TBT!,
            mid.metrics.CLS!,
            mid.metrics.SI!,
          ];
        }),
      );
      for (const p of pages) {
        const failing = [...new Set(lh.get(p.name)!.flatMap((r) => r.failing))];
        if (failing.length) {
          report.line(`${p.name}: audits below full marks in some run:`);
          for (const f of failing) report.line(`  ${f}`);
        }
      }
      report.line('');
      for (const p of pages) {
        const j = js.get(p.name)!;
        const runs = lh.get(p.name)!;
        report.target(`${p.name}: JS ≤ ${p.budget / 1024} KB gzip`, j.gzip <= p.budget, `(${kb(j.gzip)})`);
        const perf = median(runs.map((r) => r.performance));
        const a11y = median(runs.map((r) => r.accessibility));
        report.target(`${p.name}: Lighthouse performance ≥ 95`, perf >= 95, `(${perf})`);
        report.target(`${p.name}: Lighthouse accessibility ≥ 95`, a11y >= 95, `(${a11y})`);
      }
    } finally {
      await server.stop();
    }
  } finally {
    await devnet.stop();
  }
} catch (err) {
  failed = true;
  console.error('bench:web broke:', err);
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
if (failed) process.exit(1);
if (!flag('no-doc')) {
  updateDocSection('web', runBlock('npm run bench:web', 'What the browser loads, and Lighthouse', DOC_INTRO, report));
  console.log('\ndocs/benchmarks.md: section bench:web updated');
}
