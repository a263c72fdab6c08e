import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { decodeEventLog, isAddressEqual, parseAbi, zeroAddress, type Address, type Hex } from 'viem';
import { describe, expect, inject, it } from 'vitest';
import { ChainService } from '../../src/chain/chain-service';
import { ADAPTERS, adapterOf, POOL_EVENT_TOPICS } from '../../src/chain/dex/registry';
import { PoolVerificationError } from '../../src/chain/dex/errors';
import type { CallResult, DexAdapter, DexContext, StatePool } from '../../src/chain/dex/types';
import {
  DEX_FAMILIES,
  DEX_VERSIONS,
  devnetNetwork,
  familyOf,
  NetworkRegistry,
  REAL_NETWORKS,
  type DexConfig,
} from '../../src/chain/networks';
import { getLogsChunked } from '../../src/indexer/get-logs';
import { bearer, createTestContext, signUp } from '../helpers';
import { DEX_FAMILIES as CONTRACT_DEX_FAMILIES, POOL_VERSIONS } from '@tokendesk/contract';

/*
 * The DEX family adapters (chain/dex/, docs/decisions/0059) against the devnet's real Uniswap V2,
 * V3 and V4 contracts: each adapter, asked through the registry, finds the seeded pool and says 'no
 * pool' for a pair without one, verifies it and refuses another family's pool, reads the state the
 * pool itself reports, decodes the pool's own logs as viem's full decoder does, and reads its
 * creation event. The file only reads the devnet.
 */

const devnet = () => inject('devnet');
const a = () => devnet().addresses;
const network = () => devnetNetwork(devnet().rpcUrl, devnet().addresses);
const chain = () => new ChainService(new NetworkRegistry([network()]), { poolStateTtlMs: 0, pageLogs: getLogsChunked });
const dexOf = (family: string): DexConfig => network().dexes.find((d) => familyOf(d) === family)!;
function ctx(): DexContext {
  const service = chain();
  return { client: service.client(service.registry.get(31337)!), pageLogs: getLogsChunked };
}

async function multicall(adapter: DexAdapter, pool: StatePool) {
  const results = (await ctx().client.multicall({
    allowFailure: true,
    contracts: adapter.stateCalls(pool),
  })) as CallResult[];
  return adapter.readState(results, pool);
}

const sorted = (x: Address, y: Address): [Address, Address] => (BigInt(x) < BigInt(y) ? [x, y] : [y, x]);

describe('the registry', () => {
  it('names a logo the web app ships for every DEX', () => {
    // A missing file is a broken image in the DEX select and a 404 in the browser's console.
    const web = fileURLToPath(new URL('../../../web/public', import.meta.url));
    const missing = [...REAL_NETWORKS, network()]
      .flatMap((n) => n.dexes.map((d) => d.logo))
      .filter((logo) => !existsSync(`${web}${logo}`));
    expect([...new Set(missing)]).toEqual([]);
  });

  it('has an adapter for every family, and every configured DEX is read through the address its row names', () => {
    expect(Object.keys(ADAPTERS).sort()).toEqual([...DEX_FAMILIES].sort());
    // The API answers these lists; chain/ keeps its own copy because it does not import the contract.
    expect([...DEX_FAMILIES]).toEqual([...CONTRACT_DEX_FAMILIES]);
    expect([...DEX_VERSIONS]).toEqual([...POOL_VERSIONS]);
    for (const n of [...REAL_NETWORKS, network()]) {
      for (const dex of n.dexes) {
        const adapter = adapterOf(dex);
        expect(adapter.family).toBe(familyOf(dex));
        // A row's version is the stored pool_version of its family's pools: existing rows stay valid.
        expect(adapter.version).toBe(dex.version);
        const named = 'factory' in dex ? dex.factory : dex.poolManager;
        expect(isAddressEqual(adapter.registryAddress(dex), named)).toBe(true);
      }
    }
  });

  it('decodes every pool-logged topic with one decoder, and asks eth_getLogs for exactly those topics', () => {
    const topics = Object.values(ADAPTERS).flatMap((x) => (x.logSource === 'pool' ? [...x.decoders.keys()] : []));
    expect(new Set(POOL_EVENT_TOPICS)).toEqual(new Set(topics));
    // The singleton family (V4) decodes its PoolManager's logs a range at a time, not per log.
    expect(ADAPTERS['uniswap-v4'].decoders.size).toBe(0);
  });
});

