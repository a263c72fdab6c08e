/**
 * Where the per-request pipeline spends its time (docs/benchmarks.md: new-count ≥ 50 % of the baseline),
 * without bench:api's devnet and pools: the real server (dist/main.js, DEVNET=off, the embedded
 * PostgreSQL in a temporary directory) under autocannon for /api/health (no auth, no database) and
 * GET projects/notifications/new-count/ (bearer session, budgets, the cached count), then
 * --cpu-prof's self time by package and function.
 *
 *   node --import tsx bench/api/pipeline-profile.ts [--duration 8] [--connections 50] [--no-profile]
 *
 * A diagnostic: the figures that count are bench:api's, taken on an idle machine.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { onInterrupt } from '../lib/cleanup';
import { summarizeProfile } from '../lib/cpu-profile';
import { arg, flag } from '../lib/report';
import { startServer } from '../lib/server-process';

const DURATION = arg('duration', 8);
const CONNECTIONS = arg('connections', 50);
const PROFILE = !flag('no-profile');
const PASSWORD = 'violet-harbour-92-lantern';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tokendesk-pipeline-'));
fs.chmodSync(tmp, 0o755);
onInterrupt(async () => fs.rmSync(tmp, { recursive: true, force: true }));
const profileDir = path.join(tmp, 'profile');
try {
  const server = await startServer(
    { DATA_DIR: path.join(tmp, 'data'), DEVNET: 'off', INDEXER: 'off', LOG_LEVEL: 'warn', PASSWORD_HASH_COST: '10' },
    { port: 4434, nodeArgs: PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [] },
  );
  try {
    const api = `${server.url}/api/v1`;
    const reg = await fetch(`${api}/user/register/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        full_name: 'Pipe Line',
        email: 'pipe@example.com',
        username: 'pipeline',
        password: PASSWORD,
        confirm_password: PASSWORD,
        accept_terms: true,
      }),
    });
    if (reg.status !== 201) throw new Error(`register: ${reg.status} ${await reg.text()}`);
    const login = await fetch(`${api}/user/login/`, {
      headers: { authorization: `Basic ${Buffer.from(`pipeline:${PASSWORD}`).toString('base64')}` },
    });
    const { token } = (await login.json()) as { token: string };
    const run = async (name: string, url: string, headers: Record<string, string> = {}) => {
      await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
      const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
      console.log(
        `${name.padEnd(10)} ${Math.round(r.requests.average)} req/s, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}`,
      );
      return r.requests.average;
    };
    const health = await run('health', `${server.url}/api/health`);
    const count = await run('new-count', `${api}/projects/notifications/new-count/`, {
      authorization: `Bearer ${token}`,
    });
    console.log(`new-count / health: ${((count / health) * 100).toFixed(0)} %`);
  } finally {
    await server.stop();
  }
  if (PROFILE) {
    const file = fs.readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
    if (file) {
      // The new-count run only: its last DURATION seconds before the stop (about 1 s).
      const summary = summarizeProfile(path.join(profileDir, file), 30, {
        lastMs: (DURATION + 1) * 1000,
        skipEndMs: 1200,
      });
      console.log(
        `new-count's run: busy ${(summary.busyMs / 1000).toFixed(1)} s, idle ${(summary.idleMs / 1000).toFixed(1)} s; self time by package:`,
      );
      for (const p of summary.byPackage) console.log(`  ${(p.share * 100).toFixed(1).padStart(5)} %  ${p.name}`);
      console.log('top functions (self time):');
      for (const f of summary.byFunction) console.log(`  ${(f.share * 100).toFixed(1).padStart(5)} %  ${f.name}`);
    }
  }
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
