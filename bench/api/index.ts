/**
 * Benchmark (issue 6): the real server under autocannon on loopback, against a bare Fastify
 * baseline measured in the same run, for the routes every open dashboard hits.
 *
 *   npm run bench:api -- [--duration 10] [--connections 50] [--only pglite|postgres] [--no-doc]
 *
 * Setup (not measured): a fresh devnet with 20 freshly deployed project tokens and 50 real Uniswap
 * V2 pools (WETH, USDC, USDT pairs with liquidity); for each database mode the real server
 * (apps/server/src/main.ts) starts as its own process, and a user is registered, signed in, and
 * given the 20 projects and 50 pools through the API (the server reads and verifies each on chain).
 * PostgreSQL mode uses DATABASE_URL (a fresh database on it) or a throwaway server.
 *
 * Targets: new-count ≥ 50 % of the baseline's req/s, the list routes ≥ 25 %, p99 ≤ 25 ms at 50
 * connections, zero errors. The script exits 0 when a target is missed (it says so); non-zero only
 * when the run itself broke.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon, { type Result } from 'autocannon';
import { startDevnet } from '@tokendesk/devchain';
import { onInterrupt } from '../lib/cleanup';
import { createProjectPools } from '../lib/devnet-projects';
import { startBenchPostgres, type BenchPostgres } from '../lib/postgres';
import { arg, flag, machineLines, ms, percentile, Report, repoRoot, runBlock, updateDocSection } from '../lib/report';
import { startRpcProxy } from '../lib/rpc-proxy';
import { startServer } from '../lib/server-process';
import { createBenchUser } from './fixture';

const DURATION = arg('duration', 10);
const CONNECTIONS = arg('connections', 50);
const WARMUP = 2;
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const modes = (['pglite', 'postgres'] as const).filter((m) => !only || m === only);
// Ports of this bench (4420–4449): server, baseline, RPC proxy.
const SERVER_PORT = 4421;
const BASELINE_PORT = 4425;
const PROXY_PORT = 4426;
const CACHE_TTL_MS = 5_000; // ChainService's pool-state cache
const DOC_INTRO = `
Targets (issue 6): GET projects/notifications/new-count/ (polled by every open tab every 10 s) at
least 50 % of the baseline's requests per second, the list routes (projects/, user/pools/funds/,
search/) at least 25 %, p99 at most 25 ms at 50 connections, no errors.

The real server (\`apps/server/src/main.ts\`, its own process) in both database modes, with a user
made through the API: 20 projects and 50 real Uniswap V2 pools on a fresh devnet, each read and
verified on chain by the server. autocannon drives it over loopback with 50 connections; the
baseline is a bare Fastify route answering a static JSON body of the same size, measured in the
same run right before each route. The funds route reads reserves through the server's 5 s pool
cache; a counting proxy in front of the devnet tells how many chain reads a run caused.`;

interface RouteSpec {
  name: string;
  path: string;
  /** 'count' ≥ 50 % of the baseline, 'list' ≥ 25 %; 'reference' has no target. */
  kind: 'count' | 'list' | 'reference';
  check(body: unknown): string | null;
}

const routes: RouteSpec[] = [
  {
    // No auth, no database: what the server's own plugin stack costs, for reading the others.
    name: 'health',
    path: '/api/health',
    kind: 'reference',
    check: (b) => ((b as { status: string }).status === 'ok' ? null : 'not ok'),
  },
  {
    name: 'projects',
    path: '/api/v1/projects/',
    kind: 'list',
    check: (b) => ((b as { projects: unknown[] }).projects.length === 20 ? null : 'expected 20 projects'),
  },
  {
    name: 'funds',
    path: '/api/v1/projects/user/pools/funds/',
    kind: 'list',
    check: (b) => {
      const pools = b as { price: string | null }[];
      if (pools.length !== 50) return `expected 50 pools, got ${pools.length}`;
      return pools.every((p) => p.price !== null) ? null : 'a pool has no live price';
    },
  },
  {
    name: 'search',
    path: '/api/v1/projects/search/?query=project%201',
    kind: 'list',
    check: (b) => ((b as unknown[]).length === 10 ? null : `expected 10 results, got ${(b as unknown[]).length}`),
  },
  {
    name: 'new-count',
    path: '/api/v1/projects/notifications/new-count/',
    kind: 'count',
    check: (b) => (typeof (b as { unread_count: unknown }).unread_count === 'number' ? null : 'no unread_count'),
  },
];

