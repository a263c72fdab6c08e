import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  demoAccounts,
  deployHolderTestToken,
  devnetAddresses,
  devnetClients,
  startDevnet,
  transferTestToken,
} from '@tokendesk/devchain';
import type { HoldersSummary } from '@tokendesk/contract';
import { formatUnits, getAddress, parseAbi, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStateUnavailable } from '../../src/chain/client';
import { HolderHistoryUnreadableError, HolderIndexer, START_FAILURES_REPORTED } from '../../src/indexer/holders';
import { recordSkippedItem } from '../../src/indexer/skipped-items';
import {
  PRUNED_ANSWERS,
  startRpcProviderProxy,
  type RpcProviderProxy,
} from '../../../../faults/support/rpc-provider-proxy';
import { bearer, createTestContext, devnetChain, signUp, type TestContext } from '../helpers';
import { claimSharedChain, type SharedChain } from '@tokendesk/testkit/shared-chain';

/**
 * Holder history on a node without old state (issue 29, item 3): a full node keeps the state of
 * the last 128 blocks, and so does the proxy in front of the devnet here (faults/support/rpc-
 * provider-proxy.ts, prunedStateBlocks), answering older state reads the way geth, Nethermind,
 * reth and Erigon do. The token is deployed, 200 blocks go by, and its history must still be read
 * to the end with the right figures. Where the node has no old logs either, the card and the tick
 * say why instead of "still being read" for ever.
 *
 * It deploys a token and mines blocks: it holds the run's shared devnet and reverts it afterwards.
 */

let devnet: SharedChain;
let pruned: RpcProviderProxy;
let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;

const [alice, bob, carol, dave] = demoAccounts as [Address, Address, Address, Address];
const E18 = 10n ** 18n;
const erc20 = parseAbi(['function balanceOf(address) view returns (uint256)']);
const clients = () => devnetClients(devnet.rpcUrl);

async function mine(blocks: number) {
  const res = await fetch(devnet.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_mine', params: [`0x${blocks.toString(16)}`] }),
  });
  expect(res.ok).toBe(true);
}

async function createProject(c: TestContext, user: Awaited<ReturnType<typeof signUp>>, token: Address, symbol: string) {
  const res = await c.app.inject({
    method: 'POST',
    url: '/api/v1/projects/create/',
    headers: { authorization: bearer(user.token) },
    payload: { network: 31337, contract_address: token, name: symbol, token_symbol: symbol, token_decimal: 18 },
  });
  if (res.statusCode !== 201) throw new Error(`create ${symbol}: ${res.statusCode} ${res.body}`);
  return res.json().id as number;
}

const summaryOf = async (c: TestContext, user: Awaited<ReturnType<typeof signUp>>, projectId: number) =>
  (
    await c.app.inject({
      method: 'GET',
      url: `/api/v1/projects/${projectId}/holders/`,
      headers: { authorization: bearer(user.token) },
    })
  ).json<HoldersSummary>();

beforeAll(async () => {
  devnet = await claimSharedChain('pruned-node.test.ts');
  pruned = await startRpcProviderProxy(devnet.rpcUrl, { prunedStateBlocks: 128 });
  ctx = await createTestContext({}, { chain: devnetChain({ rpcUrl: pruned.url }) });
  owner = await signUp(ctx.app);
}, 600_000); // includes waiting for the chain-writer lock

afterAll(async () => {
  await ctx?.close();
  await pruned?.close();
  await devnet?.release();
});

