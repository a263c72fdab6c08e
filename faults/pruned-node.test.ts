import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  demoAccounts,
  deployHolderTestToken,
  devnetAddresses,
  devnetClients,
  transferTestToken,
} from '@tokendesk/devchain';
import { getAddress, parseAbi, parseAbiItem, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, getOk, signUp, waitFor, type User } from '@tokendesk/testkit/http';
import { DEVNET_ID, startTestDevnet, type TestDevnet } from './support/devnet';
import { startRpcProviderProxy, type RpcProviderProxy } from './support/rpc-provider-proxy';
import { killAllServers, startServer, type ServerProcess } from './support/server';

/**
 * The real server behind a full node, not an archive node (issue 29, item 3): the provider proxy's
 * pruned mode (support/rpc-provider-proxy.ts) refuses every state read more than 128 blocks below
 * the head, in the words of geth, Nethermind, reth and Erigon, and serves logs, blocks and receipts
 * of every block. The devnet has its seeded month (hundreds of blocks), DEMO was deployed at its
 * start and a second token 200 blocks before the head: both holder histories must be read to the
 * end with exactly the chain's balances, and /ready must show the holder part working. Then the
 * node loses its old logs too (EIP-4444 history expiry): a token added now cannot be read, and the
 * card and /ready say so, until the logs are back.
 */

interface ReadyNetwork {
  id: number;
  parts: { part: string; state: string; last_error: string | null }[];
}
interface Summary {
  sync: { state: string; indexed_block: string | null; deploy_block: string | null; problem: string | null };
  holder_count: number | null;
  reconciliation: { status: string; note: string };
}

let devnet: TestDevnet;
let proxy: RpcProviderProxy;
let server: ServerProcess;
let dataDir: string;
let user: User;

const clients = () => devnetClients(devnet.rpcUrl);
const erc20 = parseAbi(['function balanceOf(address) view returns (uint256)']);
const transferEvent = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

