/**
 * Benchmark (product §16): the API on a large database. 10k users, 100k projects, 300k pools,
 * 1M pool events and 1M notifications, seeded through the real schema with set-based SQL; then the
 * routes of a heavy user (1,000 projects, 5,000 pools, all 1M events) timed through the real server.
 *
 *   npm run bench:scale -- [--samples 200] [--external] [--no-export] [--no-doc]
 *
 * The database: by default the embedded PostgreSQL the server runs (apps/server/src/db/
 * embedded-postgres.ts, the same settings as npm start's) in a temporary directory; with
 * --external, DATABASE_URL (a fresh database on it, dropped afterwards) or a throwaway server from
 * the system's PostgreSQL. The real server (apps/server/src/main.ts) runs as its own process with
 * DEVNET=off: the pools are on the devnet's chain id, which that server does not know, so the
 * funds routes answer without chain reads (bench:api measures those); its caches are off, so every
 * request reaches the database. Each route is requested one request at a time over loopback HTTP,
 * after a warm-up; p95 of `--samples` requests. The list routes are paged (decision 0026): their first
 * page, searches, and pages deep in the list.
 * The CSV export streams all 1M events of the heavy user from a fresh server process to nowhere,
 * and the server's peak RSS (VmHWM) is read from /proc.
 *
 * Targets: each route p95 ≤ 20 ms; the CSV export of 1M events with peak RSS under 256 MB.
 * Exits 0 when a target is missed (it says so); non-zero only when the run itself broke.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Db } from '../../apps/server/src/db/client';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded-postgres';
import { encodeNewestCursor } from '../../apps/server/src/db/newest-first';
import { encodeCursor } from '../../apps/server/src/features/activity/repository';
import { hashPassword } from '../../apps/server/src/lib/passwords';
import { onInterrupt } from '../lib/cleanup';
import { startBenchPostgres } from '../lib/postgres';
import { arg, flag, machineLines, ms, Report, runBlock, updateDocSection } from '../lib/report';
import { memoryOf, startServer } from '../lib/server-process';
import { ROUTES, measure, measurePaging, SEARCH_TERMS, type Get, type RouteTiming } from './measure';
import { EVENT_SPACING_S, FULL_SCALE, seed } from './seed';

const SAMPLES = arg('samples', 200);
/** A route without a target (none today: every list is paged) would take fewer samples. */
const LIST_SAMPLES = Math.min(SAMPLES, 30);
const SERVER_PORT = 4431;
const EXPORT_PORT = 4432;
const PASSWORD = 'violet-harbour-92-lantern';
const TARGET_MS = 20;
// The session and unread-count caches would answer almost every repeated request from memory;
// this bench is about the database at scale, so each request goes to it (a cache miss, every time).
const NO_CACHES = { SESSION_CACHE_SECONDS: '0', UNREAD_COUNT_CACHE_SECONDS: '0', ANSWER_CACHE_SECONDS: '0' };
const DOC_INTRO = `
Targets (product §16): p95 at most 20 ms for every route below, at full scale, on PostgreSQL:
search, the dashboard, the list pages (paged on the server, decision 0026: the first page, a
search, and pages deep in the list; /alerts too), activity paging, and the notification count; a CSV export of
1M events with a peak RSS under 256 MB.

10,000 users, 100,000 projects, 300,000 pools, 1M pool events and 1M notifications are written
with \`insert … select … from generate_series\` through the real migrations, then ANALYZE, into the
embedded PostgreSQL the server runs by default (\`--external\`: DATABASE_URL or a throwaway server).
The heavy user (user 1) owns 1,000 projects, 5,000 pools and every event. Each route is requested
one at a time over loopback HTTP from the real server (its own process, DEVNET=off, so the funds
routes do no chain reads here; bench:api measures those; its answer, session and unread-count
caches off, so every request reaches the database), after a warm-up. The export streams the heavy
user's whole history from a fresh server process and reads its VmHWM.`;
const TARGET_RSS = 256 * 2 ** 20;
const basic = `Basic ${Buffer.from(`scaleuser1:${PASSWORD}`).toString('base64')}`;
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const count = (n: number) => n.toLocaleString('en-US');

