/**
 * Benchmark (product §16, decision 0021): is one user's burst kept from slowing another user down?
 *
 *   npm run bench:fairness -- [--burst 20] [--quiet 10] [--connections 32] [--swaps 300] [--no-doc]
 *
 * Setup (not measured): a fresh devnet with 20 project tokens, 50 Uniswap V2 pools and `swaps`
 * extra swaps on the DEMO/WETH pool; the real server (apps/server/src/main.ts, its own process, on
 * its embedded database, indexer on) behind a counting RPC proxy. User B gets the 20 projects and
 * 50 pools plus DEMO with its two pools (indexed activity and holders); user A gets nothing.
 *
 * Then twice on the same data, first with USER_BUDGETS=off (the server before decision 0021), then with
 * the budgets at their defaults: A polls GET user/info/ every 150 ms, alone and then while B, in a
 * process of its own, bursts activity and holder CSV exports, funds, search and get-token-info with
 * many connections. Prints A's p50/p95/max, B's answers by status, and the chain calls B caused.
 *
 * Target: with the budgets, A's p95 during B's burst at most 250 ms. The script exits 0 when the
 * target is missed (it says so); non-zero only when the run itself broke.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { demoAccounts, devnetClients, startDevnet, swapOnDevnet } from '@tokendesk/devchain';
import { createBenchUser } from '../api/fixture';
import { onInterrupt } from '../lib/cleanup';
import { createProjectPools } from '../lib/devnet-projects';
import { arg, flag, machineLines, ms, percentile, Report, repoRoot, runBlock, updateDocSection } from '../lib/report';
import { startRpcProxy } from '../lib/rpc-proxy';
import { startServer, type ServerProcess } from '../lib/server-process';
import type { BurstRoute, BurstSpec, BurstTally } from './burst';

const BURST_SECONDS = arg('burst', 20);
const QUIET_SECONDS = arg('quiet', 10);
const CONNECTIONS = arg('connections', 32);
const SWAPS = arg('swaps', 300);
const POLL_MS = 150;
const BOUND_MS = 250;
const SETTLE_MS = 8_000;
// Ports of this bench (4470–4479): server, RPC proxy.
const SERVER_PORT = 4471;
const PROXY_PORT = 4476;

const DOC_INTRO = `
Decision 0021: one user's burst must not push another user's latency past a stated bound.
Bound: with the per-user budgets (decision 0021) at their defaults, user A's p95 for GET
user/info/ while user B bursts stays at most ${BOUND_MS} ms.

The real server (\`apps/server/src/main.ts\` bundled, its own process, embedded database, indexer
on, behind a counting RPC proxy) on a fresh devnet. User B owns 20 projects, 50 Uniswap V2 pools
and DEMO with its two seeded pools plus extra swaps (indexed activity and holders); user A owns
nothing. A polls user/info/ every ${POLL_MS} ms from the bench process, alone ('quiet') and while B,
in a separate process, runs ${CONNECTIONS} connections that cycle through the activity CSV export (a
300-day range), the DEMO holder CSV export, user/pools/funds/ (a live read of 50 pools), search and
get-token-info, each as fast as the server answers. Run twice on the same data: with
USER_BUDGETS=off (the server before decision 0021) and with the budgets at their defaults. 'RPC calls'
counts what reached the chain node during B's burst (the indexer's own calls included).`;

interface Sample {
  latencies: number[];
  statuses: Record<string, number>;
}

interface PhaseResult {
  label: string;
  quiet: Sample;
  burst: Sample;
  tally: BurstTally;
  rpcCalls: number;
  seconds: number;
}

async function call<T>(
  base: string,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  expect = 200,
): Promise<T> {
  const res = await fetch(base + url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (res.status !== expect) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** A's polling client: one request at a time, POLL_MS apart, until `stop` says so. */
