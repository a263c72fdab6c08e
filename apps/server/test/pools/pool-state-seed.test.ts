import { inject } from 'vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChainService } from '../../src/chain/chain-service';
import { devnetNetwork, NetworkRegistry, REAL_NETWORKS } from '../../src/chain/networks';
import { readRawPoolStates } from '../../src/chain/pool-state';
import { poolStateOf, type PoolRef } from '../../src/chain/pools';
import { publishTick } from '../../src/db/stream-notices';
import { NetworkIndexer } from '../../src/indexer/indexer';
import { bearer, createTestContext, signUp, type TestContext } from '../helpers';

/**
 * Issue 31: after an indexed block, the pool page's refetch waited for a chain read of its own (the
 * tick's notice emptied the pool-state cache; ~0.7 s under load). The indexer's own multicall of
 * that block now answers it. Reads only: nothing is written to the shared devnet.
 */
let ctx: TestContext;
/** The RPC methods the test context's chain service sent. */
const rpc: string[] = [];

/** Each with its own log: the app's background work must not show up in another test's count. */
function chainService(log: string[] = []): ChainService {
  const devnet = inject('devnet');
  // Not the tests' TTL of 0: the point is what the cache holds (a minute, so a slow machine does not
  // let it expire between the tick and the refetch; production keeps states 5 s).
  return new ChainService(new NetworkRegistry([...REAL_NETWORKS, devnetNetwork(devnet.rpcUrl, devnet.addresses)]), {
    poolStateTtlMs: 60_000,
    onRpc: (event) => void log.push(event.method),
  });
}

const demoWeth = (): PoolRef => {
  const a = inject('devnet').addresses;
  return {
    address: a.pools.demoWethV2,
    version: 'v2',
    projectIsToken0: a.demo.toLowerCase() < a.weth.toLowerCase(),
    projectToken: a.demo,
    pairedToken: a.weth,
    projectDecimals: 18,
    pairedDecimals: 18,
  };
};

beforeAll(async () => {
  ctx = await createTestContext({}, { chain: chainService(rpc) });
});
afterAll(async () => {
  await ctx?.close();
});

