import { devnetChain as devnetViemChain, devnetClients } from '@tokendesk/devchain';
import type { Abi, Address, TransactionReceipt } from 'viem';
import { afterAll, beforeAll, expect } from 'vitest';
import { ChainService } from '../../src/chain/chain-service';
import { devnetNetwork, NetworkRegistry, REAL_NETWORKS } from '../../src/chain/networks';
import { NetworkIndexer } from '../../src/indexer/indexer';
import { createTestContext, requester, signUp, type TestContext } from '../helpers';
import { claimSharedChain, type SharedChain } from '@tokendesk/testkit/shared-chain';

/**
 * What every DEX family's devnet test (dex-algebra, dex-slipstream, dex-solidly,
 * dex-liquidity-book) sets up alike: the shared devnet claimed (they swap and deploy, so it is
 * reverted at the end), an app whose chain service reads it with no state cache, one user with the
 * DEMO and SMPL projects, and the indexer run until it has caught up. Hooks registered here run before the file's own.
 */
export interface DexDevnet {
  devnet: SharedChain;
  ctx: TestContext;
  user: Awaited<ReturnType<typeof signUp>>;
  /**
   * The API as that user. An answer 503 "node is not reachable right now" is asked again (twice at
   * most, logged): these files test verdicts, and a devnet busy with the rest of the suite can
   * exceed the chain deadline (a CI run answered one verification 503). The 503 itself is tested by
   * faults/chain-node.test.ts.
   */
  api(method: 'GET' | 'POST', url: string, payload?: object): ReturnType<TestContext['app']['inject']>;
  createProject(address: Address, symbol: string, decimals: number): Promise<number>;
  /** The devnet's addresses and clients (after the claim, in beforeAll). */
  a(): SharedChain['addresses'];
  clients(): ReturnType<typeof devnetClients>;
  /** The projects every family's file adds first, in the suite's beforeAll: DEMO (18 decimals) and SMPL (9). */
  demoProject: number;
  smplProject: number;
  /** Ticks of a fresh indexer until it says it has caught up. */
  catchUp(): Promise<void>;
  /** A transaction from an unlocked devnet account, mined and successful. */
  send(
    from: Address,
    address: Address,
    abi: Abi,
    functionName: string,
    args: readonly unknown[],
    value?: bigint,
  ): Promise<TransactionReceipt>;
}

export function dexDevnetSuite(file: string): DexDevnet {
  const suite = {
    a: () => suite.devnet.addresses,
    clients: () => devnetClients(suite.devnet.rpcUrl),
    async api(method, url, payload) {
      for (let attempt = 1; ; attempt++) {
        const res = await requester(() => suite.ctx.app)(suite.user.token, method, url, payload);
        if (res.statusCode !== 503 || !/node is not reachable/.test(res.body) || attempt === 3) return res;
        console.warn(`${file}: ${method} ${url} answered 503 (${res.json().detail}); asking again (${attempt}/2)`);
      }
    },
    async createProject(address, symbol, decimals) {
      const res = await suite.api('POST', 'projects/create/', {
        network: 31337,
        contract_address: address,
        name: symbol,
        token_symbol: symbol,
        token_decimal: decimals,
      });
      if (res.statusCode !== 201) throw new Error(`create ${symbol}: ${res.statusCode} ${res.body}`);
      return res.json().id as number;
    },
    async catchUp() {
      for (let i = 0; i < 60; i++) {
        const r = await new NetworkIndexer(
          suite.ctx.database.db,
          suite.ctx.app.chain,
          suite.ctx.app.chain.registry.get(31337)!,
          {},
        ).tick();
        if (r.caughtUp) return;
      }
      throw new Error('indexer did not catch up');
    },
    async send(from, address, abi, functionName, args, value) {
      const c = devnetClients(suite.devnet.rpcUrl);
      const hash = await c.wallet.writeContract({
        account: from,
        chain: devnetViemChain,
        address,
        abi,
        functionName,
        args,
        gas: 8_000_000n,
        ...(value ? { value } : {}),
      } as never);
      const receipt = await c.public.waitForTransactionReceipt({ hash });
      expect(receipt.status, `${functionName} on ${address}`).toBe('success');
      return receipt;
    },
  } as DexDevnet;

  beforeAll(async () => {
    suite.devnet = await claimSharedChain(file);
    const chain = new ChainService(
      new NetworkRegistry([...REAL_NETWORKS, devnetNetwork(suite.devnet.rpcUrl, suite.devnet.addresses)]),
      { poolStateTtlMs: 0 },
    );
    suite.ctx = await createTestContext({}, { chain });
    suite.user = await signUp(suite.ctx.app);
    suite.demoProject = await suite.createProject(suite.a().demo, 'DEMO', 18);
    suite.smplProject = await suite.createProject(suite.a().smpl, 'SMPL', 9);
  }, 600_000); // includes waiting for the chain-writer lock

  afterAll(async () => {
    await suite.ctx?.close();
    await suite.devnet?.release();
  });

  return suite;
}