interface Row {
  mode: string;
  route: RouteSpec;
  bytes: number;
  real: Result;
  base: Result;
  chain: string;
}

// autocannon counts timeouts among its errors.
const errorsOf = (r: Result) => r.errors + r.non2xx;

async function load(url: string, headers: Record<string, string>, duration: number): Promise<Result> {
  return autocannon({ url, connections: CONNECTIONS, duration, headers, timeout: 10 });
}

async function startBaseline(sizes: Record<string, number>): Promise<{ stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'bench/api/baseline-server.ts')], {
    env: { ...process.env, BASELINE_PORT: String(BASELINE_PORT), BASELINE_SIZES: JSON.stringify(sizes) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`baseline server exited (${code})`)));
    child.stdout!.on('data', (c: Buffer) => c.toString().includes('listening') && resolve());
  });
  child.removeAllListeners('exit');
  const forget = onInterrupt(async () => void child.kill('SIGTERM'));
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        forget();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

const report = new Report();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tokendesk-bench-api-'));
onInterrupt(async () => fs.rmSync(tmp, { recursive: true, force: true }));
const devnet = await startDevnet({ dataDir: tmp });
onInterrupt(() => devnet.stop());
let pg: BenchPostgres | null = null;
const proxy = await startRpcProxy(devnet.rpcUrl, PROXY_PORT);
let failed = false;
try {
  const setup = await createProjectPools(devnet, 20, 50);
  if (modes.includes('postgres')) pg = await startBenchPostgres('tokendesk_bench_api');
  const pgliteVersion = (JSON.parse(fs.readFileSync(path.join(repoRoot, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string }).version;
  for (const line of machineLines({ databases: [`PGlite ${pgliteVersion} (embedded, in the server process)`, pg ? `${pg.version}, ${pg.origin}` : null].filter(Boolean).join('; ') })) {
    report.line(line);
  }
  report.line(`setup:     devnet with 20 project tokens and 50 V2 pools in ${(setup.setupMs / 1000).toFixed(1)} s (not measured)`);
  report.line(`load:      autocannon, ${CONNECTIONS} connections, ${DURATION} s per route after ${WARMUP} s warm-up, loopback, autocannon in the bench process`);
  report.line(
    `server:    apps/server/src/main.ts bundled as npm start runs it (dist/main.js), its own process, LOG_LEVEL=warn (no per-request log lines), indexer on, PASSWORD_HASH_COST=10 ` +
      `(only sign-in cost; setup speed); session and unread-count caches at their defaults (SESSION_CACHE_SECONDS, UNREAD_COUNT_CACHE_SECONDS)`,
  );
  report.line(`baseline:  a bare Fastify 5 route answering a static JSON body of the same size, its own process, measured right before each route`);
  report.line('');

  const rows: Row[] = [];
  const funds: string[] = [];
  for (const mode of modes) {
    const dataDir = path.join(tmp, `data-${mode}`);
    const server = await startServer(
      {
        DATA_DIR: dataDir,
        ...(mode === 'postgres' ? { DATABASE_URL: pg!.url } : { DATABASE_URL: '' }),
        DEVNET_RPC_URL: proxy.url,
        PASSWORD_HASH_COST: '10',
        LOG_LEVEL: 'warn',
        INDEXER: 'on',
      },
      { port: SERVER_PORT },
    );
    try {
      const { token } = await createBenchUser(server.url, `bench_${mode}`, setup.tokens, setup.pools);
      const headers = { authorization: `Bearer ${token}` };
      const sizes: Record<string, number> = {};
      for (const route of routes) {
        const res = await fetch(server.url + route.path, { headers });
        const text = await res.text();
        if (res.status !== 200) throw new Error(`${route.path}: ${res.status} ${text.slice(0, 200)}`);
        const problem = route.check(JSON.parse(text));
        if (problem) throw new Error(`${route.path}: ${problem}`);
        sizes[route.name] = Buffer.byteLength(text);
      }

      // The funds route reads the chain through a 5 s cache: time a request after the cache has
      // expired (one multicall of the 50 pools) and one right after it (served from the cache).
      const cold: number[] = [];
      const warm: number[] = [];
      for (let i = 0; i < 5; i++) {
        await new Promise((r) => setTimeout(r, CACHE_TTL_MS + 200));
        for (const into of [cold, warm]) {
          const t = performance.now();
          await (await fetch(server.url + '/api/v1/projects/user/pools/funds/', { headers })).arrayBuffer();
          into.push(performance.now() - t);
        }
      }
      funds.push(
        `${mode}: one funds request after the cache expired (a multicall of 50 pools on the devnet) median ${ms(percentile(cold, 50))} ms, ` +
          `the next one from the cache ${ms(percentile(warm, 50))} ms (5 tries each)`,
      );

      const baseline = await startBaseline(sizes);
      try {
        for (const route of routes) {
          const baseUrl = `http://127.0.0.1:${BASELINE_PORT}/baseline/${route.name}`;
          await load(baseUrl, {}, WARMUP);
          const base = await load(baseUrl, {}, DURATION);
          await load(server.url + route.path, headers, WARMUP);
          proxy.reset();
          const real = await load(server.url + route.path, headers, DURATION);
          const counts = proxy.counts();
          const multicalls = counts.get('eth_call') ?? 0;
          const chain =
            route.name === 'funds'
              ? `${multicalls} multicalls in ${DURATION} s for ${real.requests.total} requests (${((1 - multicalls / Math.max(1, real.requests.total)) * 100).toFixed(2)} % served from the 5 s cache)`
              : `${multicalls} eth_call`;
          rows.push({ mode, route, bytes: sizes[route.name]!, real, base, chain });
          console.log(`  ${mode} ${route.name}: ${real.requests.average.toFixed(0)} req/s (baseline ${base.requests.average.toFixed(0)})`);
        }
      } finally {
        await baseline.stop();
      }
    } finally {
      await server.stop();
    }
  }

  report.table(
    ['mode / route', 'bytes', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'base req/s', 'base p99', 'ratio'],
    rows.map((r) => [
      `${r.mode} ${r.route.name}`,
      String(r.bytes),
      r.real.requests.average.toFixed(0),
      String(r.real.latency.p50),
      String(r.real.latency.p99),
      String(errorsOf(r.real)),
      r.base.requests.average.toFixed(0),
      String(r.base.latency.p99),
      `${((r.real.requests.average / r.base.requests.average) * 100).toFixed(0)} %`,
    ]),
  );
  report.line('');
  report.line('chain cost of the funds route:');
  for (const line of funds) report.line(`  ${line}`);
  for (const r of rows.filter((x) => x.route.name === 'funds')) report.line(`  ${r.mode} under load: ${r.chain}`);
  const others = rows.filter((x) => x.route.name !== 'funds').map((x) => `${x.mode} ${x.route.name} ${x.chain.replace(' eth_call', '')}`);
  report.line(`  the indexer's own eth_call in the other routes' runs (also in the counts above): ${others.join(', ')}`);
  report.line('');
  for (const r of rows) {
    if (r.route.kind === 'reference') continue;
    const ratio = r.real.requests.average / r.base.requests.average;
    const need = r.route.kind === 'count' ? 0.5 : 0.25;
    const label = `${r.mode} ${r.route.name}`;
    report.target(`${label}: req/s ≥ ${need * 100} % of baseline`, ratio >= need, `(${(ratio * 100).toFixed(0)} %)`);
    report.target(`${label}: p99 ≤ 25 ms at ${CONNECTIONS} connections`, r.real.latency.p99 <= 25, `(${r.real.latency.p99} ms)`);
    report.target(`${label}: zero errors`, errorsOf(r.real) === 0, `(${r.real.errors} errors of which ${r.real.timeouts} timeouts (10 s), ${r.real.non2xx} non-2xx)`);
  }
} catch (err) {
  failed = true;
  console.error('bench:api broke:', err);
} finally {
  await proxy.close();
  await pg?.stop();
  await devnet.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
}
if (failed) process.exit(1);
if (!flag('no-doc')) {
  updateDocSection('api', runBlock('npm run bench:api', 'API throughput against a bare Fastify baseline', DOC_INTRO, report));
  console.log('\ndocs/benchmarks.md: section bench:api updated');
}