describe('holder history on a node that keeps the state of the last 128 blocks only', () => {
  it('reads a token deployed 200 blocks before the head to the end, with the figures the chain has', async () => {
    const deployed = await deployHolderTestToken(clients(), alice, 1_000_000n * E18);
    await transferTestToken(clients(), deployed.address, alice, bob, 300n * E18);
    await transferTestToken(clients(), deployed.address, alice, carol, 20n * E18, 3);
    await mine(200);
    await transferTestToken(clients(), deployed.address, bob, dave, 5n * E18);
    const projectId = await createProject(ctx, owner, deployed.address, 'PRND');

    const indexer = new HolderIndexer(ctx.database.db, ctx.app.chain, ctx.app.chain.registry.get(31337)!);
    let caughtUp = false;
    for (let i = 0; i < 20 && !caughtUp; i++) caughtUp = (await indexer.tick()).caughtUp;
    const summary = await summaryOf(ctx, owner, projectId);
    expect(summary.sync.state, JSON.stringify(summary.sync)).toBe('live');
    expect(caughtUp).toBe(true);

    // The node did refuse old state, in every client's words, and the history still starts at the
    // deployment (the constructor's mint is the first Transfer log), with its deployer found.
    const refused = pruned.stats().pruned;
    expect(refused.byMethod.eth_getCode ?? 0).toBeGreaterThan(0);
    expect(summary.sync.deploy_block).toBe(deployed.blockNumber.toString());
    expect(summary.top.find((r) => r.address === getAddress(alice))!.labels).toEqual(['deployer']);

    // Exact figures: the four holders, each balance as balanceOf says, checked against the chain.
    expect(summary.holder_count).toBe(4);
    for (const row of summary.top) {
      const onChain = await clients().public.readContract({
        address: deployed.address,
        abi: erc20,
        functionName: 'balanceOf',
        args: [row.address as Address],
      });
      expect(row.balance, row.address).toBe(formatUnits(onChain, 18));
    }
    expect(summary.reconciliation.status).toBe('matches');
    expect(summary.reconciliation.supply_from_logs).toBe('1000000');

    // Whichever client the node is (the proxy answers as each in turn), its refusal is understood
    // and the start found from the logs: a fresh indexer asks eth_getCode once, then the logs.
    const network = ctx.app.chain.registry.get(31337)!;
    const head = await clients().public.getBlockNumber();
    for (const _ of PRUNED_ANSWERS) {
      const fresh = new HolderIndexer(ctx.database.db, ctx.app.chain, network);
      expect(await fresh.findStart(ctx.app.chain.client(network), deployed.address, head)).toBe(deployed.blockNumber);
    }
    const answered = pruned.stats().pruned;
    for (const kind of PRUNED_ANSWERS) expect(answered[kind], kind).toBeGreaterThan(0);
  });

  it('where old logs are gone too (EIP-4444), the card and the tick say why instead of waiting for ever', async () => {
    const deployed = await deployHolderTestToken(clients(), alice, 1_000n * E18);
    await mine(150);
    const head = await clients().public.getBlockNumber();
    const expired = await startRpcProviderProxy(devnet.rpcUrl, {
      prunedStateBlocks: 128,
      prunedHistoryBefore: Number(head) - 10,
    });
    const c = await createTestContext({}, { chain: devnetChain({ rpcUrl: expired.url }) });
    try {
      const user = await signUp(c.app);
      const projectId = await createProject(c, user, deployed.address, 'GONE');
      const network = c.app.chain.registry.get(31337)!;
      const recorded: Promise<unknown>[] = [];
      const indexer = new HolderIndexer(c.database.db, c.app.chain, network, {
        // As the runner records a token's failure (runner.ts).
        onTokenError: (token, error) =>
          recorded.push(
            recordSkippedItem(c.database.db, network.id, {
              part: 'holders',
              item: token,
              reason: 'token-failed',
              error,
            }),
          ),
      });
      for (let i = 1; i < START_FAILURES_REPORTED; i++) await indexer.tick();
      const failed = await indexer.tick().then(
        () => null,
        (err: unknown) => err,
      );
      await Promise.all(recorded);
      expect(failed).toBeInstanceOf(HolderHistoryUnreadableError);
      expect((failed as Error).message).toContain(deployed.address.toLowerCase());
      expect((failed as Error).message).toContain('pruned history unavailable');

      const summary = await summaryOf(c, user, projectId);
      expect(summary.sync.state).toBe('pending');
      expect(summary.sync.problem).toMatch(
        /^TokenDesk cannot read this token's transfer history from the network's node: .*pruned history unavailable/,
      );
      expect(summary.reconciliation.note).toBe(summary.sync.problem);
    } finally {
      await c.close();
      await expired.close();
    }
  });
});

describe('a devnet restarted from its saved state (the state of its head only)', () => {
  it("reads DEMO's holder history to the end: the figures are the chain's", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tokendesk-restarted-devnet-'));
    let restarted = await startDevnet({ dataDir });
    let c: TestContext | undefined;
    try {
      await restarted.stop();
      restarted = await startDevnet({ dataDir });
      // As the issue found it: old state is gone, old logs are not.
      const old = await fetch(restarted.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getCode', params: [devnetAddresses.demo, '0x5'] }),
      });
      expect(JSON.stringify(await old.json())).toContain('BlockOutOfRangeError');

      c = await createTestContext({}, { chain: devnetChain({ rpcUrl: restarted.rpcUrl }) });
      const user = await signUp(c.app);
      const projectId = await createProject(c, user, devnetAddresses.demo, 'DEMO');
      const indexer = new HolderIndexer(c.database.db, c.app.chain, c.app.chain.registry.get(31337)!);
      for (let i = 0; i < 20; i++)
        if ((await indexer.tick()).caughtUp && (await summaryOf(c, user, projectId)).sync.state === 'live') break;
      const summary = await summaryOf(c, user, projectId);
      expect(summary.sync.state).toBe('live');
      expect(summary.reconciliation.status).toBe('matches');
      const chain = devnetClients(restarted.rpcUrl).public;
      for (const row of summary.top) {
        expect(row.balance, row.address).toBe(
          formatUnits(
            await chain.readContract({
              address: devnetAddresses.demo,
              abi: erc20,
              functionName: 'balanceOf',
              args: [row.address as Address],
            }),
            18,
          ),
        );
      }
    } finally {
      await c?.close();
      await restarted.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});

describe('isStateUnavailable', () => {
  const rpcError = (message: string) => ({ name: 'RpcRequestError', message: 'RPC Request failed.', details: message });
  it('knows how real nodes say that they keep no state at a block', () => {
    for (const text of [
      'missing trie node ef7df5d88cb1614dc3f143879a653cd90717ee42e967c5fabbcd7505a968f314 (path )',
      'missing trie node 59030c2a3d552c0af0eae6635117d919c9a3c36bc98c2180207f8535c9b67163 (path ) state 0x59030c2a3d552c0af0eae6635117d919c9a3c36bc98c2180207f8535c9b67163 is not available',
      'historical state not available in path scheme yet',
      'No state available for block 0xe7b1e5b5b5c730816ef2b9627a85c227f6924f27504f1b36cc7328bff79ecc6e',
      'State at block #11052984 is pruned',
      'old data not available due to pruning: requested block 16999999, history is available from block 22000000',
      'This request is not supported because your node is running with state pruning. Run with --pruning=archive.',
      'BlockOutOfRangeError: block height is 200 but requested was 5',
    ]) {
      expect(isStateUnavailable(rpcError(text)), text).toBe(true);
    }
    for (const text of [
      'header not found',
      'execution reverted',
      'pruned history unavailable',
      'query returned more than 10000 results',
    ]) {
      expect(isStateUnavailable(rpcError(text)), text).toBe(false);
    }
  });
});
