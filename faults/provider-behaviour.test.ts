import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createPoolOnDevnet,
  demoAccounts,
  deployHolderTestToken,
  devnetAddresses,
  devnetClients,
  swapOnDevnet,
  transferTestToken,
  type DevnetPool,
} from '@tokendesk/devchain';
import { getAddress, parseAbi, parseAbiItem, type Address } from 'viem';
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
import { DEMO_USDC_POOL, DEMO_WETH_POOL, DEVNET_ID, startTestDevnet, type TestDevnet } from './support/devnet';
import { startRpcProviderProxy, type ProviderFaults, type RpcProviderProxy } from './support/rpc-provider-proxy';
import { killAllServers, startServer, type ServerProcess } from './support/server';

/**
 * The real server behind an RPC proxy that behaves like a public provider (support/rpc-provider-
 * proxy.ts): eth_getLogs range and result caps with the providers' own error texts, HTTP 429 with
 * and without Retry-After and JSON-RPC rate-limit errors, added latency, and two load-balanced
 * nodes of which one lags a few blocks behind, both full nodes without state older than 128 blocks. While it misbehaves, swaps, token transfers and a
 * new pool happen on the chain. The pool indexer, the holder indexer and the new-pool watch must
 * end with exactly what the chain holds, read directly from the devnet: no gap, no duplicate.
 */

const FAULTS: Partial<ProviderFaults> = {
  // Small enough that the seeded history and this test's activity hit every cap many times; the
  // result caps stay above the most logs one block holds here (30), as a real 10,000 cap does.
  maxBlockRange: 12,
  maxResults: 45,
  maxResponseBytes: 20_000,
  rateLimitShare: 0.08,
  retryAfterSeconds: 1,
  latencyMs: 5,
  jitterMs: 30,
  lagBlocks: 4,
  routing: 'round-robin',
  // Full nodes, as most public endpoints are: no state older than 128 blocks (DEMO was deployed
  // long before the head; its holder history starts from its logs, docs/decisions/0055).
  prunedStateBlocks: 128,
};
const SWAPS = 14;
const TRANSFER_TXS = 12;
const TRANSFERS_PER_TX = 30;

let devnet: TestDevnet;
let proxy: RpcProviderProxy;
let server: ServerProcess;
let dataDir: string;
let user: User;

const clients = () => devnetClients(devnet.rpcUrl);
const erc20 = parseAbi(['function balanceOf(address) view returns (uint256)']);
const transferEvent = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
const poolEvents = [
  parseAbiItem(
    'event Swap(address indexed sender, uint amount0In, uint amount1In, uint amount0Out, uint amount1Out, address indexed to)',
  ),
  parseAbiItem('event Mint(address indexed sender, uint amount0, uint amount1)'),
  parseAbiItem('event Burn(address indexed sender, uint amount0, uint amount1, address indexed to)'),
];

beforeAll(async () => {
  devnet = await startTestDevnet();
  proxy = await startRpcProviderProxy(devnet.rpcUrl);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tokendesk-faults-provider-'));
  server = await startServer({ DATA_DIR: dataDir, DEVNET_RPC_URL: proxy.url });
  user = await signUp(server.url, 'provider');
});
afterAll(async (suite) => {
  if (suite.tasks.some((t) => t.result?.state === 'fail')) {
    console.log(
      `server output (last 6,000 characters):\n${server?.output().slice(-6_000)}\nproxy: ${JSON.stringify(proxy?.stats())}`,
    );
  }
  await killAllServers();
  await proxy?.close();
  await devnet?.destroy();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/**
 * A chain route through the throttling provider may answer 503 ("try again later") when every
 * retry within its 4.5 s budget was throttled; a user tries again, and so does this.
 */
async function created<T>(what: string, method: string, url: string, body: unknown): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const res = await call<T>(server.url, method, url, { token: user.token, body });
    if (res.status === 201) return res.body;
    if (res.status !== 503 || attempt >= 5) throw new Error(`${what}: ${res.status} ${res.text}`);
  }
}

