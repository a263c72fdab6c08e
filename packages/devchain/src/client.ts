import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  http,
  TransactionReceiptNotFoundError,
  type Hash,
  type TransactionReceipt,
} from 'viem';
import { DEVNET_CHAIN_ID } from './addresses.js';

export const devnetChain = defineChain({
  id: DEVNET_CHAIN_ID,
  name: 'Local Devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
});

export function devnetClients(rpcUrl: string) {
  const transport = http(rpcUrl, { timeout: 30_000, retryCount: 0 });
  return {
    public: createPublicClient({ chain: devnetChain, transport, pollingInterval: 50, cacheTime: 0 }),
    // Anvil signs for its unlocked dev accounts (eth_sendTransaction): no key is handled here.
    wallet: createWalletClient({ chain: devnetChain, transport }),
    test: createTestClient({ chain: devnetChain, mode: 'anvil', transport }),
  };
}

export type DevnetClients = ReturnType<typeof devnetClients>;

export class WrongChainError extends Error {
  constructor(readonly chainId: number) {
    super(`refusing to send transactions: chain id is ${chainId}, the local devnet is ${DEVNET_CHAIN_ID}`);
    this.name = 'WrongChainError';
  }
}

/**
 * Gas for a transaction from its estimate plus a margin. The estimate runs against the latest
 * block, but the seeded history mines into blocks whose timestamp jumps ahead, and a Uniswap pool
 * that sees time pass writes its price accumulators: more gas than estimated.
 */
export function gasWithMargin(estimate: bigint): bigint {
  return (estimate * 13n) / 10n + 50_000n;
}

/** Every write in this package goes through here first: it only ever targets the local devnet. */
export async function assertDevnet(clients: DevnetClients): Promise<void> {
  const chainId = await clients.public.getChainId();
  if (chainId !== DEVNET_CHAIN_ID) throw new WrongChainError(chainId);
}

/** Anvil mines each transaction on arrival; wait for its receipt and insist that it succeeded. */
export async function mined(clients: DevnetClients, hash: Hash): Promise<TransactionReceipt> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const receipt = await clients.public.getTransactionReceipt({ hash });
      if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`);
      return receipt;
    } catch (error) {
      if (!(error instanceof TransactionReceiptNotFoundError) || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
}
