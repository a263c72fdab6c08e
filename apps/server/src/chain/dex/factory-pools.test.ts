import { createPublicClient, custom, defineChain, TimeoutError, type PublicClient } from 'viem';
import { describe, expect, it } from 'vitest';
import { isNodeFailure } from '../client';
import { PoolVerificationError } from './errors';
import { checkPoolClaims, deepestIndex } from './factory-pools';
import type { DexConfig } from '../networks';

// A node that has code at every address and answers eth_call with `call` (a revert or a failure of
// its own). Just enough JSON-RPC for checkPoolClaims; the real pools are tested on the devnet
// (test/dex/dex-adapters.test.ts).
function node(call: () => unknown): PublicClient {
  const chain = defineChain({
    id: 31337,
    name: 'test',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
    contracts: { multicall3: { address: '0xcA11bde05977b3631167028862bE2a173976CA11' } },
  });
  return createPublicClient({
    chain,
    transport: custom({
      async request({ method }: { method: string }) {
        if (method === 'eth_getCode') return '0x6001';
        if (method === 'eth_call') return call();
        throw new Error(`unexpected ${method}`);
      },
    }),
  }) as PublicClient;
}

const dex = {
  id: 'uniswap-v2',
  name: 'Uniswap V2',
  logo: '',
  version: 'v2',
  factory: '0x0165878A594ca255338adfa4d48449f69242Eb8F',
} as DexConfig;
const pool = '0x34221076D77AE2aEe654b62CB0ce79f22202B0dF';
const a = '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9';
const b = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

describe('checkPoolClaims', () => {
  it('a node that timed out is a node failure (503 upstream), not the verdict "not a pool"', async () => {
    const client = node(() => {
      throw new TimeoutError({ body: {}, url: 'http://127.0.0.1:1' });
    });
    const err = await checkPoolClaims(client, dex, pool, [], [], a, b).catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(PoolVerificationError);
    // The node's failure itself, which withDeadline turns into ChainUnavailableError (503, 'try again').
    expect(isNodeFailure(err)).toBe(true);
  });

  it('a contract whose calls revert is not a pool of the DEX', async () => {
    const client = node(() => {
      throw Object.assign(new Error('execution reverted'), { code: 3, data: '0x' });
    });
    const err = await checkPoolClaims(client, dex, pool, [], [], a, b).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PoolVerificationError);
    expect((err as Error).message).toBe('This address is not a Uniswap V2 pool.');
  });
});

describe('deepestIndex', () => {
  it('takes the largest paired balance, a failed read as 0, the first on a tie', () => {
    const ok = (v: bigint) => ({ status: 'success' as const, result: v });
    const failed = { status: 'failure' as const, error: new Error('reverted') };
    expect(deepestIndex([ok(5n), ok(9n), ok(7n)])).toBe(1);
    expect(deepestIndex([failed, ok(0n), ok(3n), ok(3n)])).toBe(2);
    expect(deepestIndex([failed, failed])).toBe(0);
    expect(deepestIndex([undefined, ok(1n)])).toBe(1);
    // A node's odd answer is no depth.
    expect(deepestIndex([{ status: 'success', result: 'deep' }, ok(1n)])).toBe(1);
  });
});
