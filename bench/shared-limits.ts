/**
 * Benchmark (decision 0052): what the rate limits shared through PostgreSQL add to a sign-in and to
 * a budgeted request, against the in-process counters they replaced.
 *
 *   npm run bench:limits -- [--count 2000] [--concurrency 10]
 *
 * On a fresh database (DATABASE_URL's server, or a throwaway one: bench/lib/postgres.ts), migrated:
 * 1. the primitives, one after another: a budget token take (one statement) and a sign-in's
 *    reservation + settle (two transactions on three keys), against the in-memory versions;
 * 2. a budgeted route end to end (the real app, GET user/info/ by bearer token through
 *    app.inject, `--concurrency` at a time): budgets off (no check), on and shared (the store).
 * Prints figures; no target (the figure is what the decision record quotes).
 */
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { limitKey, SharedLimits } from '../apps/server/src/db/shared-limits';
import { LocalWindows, type WindowView } from '../apps/server/src/lib/rate-limiter';
import { TokenBuckets } from '../apps/server/src/lib/token-bucket';
import { startBenchPostgres } from './lib/postgres';
import { arg, machineLines, percentile, Report } from './lib/report';

const COUNT = arg('count', 2000);
const CONCURRENCY = arg('concurrency', 10);
const WINDOW_MS = 15 * 60_000;
const BIG = { capacity: 1e9, perMinute: 1e9 };

const report = new Report();
const us = (msValue: number) => `${(msValue * 1000).toFixed(0)} µs`;

async function timed(count: number, op: (i: number) => Promise<unknown> | unknown): Promise<number[]> {
  for (let i = 0; i < Math.min(200, count); i++) await op(-1 - i); // warm-up: prepared statements, JIT
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    await op(i);
    samples.push(performance.now() - t);
  }
  return samples;
}

const row = (label: string, samples: number[]) => [
  label,
  us(percentile(samples, 50)),
  us(percentile(samples, 95)),
  us(percentile(samples, 99)),
];

/** The sign-in pattern: reserve on three keys (check, record), then settle a success (reset, release). */
function signIn(
  run: <T>(keys: { key: string; windowMs: number }[], decide: (w: WindowView) => T) => Promise<T> | T,
  i: number,
) {
  const keys = [
    limitKey('signin-pair', `10.0.0.${i % 250}\u0000user${i}`),
    limitKey('signin-ip', `10.0.0.${i % 250}`),
    limitKey('signin-username', `user${i}`),
  ].map((key) => ({ key, windowMs: WINDOW_MS }));
  const [pair, ip, name] = keys.map((k) => k.key) as [string, string, string];
  return async () => {
    const at = await run(keys, (w) => {
      if (w.retryAfterSeconds(pair, 10) > 0 || w.retryAfterSeconds(ip, 30) > 0) throw new Error('limited');
      return [w.record(pair), w.record(ip), w.record(name)] as const;
    });
    await run(keys, (w) => {
      w.reset(pair);
      w.release(ip, at[1]);
      w.release(name, at[2]);
    });
  };
}

async function main() {
  const postgres = await startBenchPostgres('tokendesk-bench-limits');
  try {
    for (const line of machineLines({ PostgreSQL: `${postgres.version} (${postgres.origin})` })) report.line(line);
    const database = await openDatabase({ kind: 'postgres', url: postgres.url });
    const limits = new SharedLimits(database.db);
    const memoryBuckets = new TokenBuckets(BIG);
    const memoryWindows = new LocalWindows();

    report.line();
    report.line(`1. Primitives, ${COUNT} one after another (latency per operation)`);
    const rows = [
      row('budget take, in memory (before)', await timed(COUNT, (i) => memoryBuckets.take(`u${i % 100}`))),
      row(
        'budget take, shared (one statement)',
        await timed(COUNT, (i) => limits.take(`budget-default:${i % 100}`, BIG)),
      ),
      row(
        'sign-in reserve + settle, in memory (before)',
        await timed(COUNT, (i) => signIn((k, d) => memoryWindows.run(k, Date.now(), d), i)()),
      ),
      row(
        'sign-in reserve + settle, shared (two transactions)',
        await timed(COUNT, (i) => signIn((k, d) => limits.windows(k, d), i)()),
      ),
    ];
    report.table(['operation', 'p50', 'p95', 'p99'], rows);
    if (limits.fallbacks > 0)
      report.line(`(the store fell back to memory ${limits.fallbacks} times: figures above are not all shared)`);
    await database.close();

    report.line();
    report.line(
      `2. GET user/info/ by bearer token through the real app (app.inject), ${COUNT} requests, ${CONCURRENCY} at a time`,
    );
    const endToEnd: string[][] = [];
    for (const budgets of ['off', 'on'] as const) {
      const db = await openDatabase({ kind: 'postgres', url: postgres.url });
      const config = testConfig({
        USER_BUDGETS: budgets,
        USER_BUDGET_DEFAULT: '9999999,999999999',
        PASSWORD_HASH_COST: '12',
        SESSION_CACHE_SECONDS: '60',
      });
      const app = await buildApp({ config, database: db, logger: false });
      await app.ready();
      const username = `bench${budgets}${Date.now()}`;
      const password = 'violet-harbour-92-lantern';
      const reg = await app.inject({
        method: 'POST',
        url: '/api/v1/user/register/',
        payload: {
          full_name: 'Bench User',
          email: `${username}@example.com`,
          username,
          password,
          confirm_password: password,
          accept_terms: true,
        },
      });
      if (reg.statusCode !== 201) throw new Error(`register: ${reg.statusCode} ${reg.body}`);
      const login = await app.inject({
        method: 'GET',
        url: '/api/v1/user/login/',
        headers: { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` },
      });
      const token = (login.json() as { token: string }).token;
      const request = async () => {
        const res = await app.inject({
          method: 'GET',
          url: '/api/v1/user/info/',
          headers: { authorization: `Bearer ${token}` },
        });
        if (res.statusCode !== 200) throw new Error(`user/info: ${res.statusCode} ${res.body}`);
      };
      for (let i = 0; i < 300; i++) await request();
      const samples: number[] = [];
      let next = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next++ < COUNT) {
            const t = performance.now();
            await request();
            samples.push(performance.now() - t);
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      endToEnd.push([
        budgets === 'off' ? 'budgets off (no check)' : 'budgets on, shared',
        `${(COUNT / seconds).toFixed(0)}`,
        us(percentile(samples, 50)),
        us(percentile(samples, 99)),
      ]);
      await app.close();
      await db.close();
    }
    report.table(['server', 'req/s', 'p50', 'p99'], endToEnd);
  } finally {
    await postgres.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
