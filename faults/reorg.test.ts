import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demoAccounts, devnetClients, swapOnDevnet } from '@tokendesk/devchain';
import { decodeEventLog, erc20Abi, getAddress, parseAbi, parseUnits, type Hash } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allActivity,
  call,
  type ActivityEvent as Event,
  getOk,
  signUp,
  waitFor,
  type User,
} from '@tokendesk/testkit/http';
import {
  attachPool,
  createProject,
  DEMO_WETH_POOL,
  demoTokens,
  startTestDevnet,
  type TestDevnet,
} from './support/devnet';
import { killAllServers, startServer, type ServerProcess } from './support/server';

/**
 * A chain reorganisation under the real server process. The devnet needs no confirmations, so a
 * block replaced there has always been indexed already: the server must notice the new hash on its
 * next tick, roll back what it stored from the orphaned block and index the new one. Afterwards the
 * API must say what the new chain says: the activity equals the pool's logs, the top holders equal
 * balanceOf, and the large-swap alert's notice about the orphaned buy is withdrawn (it had been
 * read, so a 'Withdrawn:' note replaces it) while the replacing buy fires its own.
 * Reorganisations against a network with confirmations (shallower and deeper than them) are in
 * apps/server/test/indexer/reorg.test.ts.
 */

let devnet: TestDevnet;
let server: ServerProcess;
let dataDir: string;
let user: User;
let projectId: number;
let poolId: number;
let alertId: number;

interface Notice {
  id: number;
  title: string;
  message: string;
  is_read: boolean;
  navigation_url: string;
}
interface Trigger {
  id: number;
  values: Record<string, string | number | null>;
}

const clients = () => devnetClients(devnet.rpcUrl);
const pairAbi = parseAbi([
  'event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)',
  'event Mint(address indexed sender, uint256 amount0, uint256 amount1)',
  'event Burn(address indexed sender, uint256 amount0, uint256 amount1, address indexed to)',
]);

const activity = (): Promise<Event[]> => allActivity(server.url, user.token, poolId);

const key = (tx: string, logIndex: number) => `${tx.toLowerCase()}:${logIndex}`;

/** The pool's Swap/Mint/Burn logs on the chain as it is now, from the first activity block on. */
async function chainEvents(fromBlock: bigint): Promise<string[]> {
  const logs = await clients().public.getLogs({ address: DEMO_WETH_POOL, fromBlock, toBlock: 'latest' });
  return logs
    .filter((l) => {
      try {
        decodeEventLog({ abi: pairAbi, topics: l.topics, data: l.data });
        return true;
      } catch {
        return false;
      }
    })
    .map((l) => key(l.transactionHash, l.logIndex));
}

async function activityMatchesChain(): Promise<boolean> {
  const stored = await activity();
  const from = stored.reduce(
    (min, e) => (BigInt(e.block_number) < min ? BigInt(e.block_number) : min),
    BigInt(Number.MAX_SAFE_INTEGER),
  );
  const onChain = await chainEvents(from);
  const mine = stored.map((e) => key(e.tx_hash, e.log_index)).sort();
  return JSON.stringify(mine) === JSON.stringify(onChain.sort());
}

const notices = () => getOk<Notice[]>(server.url, '/api/v1/projects/notifications', user.token);
const triggers = () => getOk<Trigger[]>(server.url, `/api/v1/projects/alerts/${alertId}/triggers`, user.token);

async function buy(from: number, amount: string): Promise<Hash> {
  return (await swapOnDevnet(clients(), { from: demoAccounts[from]!, pool: 'demo-weth', side: 'buy', amount })).hash;
}

beforeAll(async () => {
  devnet = await startTestDevnet();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tokendesk-faults-reorg-'));
  server = await startServer({ DATA_DIR: dataDir, DEVNET_RPC_URL: devnet.rpcUrl });
  user = await signUp(server.url, 'reorg');
  projectId = (await createProject(server.url, user)).id;
  poolId = (await attachPool(server.url, user, projectId)).id;
  const alert = await call<{ id: number }>(server.url, 'POST', '/api/v1/projects/alerts', {
    token: user.token,
    body: { kind: 'large_swap', pool_id: poolId, min_amount: 0.05, cooldown_minutes: 1 },
  });
  if (alert.status !== 201) throw new Error(`create alert: ${alert.status} ${alert.text}`);
  alertId = alert.body.id;
  // The backfill is in, and the alert has been seen by a tick (it judges swaps after that).
  await waitFor(
    'the backfilled activity',
    async () => (await activity()).length > 0 && (await activityMatchesChain()),
    60_000,
  );
  const seenAt = await clients().public.getBlockNumber({ cacheTime: 0 });
  await waitFor(
    'a tick after the alert',
    async () => {
      const ready = await getOk<{ networks: { id: number; indexed_block: string | null }[] }>(
        server.url,
        '/ready',
        user.token,
      ).catch(() => null);
      const devnetState = ready?.networks.find((n) => n.id === 31337);
      return devnetState?.indexed_block ? BigInt(devnetState.indexed_block) >= seenAt : false;
    },
    30_000,
  );
  await new Promise((r) => setTimeout(r, 2_500));
}, 150_000);