const v2Events = parseAbi([
  'event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)',
  'event Mint(address indexed sender, uint256 amount0, uint256 amount1)',
  'event Burn(address indexed sender, uint256 amount0, uint256 amount1, address indexed to)',
  'event Sync(uint112 reserve0, uint112 reserve1)',
]);
const v3Events = parseAbi([
  'event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick)',
  'event Mint(address sender, address indexed owner, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount, uint256 amount0, uint256 amount1)',
  'event Burn(address indexed owner, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount, uint256 amount0, uint256 amount1)',
]);
const v2Pair = parseAbi(['function getReserves() view returns (uint112, uint112, uint32)']);
const v3Pool = parseAbi([
  'function slot0() view returns (uint160 sqrtPriceX96, int24 tick, uint16, uint16, uint16, uint8, bool)',
]);
const erc20 = parseAbi(['function balanceOf(address) view returns (uint256)']);
const stateView = parseAbi([
  'function getSlot0(bytes32 poolId) view returns (uint160 sqrtPriceX96, int24 tick, uint24 protocolFee, uint24 lpFee)',
]);

/** What viem's full decoder makes of a pool log, in the stored convention (the pool's side, positive in). */
function expected(log: { topics: Hex[]; data: Hex }, family: 'uniswap-v2' | 'uniswap-v3') {
  const d = decodeEventLog({
    abi: family === 'uniswap-v2' ? v2Events : v3Events,
    topics: log.topics as [Hex, ...Hex[]],
    data: log.data,
  });
  const x = d.args as Record<string, bigint>;
  if (d.eventName === 'Sync') return { kind: 'sync', reserve0: x.reserve0, reserve1: x.reserve1 };
  if (d.eventName === 'Swap' && 'amount0In' in x)
    return {
      kind: 'event',
      type: 'swap',
      amount0: x.amount0In! - x.amount0Out!,
      amount1: x.amount1In! - x.amount1Out!,
      sqrtPriceX96: null,
    };
  if (d.eventName === 'Swap')
    return { kind: 'event', type: 'swap', amount0: x.amount0, amount1: x.amount1, sqrtPriceX96: x.sqrtPriceX96 };
  if (d.eventName === 'Mint')
    return { kind: 'event', type: 'mint', amount0: x.amount0, amount1: x.amount1, sqrtPriceX96: null };
  return { kind: 'event', type: 'burn', amount0: -x.amount0!, amount1: -x.amount1!, sqrtPriceX96: null };
}

describe.each([
  {
    family: 'uniswap-v2' as const,
    pool: () => a().pools.demoWethV2,
    project: () => a().demo,
    paired: () => a().weth,
    other: () => a().pools.smplWethV3,
  },
  {
    family: 'uniswap-v3' as const,
    pool: () => a().pools.smplWethV3,
    project: () => a().smpl,
    paired: () => a().weth,
    other: () => a().pools.demoWethV2,
  },
])('the $family adapter on the devnet', ({ family, pool, project, paired, other }) => {
  const adapter = () => ADAPTERS[family];

  it("finds the seeded pool, and says 'no pool' for a pair that has none", async () => {
    const found = await adapter().discover(ctx(), dexOf(family), project(), paired());
    expect(found && isAddressEqual(found.address, pool())).toBe(true);
    expect(found?.version).toBe(adapter().version);
    expect(await adapter().discover(ctx(), dexOf(family), project(), a().usdt)).toBeNull();
  });

  it("verifies the pool, and refuses a pool of another family's factory with the same tokens' interface", async () => {
    const verified = await adapter().verify(ctx(), dexOf(family), pool(), project(), paired());
    expect(verified.projectIsToken0).toBe(BigInt(project()) < BigInt(paired()));
    const otherPool = other();
    await expect(adapter().verify(ctx(), dexOf(family), otherPool, project(), paired())).rejects.toBeInstanceOf(
      PoolVerificationError,
    );
  });

  it('reads the state the pool itself reports, in one multicall', async () => {
    const [token0, token1] = sorted(project(), paired());
    const state = await multicall(adapter(), { address: pool(), token0, token1 });
    const client = ctx().client;
    if (family === 'uniswap-v2') {
      const [r0, r1] = await client.readContract({ address: pool(), abi: v2Pair, functionName: 'getReserves' });
      expect(state).toEqual({ reserve0: r0, reserve1: r1, sqrtPriceX96: null });
    } else {
      const [sqrtPriceX96] = await client.readContract({ address: pool(), abi: v3Pool, functionName: 'slot0' });
      const b0 = await client.readContract({ address: token0, abi: erc20, functionName: 'balanceOf', args: [pool()] });
      const b1 = await client.readContract({ address: token1, abi: erc20, functionName: 'balanceOf', args: [pool()] });
      expect(state).toEqual({ reserve0: b0, reserve1: b1, sqrtPriceX96 });
    }
  });

  it("decodes every one of the pool's logs as viem's full decoder does, by topic", async () => {
    const logs = await ctx().client.getLogs({ address: pool(), fromBlock: 0n, toBlock: 'latest' });
    const ours = logs.filter((l) => adapter().decoders.has(l.topics[0]!));
    expect(ours.length).toBeGreaterThan(10);
    for (const log of ours) expect(adapter().decoders.get(log.topics[0]!)!(log)).toEqual(expected(log, family));
    // The same topic in another shape (an indexed field dropped) is no event of ours.
    const [first] = ours;
    const decode = adapter().decoders.get(first!.topics[0]!)!;
    expect(decode({ topics: first!.topics.slice(0, -1) as [Hex, ...Hex[]], data: first!.data })).toBeNull();
    // … or with its data cut short: nothing stored, rather than amounts read from nowhere.
    expect(decode({ topics: first!.topics, data: first!.data.slice(0, -64) as Hex })).toBeNull();
  });

  it("reads the pool's creation event on its factory", async () => {
    const factory = adapter().registryAddress(dexOf(family));
    const logs = await ctx().client.getLogs({ address: factory, fromBlock: 0n, toBlock: 'latest' });
    const created = logs
      .filter((l) => l.topics[0] === adapter().creation!.topic)
      .map((l) => adapter().creation!.decode(l));
    const mine = created.find((c) => c && isAddressEqual(c.pool, pool()));
    expect(mine).toMatchObject({ factory: factory.toLowerCase(), version: adapter().version });
    expect(new Set([mine!.token0, mine!.token1])).toEqual(new Set([project().toLowerCase(), paired().toLowerCase()]));
  });
});

