import { getAddress, type Address, type Hex, type PublicClient, type StateOverride } from 'viem';
import { isNodeFailure } from '../client';

/** One eth_call's outcome: the bytes it returned, a revert, or no answer from the node. */
export type RawCallResult = { kind: 'ok'; data: Hex } | { kind: 'reverted' } | { kind: 'failed'; error: unknown };

/**
 * Gas of each health read: far above what an honest view function or one simulated trade needs,
 * far below what lets a hostile contract make the node spin (the node's own eth_call cap is 50M).
 */
export const READ_GAS = 2_000_000n;
export const SIMULATION_GAS = 8_000_000n;

/** An eth_call at `blockNumber` that never throws: the contract is untrusted, its revert is an answer. */
export async function rawCall(
  client: PublicClient,
  call: { to: Address; data: Hex; blockNumber: bigint; gas?: bigint; from?: Address; stateOverride?: StateOverride },
): Promise<RawCallResult> {
  try {
    const { data } = await client.call({
      to: call.to,
      data: call.data,
      blockNumber: call.blockNumber,
      gas: call.gas ?? READ_GAS,
      account: call.from,
      stateOverride: call.stateOverride,
    });
    return { kind: 'ok', data: data ?? '0x' };
  } catch (error) {
    return isNodeFailure(error) ? { kind: 'failed', error } : { kind: 'reverted' };
  }
}

/** An address (checksummed) from exactly one ABI word whose upper 12 bytes are zero; null for anything else. */
export function addressWord(data: Hex): Address | null {
  if (!/^0x[0-9a-fA-F]{64}$/.test(data)) return null;
  if (!/^0{24}$/.test(data.slice(2, 26))) return null;
  return getAddress(`0x${data.slice(26)}`);
}

/** The n-th 32-byte word of `data` as a bigint, or null when `data` is shorter. */
export function uintWord(data: Hex, n = 0): bigint | null {
  const start = 2 + n * 64;
  if (!/^0x[0-9a-fA-F]*$/.test(data) || data.length < start + 64) return null;
  return BigInt(`0x${data.slice(start, start + 64)}`);
}
