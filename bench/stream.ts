/**
 * The live stream under 1,000 open connections (issue 31, decision 0074): the real server as its
 * own process (the bundle `npm start` runs) on a bench PostgreSQL, indexer and devnet off so that
 * nothing else runs in it. Users are signed up through the API; each owns one project and one pool
 * on Ethereum, written straight to the tables (no node is contacted).
 *
 *   1. Memory: the server's RSS and PSS before and after 1,000 streams opened (per connection).
 *   2. Idle CPU: the server's CPU seconds over a quiet window with the 1,000 streams open
 *      (heartbeats included).
 *   3. Push: a tick notice as the indexer sends it (`tick:1:<block>:*:` through pg_notify on its own
 *      connection, i.e. "every pool of network 1 changed") goes to every user with a stream; the
 *      time from the NOTIFY to each of the 1,000 clients reading its `pool` change — the path of
 *      one indexed block after the indexer's commit: LISTEN, one query for the users' pools, 1,000
 *      socket writes. p50/p99 over clients and rounds, and the slowest client per round.
 *
 * The clients run in this process: on a small machine they compete with the server for the CPU,
 * so the push times are an upper bound.
 *
 *   npm run bench:stream [-- --streams=1000] [-- --users=50] [-- --rounds=20] [-- --idle-seconds=30] [-- --no-doc]
 */
import fs from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { onInterrupt } from './lib/cleanup';
import { startBenchPostgres } from './lib/postgres';
import { cpuSecondsOf, memoryOfProcesses } from './lib/process-memory';
import { arg, flag, machineLines, ms, percentile, Report, runBlock, updateDocSection } from './lib/report';
import { startServer } from './lib/server-process';