const createProject = (token: Address, symbol: string) =>
  created<{ id: number }>(`project ${symbol}`, 'POST', '/api/v1/projects/create/', {
    network: DEVNET_ID,
    contract_address: token,
    name: `${symbol} project`,
    token_symbol: symbol,
    token_decimal: 18,
  });
const attachPool = (projectId: number, pool: Address, paired: string) =>
  created<{ id: number }>(`pool ${pool}`, 'POST', `/api/v1/projects/pool/${projectId}`, {
    dex: 'uniswap-v2',
    token: paired,
    pool_address: pool,
  });

const step = (what: string) =>
  process.env.PROVIDER_DEBUG && console.log(`${new Date().toISOString()} ${what} ${JSON.stringify(proxy.stats())}`);
const key = (e: { tx_hash: string; log_index: number }) => `${e.tx_hash.toLowerCase()}:${e.log_index}`;

const activity = (poolId: number): Promise<Event[]> => allActivity(server.url, user.token, poolId);

/** The pool's Swap/Mint/Burn logs on the chain, read from the devnet itself (not through the proxy). */
async function chainPoolEvents(pool: Address, toBlock: bigint): Promise<string[]> {
  const logs = await clients().public.getLogs({ address: pool, events: poolEvents, fromBlock: 0n, toBlock });
  return logs.map((l) => key({ tx_hash: l.transactionHash, log_index: l.logIndex }));
}