beforeAll(async () => {
  devnet = await startTestDevnet();
  proxy = await startRpcProviderProxy(devnet.rpcUrl, { prunedStateBlocks: 128 });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tokendesk-faults-pruned-'));
  server = await startServer({ DATA_DIR: dataDir, DEVNET_RPC_URL: proxy.url });
  user = await signUp(server.url, 'pruned');
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

async function mine(blocks: number) {
  await fetch(devnet.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_mine', params: [`0x${blocks.toString(16)}`] }),
  });
}

async function createProject(token: Address, symbol: string): Promise<number> {
  const res = await call<{ id: number }>(server.url, 'POST', '/api/v1/projects/create/', {
    token: user.token,
    body: {
      network: DEVNET_ID,
      contract_address: token,
      name: `${symbol} project`,
      token_symbol: symbol,
      token_decimal: 18,
    },
  });
  if (res.status !== 201) throw new Error(`project ${symbol}: ${res.status} ${res.text}`);
  return res.body.id;
}

const summaryOf = (projectId: number) =>
  getOk<Summary>(server.url, `/api/v1/projects/${projectId}/holders`, user.token);
const holdersPart = async () => {
  const ready = (await call<{ networks: ReadyNetwork[] }>(server.url, 'GET', '/ready')).body;
  return ready.networks.find((n) => n.id === DEVNET_ID)!.parts.find((p) => p.part === 'holders')!;
};

/** Every holder the app lists (its CSV export), address → raw balance. */
async function appHolders(projectId: number): Promise<Map<string, bigint>> {
  const res = await call<string>(server.url, 'GET', `/api/v1/projects/${projectId}/holders/export`, {
    token: user.token,
  });
  if (res.status !== 200) throw new Error(`export: ${res.status} ${res.text}`);
  const lines = res.text
    .trim()
    .split('\n')
    .filter((l) => !/^"?#/.test(l));
  const header = lines[0]!.split(',');
  const [addressCol, rawCol] = [header.indexOf('address'), header.indexOf('balance_raw')];
  return new Map(
    lines
      .slice(1)
      .map((row) => row.split(','))
      .map((cols) => [cols[addressCol]!.toLowerCase(), BigInt(cols[rawCol]!)]),
  );
}

/** balanceOf of every address that ever sent or received the token, at `block`, from the devnet itself (an archive node). */
async function chainHolders(token: Address, block: bigint): Promise<Map<string, bigint>> {
  const c = clients().public;
  const logs = await c.getLogs({ address: token, event: transferEvent, fromBlock: 0n, toBlock: block });
  const addresses = new Set(logs.flatMap((l) => [l.args.from!.toLowerCase(), l.args.to!.toLowerCase()]));
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
  return holders;
}

describe('a node that keeps the state of the last 128 blocks only', () => {
  it(
    'reads the holder history of tokens deployed long before the head to the end, exactly',
    { timeout: 240_000 },
    async () => {
      const [alice, bob, carol] = demoAccounts as [Address, Address, Address];
      const hold = await deployHolderTestToken(clients(), alice, 10n ** 24n);
      await transferTestToken(clients(), hold.address, alice, bob, 10n ** 21n, 5);
      await mine(200);
      await transferTestToken(clients(), hold.address, bob, carol, 10n ** 18n);
      const head = await clients().public.getBlockNumber();
      expect(head - hold.blockNumber).toBeGreaterThan(128n);

      const projects = [
        { id: await createProject(devnetAddresses.demo, 'DEMO'), token: devnetAddresses.demo },
        { id: await createProject(hold.address, 'HOLD'), token: hold.address },
      ];
      for (const p of projects) {
        await waitFor(
          `holders of ${p.token} to be live at the head`,
          async () => {
            const s = await summaryOf(p.id);
            return (
              s.sync.state === 'live' && BigInt(s.sync.indexed_block!) >= head && s.reconciliation.status !== 'pending'
            );
          },
          120_000,
          1_000,
        );
        const summary = await summaryOf(p.id);
        expect(summary.reconciliation.status, summary.reconciliation.note).toBe('matches');
        const expected = await chainHolders(p.token, head);
        expect(
          Object.fromEntries([...(await appHolders(p.id))].map(([a, b]) => [a, b.toString()])),
          `holders of ${p.token}`,
        ).toEqual(Object.fromEntries([...expected].map(([a, b]) => [a, b.toString()])));
        expect(summary.holder_count).toBe(expected.size);
      }
      expect((await summaryOf(projects[1]!.id)).sync.deploy_block).toBe(hold.blockNumber.toString());
      expect((await holdersPart()).state).toBe('ok');

      // The node refused old state (eth_getCode at an old block): from then on the indexer asks logs,
      // not state, for where a history starts (each client's wording: apps/server/test/indexer/pruned-node.test.ts).
      const pruned = proxy.stats().pruned;
      expect(pruned.byMethod.eth_getCode ?? 0).toBeGreaterThan(0);
      console.log(`pruned node: ${JSON.stringify(pruned)}`);
    },
  );

  it(
    'says on the card and in /ready why a history cannot be read when old logs are gone too, and recovers',
    { timeout: 240_000 },
    async () => {
      const [alice] = demoAccounts as [Address];
      const gone = await deployHolderTestToken(clients(), alice, 10n ** 24n);
      await mine(150);
      const head = await clients().public.getBlockNumber();
      // The other parts read on from where they are, so they must be past the cut first: this is
      // about a history that starts before it (the new-pool watch and the pool indexer read from
      // their checkpoints, and would fail on the missing logs just as well).
      await waitFor(
        'the other holder histories to reach the head',
        async () => {
          const projects = (await getOk<{ projects: { id: number }[] }>(server.url, '/api/v1/projects/', user.token))
            .projects;
          for (const p of projects) if (BigInt((await summaryOf(p.id)).sync.indexed_block ?? -1) < head) return false;
          return true;
        },
        60_000,
        500,
      );
      await new Promise((r) => setTimeout(r, 3_000)); // a whole loop more: the new-pool watch runs before the holders
      proxy.setFaults({ prunedHistoryBefore: Number(head) - 20 });
      const projectId = await createProject(gone.address, 'GONE');

      const failing = await waitFor(
        'the holder part to fail in /ready',
        async () => {
          const part = await holdersPart();
          return part.state === 'failing' ? part : null;
        },
        120_000,
        1_000,
      );
      expect(failing.last_error).toContain(gone.address.toLowerCase());
      expect(failing.last_error).toContain('pruned history unavailable');
      const summary = await waitFor(
        'the card to say why',
        async () => {
          const s = await summaryOf(projectId);
          return s.sync.problem ? s : null;
        },
        60_000,
        1_000,
      );
      expect(summary.sync.state).toBe('pending');
      expect(summary.sync.problem).toMatch(
        /^TokenDesk cannot read this token's transfer history from the network's node: .*pruned history unavailable/,
      );
      expect(proxy.stats().pruned.history).toBeGreaterThan(0);

      // The old logs are back (another node of the provider, say): the history is read to the end.
      proxy.setFaults({ prunedHistoryBefore: 0 });
      await waitFor(
        'the token to be live',
        async () => (await summaryOf(projectId)).sync.state === 'live',
        150_000,
        1_000,
      );
      await waitFor('the holder part to be ok again', async () => (await holdersPart()).state === 'ok', 60_000, 1_000);
      const live = await summaryOf(projectId);
      expect(live.sync.problem).toBeNull();
      expect(live.holder_count).toBe(1);
    },
  );
});
