/**
 * The live stream under 1,000 open connections (issue 31, decision 0074): the real server as its
 * own process (the bundle `npm start` runs) on a bench PostgreSQL, indexing a devnet of its own.
 * Users are signed up through the API; each adds the devnet's DEMO token and its DEMO/WETH V2 pool
 * through the API, as a user would (the server verifies both on chain).
 *
 *   1. Memory: the server's RSS and PSS before and after 1,000 streams opened (per connection).
 *   2. Idle CPU: the server's CPU seconds over a quiet window with the 1,000 streams open
 *      (heartbeats and the indexer's 100 ms watch of the devnet's head included).
 *   3. From one indexed block to all 1,000 clients: a real swap on the devnet, from the moment its
 *      receipt is back (the block is mined; viem polls for it every 50 ms) to each of the 1,000
 *      clients reading the `pool` change of that block: the indexer's tick (read the block, store
 *      its events, pool state), its NOTIFY, LISTEN, one query for the users' pools and 1,000 socket
 *      writes. p50/p99 over clients and rounds, and the slowest client per round (the target).
 *   4. The fan-out alone, for comparison: a tick notice published by hand (`tick:31337:<block>:*:`)
 *      to the same 1,000 clients: how much of 3 is the stream and how much the indexer.
 *
 * The clients run in this process: on a small machine they compete with the server for the CPU,
 * so the push times are an upper bound. Transactions go only to the throwaway devnet.
 *
 *   npm run bench:stream [-- --streams=1000] [-- --users=50] [-- --rounds=20] [-- --idle-seconds=30] [-- --no-doc]
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { demoAccounts, devnetAddresses, devnetClients, startDevnet, swapOnDevnet } from '@tokendesk/devchain';
import pg from 'pg';
import { freePort } from '@tokendesk/testkit/free-port';
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

async function signUp(url: string, i: number): Promise<{ token: string; userId: number }> {
  const username = `live${i}${Date.now().toString(36)}`;
  const reg = await fetch(`${url}/api/v1/user/register/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      full_name: 'Stream Bench',
      email: `${username}@example.com`,
      username,
      password: PASSWORD,
      confirm_password: PASSWORD,
      accept_terms: true,
    }),
  });
  if (reg.status !== 201) throw new Error(`register answered ${reg.status}: ${await reg.text()}`);
  const login = await fetch(`${url}/api/v1/user/login/`, {
    headers: { authorization: `Basic ${Buffer.from(`${username}:${PASSWORD}`).toString('base64')}` },
  });
  if (!login.ok) throw new Error(`login answered ${login.status}`);
  const body = (await login.json()) as { token: string; user: { id: number } };
  return { token: body.token, userId: body.user.id };
}

const DEVNET_ID = 31337;

/** The devnet's DEMO token and its DEMO/WETH V2 pool, through the API (verified on chain by the server). */
async function addDemoPool(url: string, token: string): Promise<void> {
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const created = await fetch(`${url}/api/v1/projects/create/`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({
      network: DEVNET_ID,
      contract_address: devnetAddresses.demo,
      name: 'Demo',
      token_symbol: 'DEMO',
      token_decimal: 18,
    }),
  });
  if (created.status !== 201) throw new Error(`project answered ${created.status}: ${await created.text()}`);
  const { id } = (await created.json()) as { id: number };
  const pool = await fetch(`${url}/api/v1/projects/pool/${id}/`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ dex: 'uniswap-v2', token: 'weth', pool_address: devnetAddresses.pools.demoWethV2 }),
  });
  if (pool.status !== 201) throw new Error(`pool answered ${pool.status}: ${await pool.text()}`);
}

/** One client: reports each `pool` change it reads, with its block. */
interface Client {
  req: http.ClientRequest;
  seen: Map<string, number>;
}

function openStream(url: string, token: string, onChange: (block: bigint, at: number) => void): Promise<Client> {
  return new Promise((resolve, reject) => {
    const client: Client = { req: null as unknown as http.ClientRequest, seen: new Map() };
    // Each stream on a socket of its own, as each browser tab holds one.
    client.req = http.get(
      `${url}/api/v1/stream/`,
      { agent: false, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } },
      (res) => {
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
            if (change.topic === 'pool' && change.block) onChange(BigInt(change.block), at);
          }
        });
        resolve(client);
      },
    );
    client.req.on('error', reject);
  });
}