/** Every holder the app lists (its CSV export), address → raw balance. */
async function appHolders(projectId: number): Promise<Map<string, bigint>> {
  const res = await call<string>(server.url, 'GET', `/api/v1/projects/${projectId}/holders/export`, {
    token: user.token,
  });
  if (res.status !== 200) throw new Error(`export: ${res.status} ${res.text}`);
  // A notice line ("# …") may come before the header when the app's figures and the chain disagree.
  const lines = res.text
    .trim()
    .split('\n')
    .filter((l) => !/^"?#/.test(l));
  const header = lines[0]!.split(',');
  const [addressCol, rawCol] = [header.indexOf('address'), header.indexOf('balance_raw')];
  const holders = new Map<string, bigint>();
  for (const row of lines.slice(1)) {
    const cols = row.split(',');
    const address = cols[addressCol]!.replace(/"/g, '').toLowerCase();
    if (holders.has(address)) throw new Error(`holder ${address} listed twice`);
    holders.set(address, BigInt(cols[rawCol]!.replace(/"/g, '')));
  }
  return holders;
}

/** balanceOf, on the chain, of every address that ever sent or received the token, at `block`. */
async function chainHolders(
  token: Address,
  block: bigint,
): Promise<{ holders: Map<string, bigint>; transfers: number }> {
  const c = clients().public;
  const logs = await c.getLogs({ address: token, event: transferEvent, fromBlock: 0n, toBlock: block });
  const addresses = new Set<string>();
  for (const l of logs) for (const a of [l.args.from!, l.args.to!]) addresses.add(a.toLowerCase());
  addresses.delete('0x0000000000000000000000000000000000000000');
  const holders = new Map<string, bigint>();
  for (const a of addresses) {
    const balance = await c.readContract({
      address: token,
      abi: erc20,
      functionName: 'balanceOf',
      args: [getAddress(a)],
      blockNumber: block,
    });
    if (balance > 0n) holders.set(a, balance);
  }
  return { holders, transfers: logs.length };
}

const indexedBlock = async (projectId: number) => {
  const summary = await getOk<{ sync: { indexed_block: string | null } }>(
    server.url,
    `/api/v1/projects/${projectId}/holders`,
    user.token,
  );
  return summary.sync.indexed_block === null ? null : BigInt(summary.sync.indexed_block);
};

describe('a provider that caps, throttles, lags and answers slowly', () => {
  it(
    'leaves the pool events, holder balances and new pools exactly as the chain holds them',
    { timeout: 300_000 },
    async () => {
      const started = Date.now();
      const [alice, ...others] = demoAccounts as [Address, ...Address[]];
      const hold = await deployHolderTestToken(clients(), alice, 10n ** 27n);

      proxy.setFaults(FAULTS);
      const demo = await createProject(devnetAddresses.demo, 'DEMO');
      const pools = [
        {
          id: (await attachPool(demo.id, DEMO_WETH_POOL, 'weth')).id,
          address: DEMO_WETH_POOL,
          name: 'demo-weth' as DevnetPool,
        },
        {
          id: (await attachPool(demo.id, DEMO_USDC_POOL, 'usdc')).id,
          address: DEMO_USDC_POOL,
          name: 'demo-usdc' as DevnetPool,
        },
      ];

      // Activity while the provider misbehaves: swaps on both pools, transfers of HOLD to new
      // holders and back, and — once the new-pool watch has started — a new HOLD/WETH pool.
      const swaps: string[] = [];
      const recipients = Array.from({ length: 8 }, () => getAddress(`0x${randomBytes(20).toString('hex')}`));
      const funded = others.slice(0, 4);
      for (const [i, to] of funded.entries())
        await transferTestToken(clients(), hold.address, alice, to, 10n ** 24n, i === 0 ? TRANSFERS_PER_TX : 1);
      while ((await clients().public.getBlockNumber()) <= hold.blockNumber + BigInt(FAULTS.lagBlocks!) + 1n) {
        await transferTestToken(clients(), hold.address, alice, funded[1]!, 1n);
      }
      // Only now, with more blocks on top of the deployment than the lagging node is behind: that
      // node answers eth_call at "latest" from its own head, where the token has no code yet, and
      // the app would rightly refuse it as "not an ERC-20 token" (found by this test).
      const holdProject = await createProject(hold.address, 'HOLD');
      let newPool: Address | undefined;
      for (let round = 0; round < Math.max(SWAPS, TRANSFER_TXS); round++) {
        if (round < SWAPS) {
          const result = await swapOnDevnet(clients(), {
            from: others[round % others.length]!,
            pool: pools[round % 2]!.name,
            side: round % 3 === 0 ? 'sell' : 'buy',
            amount: round % 3 === 0 ? '3' : round % 2 ? '0.01' : '2',
          });
          swaps.push(result.hash.toLowerCase());
        }
        if (round < TRANSFER_TXS) {
          await transferTestToken(
            clients(),
            hold.address,
            funded[round % funded.length]!,
            recipients[round % recipients.length]!,
            10n ** 18n + BigInt(round),
            TRANSFERS_PER_TX,
          );
        }
        if (round === Math.floor(Math.max(SWAPS, TRANSFER_TXS) / 2)) {
          // Strict alternation can lock one client's request pattern onto one node; a busy provider
          // interleaves everyone's requests, which to one client looks like a coin toss. Both.
          proxy.setFaults({ routing: 'random' });
        }
        if (round === 6) {
          // The watch starts at the head it first sees and runs before the holder indexer in each
          // loop (indexer/runner.ts): once the holder indexer has started on HOLD, the watch runs.
          await waitFor('the holder indexer to start on HOLD', () => indexedBlock(holdProject.id), 60_000, 500);
          await new Promise((r) => setTimeout(r, 3_000));
          newPool = (
            await createPoolOnDevnet(clients(), { version: 'v2', tokenA: hold.address, tokenB: devnetAddresses.weth })
          ).address;
        }
        await new Promise((r) => setTimeout(r, 300));
      }
      const head = await clients().public.getBlockNumber();
      step(`activity done at block ${head}`);
      const activityDone = Date.now();

      // Converge: every figure equals the chain's at `head`.
      const expectedEvents = new Map<number, string[]>();
      for (const p of pools) expectedEvents.set(p.id, (await chainPoolEvents(p.address, head)).sort());
      const expectedHolders = new Map<number, { holders: Map<string, bigint>; transfers: number }>();
      for (const [project, token] of [
        [demo.id, devnetAddresses.demo],
        [holdProject.id, hold.address],
      ] as const)
        expectedHolders.set(project, await chainHolders(token, head));

      // The pool indexer's checkpoint (in /ready) past the head: from then on what it stored is final.
      await waitFor(
        'the pool indexer to reach the head',
        async () => {
          const ready = (
            await call<{ networks: { id: number; indexed_block: string | null }[] }>(server.url, 'GET', '/ready')
          ).body;
          const devnetState = ready.networks.find((n) => n.id === DEVNET_ID);
          return devnetState?.indexed_block != null && BigInt(devnetState.indexed_block) >= head;
        },
        120_000,
        1_000,
      );
      step('pool events complete');
      await waitFor(
        'the holder indexer to reach the head',
        async () => {
          for (const id of [demo.id, holdProject.id]) {
            if (((await indexedBlock(id)) ?? -1n) < head) {
              if (process.env.PROVIDER_DEBUG) {
                console.log(
                  id,
                  JSON.stringify(await getOk(server.url, `/api/v1/projects/${id}/holders`, user.token)).slice(0, 600),
                );
                console.log((await call(server.url, 'GET', '/ready')).text.slice(0, 1500));
              }
              return false;
            }
          }
          return true;
        },
        120_000,
        process.env.PROVIDER_DEBUG ? 10_000 : 1_000,
      );
      step('holders at head');
      const found = await waitFor(
        'the new-pool watch to find the HOLD/WETH pool',
        async () => {
          const list = await getOk<{ pools: { pool_address: string }[] }>(
            server.url,
            `/api/v1/projects/${holdProject.id}/discovered-pools`,
            user.token,
          );
          return list.pools.length > 0 ? list.pools : null;
        },
        120_000,
        1_000,
      );
      const convergedMs = Date.now() - activityDone;
      step('converged');

      // No gap, no duplicate: the stored events are exactly the pools' logs on the chain.
      let events = 0;
      for (const p of pools) {
        const keys = (await activity(p.id)).map(key);
        expect(keys.length - new Set(keys).size, `duplicate events of ${p.name}`).toBe(0);
        expect([...keys].sort(), `activity of ${p.name} = its logs on the chain`).toEqual(expectedEvents.get(p.id));
        events += keys.length;
      }
      const seen = new Set(
        (await Promise.all(pools.map((p) => activity(p.id)))).flat().map((e) => e.tx_hash.toLowerCase()),
      );
      for (const h of swaps) expect(seen.has(h), `swap ${h}`).toBe(true);

      // Holder balances: every address the chain says holds the token, with its exact balance, and no other.
      let transfers = 0;
      for (const [project, expected] of expectedHolders) {
        const listed = await appHolders(project);
        expect(
          Object.fromEntries([...listed].map(([a, b]) => [a, b.toString()])),
          `holders of project ${project}`,
        ).toEqual(Object.fromEntries([...expected.holders].map(([a, b]) => [a, b.toString()])));
        transfers += expected.transfers;
      }

      // The new pool: found once, told once.
      expect(found.map((p) => p.pool_address.toLowerCase())).toEqual([newPool!.toLowerCase()]);
      const notes = await getOk<{ title: string; message: string }[]>(
        server.url,
        '/api/v1/projects/notifications',
        user.token,
      );
      expect(
        notes.filter((n) => n.message.toLowerCase().includes(newPool!.toLowerCase())),
        'one notification for the new pool',
      ).toHaveLength(1);

      const stats = proxy.stats();
      // The faults really happened, each of them.
      expect(
        Object.values(stats.rangeCap).every((n) => n > 0),
        `range caps ${JSON.stringify(stats.rangeCap)}`,
      ).toBe(true);
      expect(stats.resultCap.infuraCount + stats.resultCap.alchemySize).toBeGreaterThan(0);
      expect(
        Object.values(stats.rateLimit).every((n) => n > 0),
        `rate limits ${JSON.stringify(stats.rateLimit)}`,
      ).toBe(true);
      expect(stats.lag.clampedGetLogs + stats.lag.emptyGetLogs).toBeGreaterThan(0);
      expect(stats.pruned.byMethod.eth_getCode ?? 0, 'old state refused').toBeGreaterThan(0);
      console.log(
        `provider faults: ${Math.round((Date.now() - started) / 1000)} s in all, converged ${Math.round(convergedMs / 1000)} s after the activity; ` +
          `${events} pool events (${swaps.length} swaps sent), ${transfers} Transfer logs, ${expectedHolders.get(holdProject.id)!.holders.size} + ${expectedHolders.get(demo.id)!.holders.size} holders, 1 new pool; ` +
          `proxy: ${JSON.stringify(stats)}`,
      );
    },
  );
});