const STREAMS = arg('streams', 1000);
const USERS = arg('users', 50);
const ROUNDS = arg('rounds', 20);
const IDLE_SECONDS = arg('idle-seconds', 30);
const PASSWORD = 'violet-harbour-92-lantern';
const report = new Report();

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function signUp(url: string, i: number): Promise<{ token: string; userId: number }> {
  const username = `live${i}${Date.now().toString(36)}`;
  const reg = await fetch(`${url}/api/v1/user/register/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ full_name: 'Stream Bench', email: `${username}@example.com`, username, password: PASSWORD, confirm_password: PASSWORD, accept_terms: true }),
  });
  if (reg.status !== 201) throw new Error(`register answered ${reg.status}: ${await reg.text()}`);
  const login = await fetch(`${url}/api/v1/user/login/`, { headers: { authorization: `Basic ${Buffer.from(`${username}:${PASSWORD}`).toString('base64')}` } });
  if (!login.ok) throw new Error(`login answered ${login.status}`);
  const body = (await login.json()) as { token: string; user: { id: number } };
  return { token: body.token, userId: body.user.id };
}

/** One client: resolves `arrived(block)` when its pool change for that block is read. */
interface Client {
  req: http.ClientRequest;
  seen: Map<string, number>;
}

function openStream(url: string, token: string, onChange: (block: string, at: number) => void): Promise<Client> {
  return new Promise((resolve, reject) => {
    const client: Client = { req: null as unknown as http.ClientRequest, seen: new Map() };
    // Each stream on a socket of its own, as each browser tab holds one.
    client.req = http.get(`${url}/api/v1/stream/`, { agent: false, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        const at = performance.now();
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').find((l) => l.startsWith('data: '));
          if (!data) continue;
          const change = JSON.parse(data.slice(6)) as { topic: string; block?: string };
          if (change.topic === 'pool' && change.block) onChange(change.block, at);
        }
      });
      resolve(client);
    });
    client.req.on('error', reject);
  });
}

async function main(): Promise<void> {
  const postgres = await startBenchPostgres('bench_stream');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tokendesk-bench-stream-'));
  const forget = onInterrupt(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const clients: Client[] = [];
  const server = await startServer(
    {
      DATABASE_URL: postgres.url,
      DATA_DIR: dataDir,
      DEVNET: 'off',
      INDEXER: 'off',
      LOG_LEVEL: 'warn',
      STREAMS_PER_USER: String(Math.ceil(STREAMS / USERS)),
      STREAMS_MAX: String(STREAMS),
      REGISTER_MAX_PER_IP: '100000',
    },
    { port, readyTimeoutMs: 300_000 },
  );
  const db = new pg.Client({ connectionString: postgres.url });
  await db.connect();
  try {
    for (const line of machineLines({ PostgreSQL: `${postgres.version} (${postgres.origin})` })) report.line(line);
    report.line(`${STREAMS} streams of ${USERS} users (${Math.ceil(STREAMS / USERS)} each), one pool each on network 1; clients in the bench process`);
    report.line();

    const users: { token: string; userId: number }[] = [];
    for (let i = 0; i < USERS; i++) users.push(await signUp(server.url, i));
    for (const [i, u] of users.entries()) {
      const hex = (n: number) => n.toString(16).padStart(40, '0');
      const { rows } = await db.query<{ id: number }>(
        `insert into projects (user_id, network_id, contract_address, name, token_symbol, token_decimal) values ($1, 1, $2, 'Bench', 'BNCH', 18) returning id`,
        [u.userId, `0x${hex(0xaa0000 + i)}`],
      );
      await db.query(
        `insert into pools (user_id, project_id, network_id, dex_id, token_id, paired_token_symbol, paired_token_name, paired_token_decimals, pool_version, project_is_token0, pool_address, paired_token_address)
         values ($1, $2, 1, 'uniswap-v2', 'weth', 'WETH', 'Wrapped Ether', 18, 'v2', true, $3, '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2')`,
        [u.userId, rows[0]!.id, `0x${hex(0xbb0000 + i)}`],
      );
    }
    await new Promise((r) => setTimeout(r, 3_000));
    const before = memoryOfProcesses([server.pid]);

    const arrivals = new Map<string, number[]>();
    for (let i = 0; i < STREAMS; i++) {
      const user = users[i % USERS]!;
      clients.push(
        await openStream(server.url, user.token, (block, at) => {
          const list = arrivals.get(block) ?? [];
          list.push(at);
          arrivals.set(block, list);
        }),
      );
    }
    await new Promise((r) => setTimeout(r, 5_000));
    const after = memoryOfProcesses([server.pid]);
    const perConn = (a: number, b: number) => `${((b - a) / STREAMS / 1024).toFixed(1)} KiB`;
    report.line(`1. Memory of the server process: RSS ${(before.rss / 2 ** 20).toFixed(0)} → ${(after.rss / 2 ** 20).toFixed(0)} MB, PSS ${(before.pss / 2 ** 20).toFixed(0)} → ${(after.pss / 2 ** 20).toFixed(0)} MB`);
    report.line(`   per open stream: RSS ${perConn(before.rss, after.rss)}, PSS ${perConn(before.pss, after.pss)}`);

    const cpu0 = cpuSecondsOf([server.pid]);
    const t0 = performance.now();
    await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
    const cpu = cpuSecondsOf([server.pid]) - cpu0;
    const wall = (performance.now() - t0) / 1000;
    report.line(`2. Idle with ${STREAMS} streams open for ${wall.toFixed(0)} s (heartbeats every 15 s): server CPU ${cpu.toFixed(2)} s = ${((cpu / wall) * 100).toFixed(2)} % of one core`);

    const all: number[] = [];
    const slowest: number[] = [];
    let incomplete = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const block = String(1_000_000 + round);
      const sent = performance.now();
      await db.query(`select pg_notify('tokendesk_stream', $1)`, [`tick:1:${block}:*:`]);
      const deadline = Date.now() + 10_000;
      while ((arrivals.get(block)?.length ?? 0) < STREAMS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      const times = (arrivals.get(block) ?? []).map((at) => at - sent);
      if (times.length < STREAMS) incomplete += 1;
      for (const t of times) all.push(t);
      slowest.push(Math.max(...times));
      await new Promise((r) => setTimeout(r, 250));
    }
    report.line(
      `3. One tick notice → ${STREAMS} clients, ${ROUNDS} rounds: per client p50 ${ms(percentile(all, 50))} ms, p99 ${ms(percentile(all, 99))} ms; ` +
        `all ${STREAMS} reached: p50 ${ms(percentile(slowest, 50))} ms, p99 ${ms(percentile(slowest, 99))} ms, worst ${ms(Math.max(...slowest))} ms` +
        (incomplete ? ` (${incomplete} rounds did not reach every client within 10 s)` : ''),
    );
    report.target('every client within 2 s (p99 of the slowest client per round)', percentile(slowest, 99) < 2_000, `${ms(percentile(slowest, 99))} ms`);
  } finally {
    for (const c of clients) c.req.destroy();
    await db.end().catch(() => {});
    await server.stop();
    await postgres.stop();
    forget();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (!flag('no-doc')) {
    updateDocSection(
      'stream',
      runBlock(
        'npm run bench:stream',
        'Live stream: 1,000 open streams',
        'The bundled server as its own process on a bench PostgreSQL (indexer and devnet off), 1,000 SSE streams of 50 users held by clients in the bench process. A tick notice as the indexer sends it goes through LISTEN, one query for the connected users\' pools and 1,000 socket writes (decision 0074).',
        report,
      ),
    );
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
