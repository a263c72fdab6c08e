import { inject } from 'vitest';
import { describe, expect, it } from 'vitest';
import { ChainService } from '../../src/chain/chain-service';
import { devnetNetwork, NetworkRegistry } from '../../src/chain/networks';
import type { PoolRef } from '../../src/chain/pools';

describe('pool states under concurrent requests', () => {
  it('share one read when the cache has expired, instead of one multicall per request', async () => {
    const devnet = inject('devnet');
    const calls: string[] = [];
    // TTL 0: every call finds the cache expired, as every request does right after expiry.
    const chain = new ChainService(new NetworkRegistry([devnetNetwork(devnet.rpcUrl, devnet.addresses)]), {
      poolStateTtlMs: 0,
      onRpc: (event) => void calls.push(event.method),
    });
    const network = chain.registry.get(31337)!;
    const a = devnet.addresses;
    const pools: PoolRef[] = [
      {
        address: a.pools.demoWethV2,
        version: 'v2',
        projectIsToken0: false,
        projectToken: a.demo,
        pairedToken: a.weth,
        projectDecimals: 18,
        pairedDecimals: 18,
      },
      {
        address: a.pools.demoUsdcV2,
        version: 'v2',
        projectIsToken0: false,
        projectToken: a.demo,
        pairedToken: a.usdc,
        projectDecimals: 18,
        pairedDecimals: 6,
      },
    ];
    // projectIsToken0 is irrelevant to the count; the states are checked for presence only.
    const answers = await Promise.all(Array.from({ length: 20 }, () => chain.poolStates(network, pools)));
    for (const states of answers) expect(states.size).toBe(2);
    // One read is a block number and one multicall (eth_call), not 20 of each. (viem batches
    // concurrent calls into one HTTP request either way; the node still executes each call.)
    expect(calls.filter((m) => m === 'eth_call')).toHaveLength(1);
    expect(calls.filter((m) => m === 'eth_blockNumber')).toHaveLength(1);

    // After it settles, the next call reads again (nothing is kept in flight).
    await chain.poolStates(network, pools);
    expect(calls.filter((m) => m === 'eth_call')).toHaveLength(2);
  });
});
