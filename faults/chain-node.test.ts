import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demoAccounts, devnetClients, swapOnDevnet } from '@tokendesk/devchain';
import { parseAbiItem } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allActivity, call, type ActivityEvent as Event, signUp, waitFor, type User } from '@tokendesk/testkit/http';
import {
  attachPool,
  createProject,
  DEMO_WETH_POOL,
  DEVNET_ID,
  demoTokens,
  startTestDevnet,
  type TestDevnet,
} from './support/devnet';
import { killAllServers, startServer, type ServerProcess } from './support/server';
import { startTcpProxy, type ProxyMode, type TcpProxy } from './support/tcp-proxy';

/**
 * The devnet node behind a TCP proxy that can pass, stall (accept, never answer) and drop
 * (reset) connections. While the node is unreachable the server keeps answering what needs no
 * chain, answers chain routes 503 within 5 s, and its indexer picks up afterwards with no gap and
 * no duplicate: the activity equals the pool's logs on the chain, read directly.
 */

const CHAIN_ANSWER_LIMIT_MS = 5_000;
/** How long each outage lasts: several failed indexer ticks, not so long that its backoff dominates. */
const OUTAGE_MS = 8_000;

let devnet: TestDevnet;
let proxy: TcpProxy;
let server: ServerProcess;
let dataDir: string;
let user: User;
let projectId: number;
let poolId: number;
/** The slowest chain-route answer per outage mode, for the log line. */
const slowest: Record<string, number> = {};

