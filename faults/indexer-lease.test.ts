import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demoAccounts, devnetClients, swapOnDevnet } from '@tokendesk/devchain';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allActivity, call, signUp, sleep, waitFor, type User } from '@tokendesk/testkit/http';
import { attachPool, createProject, DEVNET_ID, startTestDevnet, type TestDevnet } from './support/devnet';
import { startCluster, type Cluster } from '@tokendesk/testkit/system-postgres';
import { killAllServers, startServer, type ServerProcess } from './support/server';

/**
 * Two servers on one PostgreSQL index a devnet; the one holding the network's lease is stopped
 * (SIGSTOP: the process is there, its connections are open, it answers nothing). The other must
 * take the network over within one lease (and a poll) and index a swap made meanwhile, its /ready
 * showing the lag while it waits; once the old holder is continued (SIGCONT) it must write nothing
 * and stand by. Round 1 stops the holder between ticks; round 2 inside a write transaction (held
 * there by a row lock the test takes), where only PostgreSQL ending its idle transaction lets
 * anyone take over; round 3 in the middle of a tick (held by a table lock while it reads), so that
 * when continued it goes on with its tick and its writes meet the fence
 * (docs/decisions/0051-indexer-lease.md).
 */

const LEASE_MS = 6_000;
/** The devnet's poll interval (networks.ts): a standby looks at the lease this often. */
const POLL_MS = 2_000;
/** One lease and a poll, plus a tick's own time on a shared 2-core machine. */
const TAKEOVER_LIMIT_MS = LEASE_MS + POLL_MS + 6_000;

let devnet: TestDevnet;
let cluster: Cluster;
let db: pg.Client;
const dirs: string[] = [];
const stopped = new Set<number>();
let user: User;
let poolId: number;
/** The two servers, in the order they started (the first usually takes the lease). */
const servers: ServerProcess[] = [];

interface ReadyNetwork {
  id: number;
  state: string;
  indexed_block: string | null;
  lag_blocks: string | null;
  lease: { held: boolean; epoch: string | null; expires_at: string | null; refused_writes: number } | null;
}

const devnetState = async (server: ServerProcess): Promise<ReadyNetwork> => {
  const res = await call<{ networks: ReadyNetwork[] }>(server.url, 'GET', '/ready');
  const n = res.body.networks.find((x) => x.id === DEVNET_ID);
  if (!n) throw new Error(`no devnet on /ready: ${res.text}`);
  return n;
};

async function start(label: string): Promise<ServerProcess> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `tokendesk-faults-lease-${label}-`));
  dirs.push(dir);
  return startServer({
    DATA_DIR: dir,
    DATABASE_URL: cluster.url,
    DEVNET_RPC_URL: devnet.rpcUrl,
    INDEXER_LEASE_MS: String(LEASE_MS),
    LOG_LEVEL: 'info',
  });
}

/** When the last SIGSTOP was sent: takeover times count from it. */
let stoppedAt = 0;
const signal = (server: ServerProcess, sig: 'SIGSTOP' | 'SIGCONT') => {
  process.kill(server.pid, sig);
  if (sig === 'SIGSTOP') stoppedAt = Date.now();
  if (sig === 'SIGSTOP') stopped.add(server.pid);
  else stopped.delete(server.pid);
};

let swaps = 0;
async function swap(): Promise<string> {
  swaps++;
  const r = await swapOnDevnet(devnetClients(devnet.rpcUrl), {
    from: demoAccounts[swaps % demoAccounts.length]!,
    pool: 'demo-weth',
    side: swaps % 2 ? 'buy' : 'sell',
    amount: swaps % 2 ? '0.01' : '5',
  });
  return r.hash.toLowerCase();
}

const inActivity = async (server: ServerProcess, hash: string) =>
  (await allActivity(server.url, user.token, poolId)).some((e) => e.tx_hash.toLowerCase() === hash);

const storedRows = async (hash: string) =>
  Number(
    (await db.query<{ n: string }>('select count(*) as n from pool_events where tx_hash = $1', [hash])).rows[0]!.n,
  );
const lease = async () =>
  (
    await db.query<{ holder: string; epoch: string }>(
      'select holder, epoch from indexer_leases where network_id = $1',
      [DEVNET_ID],
    )
  ).rows[0]!;

