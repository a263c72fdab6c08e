import { getAddress, isAddressEqual, type Abi, type Address, type PublicClient } from 'viem';
import type { DexConfig, FactoryDexConfig } from '../networks';
import { isNodeFailure } from '../client';
import { PoolVerificationError } from './errors';
import type { CallResult, PoolListing, StateCall } from './types';

/*
 * What the families with one contract per pool share: the pool names its factory and its two
 * tokens, and the factory lists it. Each family's folder supplies its ABI and its factory lookup.
 */

export function factoryOf(dex: DexConfig): Address {
  if (!('factory' in dex)) throw new Error(`${dex.name} has no factory`);
  return (dex as FactoryDexConfig).factory;
}

/** The getters a pool contract names its factory and tokens with (Liquidity Book: getFactory, getTokenX, getTokenY). */
export interface ClaimNames {
  factory: string;
  token0: string;
  token1: string;
}
const UNISWAP_CLAIMS: ClaimNames = { factory: 'factory', token0: 'token0', token1: 'token1' };

/**
 * A pool contract's claims checked against the DEX: the contract exists, names the DEX's factory,
 * and pairs exactly the two tokens. Returns the extra reads' answers and which side the project is.
 */
export async function checkPoolClaims(
  client: PublicClient,
  dex: DexConfig,
  address: Address,
  poolAbi: Abi,
  extra: readonly StateCall[],
  projectToken: Address,
  pairedToken: Address,
  names: ClaimNames = UNISWAP_CLAIMS,
): Promise<{ token0: Address; token1: Address; projectIsToken0: boolean; extra: CallResult[] }> {
  const code = await client.getCode({ address });
  if (!code || code === '0x') throw new PoolVerificationError('There is no contract at this pool address.');
  const calls = [
    { address, abi: poolAbi, functionName: names.factory },
    { address, abi: poolAbi, functionName: names.token0 },
    { address, abi: poolAbi, functionName: names.token1 },
    ...extra,
  ];
  const [factory, token0, token1, ...rest] = (await client.multicall({
    allowFailure: true,
    contracts: calls,
  })) as CallResult[];
  if (factory?.status !== 'success' || token0?.status !== 'success' || token1?.status !== 'success') {
    // viem marks every call of a multicall as failed when the eth_call itself failed (a timeout, a
    // throttled node): that says nothing about the contract, so it is "try again" (503), never the
    // verdict "not a pool" (a CI run under load refused a freshly created pair that way).
    const nodeFailure = [factory, token0, token1].find((r) => r?.status === 'failure' && isNodeFailure(r.error));
    if (nodeFailure?.status === 'failure') throw nodeFailure.error;
    throw new PoolVerificationError(`This address is not a ${dex.name} pool.`);
  }
  if (!isAddressEqual(factory.result as Address, factoryOf(dex))) {
    throw new PoolVerificationError(
      `This pool does not belong to ${dex.name}: its factory is ${factory.result as string}.`,
    );
  }
  const t0 = getAddress(token0.result as Address);
  const t1 = getAddress(token1.result as Address);
  const projectIsToken0 = isAddressEqual(t0, projectToken) && isAddressEqual(t1, pairedToken);
  const projectIsToken1 = isAddressEqual(t1, projectToken) && isAddressEqual(t0, pairedToken);
  if (!projectIsToken0 && !projectIsToken1) {
    throw new PoolVerificationError('This pool does not pair the project token with the selected token.');
  }
  return { token0: t0, token1: t1, projectIsToken0, extra: rest };
}

/** The factory's own answer must name this very contract. */
export function requireListed(dex: DexConfig, listed: Address, address: Address): void {
  if (!isAddressEqual(listed, address)) {
    throw new PoolVerificationError(`${dex.name}'s factory does not list this contract as the pool of these tokens.`);
  }
}

/**
 * The holders'-labels listing of a family whose pools answer factory(), token0(), token1(): those
 * three, the family's extra claims (V3: fee()), and its factory lookup of the claimed tokens.
 */
export function factoryTokenListing(
  poolAbi: Abi,
  extraClaims: (pool: Address) => StateCall[],
  lookup: (dex: DexConfig, token0: Address, token1: Address, extra: readonly CallResult[]) => StateCall | null,
): PoolListing {
  return {
    claims: (address) => [
      { address, abi: poolAbi, functionName: 'factory' },
      { address, abi: poolAbi, functionName: 'token0' },
      { address, abi: poolAbi, functionName: 'token1' },
      ...extraClaims(address),
    ],
    read(dex, [factory, token0, token1, ...extra]) {
      if (factory?.status !== 'success' || token0?.status !== 'success' || token1?.status !== 'success') return null;
      const t0 = token0.result as Address;
      const t1 = token1.result as Address;
      const call = lookup(dex, t0, t1, extra);
      return call && { factory: factory.result as Address, token0: t0, token1: t1, lookup: call };
    },
  };
}

/**
 * Which of several candidate pools of a pair is the deepest, by the answers to balanceOf(pool) of
 * the paired token (one token, so the amounts compare): the index of the largest, a failed read
 * counting as 0, the first on a tie. Discovery of every family with several pools per pair (fee
 * tiers, tick spacings, curves, bin steps) picks with it.
 */
export function deepestIndex(balances: readonly (CallResult | undefined)[]): number {
  let best = 0;
  let bestDepth = -1n;
  balances.forEach((d, i) => {
    const depth = d?.status === 'success' && typeof d.result === 'bigint' ? d.result : 0n;
    if (depth > bestDepth) {
      bestDepth = depth;
      best = i;
    }
  });
  return best;
}
