import type { Abi, Address, PublicClient } from 'viem';
import { erc20Abi } from './abis';

/** The addresses tokens are burned to by convention: whatever they hold is out of circulation. */
export const BURN_ADDRESSES: readonly Address[] = [
  '0x0000000000000000000000000000000000000000',
  '0x000000000000000000000000000000000000dEaD',
];

export interface SupplyRead {
  blockNumber: bigint;
  /** null when totalSupply() reverts or answers something that is not a uint256. */
  totalSupply: bigint | null;
  /** One per BURN_ADDRESSES entry; null when that balanceOf() failed. */
  burnBalances: (bigint | null)[];
}

/**
 * totalSupply() and the burn addresses' balances of many tokens, in one multicall at one block (two
 * RPC requests whatever the number of tokens). Each token is untrusted input: any call may revert
 * or return junk, and each failure is null for that figure rather than failing the whole read.
 */
export async function readSupplies(client: PublicClient, tokens: readonly Address[]): Promise<SupplyRead[]> {
  const blockNumber = await client.getBlockNumber({ cacheTime: 0 });
  const calls: { address: Address; abi: Abi; functionName: string; args?: readonly unknown[] }[] = tokens.flatMap(
    (token) => [
      { address: token, abi: erc20Abi, functionName: 'totalSupply' },
      ...BURN_ADDRESSES.map((holder) => ({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [holder] })),
    ],
  );
  const results =
    tokens.length === 0
      ? []
      : await client.multicall({ allowFailure: true, blockNumber, batchSize: 0, contracts: calls });
  const per = 1 + BURN_ADDRESSES.length;
  const value = (i: number): bigint | null => {
    const r = results[i];
    return r?.status === 'success' && typeof r.result === 'bigint' ? r.result : null;
  };
  return tokens.map((_, t) => ({
    blockNumber,
    totalSupply: value(t * per),
    burnBalances: BURN_ADDRESSES.map((_, b) => value(t * per + 1 + b)),
  }));
}
