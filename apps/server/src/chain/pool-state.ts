import { parseAbi, type Address, type PublicClient } from 'viem';
import { normalizePoolAddress } from '../lib/addresses';
import type { DexFamily, DexVersion } from './networks';
import { adapterOf } from './dex/registry';
import { aggregate3 } from './multicall';
import type { RawPoolState, StateCall } from './dex/types';

export type { RawPoolState };

const multicall3Abi = parseAbi(['function getCurrentBlockTimestamp() view returns (uint256)']);

export interface TrackedPool {
  /** A V4 pool's id. */
  address: Address;
  version: DexVersion;
  /** Its DEX's family where known; otherwise the family of its version. */
  family?: DexFamily;
  token0: Address;
  token1: Address;
  /** V4: the StateView its state is read through. */
  stateView?: Address;
  /** What its Sync logs' price needs (chain/dex/types.ts SyncPool): pools.stable and both tokens' decimals. */
  stable?: boolean | null;
  decimals0?: number;
  decimals1?: number;
  /** pools.bin_step: a Liquidity Book swap's bin becomes its price with it (chain/dex/types.ts LogPool). */
  binStep?: number | null;
}

/**
 * Raw state of every tracked pool at one block, and that block's time, in a single eth_call: each
 * pool's reads as its family's adapter lists them (chain/dex/*), plus Multicall3's own block
 * timestamp. A pool whose family lists no reads (a V4 pool without a StateView) or whose reads fail
 * is left out (no state, not a guess).
 */
export async function readRawPoolStates(
  client: PublicClient,
  multicall3: Address,
  pools: readonly TrackedPool[],
  blockNumber: bigint,
): Promise<{ blockTime: Date; states: Map<string, RawPoolState> }> {
  const calls: StateCall[] = [{ address: multicall3, abi: multicall3Abi, functionName: 'getCurrentBlockTimestamp' }];
  const planned = pools.map((p) => {
    const adapter = adapterOf(p);
    const own = adapter.stateCalls(p);
    calls.push(...own);
    return { pool: p, adapter, count: own.length };
  });
  // One eth_call; a failed one throws what really happened, so that callers can tell "try again
  // later" from a broken chain. Coded in ./multicall.ts: viem's multicall cost more than the node.
  const results = await aggregate3(client, multicall3, calls, blockNumber);
  const first = results[0];
  if (first?.status !== 'success')
    throw first?.status === 'failure' && first.error
      ? first.error
      : new Error('Multicall3 did not answer getCurrentBlockTimestamp');
  const timestamp = first.result as bigint;
  const states = new Map<string, RawPoolState>();
  let i = 1;
  for (const { pool, adapter, count } of planned) {
    if (count === 0) continue;
    const state = adapter.readState(results.slice(i, i + count), pool);
    i += count;
    if (state) states.set(normalizePoolAddress(pool.address), state);
  }
  return { blockTime: new Date(Number(timestamp) * 1000), states };
}