describe("the indexer's pool states answer the screens its push refetches", () => {
  it('after a tick and its notice, the pool page is answered without a chain read, with the figures a read gives', async () => {
    const a = inject('devnet').addresses;
    const user = await signUp(ctx.app);
    const auth = { authorization: bearer(user.token) };
    const project = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/projects/create/',
      headers: auth,
      payload: { network: 31337, contract_address: a.demo, name: 'Demo', token_symbol: 'DEMO', token_decimal: 18 },
    });
    expect(project.statusCode, project.body).toBe(201);
    const pool = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/projects/pool/${project.json().id}/`,
      headers: auth,
      payload: { dex: 'uniswap-v2', token: 'weth', pool_address: a.pools.demoWethV2 },
    });
    expect(pool.statusCode, pool.body).toBe(201);
    const fundUrl = `/api/v1/projects/user/pools/funds/${pool.json().id}/`;
    // Once, so the USD rates (their own 30 s cache) are read; then the pool states are forgotten, so
    // whatever the cache holds after the tick comes from the tick.
    expect((await ctx.app.inject({ method: 'GET', url: fundUrl, headers: auth })).statusCode).toBe(200);
    ctx.app.chain.invalidate();

    const network = ctx.app.chain.registry.get(31337)!;
    const indexer = new NetworkIndexer(ctx.database.db, ctx.app.chain, network);
    let block = -1n;
    for (let i = 0; i < 50; i++) {
      const tick = await indexer.tick();
      if (tick.safeBlock !== undefined) block = tick.safeBlock;
      if (tick.caughtUp) break;
    }
    expect(block).toBeGreaterThan(0n);

    // The tick's notice, as the indexer publishes it, heard through PostgreSQL as any server hears it.
    const heard = new Promise<void>((resolve) => {
      const stop = ctx.app.changes.onNotice((payload) => {
        if (payload.startsWith(`tick:31337:${block}:`)) {
          stop();
          resolve();
        }
      });
    });
    await publishTick(ctx.database.db, 31337, block, [a.pools.demoWethV2.toLowerCase()], []);
    await heard;

    rpc.length = 0;
    const answer = await ctx.app.inject({ method: 'GET', url: fundUrl, headers: auth });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(
      rpc.filter((m) => m === 'eth_call' || m === 'eth_blockNumber'),
      'chain reads of the refetch',
    ).toEqual([]);

    // The figures a read of that block gives (other test files may mine blocks meanwhile).
    const ref = demoWeth();
    const tracked = {
      address: ref.address,
      version: ref.version,
      token0: ref.projectIsToken0 ? ref.projectToken : ref.pairedToken,
      token1: ref.projectIsToken0 ? ref.pairedToken : ref.projectToken,
    };
    const read = await readRawPoolStates(chainService().client(network), network.multicall3, [tracked], block);
    const seeded = (await ctx.app.chain.poolStates(network, [ref])).get(ref.address.toLowerCase());
    expect(seeded?.blockNumber).toBe(block);
    expect(seeded?.state).toEqual(poolStateOf(ref, read.states.get(ref.address.toLowerCase())!));
    expect(answer.json().price).toBe(seeded?.state?.price);
  });

  it('is kept only where the indexer reads at the head, never over a newer block, and dropped by the notice of a later block', async () => {
    const rpc: string[] = [];
    const chain = chainService(rpc);
    const devnet = chain.registry.get(31337)!;
    const ref = demoWeth();
    const key = ref.address.toLowerCase();
    const raw = new Map([[key, { reserve0: 10n ** 18n, reserve1: 2n * 10n ** 18n, sqrtPriceX96: null }]]);
    const head = await chain.headBlock(devnet);
    const at = new Date();

    // With confirmations the indexer's block is behind what a screen reads: not kept.
    chain.seedPoolStates({ ...devnet, confirmations: 3 }, head, at, raw);
    rpc.length = 0;
    await chain.poolStates(devnet, [ref]);
    expect(rpc).toContain('eth_call');

    // At the head (the devnet): kept, and served as it is (these reserves are not the pool's).
    chain.invalidate();
    chain.seedPoolStates(devnet, head, at, raw);
    rpc.length = 0;
    const kept = (await chain.poolStates(devnet, [ref])).get(key)!;
    expect(rpc).toEqual([]);
    expect([kept.state?.projectReserve, kept.state?.pairedReserve].sort()).toEqual(['1', '2']);

    // An older block never replaces it; the notice of its own block keeps it; a later one drops it.
    chain.seedPoolStates(devnet, head - 1n, at, new Map([[key, { reserve0: 5n, reserve1: 5n, sqrtPriceX96: null }]]));
    chain.invalidate(31337, head);
    rpc.length = 0;
    expect((await chain.poolStates(devnet, [ref])).get(key)?.blockNumber).toBe(head);
    expect(rpc).toEqual([]);
    chain.invalidate(31337, head + 1n);
    const read = (await chain.poolStates(devnet, [ref])).get(key)!;
    expect(rpc).toContain('eth_call');
    expect(read.state).not.toEqual(kept.state);
  });

  it('gives way to a fresh read when the chain went back (a reorg, a devnet reset): the read is the truth', async () => {
    const devnet = inject('devnet');
    // TTL 0: every request reads; what is kept must not win over the read.
    const chain = new ChainService(new NetworkRegistry([devnetNetwork(devnet.rpcUrl, devnet.addresses)]), {
      poolStateTtlMs: 0,
    });
    const network = chain.registry.get(31337)!;
    const ref = demoWeth();
    const head = await chain.headBlock(network);
    // Kept at a block the chain no longer reaches (as before a reset).
    chain.seedPoolStates(
      network,
      head + 100n,
      new Date(),
      new Map([[ref.address.toLowerCase(), { reserve0: 1n, reserve1: 1n, sqrtPriceX96: null }]]),
    );
    const answer = (await chain.poolStates(network, [ref])).get(ref.address.toLowerCase())!;
    expect(answer.blockNumber).toBeLessThan(head + 100n);
    expect(answer.state?.projectReserve).not.toBe('0.000000000000000001');
  });
});
