/**
 * The CSV export's memory alone (bench:scale's last figure) without the 10,000 users and the route
 * timings: the heavy user's 5,000 pools and 1M events, seeded as bench:scale does, then the whole
 * history streamed from a fresh server process to nowhere, its peak RSS (VmHWM) read from /proc.
 *
 *   node --import tsx bench/scale/export-memory.ts [--runs 1] [--keep DIR] [--node-args "--trace-gc"]
 *
 * --keep DIR keeps the seeded cluster in DIR and reuses it on the next run (seeding takes minutes).
 * The server is apps/server/dist/main.js as npm start runs it, rebuilt from the working tree.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../../apps/server/src/db/client';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded-postgres';
import { hashPassword } from '../../apps/server/src/lib/passwords';
import { onInterrupt } from '../lib/cleanup';
import { arg, flag } from '../lib/report';
import { memoryOf, startServer } from '../lib/server-process';
import { EVENT_SPACING_S, FULL_SCALE, seed, type ScaleSize } from './seed';

const PASSWORD = 'violet-harbour-92-lantern';
const PORT = 4433;
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
// One other user with one project and pool: the seed's formulas spread "the others" over them.
const SIZE: ScaleSize = {
  ...FULL_SCALE,
  users: 2,
  projects: FULL_SCALE.heavyProjects + 1,
  pools: FULL_SCALE.heavyPools + 1,
  notifications: 10,
  heavyNotifications: 5,
  heavyUnread: 1,
};

/** The value after `--name`, or undefined. */
const text = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const keepArg = text('keep');
const keep = keepArg ? path.resolve(keepArg) : null;
const dir = keep ?? fs.mkdtempSync(path.join(os.tmpdir(), 'tokendesk-export-memory-'));
fs.mkdirSync(dir, { recursive: true });
fs.chmodSync(dir, 0o755);
const seeded = fs.existsSync(path.join(dir, 'seeded'));
const cluster = await startEmbeddedPostgres({ dir: path.join(dir, 'pg') });
onInterrupt(() => cluster.stop());
const url = cluster.url.replace('@/', '@localhost/');
try {
  if (!seeded) {
    const database = await openDatabase({ kind: 'postgres', url });
    await seed(database.db, SIZE, await hashPassword(PASSWORD, 10), (line) => console.log(line));
    await database.close();
    fs.writeFileSync(path.join(dir, 'seeded'), new Date().toISOString());
  }
  const nodeArgs = (text('node-args') ?? '').split(' ').filter(Boolean);
  const env = {
    DATABASE_URL: url,
    DATA_DIR: dir,
    DEVNET: 'off',
    INDEXER: 'off',
    LOG_LEVEL: 'warn',
    PASSWORD_HASH_COST: '10',
  };
  const runs = arg('runs', 1);
  for (let run = 0; run < runs; run++) {
    const server = await startServer(env, { port: PORT, nodeArgs });
    try {
      const basic = `Basic ${Buffer.from(`scaleuser1:${PASSWORD}`).toString('base64')}`;
      const login = await fetch(`${server.url}/api/v1/user/login/`, { headers: { authorization: basic } });
      const { token } = (await login.json()) as { token: string };
      const idle = memoryOf(server.pid).current;
      // 365 days back: the 1M events span 289 days from the seeding, and the export takes at most 366.
      const end = Date.now() + 60_000;
      const from = new Date(end - 365 * 86_400_000).toISOString();
      const to = new Date(end).toISOString();
      const started = performance.now();
      const res = await fetch(`${server.url}/api/v1/projects/activity/export/?from=${from}&to=${to}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.status !== 200 || !res.body) throw new Error(`export: ${res.status} ${await res.text()}`);
      let bytes = 0;
      let lines = 0;
      // RSS every 2 s: where in the export the peak comes.
      const timeline: string[] = [];
      const sampler = setInterval(
        () =>
          timeline.push(
            `${Math.round((performance.now() - started) / 1000)}s:${lines}:${mb(memoryOf(server.pid).current)}`,
          ),
        2000,
      );
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          bytes += chunk.length;
          for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
        }
      } finally {
        clearInterval(sampler);
      }
      if (flag('timeline')) console.log(`RSS (time:rows:RSS) ${timeline.join(' ')}`);
      const seconds = (performance.now() - started) / 1000;
      const { peak, current } = memoryOf(server.pid);
      console.log(
        `export ${nodeArgs.join(' ') || '(no node flags)'}: ${lines - 1} rows (${SIZE.events} seeded, ${Math.round((SIZE.events * EVENT_SPACING_S) / 86400)} days), ${mb(bytes)} in ${seconds.toFixed(1)} s; ` +
          `RSS ${mb(idle)} after start, ${mb(current)} at the end, peak (VmHWM) ${mb(peak)}`,
      );
      if (flag('output')) console.log(server.output());
    } finally {
      await server.stop();
    }
  }
} finally {
  await cluster.stop();
  if (!keep) fs.rmSync(dir, { recursive: true, force: true });
}