/** The cursor a client holds after paging down to row `depth` of the heavy user's activity. */
async function cursorAt(db: Db, depth: number): Promise<string> {
  const [row] = await queryRows<{ block: string; log_index: number; id: string; pool_id: number }>(
    db,
    sql`select e.block_number::text as block, e.log_index, e.id, p.id as pool_id
      from pool_events e join pools p on p.network_id = e.network_id and lower(p.pool_address) = e.pool_address
      where p.user_id = 1 order by e.block_number desc, e.log_index desc, e.id desc, p.id desc offset ${depth - 1} limit 1`,
  );
  if (!row) throw new Error(`no activity row at depth ${depth}`);
  return encodeCursor({
    blockNumber: BigInt(row.block),
    logIndex: Number(row.log_index),
    eventId: Number(row.id),
    poolId: Number(row.pool_id),
  });
}

/** The cursor after row `depth` of the heavy user's projects or pools, newest first. */
async function listCursorAt(db: Db, table: 'projects' | 'pools' | 'alerts', depth: number): Promise<string> {
  const [row] = await queryRows<{ us: string; id: number }>(
    db,
    sql`select (extract(epoch from created_at) * 1000000)::bigint::text as us, id from ${sql.identifier(table)} where user_id = 1 order by created_at desc, id desc offset ${depth - 1} limit 1`,
  );
  if (!row) throw new Error(`no ${table} row at depth ${depth}`);
  return encodeNewestCursor({ createdUs: row.us, id: Number(row.id) });
}

interface Cursors {
  activity: string;
  activityDepth: number;
  projects: string;
  pools: string;
  alerts: string;
}

async function measureAll(get: Get, c: Cursors): Promise<RouteTiming[]> {
  const out: RouteTiming[] = [];
  out.push(
    await measure(
      get,
      'GET projects/search/?query=… (10 terms)',
      (i) => `/api/v1/projects/search/?query=${encodeURIComponent(SEARCH_TERMS[i % SEARCH_TERMS.length]!)}`,
      SAMPLES,
    ),
  );
  out.push(
    await measure(
      get,
      'GET projects/notifications/new-count/',
      () => '/api/v1/projects/notifications/new-count/',
      SAMPLES,
    ),
  );
  for (const route of ROUTES) {
    out.push({
      ...(await measure(
        get,
        route.name,
        () => route.path,
        route.target ? SAMPLES : LIST_SAMPLES,
        route.target ? 5 : 2,
      )),
      target: route.target,
    });
  }
  // Deep in the lists: pages further down from row 500 of the projects and row 2,500 of the pools.
  out.push(
    await measurePaging(
      get,
      'GET projects/ pages of 50 from row 500',
      '/api/v1/projects/',
      'projects',
      c.projects,
      50,
      Math.min(SAMPLES, 8),
    ),
  );
  out.push(
    await measurePaging(
      get,
      'GET projects/user/pools/funds/ pages of 50 from row 2,500',
      '/api/v1/projects/user/pools/funds/',
      'pools',
      c.pools,
      50,
      Math.min(SAMPLES, 45),
    ),
  );
  out.push(
    await measurePaging(
      get,
      'GET projects/user/pools/ pages of 50 from row 2,500',
      '/api/v1/projects/user/pools/',
      'pools',
      c.pools,
      50,
      Math.min(SAMPLES, 45),
    ),
  );
  // 1,000 alerts: rows 501–1,000 are ten full pages; the walk starts again from row 500 after the last.
  out.push(
    await measurePaging(
      get,
      'GET projects/alerts/ pages of 50 from row 500',
      '/api/v1/projects/alerts/',
      'alerts',
      c.alerts,
      50,
      Math.min(SAMPLES, 40),
    ),
  );
  out.push(
    await measure(get, 'GET projects/activity/ first page of 50', () => '/api/v1/projects/activity/?limit=50', SAMPLES),
  );
  out.push(
    await measurePaging(
      get,
      `GET projects/activity/ pages of 50 from row ${count(c.activityDepth)}`,
      '/api/v1/projects/activity/',
      'events',
      c.activity,
      50,
      SAMPLES,
    ),
  );
  return out;
}

