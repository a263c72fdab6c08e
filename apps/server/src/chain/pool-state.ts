import { parseAbi, type Abi, type Address, type PublicClient } from 'viem';
import { erc20Abi, v2PairAbi, v3PoolAbi } from './abis';
import { normalizePoolAddress } from '../lib/addresses';
import type { DexVersion } from './networks';
import { v4StateViewAbi } from './v4-abis';
import { inRangeAmounts } from './v4-math';

const multicall3Abi = parseAbi(['function getCurrentBlockTimestamp() view returns (uint256)']);

export interface TrackedPool {
  /** A V4 pool's id. */
  address: Address;
  version: DexVersion;
  token0: Address;
  token1: Address;
  /** V4: the StateView its state is read through. */
  stateView?: Address;
}

export interface RawPoolState {
  /** V4: the amounts the in-range liquidity stands for (v4-math inRangeAmounts). */
  reserve0: bigint;
  reserve1: bigint;
  sqrtPriceX96: bigint | null;
}

/**
 * Raw state of every tracked pool at one block, and that block's time, in a single eth_call:
 * V2 getReserves; V3 slot0 and both token balances; V4 getSlot0 and getLiquidity through StateView
 * (a V4 pool has no balance of its own: the PoolManager holds all pools' tokens); Multicall3's own
 * block timestamp. A V4 pool without a StateView is left out (no state, not a guess).
 */
export async function readRawPoolStates(
  client: PublicClient,
  multicall3: Address,
  pools: readonly TrackedPool[],
  blockNumber: bigint,
): Promise<{ blockTime: Date; states: Map<string, RawPoolState> }> {
  type Call = { address: Address; abi: Abi; functionName: string; args?: readonly unknown[] };
  const calls: Call[] = [{ address: multicall3, abi: multicall3Abi, functionName: 'getCurrentBlockTimestamp' }];
  for (const p of pools) {
    if (p.version === 'v2') calls.push({ address: p.address, abi: v2PairAbi, functionName: 'getReserves' });
    else if (p.version === 'v4') {
      if (!p.stateView) continue;
      calls.push({ address: p.stateView, abi: v4StateViewAbi, functionName: 'getSlot0', args: [p.address] });
      calls.push({ address: p.stateView, abi: v4StateViewAbi, functionName: 'getLiquidity', args: [p.address] });
    } else {
      calls.push({ address: p.address, abi: v3PoolAbi, functionName: 'slot0' });
      calls.push({ address: p.token0, abi: erc20Abi, functionName: 'balanceOf', args: [p.address] });
      calls.push({ address: p.token1, abi: erc20Abi, functionName: 'balanceOf', args: [p.address] });
    }
  }
  const results = await client.multicall({ allowFailure: true, contracts: calls, blockNumber, batchSize: 0 });
  const timestamp = results[0]?.status === 'success' ? (results[0].result as bigint) : null;
  // With allowFailure, viem turns a failed eth_call (throttled, node behind) into failed results:
  // throw what really happened, so that callers can tell "try again later" from a broken chain.
  if (timestamp === null) throw results[0]?.status === 'failure' && results[0].error ? results[0].error : new Error('Multicall3 did not answer getCurrentBlockTimestamp');
  const states = new Map<string, RawPoolState>();
  let i = 1;
  for (const p of pools) {
    const key = normalizePoolAddress(p.address);
    if (p.version === 'v4') {
      if (!p.stateView) continue;
      const [slot0, liquidity] = [results[i++], results[i++]];
      if (slot0?.status === 'success' && liquidity?.status === 'success') {
        const sqrtPriceX96 = (slot0.result as readonly [bigint, number])[0];
        // Uninitialised (sqrtPrice 0): no state rather than a price of 0.
        if (sqrtPriceX96 !== 0n) {
          const amounts = inRangeAmounts(sqrtPriceX96, liquidity.result as bigint);
          states.set(key, { reserve0: amounts.amount0, reserve1: amounts.amount1, sqrtPriceX96 });
        }
      }
    } else if (p.version === 'v2') {
      const r = results[i++];
      if (r?.status === 'success') {
        const [r0, r1] = r.result as readonly [bigint, bigint, number];
        states.set(key, { reserve0: r0, reserve1: r1, sqrtPriceX96: null });
      }
    } else {
      const [slot0, b0, b1] = [results[i++], results[i++], results[i++]];
      if (slot0?.status === 'success' && b0?.status === 'success' && b1?.status === 'success') {
        states.set(key, { reserve0: b0.result as bigint, reserve1: b1.result as bigint, sqrtPriceX96: (slot0.result as readonly [bigint, number])[0] });
      }
    }
  }
  return { blockTime: new Date(Number(timestamp) * 1000), states };
}
