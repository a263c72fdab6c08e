import { parseAbi, zeroAddress, type Address } from 'viem';
import { describe, expect, it, inject } from 'vitest';
import { camelotV2 } from '../../src/chain/dex/camelot-v2';
import { PoolVerificationError } from '../../src/chain/dex/errors';
import { POOL_LOG_DECODERS } from '../../src/chain/dex/registry';
import { stableSqrtPriceX96 } from '../../src/chain/dex/solidly/stable-math';
import { uniswapV2, v2Decoders } from '../../src/chain/dex/uniswap-v2';
import { DEVNET_ID, REAL_NETWORKS, type FactoryDexConfig } from '../../src/chain/networks';
import { decodePoolCreated } from '../../src/indexer/pool-watch';
import { devnetChain } from '../helpers';

/*
 * Camelot V2 (decision 0068). The devnet has no Camelot: CamelotLabs/core's pair was not compiled
 * here, and no contract is faked. What Camelot shares with Uniswap V2 (getPair, PairCreated and the
 * Swap/Mint/Burn/Sync logs) is tested against the devnet's real Uniswap V2 factory and pairs; what
 * is Camelot's own (stableSwap(), the four-field getReserves(), the fee per direction, the stable
 * curve) is tested on the answers' shape only, and is untested against a live Camelot pair.
 */

const devnet = inject('devnet');
const a = devnet.addresses;
const chain = devnetChain();
const client = chain.client(chain.registry.get(DEVNET_ID)!);
/** A Camelot V2 row pointed at the devnet's Uniswap V2 factory, whose interface Camelot's shares. */
const dex: FactoryDexConfig = {
  id: 'camelot-v2',
  name: 'Camelot V2',
  logo: '',
  family: 'camelot-v2',
  version: 'camelot-v2',
  factory: a.uniswapV2Factory,
};
const pairAbi = parseAbi([
  'function getReserves() view returns (uint112, uint112, uint32)',
  'function token0() view returns (address)',
]);

describe('Camelot V2 on what it shares with Uniswap V2 (the devnet)', () => {
  it('finds a pair through getPair, says "no pool" for a pair without one, and refuses a pair without stableSwap()', async () => {
    const found = await camelotV2.discover({ client }, dex, a.demo, a.weth);
    // A Uniswap V2 pair answers neither stableSwap() nor a fee per direction: neither is claimed.
    expect(found).toEqual({ address: a.pools.demoWethV2, version: 'camelot-v2', fee: null, shape: {} });
    expect(await camelotV2.discover({ client }, dex, a.smpl, a.usdt)).toBeNull();
    const refused = camelotV2.verify({ client }, dex, a.pools.demoWethV2, a.demo, a.weth);
    await expect(refused).rejects.toBeInstanceOf(PoolVerificationError);
    await expect(refused).rejects.toThrow('This address is not a Camelot V2 pool.');
  });

  it("decodes the pairs' logs with Uniswap V2's own decoders, and the factory's PairCreated", async () => {
    // One decoder object per topic across the registry: Camelot's four events are V2's.
    for (const [topic, decode] of camelotV2.decoders) {
      expect(v2Decoders.get(topic)).toBe(decode);
      expect(POOL_LOG_DECODERS.get(topic)).toBe(decode);
    }
    const logs = await client.getLogs({ address: a.pools.demoWethV2, fromBlock: 0n, toBlock: 'latest' });
    const decoded = logs.map((l) => camelotV2.decoders.get(l.topics[0]!)?.(l));
    expect(decoded.filter((d) => d?.kind === 'event' && d.type === 'swap').length).toBeGreaterThan(3);
    expect(decoded.some((d) => d?.kind === 'sync')).toBe(true);
    const created = await client.getLogs({ address: a.uniswapV2Factory, fromBlock: 0n, toBlock: 'latest' });
    const pairs = created
      .filter((l) => l.topics[0] === camelotV2.creation!.topic)
      .map((l) => camelotV2.creation!.decode(l));
    expect(pairs.some((p) => p?.pool === a.pools.demoWethV2 && p.version === 'camelot-v2')).toBe(true);
    expect(camelotV2.creation!.topic).toBe(uniswapV2.creation!.topic);
    // One topic, two families: the new-pool watch decodes it both ways and keeps the one whose
    // configured factory logged it, so a Camelot row does not hide Uniswap V2's new pairs.
    const log = created.find((l) => l.topics[0] === camelotV2.creation!.topic)!;
    expect(
      decodePoolCreated(log)
        .map((c) => c.version)
        .sort(),
    ).toEqual(['camelot-v2', 'v2']);
  });

  it("reads no state from a pair whose getReserves() is Uniswap V2's (its third field is not Camelot's fee)", async () => {
    const results = (await client.multicall({
      allowFailure: true,
      contracts: camelotV2.stateCalls({ address: a.pools.demoWethV2, token0: zeroAddress, token1: zeroAddress }),
    })) as Parameters<typeof camelotV2.readState>[0];
    expect(
      camelotV2.readState(results, { address: a.pools.demoWethV2, token0: zeroAddress, token1: zeroAddress }),
    ).toBeNull();
    // The same pair's reserves are there for Uniswap V2's reading.
    const [r0] = await client.readContract({ address: a.pools.demoWethV2, abi: pairAbi, functionName: 'getReserves' });
    expect(r0).toBeGreaterThan(0n);
  });
});

