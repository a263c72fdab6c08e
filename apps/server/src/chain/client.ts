import { createPublicClient, defineChain, fallback, http, type PublicClient, type Transport } from 'viem';
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
  /** Observes every JSON-RPC call once it has its final outcome, retries included (metrics). */
  onRpc?: (event: RpcEvent) => void;
}

export interface RpcEvent {
  network: NetworkConfig;
  method: string;
  seconds: number;
  /** null on success; otherwise why the call failed: no answer in time, an HTTP/transport failure, or a JSON-RPC error the node answered with. */
  error: 'timeout' | 'http' | 'rpc' | 'other' | null;
}

function rpcErrorKind(err: unknown): Exclude<RpcEvent['error'], null> {
  const name = (err as { name?: string }).name ?? '';
  if (name === 'TimeoutError') return 'timeout';
  if (name === 'HttpRequestError' || name === 'WebSocketRequestError' || name === 'SocketClosedError') return 'http';
  // viem's RpcError subclasses (execution reverted, limit exceeded, …) all end in RpcError or are RpcRequestError.
  if (name === 'RpcRequestError' || /RpcError$/.test(name) || typeof (err as { code?: unknown }).code === 'number') return 'rpc';
  return 'other';
}

/** Wraps one transport so every call reports its method, duration and outcome; the chain layer stays free of any metrics library. */
function observed(transport: Transport, network: NetworkConfig, onRpc: (event: RpcEvent) => void): Transport {
  return ((params) => {
    const inner = transport(params);
    const request = (async (args: { method: string; params?: unknown }, options?: Parameters<typeof inner.request>[1]) => {
      const started = performance.now();
      const report = (error: RpcEvent['error']) => onRpc({ network, method: args.method, seconds: (performance.now() - started) / 1000, error });
      try {
        const result: unknown = await inner.request(args as Parameters<typeof inner.request>[0], options);
        report(null);
        return result;
      } catch (err) {
        report(rpcErrorKind(err));
        throw err;
      }
    }) as typeof inner.request;
    return { ...inner, request };
  }) as Transport;
}

export function createChainClient(network: NetworkConfig, options: ChainClientOptions = {}): PublicClient {
  const chain = defineChain({
    id: network.chainId,
    name: network.name,
    nativeCurrency: { name: network.nativeSymbol, symbol: network.nativeSymbol, decimals: 18 },
    rpcUrls: { default: { http: [...network.rpcUrls] } },
    contracts: { multicall3: { address: network.multicall3 } },
  });
  const transports = network.rpcUrls.map((url) => {
    const transport = http(url, {
      timeout: options.requestTimeoutMs ?? 2_000,
      retryCount: options.retryCount ?? 1,
      retryDelay: 150,
      // Many reads of one request (and of concurrent requests) share one HTTP round trip.
      batch: { batchSize: 100, wait: 0 },
      onFetchRequest: options.onFetchRequest,
    });
    return options.onRpc ? observed(transport, network, options.onRpc) : transport;
  });
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