function timingTable(report: Report, timings: RouteTiming[]): void {
  report.table(
    ['route (heavy user)', 'p50 ms', 'p95 ms', 'max ms', 'bytes'],
    timings.map((t) => [t.name, ms(t.p50), ms(t.p95), ms(t.max), count(t.bytes)]),
  );
}

async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/user/login/`, { headers: { authorization: basic } });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

const report = new Report();
let stopDatabase: (() => Promise<void>) | null = null;
let failed = false;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tokendesk-bench-scale-'));
// The embedded cluster runs as its own system user when the bench runs as root: it must reach its directory.
fs.chmodSync(tmp, 0o755);
onInterrupt(async () => fs.rmSync(tmp, { recursive: true, force: true }));
try {
  let url: string;
  let origin: string;
  if (flag('external')) {
    const pg = await startBenchPostgres('tokendesk_bench_scale');
    stopDatabase = () => pg.stop();
    url = pg.url;
    origin = `${pg.version}, ${pg.origin}`;
  } else {
    const embedded = await startEmbeddedPostgres({ dir: path.join(tmp, 'pg') });
    stopDatabase = () => embedded.stop();
    onInterrupt(() => embedded.stop());
    // The server's DATABASE_URL check wants a host name; libpq's ?host= (the socket directory) wins over it.
    url = embedded.url.replace('@/', '@localhost/');
    const probe = await openDatabase({ kind: 'postgres', url });
    const [v] = await queryRows<{ version: string }>(probe.db, sql`select version()`);
    await probe.close();
    origin = `${v!.version.split(' on ')[0]}, the embedded PostgreSQL (apps/server/src/db/embedded-postgres.ts, npm start's settings) in a temporary directory`;
  }
  for (const line of machineLines({ database: origin })) report.line(line);
  const s = FULL_SCALE;
  report.line(
    `data:      ${count(s.users)} users, ${count(s.projects)} projects, ${count(s.pools)} pools, ${count(s.events)} pool events, ${count(s.notifications)} notifications`,
  );
  report.line(
    `heavy user: ${count(s.heavyProjects)} projects, ${count(s.heavyPools)} pools, all ${count(s.events)} events (over ${Math.round((s.events * EVENT_SPACING_S) / 86400)} days), ` +
      `${count(s.heavyPools * 48)} snapshots, ${count(s.heavyPools / 5)} alerts, ${count(s.heavyNotifications)} notifications (${count(s.heavyUnread)} unread)`,
  );
  report.line(
    `timing:    one request at a time over loopback HTTP to the server as npm start runs it (apps/server/dist/main.js, own process, LOG_LEVEL=warn, DEVNET=off, ` +
      `SESSION_CACHE_SECONDS, UNREAD_COUNT_CACHE_SECONDS and ANSWER_CACHE_SECONDS 0: every request reaches the database), ${SAMPLES} samples per route after a warm-up ` +
      `(deep pages: as many as the list has left, then again from the same cursor)`,
  );
  report.line('');

  // --- full scale ---
  const database = await openDatabase({ kind: 'postgres', url }); // the real migrations
  const seedMs = await seed(database.db, s, await hashPassword(PASSWORD, 10), (line) => report.line(line));
  report.line(`seeded in ${(seedMs / 1000).toFixed(1)} s (generate_series, then ANALYZE; not measured)`);
  const depth = Math.floor(s.events / 2);
  const cursors: Cursors = {
    activity: await cursorAt(database.db, depth),
    activityDepth: depth,
    projects: await listCursorAt(database.db, 'projects', 500),
    pools: await listCursorAt(database.db, 'pools', 2_500),
    alerts: await listCursorAt(database.db, 'alerts', 500),
  };
  await database.close();

  const env = {
    DATABASE_URL: url,
    DATA_DIR: tmp,
    DEVNET: 'off',
    INDEXER: 'off',
    LOG_LEVEL: 'warn',
    PASSWORD_HASH_COST: '10',
    ...NO_CACHES,
  };
  const server = await startServer(env, { port: SERVER_PORT });
  let timings: RouteTiming[];
  try {
    const token = await login(server.url);
    const get: Get = async (p) => {
      const res = await fetch(server.url + p, { headers: { authorization: `Bearer ${token}` } });
      return { status: res.status, body: await res.text() };
    };
    timings = await measureAll(get, cursors);
  } finally {
    await server.stop();
  }
  report.line('');
  report.line('full scale:');
  timingTable(report, timings);

  interface ExportRun {
    rows: number;
    bytes: number;
    seconds: number;
    idle: number;
    peak: number;
    /** RSS sampled every 500 ms while streaming: lowest and highest, and at the end. */
    low: number;
    high: number;
    end: number;
  }
  /** The whole history of the heavy user as CSV, read and dropped as it arrives (a download to /dev/null). */
  const runExport = async (nodeArgs: string[]): Promise<ExportRun> => {
    // A fresh process, so its peak RSS is the export's and not the routes' above.
    const exporter = await startServer(env, { port: EXPORT_PORT, nodeArgs });
    try {
      const token = await login(exporter.url);
      const idle = memoryOf(exporter.pid).current;
      // A day of margin before the oldest event: the events are dated from the seeding, and a slow
      // run (seeding and routes took over 4 minutes once) otherwise let the oldest slip out of range.
      const from = new Date(Date.now() - (s.events * EVENT_SPACING_S + 86_400) * 1000).toISOString();
      const to = new Date(Date.now() + 60_000).toISOString();
      const started = performance.now();
      const res = await fetch(`${exporter.url}/api/v1/projects/activity/export/?from=${from}&to=${to}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.status !== 200 || !res.body) throw new Error(`export: ${res.status} ${await res.text()}`);
      let bytes = 0;
      let lines = 0;
      const samples: number[] = [];
      const sampler = setInterval(() => samples.push(memoryOf(exporter.pid).current), 500);
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          bytes += chunk.length;
          for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
        }
      } finally {
        clearInterval(sampler);
      }
      const seconds = (performance.now() - started) / 1000;
      const { peak, current } = memoryOf(exporter.pid);
      return {
        rows: lines - 1,
        bytes,
        seconds,
        idle,
        peak,
        low: Math.min(...samples),
        high: Math.max(...samples),
        end: current,
      };
    } finally {
      await exporter.stop();
    }
  };
  const exportLine = (e: ExportRun) =>
    `${count(e.rows)} rows, ${mb(e.bytes)} in ${e.seconds.toFixed(1)} s (${count(Math.round(e.rows / e.seconds))} rows/s); server RSS ${mb(e.idle)} after start, ` +
    `${mb(e.low)}–${mb(e.high)} while streaming (every 0.5 s), ${mb(e.end)} at the end, peak (VmHWM) ${mb(e.peak)}`;
  let exportResult: ExportRun | null = null;
  if (!flag('no-export')) {
    exportResult = await runExport([]);
    report.line('');
    report.line(`CSV export (server as started by npm start): ${exportLine(exportResult)}`);
    // The same export with V8's old generation capped: if the export held its rows, this would fail
    // or take as much; if the default peak is garbage V8 had no reason to collect yet, it drops.
    const capped = await runExport(['--max-old-space-size=128']);
    report.line(`same export, node --max-old-space-size=128 (diagnostic only): ${exportLine(capped)}`);
  }

  report.line('');
  report.line(`targets (PostgreSQL, full scale):`);
  for (const t of timings)
    if (t.target !== false) report.target(`${t.name} p95 ≤ ${TARGET_MS} ms`, t.p95 <= TARGET_MS, `(${ms(t.p95)} ms)`);
  if (exportResult) {
    report.target(
      `CSV export of ${count(exportResult.rows)} events, peak RSS < 256 MB`,
      exportResult.peak < TARGET_RSS && exportResult.rows === s.events,
      `(${mb(exportResult.peak)})`,
    );
  }
} catch (err) {
  failed = true;
  console.error('bench:scale broke:', err);
} finally {
  await stopDatabase?.().catch(() => {});
  fs.rmSync(tmp, { recursive: true, force: true });
}
if (failed) process.exit(1);
if (!flag('no-doc')) {
  updateDocSection('scale', runBlock('npm run bench:scale', 'The API on a large database', DOC_INTRO, report));
  console.log('\ndocs/benchmarks.md: section bench:scale updated');
}
