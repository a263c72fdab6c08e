import { encodeFunctionData, encodeFunctionResult, multicall3Abi, type Address, type Hex } from 'viem';
import { describe, expect, inject, it } from 'vitest';
import { ChainService } from '../../src/chain/chain-service';
import { ADAPTERS } from '../../src/chain/dex/registry';
import type { CallResult, StateCall, StatePool } from '../../src/chain/dex/types';
import { aggregate3, decodeAggregate3, encodeAggregate3 } from '../../src/chain/multicall';
import { devnetNetwork, NetworkRegistry, type DexFamily } from '../../src/chain/networks';
import { readRawPoolStates } from '../../src/chain/pool-state';

/*
 * The indexer's one state read per tick, coded directly on Multicall3's aggregate3
 * (chain/multicall.ts) instead of viem's multicall, which cost over a second of one core at 1,000
 * pools (docs/benchmarks.md, bench:indexer). Against the devnet's real pools of every family: the
 * same calldata and the same answers as viem's; and the node's answer is untrusted input. The file
 * only reads the devnet.
 */

const devnet = () => inject('devnet');
const a = () => devnet().addresses;
const client = () => {
  const service = new ChainService(new NetworkRegistry([devnetNetwork(devnet().rpcUrl, a())]), { poolStateTtlMs: 0 });
  return service.client(service.registry.get(31337)!);
};
const sorted = (x: Address, y: Address): [Address, Address] => (BigInt(x) < BigInt(y) ? [x, y] : [y, x]);
const pool = (address: Address, x: Address, y: Address, extra: Partial<StatePool> = {}): StatePool => {
  const [token0, token1] = sorted(x, y);
  return { address, token0, token1, ...extra };
};

/** One seeded pool of every devnet family, and a contract-less address that fails every read. */
function seededPools(): [DexFamily, StatePool][] {
  const d = a();
  return [
    ['uniswap-v2', pool(d.pools.demoWethV2, d.demo, d.weth)],
    ['uniswap-v3', pool(d.pools.smplWethV3, d.smpl, d.weth)],
    [
      'uniswap-v4',
      {
        address: d.v4.pools.demoEthV4.id as Address,
        token0: d.v4.pools.demoEthV4.key.currency0,
        token1: d.v4.pools.demoEthV4.key.currency1,
        stateView: d.v4.stateView,
      },
    ],
    ['algebra', pool(d.algebra.pools.demoWeth, d.demo, d.weth)],
    ['liquidity-book', pool(d.lfj.pairs.demoUsdc, d.demo, d.usdc)],
    ['solidly', pool(d.solidly.pools.demoWethVolatile, d.demo, d.weth)],
    ['solidly', pool(d.solidly.pools.usdcDaiStable, d.usdc, d.solidly.dai)],
    ['slipstream', pool(d.slipstream.pools.demoWeth200, d.demo, d.weth)],
    ['uniswap-v3', pool('0x000000000000000000000000000000000000dEaD', d.demo, d.weth)],
  ];
}

const allCalls = (): StateCall[] => seededPools().flatMap(([family, p]) => ADAPTERS[family].stateCalls(p));

describe('Multicall3 aggregate3 for the per-tick state read', () => {
  it('encodes the very calldata viem encodes, for every family’s state reads', () => {
    const calls = allCalls();
    expect(calls.length).toBeGreaterThan(15);
    const viem = encodeFunctionData({
      abi: multicall3Abi,
      functionName: 'aggregate3',
      args: [
        calls.map((c) => ({
          target: c.address,
          allowFailure: true,
          callData: encodeFunctionData({ abi: c.abi, functionName: c.functionName, args: c.args } as never),
        })),
      ],
    });
    expect(encodeAggregate3(calls).data).toBe(viem);
    // A second round (selectors cached) encodes the same.
    expect(encodeAggregate3(calls).data).toBe(viem);
  });

  it('answers, call for call, what viem’s multicall answers on the devnet’s pools, in one eth_call', async () => {
    const c = client();
    const calls = allCalls();
    const block = await c.getBlockNumber();
    const mine = await aggregate3(c, a().multicall3, calls, block);
    const theirs = (await c.multicall({
      allowFailure: true,
      contracts: calls as never[],
      blockNumber: block,
      batchSize: 0,
    })) as CallResult[];
    expect(mine.map((r) => r.status)).toEqual(theirs.map((r) => r.status));
    mine.forEach((r, i) => {
      if (r.status === 'success') expect(r.result).toEqual((theirs[i] as { result: unknown }).result);
    });
    // The pools' own reads succeed; the address without a contract fails its slot0 alone (its tokens answer balanceOf).
    expect(mine.filter((r) => r.status === 'failure')).toHaveLength(1);
    // And the states made from them are the pools' (every seeded pool has one).
    const { states } = await readRawPoolStates(
      c,
      a().multicall3,
      seededPools().map(([family, p]) => ({ ...p, family, version: ADAPTERS[family].version })),
      block,
    );
    expect(states.size).toBe(seededPools().length - 1);
  });

  it('refuses an answer that is not aggregate3’s shape for the calls asked, and fails only the call whose own answer does not decode', () => {
    const answer = (entries: { success: boolean; returnData: Hex }[]) =>
      encodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', result: entries });
    const good = answer([
      { success: true, returnData: `0x${'00'.repeat(31)}2a` },
      { success: false, returnData: '0x' },
    ]);
    expect(decodeAggregate3(good, 2)).toEqual([`0x${'00'.repeat(31)}2a`, null]);
    // Hostile or broken nodes: each is an error the caller reports, never a crash or a guess.
    expect(() => decodeAggregate3(good, 3)).toThrow(/2 answers for 3 calls/);
    expect(() => decodeAggregate3(good.slice(0, good.length - 64) as Hex, 2)).toThrow(/shorter/);
    expect(() => decodeAggregate3('0x', 0)).toThrow(/shorter/);
    expect(() => decodeAggregate3('0xzz' as Hex, 0)).toThrow(/not hex/);
    expect(() => decodeAggregate3(`0x${'ff'.repeat(64)}` as Hex, 0)).toThrow(/out of range/);
    // A length that points past the end.
    const lying = (good.slice(0, 2 + 64 * 2) + 'f'.repeat(8).padStart(64, '0') + good.slice(2 + 64 * 3)) as Hex;
    expect(() => decodeAggregate3(lying, 2)).toThrow();
  });
});