async function main(): Promise<void> {
  const postgres = await startBenchPostgres('bench_stream');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tokendesk-bench-stream-'));
  const devnetDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tokendesk-bench-stream-devnet-'));
  const forget = onInterrupt(async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(devnetDir, { recursive: true, force: true });
  });
  const devnet = await startDevnet({ dataDir: devnetDir });
  const forgetDevnet = onInterrupt(() => devnet.stop());
  const port = await freePort();
  const clients: Client[] = [];
  const server = await startServer(
    {
      DATABASE_URL: postgres.url,
      DATA_DIR: dataDir,
      DEVNET_RPC_URL: devnet.rpcUrl,
      LOG_LEVEL: 'warn',
      STREAMS_PER_USER: String(Math.ceil(STREAMS / USERS)),
      STREAMS_MAX: String(STREAMS),
      REGISTER_MAX_PER_IP: '100000',
      PASSWORD_HASH_COST: '10',
    },
    { port, readyTimeoutMs: 300_000 },
  );
  const db = new pg.Client({ connectionString: postgres.url });
  await db.connect();
  const chain = devnetClients(devnet.rpcUrl);
  try {
    for (const line of machineLines({ PostgreSQL: `${postgres.version} (${postgres.origin})` })) report.line(line);
    report.line(
      `${STREAMS} streams of ${USERS} users (${Math.ceil(STREAMS / USERS)} each); every user tracks the devnet's DEMO/WETH V2 pool; the server indexes the devnet; clients in the bench process`,
    );
    report.line();

    const users: { token: string; userId: number }[] = [];
    for (let i = 0; i < USERS; i++) users.push(await signUp(server.url, i));
    for (const u of users) await addDemoPool(server.url, u.token);
    // The backfill of the seeded history is done: the indexer's checkpoint reached the head.
    const head = await chain.public.getBlockNumber();
    for (let waited = 0; ; waited += 250) {
      const { rows } = await db.query<{ last_block: string }>(
        'select last_block from indexer_checkpoints where network_id = $1',
        [DEVNET_ID],
      );
      if (rows[0] && BigInt(rows[0].last_block) >= head) break;
      if (waited > 300_000) throw new Error('the indexer did not catch up with the devnet within 5 min');
      await new Promise((r) => setTimeout(r, 250));
    }
    await new Promise((r) => setTimeout(r, 3_000));
    const before = memoryOfProcesses([server.pid]);

    // Per round: when each client first read a pool change covering the round's block.
    let target = 0n;
    let arrivals: number[] = [];
    const firstSeen = new Set<number>();
    for (let i = 0; i < STREAMS; i++) {
      const user = users[i % USERS]!;
      clients.push(
        await openStream(server.url, user.token, (block, at) => {
          if (target === 0n || block < target || firstSeen.has(i)) return;
          firstSeen.add(i);
          arrivals.push(at);
        }),
      );
    }
    await new Promise((r) => setTimeout(r, 5_000));
    const after = memoryOfProcesses([server.pid]);
    const perConn = (a: number, b: number) => `${((b - a) / STREAMS / 1024).toFixed(1)} KiB`;
    report.line(
      `1. Memory of the server process: RSS ${(before.rss / 2 ** 20).toFixed(0)} → ${(after.rss / 2 ** 20).toFixed(0)} MB, PSS ${(before.pss / 2 ** 20).toFixed(0)} → ${(after.pss / 2 ** 20).toFixed(0)} MB`,
    );
    report.line(`   per open stream: RSS ${perConn(before.rss, after.rss)}, PSS ${perConn(before.pss, after.pss)}`);

    const cpu0 = cpuSecondsOf([server.pid]);
    const t0 = performance.now();
    await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
    const cpu = cpuSecondsOf([server.pid]) - cpu0;
    const wall = (performance.now() - t0) / 1000;
    report.line(
      `2. Idle with ${STREAMS} streams open for ${wall.toFixed(0)} s (heartbeats every 15 s; the indexer watching the devnet's head every 100 ms): ` +
        `server CPU ${cpu.toFixed(2)} s = ${((cpu / wall) * 100).toFixed(2)} % of one core`,
    );

    /** Runs `rounds` rounds of `start` (which returns the block it covers and when it began) and collects the arrival times. */
    const measure = async (start: () => Promise<{ block: bigint; at: number }>) => {
      const all: number[] = [];
      const slowest: number[] = [];
      let incomplete = 0;
      for (let round = 0; round < ROUNDS; round++) {
        firstSeen.clear();
        arrivals = [];
        // Arrivals before the block is known are kept against the next block up (a block is never reused).
        target = (await chain.public.getBlockNumber()) + 1n;
        const { block, at: began } = await start();
        if (block !== target)
          throw new Error(
            `round ${round}: block ${block}, expected ${target} (something else is writing to the devnet)`,
          );
        const deadline = Date.now() + 15_000;
        while (firstSeen.size < STREAMS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
        const times = arrivals.map((at) => at - began);
        if (times.length < STREAMS) incomplete += 1;
        all.push(...times);
        slowest.push(Math.max(...times));
        target = 0n;
        await new Promise((r) => setTimeout(r, 500));
      }
      return { all, slowest, incomplete };
    };

    // 3. A real swap: from its receipt (the block mined) to every client.
    let swaps = 0;
    const bySwap = await measure(async () => {
      const swap = await swapOnDevnet(chain, {
        from: demoAccounts[swaps++ % demoAccounts.length]!,
        pool: 'demo-weth',
        side: 'buy',
        amount: '0.01',
      });
      return { block: swap.receipt.blockNumber, at: performance.now() };
    });
    const line = (what: string, r: { all: number[]; slowest: number[]; incomplete: number }) =>
      `${what}, ${ROUNDS} rounds: per client p50 ${ms(percentile(r.all, 50))} ms, p99 ${ms(percentile(r.all, 99))} ms; ` +
      `all ${STREAMS} reached: p50 ${ms(percentile(r.slowest, 50))} ms, p99 ${ms(percentile(r.slowest, 99))} ms, worst ${ms(Math.max(...r.slowest))} ms` +
      (r.incomplete ? ` (${r.incomplete} rounds did not reach every client within 15 s)` : '');
    report.line(
      `3. One devnet swap, from its mined block → indexed → ${STREAMS} clients (${line('indexing included', bySwap)})`,
    );

    // 4. The same fan-out from a notice published by hand: the stream's share of 3.
    const byNotice = await measure(async () => {
      // A block number the devnet has not mined yet: only this round's notice matches it.
      const block = (await chain.public.getBlockNumber()) + 1n;
      const at = performance.now();
      await db.query(`select pg_notify('tokendesk_stream', $1)`, [`tick:${DEVNET_ID}:${block}:*:`]);
      return { block, at };
    });
    report.line(
      `4. For comparison, a tick notice published by hand → ${STREAMS} clients (${line('the fan-out alone', byNotice)})`,
    );
    report.target(
      'one indexed block to every client within 2 s (p99 of the slowest client per swap)',
      percentile(bySwap.slowest, 99) < 2_000 && bySwap.incomplete === 0,
      `${ms(percentile(bySwap.slowest, 99))} ms`,
    );
  } finally {
    for (const c of clients) c.req.destroy();
    await db.end().catch(() => {});
    await server.stop();
    await postgres.stop();
    await devnet.stop();
    forgetDevnet();
    forget();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(devnetDir, { recursive: true, force: true });
  }
  if (!flag('no-doc')) {
    updateDocSection(
      'stream',
      runBlock(
        'npm run bench:stream',
        'Live stream: 1,000 open streams',
        "The bundled server as its own process on a bench PostgreSQL, indexing a devnet of its own; 1,000 SSE streams of 50 users, every one tracking the devnet's DEMO/WETH pool, held by clients in the bench process. The p99 is from one indexed block to all 1,000 clients: a real devnet swap, timed from its receipt, through the indexer's tick, its NOTIFY, LISTEN, one query for the connected users' pools and 1,000 socket writes (decision 0074); line 4 is the fan-out alone, from a notice published by hand.",
        report,
      ),
    );
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