describe("Camelot V2's own answers (shape only: no live Camelot pair here)", () => {
  const ok = (result: unknown) => ({ status: 'success' as const, result });
  const pool = { address: zeroAddress as Address, token0: zeroAddress as Address, token1: zeroAddress as Address };

  it('prices a volatile pair by its reserves and a stable pair by the curve', () => {
    const reserves = ok([35_000n * 10n ** 6n, 5_000n * 10n ** 18n, 300, 300]);
    expect(camelotV2.readState([reserves, ok(false), ok(10n ** 6n), ok(10n ** 18n)], pool)).toEqual({
      reserve0: 35_000n * 10n ** 6n,
      reserve1: 5_000n * 10n ** 18n,
      sqrtPriceX96: null,
    });
    expect(camelotV2.readState([reserves, ok(true), ok(10n ** 6n), ok(10n ** 18n)], pool)).toEqual({
      reserve0: 35_000n * 10n ** 6n,
      reserve1: 5_000n * 10n ** 18n,
      sqrtPriceX96: stableSqrtPriceX96(35_000n * 10n ** 6n, 5_000n * 10n ** 18n, 10n ** 6n, 10n ** 18n),
    });
    // A stable pair's Sync is priced from its stored key; without the decimals it is no price point.
    expect(camelotV2.syncPrice!({ kind: 'sync', reserve0: 1n, reserve1: 1n }, { stable: false })).toBeNull();
    expect(
      camelotV2.syncPrice!(
        { kind: 'sync', reserve0: 10n ** 6n, reserve1: 10n ** 18n },
        { stable: true, decimals0: 6, decimals1: 18 },
      ),
    ).toBe(stableSqrtPriceX96(10n ** 6n, 10n ** 18n, 10n ** 6n, 10n ** 18n));
    expect(camelotV2.syncPrice!({ kind: 'sync', reserve0: 1n, reserve1: 1n }, { stable: true })).toBeUndefined();
  });

  it("is served on Arbitrum with the factory from Camelot's docs", () => {
    const arbitrum = REAL_NETWORKS.find((n) => n.chainId === 42161)!;
    expect(arbitrum.dexes.find((d) => d.id === 'camelot-v2')).toMatchObject({
      family: 'camelot-v2',
      factory: '0x6EcCab422D763aC031210895C81787E87B43A652',
    });
  });
});
