/**
 * Memory of a TokenDesk on the embedded PostgreSQL (decision 0024), as `npm start` runs it: the
 * bundled server on a fresh DATA_DIR (devnet on unless --no-devnet). Prints the first start and
 * restart times, then the resident memory of the server process and of the database processes
 * (the postmaster and every process below it) idle after start and, with --load, at the peak of a
 * short autocannon run of GET /api/v1/projects/ as a signed-up user.
 *
 * RSS counts a shared page once per process that touched it, so the sum over the postgres
 * processes overstates (shared_buffers appears in each backend); PSS (/proc/<pid>/smaps_rollup)
 * splits shared pages among their users and sums to what the cluster really holds.
 *
 *   npm run bench:memory [-- --load] [-- --seconds=10] [-- --connections=50] [-- --no-devnet]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '@tokendesk/testkit/free-port';
import { onInterrupt } from './lib/cleanup';
import { memoryOfProcesses, processTree, type MemoryFigures as Figures } from './lib/process-memory';
import { arg, flag } from './lib/report';
import { startServer, type ServerProcess } from './lib/server-process';

function snapshot(server: ServerProcess, dataDir: string): { server: Figures; postgres: Figures } {
  const postmaster = Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  return { server: memoryOfProcesses([server.pid]), postgres: memoryOfProcesses(processTree(postmaster)) };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const line = (label: string, s: { server: Figures; postgres: Figures }) =>
  `${label.padEnd(22)} server RSS ${mb(s.server.rss).padStart(9)} PSS ${mb(s.server.pss).padStart(9)} | postgres (${s.postgres.processes} processes) RSS ${mb(s.postgres.rss).padStart(9)} PSS ${mb(s.postgres.pss).padStart(9)}`;

async function timedStart(env: Record<string, string>): Promise<{ server: ServerProcess; ms: number }> {
  const port = await freePort();
  const started = performance.now();
  const server = await startServer(env, { port, readyTimeoutMs: 300_000 });
  return { server, ms: performance.now() - started };
}

async function signedUpToken(url: string): Promise<string> {
  const username = `mem${Date.now().toString(36)}`;
  const password = 'violet-harbour-92-lantern';
  const reg = await fetch(`${url}/api/v1/user/register/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      full_name: 'Memory Bench',
      email: `${username}@example.com`,
      username,
      password,
      confirm_password: password,
      accept_terms: true,
    }),
  });
  if (reg.status !== 201) throw new Error(`register answered ${reg.status}: ${await reg.text()}`);
  const login = await fetch(`${url}/api/v1/user/login/`, {
    headers: { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` },
  });
  if (!login.ok) throw new Error(`login answered ${login.status}`);
  return ((await login.json()) as { token: string }).token;
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tokendesk-bench-memory-'));
  const forget = onInterrupt(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    ...(flag('no-devnet') ? { DEVNET: 'off' } : {}),
  };
  console.log(
    `bench:memory on ${os.cpus().length} cores, ${mb(os.totalmem())} RAM, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; devnet ${flag('no-devnet') ? 'off' : 'on'}; DATA_DIR ${dataDir}`,
  );
  try {
    const first = await timedStart(env);
    console.log(
      `first start (initdb, migrations${flag('no-devnet') ? '' : ', devnet deployment'}) until /api/ready: ${(first.ms / 1000).toFixed(1)} s (plus the server bundle build, when its sources changed since the last one)`,
    );
    await first.server.stop();
    const again = await timedStart(env);
    console.log(`restart until /api/ready: ${(again.ms / 1000).toFixed(1)} s`);
    const server = again.server;
    await new Promise((r) => setTimeout(r, 3_000));
    console.log(line('idle after start', snapshot(server, dataDir)));

    if (flag('load')) {
      const token = await signedUpToken(server.url);
      const seconds = arg('seconds', 10);
      const connections = arg('connections', 50);
      let peak = snapshot(server, dataDir);
      const sampler = setInterval(() => {
        const s = snapshot(server, dataDir);
        if (s.server.rss + s.postgres.pss > peak.server.rss + peak.postgres.pss) peak = s;
      }, 500);
      const result = await autocannon({
        url: `${server.url}/api/v1/projects/`,
        connections,
        duration: seconds,
        headers: { authorization: `Bearer ${token}` },
      });
      clearInterval(sampler);
      console.log(
        `load: GET /api/v1/projects/ ${connections} connections ${seconds} s: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, ${result.non2xx} non-2xx, ${result.errors} errors`,
      );
      console.log(line('peak under load', peak));
      console.log(line('after the load', snapshot(server, dataDir)));
    }
    await server.stop();
  } finally {
    forget();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
