import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAddress } from 'viem';
import { ADAPTERS } from '../../src/chain/dex/registry';
import { familyOf, REAL_NETWORKS } from '../../src/chain/networks';
import { createTestContext, devnetChain, signUp, type TestContext, requesterAs } from '../helpers';

/*
 * The network registry as the API answers it (docs/decisions/0063): Optimism and Avalanche C-Chain
 * with the DEXes today's V2/V3/V4 paths read and their pair tokens, decimals as the issuers' and
 * projects' files give them. The family venues (Velodrome, LFJ Liquidity Book, …) are not served
 * until an adapter reads them.
 */

let ctx: TestContext;
let token: string;
const as = requesterAs(
  () => ctx.app,
  () => token,
);
const get = (url: string) => as('GET', url);

beforeAll(async () => {
  // The registry main.ts builds: the real networks plus the local devnet.
  ctx = await createTestContext({}, { chain: devnetChain() });
  token = (await signUp(ctx.app)).token;
});
afterAll(async () => {
  await ctx?.close();
});

describe('networks', () => {
  it('lists OP Mainnet (10) and Avalanche C-Chain (43114) with their explorers, logos and native coins', async () => {
    const res = await get('projects/networks');
    expect(res.statusCode).toBe(200);
    const byId = new Map((res.json() as { id: number }[]).map((n) => [n.id, n]));
    expect(byId.get(10)).toEqual({
      id: 10,
      name: 'OP Mainnet',
      chain_id: 10,
      native_symbol: 'ETH',
      network_logo: '/logos/networks/optimism.svg',
      network_explorer: 'https://optimistic.etherscan.io',
    });
    expect(byId.get(43114)).toEqual({
      id: 43114,
      name: 'Avalanche C-Chain',
      chain_id: 43114,
      native_symbol: 'AVAX',
      network_logo: '/logos/networks/avalanche.svg',
      network_explorer: 'https://snowtrace.io',
    });
  });

  it('Optimism offers Uniswap V2, V3 and V4, Velodrome and its Slipstream, and WETH, USDC, USDT and ETH as pair tokens', async () => {
    const dexes = (await get('projects/network/10/dex-options')).json();
    expect(dexes).toEqual([
      {
        id: 'uniswap-v2',
        name: 'Uniswap V2',
        dex_logo: '/logos/dex/uniswap.svg',
        version: 'v2',
        family: 'uniswap-v2',
        factory: '0x0c3c1c532F1e39EdF36BE9Fe0bE1410313E074Bf',
      },
      {
        id: 'uniswap-v3',
        name: 'Uniswap V3',
        dex_logo: '/logos/dex/uniswap.svg',
        version: 'v3',
        family: 'uniswap-v3',
        factory: '0x1F98431c8aD98523631AE4a59f267346ea31F984',
      },
      {
        id: 'uniswap-v4',
        name: 'Uniswap V4',
        dex_logo: '/logos/dex/uniswap.svg',
        version: 'v4',
        family: 'uniswap-v4',
        factory: getAddress('0x9a13f98cb987694c9f086b1f5eb990eea8264ec3'),
      },
      {
        id: 'velodrome-slipstream',
        name: 'Velodrome Slipstream',
        dex_logo: '/logos/dex/velodrome.svg',
        version: 'slipstream',
        family: 'slipstream',
        factory: '0xCc0bDDB707055e04e497aB22a59c2aF4391cd12F',
      },
      {
        id: 'velodrome-slipstream-2',
        name: 'Velodrome Slipstream (gauges v2)',
        dex_logo: '/logos/dex/velodrome.svg',
        version: 'slipstream',
        family: 'slipstream',
        factory: '0xe13Dd1fbA721Aa81a1826D9523AC9BC7d260c879',
      },
      {
        id: 'velodrome',
        name: 'Velodrome',
        dex_logo: '/logos/dex/velodrome.svg',
        version: 'solidly',
        family: 'solidly',
        factory: '0xF1046053aa5682b4F9a81b5481394DA16BE5FF5a',
      },
    ]);
    const tokens = (await get('projects/network/10/token-options')).json();
    expect(tokens).toEqual([
      {
        id: 'weth',
        name: 'Wrapped Ether',
        symbol: 'WETH',
        address: '0x4200000000000000000000000000000000000006',
        decimals: 18,
        token_logo: '/logos/tokens/eth.svg',
      },
      {
        id: 'usdc',
        name: 'USD Coin',
        symbol: 'USDC',
        address: getAddress('0x0b2c639c533813f4aa9d7837caf62653d097ff85'),
        decimals: 6,
        token_logo: '/logos/tokens/usdc.svg',
      },
      {
        id: 'usdt',
        name: 'Tether USD (bridged)',
        symbol: 'USDT',
        address: '0x94b008aA00579c1307B0EF2c499aD98a8ce58e58',
        decimals: 6,
        token_logo: '/logos/tokens/usdt.svg',
      },
      // V4 pairs the native coin directly (decision 0042).
      {
        id: 'eth',
        name: 'Ether',
        symbol: 'ETH',
        address: '0x0000000000000000000000000000000000000000',
        decimals: 18,
        token_logo: '/logos/tokens/eth.svg',
      },
    ]);
  });

  it('Avalanche offers Uniswap V2, V3, V4, Trader Joe V1 (a V2 fork) and LFJ Liquidity Book v2.2 and v2.1, and WAVAX (18), USDC (6), USDT (6) and AVAX', async () => {
    const dexes = (await get('projects/network/43114/dex-options')).json();
    expect(dexes).toEqual([
      {
        id: 'uniswap-v2',
        name: 'Uniswap V2',
        dex_logo: '/logos/dex/uniswap.svg',
        version: 'v2',
        family: 'uniswap-v2',
        factory: '0x9e5A52f57b3038F1B8EeE45F28b3C1967e22799C',
      },
      {
        id: 'uniswap-v3',
        name: 'Uniswap V3',
        dex_logo: '/logos/dex/uniswap.svg',
        version: 'v3',
        family: 'uniswap-v3',
        factory: '0x740b1c1de25031C31FF4fC9A62f554A55cdC1baD',
      },
      {
        id: 'uniswap-v4',
        name: 'Uniswap V4',
        dex_logo: '/logos/dex/uniswap.svg',
        version: 'v4',
        family: 'uniswap-v4',
        factory: getAddress('0x06380c0e0912312b5150364b9dc4542ba0dbbc85'),
      },
      {
        id: 'traderjoe-v1',
        name: 'Trader Joe V1',
        dex_logo: '/logos/dex/traderjoe.svg',
        version: 'v2',
        family: 'uniswap-v2',
        factory: '0x9Ad6C38BE94206cA50bb0d90783181662f0Cfa10',
      },
      // LFJ Liquidity Book, read by its own adapter (decision 0071).
      {
        id: 'lfj-v2.2',
        name: 'LFJ v2.2',
        dex_logo: '/logos/dex/traderjoe.svg',
        version: 'liquidity-book',
        family: 'liquidity-book',
        factory: '0xb43120c4745967fa9b93E79C149E66B0f2D6Fe0c',
      },
      {
        id: 'lfj-v2.1',
        name: 'LFJ v2.1',
        dex_logo: '/logos/dex/traderjoe.svg',
        version: 'liquidity-book',
        family: 'liquidity-book',
        factory: '0x8e42f2F4101563bF679975178e880FD87d3eFd4e',
      },
    ]);
    const tokens = (await get('projects/network/43114/token-options')).json();
    expect(tokens).toEqual([
      {
        id: 'wavax',
        name: 'Wrapped AVAX',
        symbol: 'WAVAX',
        address: '0xB31f66AA3C1e785363F0875A1B74E27b85FD66c7',
        decimals: 18,
        token_logo: '/logos/tokens/avax.svg',
      },
      {
        id: 'usdc',
        name: 'USD Coin',
        symbol: 'USDC',
        address: '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E',
        decimals: 6,
        token_logo: '/logos/tokens/usdc.svg',
      },
      {
        id: 'usdt',
        name: 'Tether USD',
        symbol: 'USDT',
        address: '0x9702230A8Ea53601f5cD2dc00fDBc13d4dF4A8c7',
        decimals: 6,
        token_logo: '/logos/tokens/usdt.svg',
      },
      {
        id: 'avax',
        name: 'AVAX',
        symbol: 'AVAX',
        address: '0x0000000000000000000000000000000000000000',
        decimals: 18,
        token_logo: '/logos/tokens/avax.svg',
      },
    ]);
  });

  it('reads the factories, PoolManagers and StateViews the projects publish, with V4 discovery starting at the deployment block', () => {
    const op = REAL_NETWORKS.find((n) => n.id === 10)!;
    const avax = REAL_NETWORKS.find((n) => n.id === 43114)!;
    const contracts = (n: typeof op) =>
      Object.fromEntries(
        n.dexes.map((d) => [d.id, d.version === 'v4' ? [d.poolManager, d.stateView, d.startBlock] : [d.factory]]),
      );
    expect(contracts(op)).toEqual({
      'uniswap-v2': ['0x0c3c1c532F1e39EdF36BE9Fe0bE1410313E074Bf'],
      'uniswap-v3': ['0x1F98431c8aD98523631AE4a59f267346ea31F984'],
      'uniswap-v4': [
        getAddress('0x9a13f98cb987694c9f086b1f5eb990eea8264ec3'),
        getAddress('0xc18a3169788f4f75a170290584eca6395c75ecdb'),
        130_947_675n,
      ],
      'velodrome-slipstream': ['0xCc0bDDB707055e04e497aB22a59c2aF4391cd12F'],
      'velodrome-slipstream-2': ['0xe13Dd1fbA721Aa81a1826D9523AC9BC7d260c879'],
      velodrome: ['0xF1046053aa5682b4F9a81b5481394DA16BE5FF5a'],
    });
    expect(contracts(avax)).toEqual({
      'uniswap-v2': ['0x9e5A52f57b3038F1B8EeE45F28b3C1967e22799C'],
      'uniswap-v3': ['0x740b1c1de25031C31FF4fC9A62f554A55cdC1baD'],
      'uniswap-v4': [
        getAddress('0x06380c0e0912312b5150364b9dc4542ba0dbbc85'),
        getAddress('0xc3c9e198c735a4b97e3e683f391ccbdd60b69286'),
        56_195_376n,
      ],
      'traderjoe-v1': ['0x9Ad6C38BE94206cA50bb0d90783181662f0Cfa10'],
      'lfj-v2.2': ['0xb43120c4745967fa9b93E79C149E66B0f2D6Fe0c'],
      'lfj-v2.1': ['0x8e42f2F4101563bF679975178e880FD87d3eFd4e'],
    });
    // Every address in the registry is in its checksummed form (a typo in one letter's case would fail here).
    for (const n of REAL_NETWORKS) {
      for (const t of n.tokens) expect(t.address).toBe(getAddress(t.address));
      for (const d of n.dexes)
        for (const a of d.version === 'v4' ? [d.poolManager, d.stateView] : [d.factory]) expect(a).toBe(getAddress(a));
    }
    expect([op.confirmations, op.pollIntervalMs, avax.confirmations, avax.pollIntervalMs]).toEqual([
      3, 4_000, 1, 4_000,
    ]);
  });

  it('serves a family venue only through its own family’s adapter, never the V2/V3/V4 paths that would misread it (Velodrome, Aerodrome, LFJ Liquidity Book)', async () => {
    const misread = REAL_NETWORKS.flatMap((n) =>
      n.dexes
        .filter((d) => /velodrome|aerodrome|slipstream|lfj|quickswap-v3|camelot|thena/.test(d.id))
        .filter((d) => !d.family || d.family.startsWith('uniswap-') || !ADAPTERS[d.family])
        .map((d) => `${n.id}:${d.id}`),
    );
    expect(misread).toEqual([]);
    // Slipstream: both of Aerodrome's CLFactories on Base (docs/decisions/0069).
    const base = REAL_NETWORKS.find((n) => n.id === 8453)!;
    expect(
      base.dexes.filter((d) => d.family === 'slipstream').map((d) => [d.id, 'factory' in d ? d.factory : null]),
    ).toEqual([
      ['aerodrome-slipstream', '0x5e7BB104d84c7CB9B682AaC2F3d509f5F406809A'],
      ['aerodrome-slipstream-2', '0xaDe65c38CD4849aDBA595a4323a8C7DdfE89716a'],
    ]);
  });

  it('serves QuickSwap V3 (Polygon) and Camelot V3 (Arbitrum) as Algebra rows with their versions', () => {
    const row = (chain: number, id: string) =>
      REAL_NETWORKS.find((n) => n.id === chain)?.dexes.find((d) => d.id === id);
    expect(row(137, 'quickswap-v3')).toMatchObject({
      family: 'algebra',
      version: 'algebra',
      algebraVersion: 'v1',
      factory: '0x411b0fAcC3489691f28ad58c47006AF5E3Ab3A28',
    });
    expect(row(42161, 'camelot-v3')).toMatchObject({
      family: 'algebra',
      version: 'algebra',
      algebraVersion: 'v1.9',
      factory: '0x1a3c9B1d2F0529D97f2afC5136Cc23e58f1FD35B',
    });
  });

  it('serves LFJ Liquidity Book (Avalanche, Arbitrum, BNB Chain) as liquidity-book rows', () => {
    // LFJ's venues are served by the Liquidity Book adapter (decision 0071).
    const lfj = REAL_NETWORKS.flatMap((n) =>
      n.dexes.filter((d) => familyOf(d) === 'liquidity-book').map((d) => `${n.id}:${d.id}`),
    );
    expect(lfj.sort()).toEqual(['42161:lfj-v2.1', '42161:lfj-v2.2', '43114:lfj-v2.1', '43114:lfj-v2.2', '56:lfj-v2.1']);
  });
});