async function pollA(base: string, token: string, stop: () => boolean): Promise<Sample> {
  const sample: Sample = { latencies: [], statuses: {} };
  while (!stop()) {
    const started = performance.now();
    let status = 'error';
    try {
      const res = await fetch(`${base}/api/v1/user/info/`, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(30_000),
      });
      await res.arrayBuffer();
      status = String(res.status);
    } catch {
      // counted as 'error'
    }
    sample.latencies.push(performance.now() - started);
    sample.statuses[status] = (sample.statuses[status] ?? 0) + 1;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  return sample;
}

/** Runs B's burst in its own process; A polls from the moment B has started until it ends. */
async function burstWhilePolling(spec: BurstSpec, aToken: string): Promise<{ sample: Sample; tally: BurstTally }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'bench/fairness/burst.ts')], {
    env: { ...process.env, BURST: JSON.stringify(spec) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const forget = onInterrupt(async () => void child.kill('SIGKILL'));
  let out = '';
  let done = false;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  void exited.then(() => (done = true));
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  // The child needs a moment to load; its own clock starts the burst, A starts right after.
  await new Promise((r) => setTimeout(r, 300));
  const sample = await pollA(spec.base, aToken, () => done);
  const code = await exited;
  forget();
  if (code !== 0) throw new Error(`the burst process exited with ${code}: ${out.slice(-500)}`);
  return { sample, tally: JSON.parse(out.trim().split('\n').at(-1)!) as BurstTally };
}

const report = new Report();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tokendesk-bench-fairness-'));
onInterrupt(async () => fs.rmSync(tmp, { recursive: true, force: true }));
const devnet = await startDevnet({ dataDir: path.join(tmp, 'devnet') });
onInterrupt(() => devnet.stop());
const proxy = await startRpcProxy(devnet.rpcUrl, PROXY_PORT);
let failed = false;
try {
  const setupStart = performance.now();
  const setup = await createProjectPools(devnet, 20, 50);
  const clients = devnetClients(devnet.rpcUrl);
  for (let i = 0; i < SWAPS; i++) {
    await swapOnDevnet(clients, {
      from: demoAccounts[i % demoAccounts.length]!,
      pool: 'demo-weth',
      side: i % 2 === 0 ? 'buy' : 'sell',
      amount: i % 2 === 0 ? '0.01' : '20',
    });
  }
  for (const line of machineLines({ database: 'the embedded PostgreSQL (DATA_DIR/pg)' })) report.line(line);
  report.line(
    `setup:     devnet with 20 project tokens, 50 V2 pools and ${SWAPS} extra DEMO/WETH swaps in ${((performance.now() - setupStart) / 1000).toFixed(1)} s (not measured)`,
  );
  report.line(
    `load:      A polls user/info/ every ${POLL_MS} ms; B ${CONNECTIONS} connections for ${BURST_SECONDS} s in its own process; quiet spell ${QUIET_SECONDS} s`,
  );

  const dataDir = path.join(tmp, 'data');
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    DEVNET_RPC_URL: proxy.url,
    PASSWORD_HASH_COST: '10',
    LOG_LEVEL: 'warn',
    INDEXER: 'on',
  };
  let server: ServerProcess;
  server = await startServer({ ...env, USER_BUDGETS: 'off' }, { port: SERVER_PORT });
  let a: { token: string };
  let b: { token: string };
  let routes: BurstRoute[];
  let counts: string;
  try {
    a = await createBenchUser(server.url, 'fair_a', [], []);
    b = await createBenchUser(server.url, 'fair_b', setup.tokens, setup.pools);
    const demo = devnet.addresses.demo;
    const info = await call<{ name: string; symbol: string; decimals: number }>(
      server.url,
      b.token,
      'POST',
      '/api/v1/projects/get-token-info/',
      { network: 31337, contract_address: demo },
    );
    const project = await call<{ id: number }>(
      server.url,
      b.token,
      'POST',
      '/api/v1/projects/create/',
      {
        network: 31337,
        contract_address: demo,
        name: info.name,
        token_symbol: info.symbol,
        token_decimal: info.decimals,
      },
      201,
    );
    for (const [token, pool] of [
      ['weth', devnet.addresses.pools.demoWethV2],
      ['usdc', devnet.addresses.pools.demoUsdcV2],
    ] as const) {
      await call(
        server.url,
        b.token,
        'POST',
        `/api/v1/projects/pool/${project.id}/`,
        { dex: 'uniswap-v2', token, pool_address: pool },
        201,
      );
    }
    const from = new Date(Date.now() - 300 * 86_400_000).toISOString();
    const to = new Date(Date.now() + 86_400_000).toISOString();
    const exportPath = `/api/v1/projects/activity/export/?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
    // The indexer must have read the history first, or the exports would be empty.
    const deadline = Date.now() + 180_000;
    let rows = 0;
    let holders = 0;
    for (;;) {
      const csv = await (
        await fetch(server.url + exportPath, { headers: { authorization: `Bearer ${b.token}` } })
      ).text();
      rows = csv.trim().split('\n').length - 1;
      const summary = await call<{ holder_count: number | null; sync: { state: string } }>(
        server.url,
        b.token,
        'GET',
        `/api/v1/projects/${project.id}/holders/`,
      );
      holders = summary.holder_count ?? 0;
      if (rows >= SWAPS && summary.sync.state === 'live') break;
      if (Date.now() > deadline)
        throw new Error(`the indexer did not catch up: ${rows} activity rows, holders ${summary.sync.state}`);
      await new Promise((r) => setTimeout(r, 2000));
    }
    counts = `activity export ${rows} rows, DEMO holder export ${holders} holders, funds 52 pools, search 'bench' 10 results`;
    routes = [
      { name: 'activity export', method: 'GET', path: exportPath },
      { name: 'holder export', method: 'GET', path: `/api/v1/projects/${project.id}/holders/export/` },
      { name: 'funds', method: 'GET', path: '/api/v1/projects/user/pools/funds/' },
      { name: 'search', method: 'GET', path: '/api/v1/projects/search/?query=bench' },
      {
        name: 'get-token-info',
        method: 'POST',
        path: '/api/v1/projects/get-token-info/',
        body: { network: 31337, contract_address: demo },
      },
    ];
  } finally {
    await server.stop();
  }
  report.line(`data:      ${counts}`);
  report.line(
    `server:    apps/server/src/main.ts bundled (dist/main.js), its own process, LOG_LEVEL=warn, indexer on, caches at their defaults`,
  );
  report.line('');

  const results: PhaseResult[] = [];
  for (const budgets of ['off', 'on'] as const) {
    // A fresh process per phase on the same data directory (the sessions of A and B stay valid),
    // left to settle: its start (indexer catching up, code warming) is not what is measured.
    server = await startServer({ ...env, USER_BUDGETS: budgets }, { port: SERVER_PORT });
    try {
      const label = budgets === 'off' ? 'USER_BUDGETS=off' : 'budgets (defaults)';
      await new Promise((r) => setTimeout(r, SETTLE_MS));
      let warm = 0;
      await pollA(server.url, a.token, () => warm++ >= 20);
      console.log(`  ${label}: A alone for ${QUIET_SECONDS} s…`);
      const quietEnd = Date.now() + QUIET_SECONDS * 1000;
      const quiet = await pollA(server.url, a.token, () => Date.now() > quietEnd);
      console.log(`  ${label}: B bursts for ${BURST_SECONDS} s…`);
      proxy.reset();
      const started = performance.now();
      const { sample, tally } = await burstWhilePolling(
        { base: server.url, token: b.token, seconds: BURST_SECONDS, connections: CONNECTIONS, routes },
        a.token,
      );
      const seconds = (performance.now() - started) / 1000;
      const rpcCalls = [...proxy.counts().values()].reduce((x, y) => x + y, 0);
      results.push({ label, quiet, burst: sample, tally, rpcCalls, seconds });
      // Let the server settle (exports finishing, buckets refilling) before the next phase.
      await new Promise((r) => setTimeout(r, 3000));
    } finally {
      await server.stop();
    }
  }

  const statusText = (s: Record<string, number>) =>
    Object.entries(s)
      .sort()
      .map(([k, v]) => `${k}×${v}`)
      .join(' ');
  const sum = (t: BurstTally, pick: (status: string) => boolean) =>
    Object.values(t.statuses).reduce(
      (n, byStatus) => n + Object.entries(byStatus).reduce((m, [k, v]) => m + (pick(k) ? v : 0), 0),
      0,
    );
  const rowsOut: string[][] = [];
  for (const r of results) {
    for (const [phase, sample] of [
      ['A alone', r.quiet],
      ['A during B burst', r.burst],
    ] as const) {
      rowsOut.push([
        `${r.label}, ${phase}`,
        String(sample.latencies.length),
        ms(percentile(sample.latencies, 50)),
        ms(percentile(sample.latencies, 95)),
        ms(Math.max(...sample.latencies)),
        statusText(sample.statuses),
        phase === 'A alone' ? '' : String(r.tally.requests),
        phase === 'A alone' ? '' : String(sum(r.tally, (k) => k.startsWith('2'))),
        phase === 'A alone' ? '' : String(sum(r.tally, (k) => k === '429')),
        phase === 'A alone' ? '' : String(sum(r.tally, (k) => !k.startsWith('2') && k !== '429')),
        phase === 'A alone' ? '' : String(r.rpcCalls),
      ]);
    }
  }
  report.table(
    [
      'server / phase',
      'A reqs',
      'A p50 ms',
      'A p95 ms',
      'A max ms',
      'A statuses',
      'B reqs',
      'B 2xx',
      'B 429',
      'B other',
      'RPC calls',
    ],
    rowsOut,
  );
  report.line('');
  for (const r of results) {
    report.line(
      `B's answers by route, ${r.label} (${r.seconds.toFixed(1)} s, ${(r.tally.bytes / 2 ** 20).toFixed(1)} MiB read):`,
    );
    for (const [name, byStatus] of Object.entries(r.tally.statuses))
      report.line(`  ${name.padEnd(16)} ${statusText(byStatus)}`);
  }
  report.line('');
  const on = results.find((r) => r.label.startsWith('budgets'))!;
  const p95 = percentile(on.burst.latencies, 95);
  report.target(`budgets: A's p95 during B's burst ≤ ${BOUND_MS} ms`, p95 <= BOUND_MS, `(${ms(p95)} ms)`);
  const aLimited =
    sum({ requests: 0, bytes: 0, statuses: { a: on.burst.statuses } }, (k) => k !== '200') +
    sum({ requests: 0, bytes: 0, statuses: { a: on.quiet.statuses } }, (k) => k !== '200');
  report.target(`budgets: A never refused`, aLimited === 0, `(${aLimited} non-200)`);
  const tokenInfo = on.tally.statuses['get-token-info']?.['200'] ?? 0;
  const allowed = 20 + Math.ceil((on.seconds / 60) * 30);
  report.target(
    `budgets: B's get-token-info 200s ≤ burst 20 + 30/min`,
    tokenInfo <= allowed,
    `(${tokenInfo}, allowed ${allowed})`,
  );
} catch (err) {
  failed = true;
  console.error('bench:fairness broke:', err);
} finally {
  await proxy.close();
  await devnet.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
}
if (failed) process.exit(1);
if (!flag('no-doc')) {
  updateDocSection(
    'fairness',
    runBlock(
      'npm run bench:fairness',
      'Cross-user fairness under one user’s burst (per-user budgets)',
      DOC_INTRO,
      report,
    ),
  );
  console.log('\ndocs/benchmarks.md: section bench:fairness updated');
}