afterAll(async () => {
  await killAllServers();
  await devnet?.destroy();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a reorganisation on the devnet (0 confirmations)', () => {
  it('is rolled back by the running server: activity, holders and alert notices follow the new chain', async () => {
    // The block that will be orphaned: a large buy, indexed, fired and read by the user.
    const orphan = await buy(0, '1');
    const orphanBlock = (await clients().public.getTransactionReceipt({ hash: orphan })).blockNumber;
    await waitFor(
      'the orphaned buy in the activity',
      async () => (await activity()).some((e) => e.tx_hash.toLowerCase() === orphan.toLowerCase()),
      30_000,
    );
    const fired = await waitFor(
      'the large-swap notice of the orphaned buy',
      async () => (await triggers()).find((t) => t.values.tx_hash === orphan.toLowerCase()),
      30_000,
    );
    const orphanNotice = (await notices()).find((n) => n.navigation_url === `/alerts/${alertId}`);
    expect(orphanNotice).toBeDefined();
    const read = await call(server.url, 'POST', '/api/v1/projects/notifications/mark-read', {
      token: user.token,
      body: { ids: [orphanNotice!.id] },
    });
    expect(read.status).toBeLessThan(300);

    // anvil replaces the block with another one holding a different, larger buy from someone else.
    const res = await fetch(devnet.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_rollback', params: [1] }),
    });
    expect(((await res.json()) as { error?: unknown }).error).toBeUndefined();
    const replacement = await buy(2, '2');
    const replacementBlock = (await clients().public.getTransactionReceipt({ hash: replacement })).blockNumber;
    expect(replacementBlock).toBe(orphanBlock);
    expect(
      await clients()
        .public.getTransaction({ hash: orphan })
        .catch(() => null),
    ).toBeNull();

    await waitFor(
      'the activity to match the new chain',
      async () => {
        const stored = await activity();
        return (
          stored.some((e) => e.tx_hash.toLowerCase() === replacement.toLowerCase()) && (await activityMatchesChain())
        );
      },
      30_000,
    );
    expect((await activity()).some((e) => e.tx_hash.toLowerCase() === orphan.toLowerCase())).toBe(false);

    // Alerts: the orphaned firing is gone, the replacing buy fired, the counter agrees.
    const after = await waitFor(
      'the replacing buy to fire',
      async () => {
        const list = await triggers();
        return list.some((t) => t.values.tx_hash === replacement.toLowerCase()) ? list : null;
      },
      30_000,
    );
    expect(after.map((t) => t.id)).not.toContain(fired.id);
    expect(after.map((t) => t.values.tx_hash)).not.toContain(orphan.toLowerCase());
    const alert = await getOk<{ trigger_count: number }>(server.url, `/api/v1/projects/alerts/${alertId}`, user.token);
    expect(alert.trigger_count).toBe(after.length);
    const list = await notices();
    expect(list.map((n) => n.id)).not.toContain(orphanNotice!.id);
    const withdrawn = list.find((n) => n.title === `Withdrawn: ${orphanNotice!.title}`);
    expect(withdrawn?.message).toContain(orphanNotice!.message);
    expect(
      list.filter((n) => n.navigation_url === `/alerts/${alertId}` && !n.title.startsWith('Withdrawn')).length,
    ).toBe(after.length);

    // Holders: every top holder's balance is balanceOf at the block the holders were counted to.
    const summary = await waitFor(
      'holders counted past the replaced block',
      async () => {
        const s = await getOk<{ sync: { indexed_block: string | null }; top: { address: string; balance: string }[] }>(
          server.url,
          `/api/v1/projects/${projectId}/holders`,
          user.token,
        );
        return s.sync.indexed_block && BigInt(s.sync.indexed_block) >= replacementBlock ? s : null;
      },
      30_000,
    );
    const buyer = summary.top.find((h) => h.address.toLowerCase() === demoAccounts[2]!.toLowerCase());
    expect(buyer).toBeDefined();
    // (The zero address's row is what was burned, not a balance: decision 0012.)
    for (const holder of summary.top.filter((h) => BigInt(h.address) !== 0n)) {
      const onChain = await clients().public.readContract({
        address: demoTokens.DEMO.address,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [getAddress(holder.address)],
        blockNumber: BigInt(summary.sync.indexed_block!),
      });
      expect({ address: holder.address, balance: parseUnits(holder.balance, 18) }).toEqual({
        address: holder.address,
        balance: onChain,
      });
    }

    expect(server.output()).toMatch(/chain reorganisation above block \d+: rolled back/);
    // Operators see it without reading the log: /ready names the fork, /metrics counts it.
    const ready = await getOk<{
      networks: { id: number; reorgs: number; last_reorg: { fork_block: string; orphaned_from: string } | null }[];
    }>(server.url, '/ready', user.token);
    const devnetState = ready.networks.find((n) => n.id === 31337)!;
    expect(devnetState.reorgs).toBeGreaterThanOrEqual(1);
    expect(BigInt(devnetState.last_reorg!.fork_block)).toBeLessThan(orphanBlock);
    expect(BigInt(devnetState.last_reorg!.orphaned_from)).toBeLessThanOrEqual(orphanBlock);
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    expect(metrics).toMatch(/tokendesk_indexer_reorgs_total\{network="devnet"\} [1-9]/);
  });
});
