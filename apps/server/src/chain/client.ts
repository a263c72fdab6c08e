import { createPublicClient, defineChain, fallback, http, type PublicClient } from 'viem';
import type { NetworkConfig } from './networks';

/** The node of a network did not answer in time (or at all): the API answers 503. */
export class ChainUnavailableError extends Error {
  override name = 'ChainUnavailableError';
  constructor(
    readonly network: NetworkConfig,
    cause?: unknown,
  ) {
    super(`The ${network.name} node is not reachable right now. Please try again later.`, { cause });
  }
}

/** Every chain operation of a request finishes, one way or the other, within this budget. */
export const CHAIN_DEADLINE_MS = 4_500;

export interface ChainClientOptions {
  /** Per-request timeout of one RPC call; a few retries must fit in CHAIN_DEADLINE_MS. */
  requestTimeoutMs?: number;
  retryCount?: number;
  /** Observes every HTTP request to the node (benchmarks count them). */
  onFetchRequest?: (request: Request) => void;
}

export function createChainClient(network: NetworkConfig, options: ChainClientOptions = {}): PublicClient {
  const chain = defineChain({
    id: network.chainId,
    name: network.name,
    nativeCurrency: { name: network.nativeSymbol, symbol: network.nativeSymbol, decimals: 18 },
    rpcUrls: { default: { http: [...network.rpcUrls] } },
    contracts: { multicall3: { address: network.multicall3 } },
  });
  const transports = network.rpcUrls.map((url) =>
    http(url, {
      timeout: options.requestTimeoutMs ?? 2_000,
      retryCount: options.retryCount ?? 1,
      retryDelay: 150,
      // Many reads of one request (and of concurrent requests) share one HTTP round trip.
      batch: { batchSize: 100, wait: 0 },
      onFetchRequest: options.onFetchRequest,
    }),
  );
  return createPublicClient({
    chain,
    transport: transports.length === 1 ? transports[0]! : fallback(transports, { rank: false }),
    // A deep multicall of 1,000 pools is one eth_call; no calldata size split.
    batch: { multicall: false },
  }) as PublicClient;
}

function isNodeFailure(err: unknown): boolean {
  for (let e = err as { name?: string; cause?: unknown; code?: string } | undefined, i = 0; e && i < 6; i++) {
    if (['HttpRequestError', 'TimeoutError', 'WebSocketRequestError', 'SocketClosedError'].includes(e.name ?? '')) return true;
    if (e.code === 'ECONNREFUSED' || e.code === 'ECONNRESET') return true;
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * Runs chain work with a hard deadline: an unreachable or stalled node becomes a
 * ChainUnavailableError after at most CHAIN_DEADLINE_MS instead of hanging the request.
 */
export async function withDeadline<T>(network: NetworkConfig, work: () => Promise<T>, deadlineMs = CHAIN_DEADLINE_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChainUnavailableError(network, new Error('deadline exceeded'))), deadlineMs);
  });
  try {
    return await Promise.race([work(), timeout]);
  } catch (err) {
    if (err instanceof ChainUnavailableError) throw err;
    if (isNodeFailure(err)) throw new ChainUnavailableError(network, err);
    throw err;
  } finally {
    clearTimeout(timer);
  }
}