/** Which of the two holds the devnet's lease (by their own /ready), once one of them does. */
async function holderOf(servers: ServerProcess[]): Promise<{ holder: ServerProcess; standby: ServerProcess }> {
  return waitFor(
    'one server holding the devnet lease, the other on standby',
    async () => {
      const states = await Promise.all(servers.map(devnetState));
      const i = states.findIndex((s) => s.state === 'indexing');
      const j = states.findIndex((s) => s.state === 'standby');
      return i >= 0 && j >= 0 && i !== j ? { holder: servers[i]!, standby: servers[j]! } : null;
    },
    60_000,
  );
}

/**
 * The holder is stopped (by `stop`, which returns once it is); a swap is made; the standby must
 * show the lag and then index the swap; after SIGCONT the old holder stands by having written
 * nothing. Returns the figures for the log line.
 */
async function round(servers: ServerProcess[], stop: (holder: ServerProcess, hash: Promise<string>) => Promise<void>) {
  const { holder, standby } = await holderOf(servers);
  try {
    return await stopAndTakeOver(holder, standby, stop);
  } finally {
    // Whatever failed: the next round needs both servers answering.
    if (stopped.has(holder.pid)) signal(holder, 'SIGCONT');
  }
}

async function stopAndTakeOver(
  holder: ServerProcess,
  standby: ServerProcess,
  stop: (holder: ServerProcess, hash: Promise<string>) => Promise<void>,
) {
  const before = { epoch: (await devnetState(holder)).lease?.epoch ?? '0', holder: null as string | null };
  before.holder = (await lease().catch(() => null))?.holder ?? null;
  const hash = swap();
  await stop(holder, hash);
  const tx = await hash;

  // Meanwhile the standby reports what is stored: the swap's block is not indexed, and it says so.
  let lagSeen: ReadyNetwork | null = null;
  await waitFor(
    'the swap indexed by the standby',
    async () => {
      const s = await devnetState(standby);
      if (!lagSeen && s.state === 'standby' && Number(s.lag_blocks ?? 0) > 0) lagSeen = s;
      return inActivity(standby, tx);
    },
    TAKEOVER_LIMIT_MS + 10_000,
    200,
  );
  const takeoverMs = Date.now() - stoppedAt;
  expect(lagSeen, "the standby's /ready showed the lag while the holder was stopped").not.toBeNull();
  expect(takeoverMs, 'indexed by the other server within a lease and a poll').toBeLessThan(TAKEOVER_LIMIT_MS);
  const after = await lease();
  expect(BigInt(after.epoch)).toBe(BigInt(before.epoch) + 1n);
  expect(after.holder).not.toBe(before.holder);
  // The range is stored before the tick ends (prices, alerts, traders): then the state says so.
  await waitFor('the new holder indexing', async () => (await devnetState(standby)).state === 'indexing', 30_000);
  expect(await devnetState(standby)).toMatchObject({ state: 'indexing', lease: { held: true, epoch: after.epoch } });

  // The old holder comes back: it stands by and writes nothing (its epoch is stale).
  const checkpoint = (
    await db.query<{ last_block: string }>('select last_block from indexer_checkpoints where network_id = $1', [
      DEVNET_ID,
    ])
  ).rows[0]!.last_block;
  signal(holder, 'SIGCONT');
  await waitFor('the old holder on standby', async () => (await devnetState(holder)).state === 'standby', 30_000);
  await sleep(2 * POLL_MS);
  const back = await devnetState(holder);
  expect(back.lease?.held).toBe(false);
  expect(await lease()).toEqual(after);
  expect(await storedRows(tx), 'the swap is stored once').toBe(1);
  const now = (
    await db.query<{ last_block: string }>('select last_block from indexer_checkpoints where network_id = $1', [
      DEVNET_ID,
    ])
  ).rows[0]!.last_block;
  expect(BigInt(now)).toBeGreaterThanOrEqual(BigInt(checkpoint));
  expect(holder.output()).toMatch(/lost the network's indexer lease|a write was refused, this server no longer holds/);

  // And the new holder goes on: a later swap is indexed, still once.
  const next = await swap();
  await waitFor('a later swap indexed', () => inActivity(standby, next), 30_000);
  expect(await storedRows(next)).toBe(1);
  return { takeoverMs, lag: lagSeen!.lag_blocks, refused: back.lease?.refused_writes ?? 0 };
}

beforeAll(async () => {
  devnet = await startTestDevnet();
  cluster = await startCluster();
  const a = await start('a');
  servers.push(a);
  user = await signUp(a.url, 'lease');
  const project = await createProject(a.url, user);
  poolId = (await attachPool(a.url, user, project.id)).id;
  servers.push(await start('b'));
  db = new pg.Client({ connectionString: cluster.url });
  await db.connect();
}, 180_000);
afterAll(async () => {
  // A stopped process would ignore SIGTERM until continued.
  for (const pid of stopped) process.kill(pid, 'SIGCONT');
  await killAllServers();
  await db?.end().catch(() => {});
  cluster?.destroy();
  await devnet?.destroy();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the indexing server is stopped (SIGSTOP) on one PostgreSQL shared by two servers', () => {
  it('between ticks: the other server takes over within a lease, shows the lag meanwhile, and the old holder writes nothing after SIGCONT', async () => {
    const figures = await round(servers, async (holder) => {
      signal(holder, 'SIGSTOP');
    });
    console.log(
      `lease SIGSTOP between ticks: swap indexed by the other server ${figures.takeoverMs} ms after the stop (lease ${LEASE_MS} ms, poll ${POLL_MS} ms); standby showed lag ${figures.lag}; old holder's refused writes ${figures.refused}`,
    );
  });

  it('inside a write transaction: PostgreSQL ends the stopped transaction, the other server takes over, and nothing of the old holder is written', async () => {
    const blocker = new pg.Client({ connectionString: cluster.url });
    await blocker.connect();
    try {
      const figures = await round(servers, async (holder, hash) => {
        // The holder's next range commits with the checkpoint: holding that row keeps its
        // transaction open, past the fence (the lease row locked) and its events inserted.
        await blocker.query('begin');
        await blocker.query('select 1 from indexer_checkpoints where network_id = $1 for update', [DEVNET_ID]);
        await hash;
        await waitFor(
          "the holder's write transaction waiting on the row",
          async () =>
            (
              await db.query(
                `select 1 from pg_stat_activity where wait_event_type = 'Lock' and query ilike '%indexer_checkpoints%'`,
              )
            ).rows.length > 0,
          30_000,
          50,
        );
        signal(holder, 'SIGSTOP');
        // Its statement now completes, and its session sits idle in the transaction, stopped.
        await blocker.query('commit');
      });
      console.log(
        `lease SIGSTOP inside a write transaction: swap indexed by the other server ${figures.takeoverMs} ms after the stop; standby showed lag ${figures.lag}; old holder's refused writes ${figures.refused}`,
      );
    } finally {
      await blocker.end().catch(() => {});
    }
  });

  it('in the middle of a tick: after SIGCONT the old holder goes on with what it read, and the fence refuses its writes', async () => {
    const blocker = new pg.Client({ connectionString: cluster.url });
    await blocker.connect();
    try {
      const figures = await round(servers, async (holder, hash) => {
        // The holder's next tick waits to read how far each pool is indexed (outside any
        // transaction; only a network with tracked pools gets that far, so it is the devnet's
        // loop): it is stopped there, and goes on from there when continued, its answer waiting in
        // the socket.
        await blocker.query('begin');
        await blocker.query('lock table indexed_pools in access exclusive mode');
        await hash;
        await waitFor(
          "the holder's tick waiting to read the pools' coverage",
          async () =>
            (
              await db.query(
                `select 1 from pg_stat_activity where wait_event_type = 'Lock' and query ilike 'select%from "indexed_pools"%'`,
              )
            ).rows.length > 0,
          30_000,
          50,
        );
        signal(holder, 'SIGSTOP');
        await blocker.query('commit');
      });
      console.log(
        `lease SIGSTOP mid-tick: swap indexed by the other server ${figures.takeoverMs} ms after the stop; standby showed lag ${figures.lag}; old holder's refused writes ${figures.refused}`,
      );
      expect(figures.refused, "the old holder's late writes were refused by the fence").toBeGreaterThan(0);
    } finally {
      await blocker.end().catch(() => {});
    }
  });
});