beforeAll(async () => {
  devnet = await startTestDevnet();
  proxy = await startTcpProxy({ host: devnet.host, port: devnet.port });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tokendesk-faults-chain-'));
  server = await startServer({ DATA_DIR: dataDir, DEVNET_RPC_URL: proxy.url });
  user = await signUp(server.url, 'chain');
  projectId = (await createProject(server.url, user)).id;
  poolId = (await attachPool(server.url, user, projectId)).id;
});
afterAll(async () => {
  await killAllServers();
  await proxy?.close();
  await devnet?.destroy();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const activity = (): Promise<Event[]> => allActivity(server.url, user.token, poolId);

const key = (e: { tx_hash: string; log_index: number }) => `${e.tx_hash.toLowerCase()}:${e.log_index}`;

const clients = () => devnetClients(devnet.rpcUrl);
let swapCount = 0;
/** A swap straight on anvil (not through the proxy): the chain moves on while the server cannot see it. */
async function swap(): Promise<string> {
  swapCount++;
  const result = await swapOnDevnet(clients(), {
    from: demoAccounts[swapCount % demoAccounts.length]!,
    pool: 'demo-weth',
    side: swapCount % 2 ? 'buy' : 'sell',
    amount: swapCount % 2 ? '0.01' : '5',
  });
  return result.hash.toLowerCase();
}

/** Routes that need no chain answer as usual, chain routes 503 (or stale, for cached reads) in time. */
async function checkDuringOutage(mode: ProxyMode) {
  for (const path of [
    '/api/v1/projects/',
    '/api/v1/user/info/',
    '/api/v1/user/tickets/',
    '/api/v1/projects/user/pools/',
    `/api/v1/projects/activity/?pool=${poolId}`,
  ]) {
    const res = await call(server.url, 'GET', path, { token: user.token });
    expect(res.status, `${mode}: GET ${path}`).toBe(200);
    // Well under the 4.5 s chain deadline: these never wait for the node (2 s leaves room for a busy CI machine).
    expect(res.ms, `${mode}: GET ${path} must not wait for the chain`).toBeLessThan(2_000);
  }
  const tokenInfo = await call<{ detail: string }>(server.url, 'POST', '/api/v1/projects/get-token-info/', {
    token: user.token,
    body: { network: DEVNET_ID, contract_address: demoTokens.SMPL.address },
  });
  expect(tokenInfo.status, `${mode}: token info ${tokenInfo.text}`).toBe(503);
  expect(tokenInfo.body.detail).toBe('The Local Devnet node is not reachable right now. Please try again later.');
  expect(tokenInfo.ms).toBeLessThan(CHAIN_ANSWER_LIMIT_MS);

  const create = await call(server.url, 'POST', '/api/v1/projects/create/', {
    token: user.token,
    body: {
      network: DEVNET_ID,
      contract_address: demoTokens.SMPL.address,
      name: 'SMPL',
      token_symbol: 'SMPL',
      token_decimal: 9,
    },
  });
  expect(create.status, `${mode}: create project`).toBe(503);
  expect(create.ms).toBeLessThan(CHAIN_ANSWER_LIMIT_MS);

  const discover = await call(server.url, 'POST', '/api/v1/projects/get-pool-address/', {
    token: user.token,
    body: { project_id: projectId, dex_id: 'uniswap-v2', token_id: 'usdc' },
  });
  expect(discover.status, `${mode}: pool address`).toBe(503);
  expect(discover.ms).toBeLessThan(CHAIN_ANSWER_LIMIT_MS);

  // Live reserves fall back to the last read, marked stale, rather than an error page.
  const funds = await call<{ pool_funds: { stale: boolean } | null }>(
    server.url,
    'GET',
    `/api/v1/projects/user/pools/funds/${poolId}`,
    { token: user.token },
  );
  expect(funds.status, `${mode}: funds`).toBe(200);
  expect(funds.ms).toBeLessThan(CHAIN_ANSWER_LIMIT_MS);
  expect(funds.body.pool_funds?.stale, `${mode}: funds during the outage are marked stale`).toBe(true);
  slowest[mode] = Math.round(Math.max(tokenInfo.ms, create.ms, discover.ms, funds.ms));
}

describe('the chain node stalls and drops', () => {
  it('keeps non-chain routes up, answers chain routes 503 within 5 s, and indexes every swap exactly once afterwards', async () => {
    const before = await swap();
    await waitFor(
      'the first swap in the activity',
      async () => (await activity()).some((e) => e.tx_hash.toLowerCase() === before),
      30_000,
    );
    const sent = [before];

    proxy.setMode('stall');
    const stallStarted = Date.now();
    sent.push(await swap(), await swap());
    // Let the cached pool state age past 'stale' and the indexer fail a few ticks.
    await new Promise((r) => setTimeout(r, Math.max(0, OUTAGE_MS - (Date.now() - stallStarted))));
    await checkDuringOutage('stall');
    expect(proxy.accepted()).toBeGreaterThan(0);

    proxy.setMode('drop');
    const dropStarted = Date.now();
    sent.push(await swap(), await swap(), await swap());
    await new Promise((r) => setTimeout(r, Math.max(0, OUTAGE_MS - (Date.now() - dropStarted))));
    await checkDuringOutage('drop');

    proxy.setMode('pass');
    const restored = Date.now();
    await waitFor(
      'every swap made during the outage in the activity',
      async () => {
        const seen = new Set((await activity()).map((e) => e.tx_hash.toLowerCase()));
        return sent.every((h) => seen.has(h));
      },
      90_000,
      500,
    );
    const caughtUpMs = Date.now() - restored;

    // No gap, no duplicate: the activity is exactly the pool's Swap/Mint/Burn logs on the chain.
    const events = await activity();
    const keys = events.map(key);
    expect(keys.length - new Set(keys).size, 'duplicate events').toBe(0);
    for (const h of sent)
      expect(
        events.filter((e) => e.tx_hash.toLowerCase() === h),
        `swap ${h}`,
      ).toHaveLength(1);

    const chain = clients().public;
    const head = await chain.getBlockNumber();
    const lastIndexed = events.reduce((max, e) => (BigInt(e.block_number) > max ? BigInt(e.block_number) : max), 0n);
    const logs = await chain.getLogs({
      address: DEMO_WETH_POOL,
      events: [
        parseAbiItem(
          'event Swap(address indexed sender, uint amount0In, uint amount1In, uint amount0Out, uint amount1Out, address indexed to)',
        ),
        parseAbiItem('event Mint(address indexed sender, uint amount0, uint amount1)'),
        parseAbiItem('event Burn(address indexed sender, uint amount0, uint amount1, address indexed to)'),
      ],
      fromBlock: 0n,
      toBlock: lastIndexed,
    });
    const onChain = logs.map((l) => key({ tx_hash: l.transactionHash, log_index: l.logIndex }));
    expect([...keys].sort(), "activity = the pool's logs on chain").toEqual([...onChain].sort());
    expect(lastIndexed).toBe(head);
    console.log(
      `chain faults: ${sent.length} swaps sent (${sent.length - 1} during the outage), ${events.length} events = ${onChain.length} logs on chain; ` +
        `slowest chain-route answer: stall ${slowest.stall} ms, drop ${slowest.drop} ms; indexer caught up ${caughtUpMs} ms after the node returned`,
    );
  });
});