describe('the uniswap-v4 adapter on the devnet', () => {
  const adapter = ADAPTERS['uniswap-v4'];
  const demoEth = () => a().v4.pools.demoEthV4;

  it("finds the seeded pool through the PoolManager's Initialize logs, and says 'no pool' for a pair that has none", async () => {
    const found = await adapter.discover(ctx(), dexOf('uniswap-v4'), a().demo, zeroAddress);
    expect(found?.address).toBe(demoEth().id);
    expect(await adapter.discover(ctx(), dexOf('uniswap-v4'), a().smpl, a().usdt)).toBeNull();
  });

  it('verifies the pool id and shows its key; refuses an id for the wrong pair', async () => {
    const verified = await adapter.verify(ctx(), dexOf('uniswap-v4'), demoEth().id as Address, a().demo, zeroAddress);
    expect(verified).toMatchObject({
      version: 'v4',
      fee: 3000,
      projectIsToken0: false,
      v4: { tickSpacing: 60, hooks: zeroAddress },
    });
    await expect(
      adapter.verify(ctx(), dexOf('uniswap-v4'), demoEth().id as Address, a().demo, a().usdc),
    ).rejects.toBeInstanceOf(PoolVerificationError);
    expect(adapter.facts({ fee: 0x800000, tickSpacing: 10, hooks: a().v4.pools.hookedV4.key.hooks })).toMatchObject({
      fee: null,
      dynamicFee: true,
      tickSpacing: 10,
    });
  });

  it("reads the pool's price through StateView, and leaves a pool without a StateView unread", async () => {
    const v4 = dexOf('uniswap-v4') as DexConfig & { stateView: Address };
    const pool = { address: demoEth().id as Address, token0: zeroAddress, token1: a().demo, stateView: v4.stateView };
    const state = await multicall(adapter, pool);
    const [sqrtPriceX96] = await ctx().client.readContract({
      address: v4.stateView,
      abi: stateView,
      functionName: 'getSlot0',
      args: [demoEth().id],
    });
    expect(state?.sqrtPriceX96).toBe(sqrtPriceX96);
    expect(state!.reserve0 > 0n && state!.reserve1 > 0n).toBe(true);
    expect(adapter.stateCalls({ ...pool, stateView: undefined })).toEqual([]);
  });
});

describe('GET /projects/network/:id/dex-options', () => {
  it('carries each DEX’s family and the factory (or PoolManager) it is read through, checksummed', async () => {
    const context = await createTestContext({}, { chain: chain() });
    try {
      const user = await signUp(context.app);
      const res = await context.app.inject({
        method: 'GET',
        url: '/api/v1/projects/network/31337/dex-options/',
        headers: { authorization: bearer(user.token) },
      });
      expect(res.statusCode).toBe(200);
      const options = res.json() as { id: string; version: string; family: string; factory: string }[];
      expect(options).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            id: 'uniswap-v2',
            version: 'v2',
            family: 'uniswap-v2',
            factory: a().uniswapV2Factory,
          }),
          expect.objectContaining({
            id: 'uniswap-v3',
            version: 'v3',
            family: 'uniswap-v3',
            factory: a().uniswapV3Factory,
          }),
          expect.objectContaining({
            id: 'uniswap-v4',
            version: 'v4',
            family: 'uniswap-v4',
            factory: a().v4.poolManager,
          }),
        ]),
      );
    } finally {
      await context.close();
    }
  });
});
