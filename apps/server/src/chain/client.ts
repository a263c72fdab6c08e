import {
  createPublicClient,
  defineChain,
  fallback,
  http,
  RpcRequestError,
  type PublicClient,
  type Transport,
} from 'viem';
import { getHttpRpcClient } from 'viem/utils';
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
  /**
   * Most retries of a call that the provider throttled (HTTP 429, or a JSON-RPC rate-limit error)
   * or that a lagging node behind the provider's load balancer could not answer yet.
   */
  busyRetryCount?: number;
  /** The longest Retry-After honoured; a provider asking for more makes the call fail at once. */
  maxRetryAfterMs?: number;
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
  if (name === 'RpcRequestError' || /RpcError$/.test(name) || typeof (err as { code?: unknown }).code === 'number')
    return 'rpc';
  return 'other';
}

/** Wraps one transport so every call reports its method, duration and outcome; the chain layer stays free of any metrics library. */
function observed(transport: Transport, network: NetworkConfig, onRpc: (event: RpcEvent) => void): Transport {
  return ((params) => {
    const inner = transport(params);
    const request = (async (
      args: { method: string; params?: unknown },
      options?: Parameters<typeof inner.request>[1],
    ) => {
      const started = performance.now();
      const report = (error: RpcEvent['error']) =>
        onRpc({ network, method: args.method, seconds: (performance.now() - started) / 1000, error });
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

/** The provider said "too many requests" (HTTP 429); `retryAfterMs` is what it asked us to wait, if it said. */
export class RateLimitedError extends Error {
  override name = 'RateLimitedError';
  constructor(
    readonly retryAfterMs: number | null,
    readonly status: number,
    body: string,
  ) {
    super(
      `The node answered HTTP ${status} (rate limited)${retryAfterMs === null ? '' : `, retry after ${retryAfterMs} ms`}: ${body.slice(0, 300)}`,
    );
  }
}

/** Everything an error says about itself, down its cause chain (viem puts the node's text in `details`). */
export function errorText(err: unknown): string {
  const parts: string[] = [];
  for (
    let e = err as { message?: string; details?: string; shortMessage?: string; cause?: unknown } | undefined, i = 0;
    e && i < 6;
    i++
  ) {
    parts.push(String(e.message ?? ''), String(e.details ?? ''));
    e = e.cause as typeof e;
  }
  return parts.join(' ');
}

function errorCodes(err: unknown): unknown[] {
  const codes: unknown[] = [];
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 6; i++) {
    codes.push(e.code);
    e = e.cause as typeof e;
  }
  return codes;
}

function findInChain<T>(err: unknown, match: (e: unknown) => e is T): T | undefined {
  for (let e = err as { cause?: unknown } | undefined, i = 0; e && i < 6; i++) {
    if (match(e)) return e;
    e = e.cause as typeof e;
  }
  return undefined;
}

/**
 * A rate limit, however the provider says it: HTTP 429 (Infura with Retry-After, Alchemy without),
 * JSON-RPC code 429 in an HTTP 200 (Alchemy in batches), QuickNode's −32007 "N/second request
 * limit reached", −32012 "credits limited", or −32005 with a rate text (Infura "project ID request
 * rate exceeded"). −32005 alone is not enough: Infura also uses it for "query returned more than
 * 10000 results", which must shrink the request, not wait.
 */
export function isRateLimited(err: unknown): boolean {
  if (findInChain(err, (e): e is RateLimitedError => e instanceof RateLimitedError)) return true;
  if (findInChain(err, (e): e is { status: number } => (e as { status?: unknown }).status === 429)) return true;
  const codes = errorCodes(err);
  if (codes.includes(429) || codes.includes(-32007) || codes.includes(-32012)) return true;
  return /rate (limit|exceeded)|request rate|too many requests|requests? limit reached|compute units per second|credits limited|throughput|backoff_seconds|daily request count/i.test(
    errorText(err),
  );
}

/**
 * A node behind the others of a load balancer: asked about a block it does not have yet, geth
 * answers "header not found" (−32000), others "unknown block" / "block not found". The same call
 * soon lands on a node that has it.
 */
export function isNodeBehind(err: unknown): boolean {
  return /header not found|unknown block|block not found/i.test(errorText(err));
}

/**
 * The node keeps no state at the block asked for: a full (pruned) node, which keeps the state of
 * the last 128 blocks or so, or one restarted from a snapshot. Asking again does not help; only a
 * more recent block (or another source, such as logs) does. The texts real nodes answer with
 * (docs/decisions/0055-pruned-nodes.md):
 *   geth, hash scheme   −32000 "missing trie node <hash> (path )"                (ethereum/go-ethereum#20874, #25826)
 *   geth, path scheme   −32000 "missing trie node <hash> (path ) state 0x… is not available[, not found]"
 *                       (piplabs/story-geth#137, 0xPolygon/bor#1303); "historical state not available in path scheme yet"
 *                       (ethereum/go-ethereum#29101); "required historical state unavailable" (0xPolygon/bor#322)
 *   Nethermind          −32002 "No state available for block 0x<hash>"             (NethermindEth/nethermind#9277, #12483)
 *   reth                −32603 "State at block #N is pruned"                       (paradigmxyz/reth#4092)
 *   Erigon 3            −32000 "old data not available due to pruning: requested block N, history is available from block M"
 *                       (erigontech/erigon#19339)
 *   OpenEthereum        −32000 "This request is not supported because your node is running with state pruning. Run with
 *                       --pruning=archive."                                       (openethereum/parity-ethereum#11594)
 *   anvil (restarted)   −32602 "BlockOutOfRangeError: block height is N but requested was M"
 * "header not found" is not one of them: geth says that for a block it does not have yet (isNodeBehind).
 */
export function isStateUnavailable(err: unknown): boolean {
  return /missing trie node|historical state|state (at block #?\d+ )?is pruned|no state available|not available due to pruning|state pruning|pruning=archive|BlockOutOfRange/i.test(
    errorText(err),
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Seconds or an HTTP date (RFC 9110 §10.2.3); Infura also puts backoff_seconds in the body. */
function retryAfterOf(headers: Headers, body: string): number | null {
  const header = headers.get('retry-after');
  if (header !== null && header.trim() !== '') {
    const seconds = Number(header);
    if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
    const date = Date.parse(header);
    if (!Number.isNaN(date)) return Math.max(0, date - Date.now());
  }
  const backoff = /"backoff_seconds"\s*:\s*([0-9.]+)/.exec(body);
  return backoff && Number(backoff[1]) > 0 ? Math.round(Number(backoff[1]) * 1000) : null;
}

/**
 * fetch for the node's transport: an HTTP 429 becomes a RateLimitedError that carries the wait the
 * provider asked for. viem would otherwise hand a 429 whose body is a JSON-RPC error on as a plain
 * RPC error and drop the Retry-After header with the response.
 */
async function rateLimitAwareFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const response = await fetch(input, init);
  if (response.status !== 429) return response;
  const body = await response.text().catch(() => '');
  throw new RateLimitedError(retryAfterOf(response.headers, body), response.status, body);
}

interface RetryPolicy {
  retryCount: number;
  busyRetryCount: number;
  maxRetryAfterMs: number;
}

/**
 * How long to wait before trying a failed call again, or null to give up now. Throttling honours
 * the provider's Retry-After up to `maxRetryAfterMs` (asking for longer fails the call at once:
 * the indexer's own backoff then waits, instead of one call sleeping through a tick), else backs off
 * exponentially with jitter; a lagging node is tried again shortly (the next HTTP request usually
 * reaches another node); a dropped or failed connection as before. Errors the node means (a
 * revert, a range or result cap) are not retried here: the caller must change the request.
 */
function retryDelay(err: unknown, attempt: { busy: number; failed: number }, policy: RetryPolicy): number | null {
  if (isRateLimited(err)) {
    if (attempt.busy >= policy.busyRetryCount) return null;
    const asked = findInChain(err, (e): e is RateLimitedError => e instanceof RateLimitedError)?.retryAfterMs ?? null;
    if (asked !== null) return asked > policy.maxRetryAfterMs ? null : Math.max(asked, 50);
    // Jitter on a wait, never on a figure: servers (and their calls) throttled together must not
    // all come back in the same millisecond and be throttled together again.
    return Math.min(policy.maxRetryAfterMs, 250 * 2 ** attempt.busy) * (0.5 + Math.random() / 2);
  }
  if (isNodeBehind(err)) return attempt.busy >= policy.busyRetryCount ? null : 100 * (attempt.busy + 1);
  if (attempt.failed >= policy.retryCount) return null;
  const name = (err as { name?: string }).name ?? '';
  const status = findInChain(
    err,
    (e): e is { status: number } => typeof (e as { status?: unknown }).status === 'number',
  )?.status;
  if (status === 413) return null; // a request too large: only a smaller one helps
  if (
    name === 'TimeoutError' ||
    name === 'HttpRequestError' ||
    (status !== undefined && [408, 500, 502, 503, 504].includes(status))
  )
    return 150 * 2 ** attempt.failed;
  const codes = errorCodes(err);
  if (codes.includes(-32603) || codes.includes(-1)) return 150 * 2 ** attempt.failed;
  return null;
}

/** eth_getBlockByNumber of a given number answered null: the block may exist and this node lags. */
function isBlockAtNumber(args: { method: string; params?: unknown }): boolean {
  const params = args.params as unknown[] | undefined;
  return args.method === 'eth_getBlockByNumber' && typeof params?.[0] === 'string' && params[0].startsWith('0x');
}

/** Wraps a transport with the retry policy above (viem's own retries are off: it waits any Retry-After, however long). */
function resilient(transport: Transport, policy: RetryPolicy): Transport {
  return ((params) => {
    const inner = transport(params);
    const request = (async (
      args: { method: string; params?: unknown },
      options?: Parameters<typeof inner.request>[1],
    ) => {
      const attempt = { busy: 0, failed: 0 };
      for (;;) {
        try {
          const result: unknown = await inner.request(args as Parameters<typeof inner.request>[0], options);
          // A block asked for by number that a lagging node has not seen yet; a few tries, then the null stands.
          if (result === null && isBlockAtNumber(args) && attempt.busy < Math.min(2, policy.busyRetryCount)) {
            attempt.busy++;
            await sleep(100 * attempt.busy);
            continue;
          }
          return result;
        } catch (err) {
          const wait = retryDelay(err, attempt, policy);
          if (wait === null) throw err;
          if (isRateLimited(err) || isNodeBehind(err)) attempt.busy++;
          else attempt.failed++;
          await sleep(wait);
        }
      }
    }) as typeof inner.request;
    return { ...inner, request };
  }) as Transport;
}

/** How long the highest head a node reported outranks a lower one from another node. */
const HEAD_MEMORY_MS = 20_000;

/**
 * eth_blockNumber as the highest head the provider's nodes reported lately. Behind a load balancer
 * a lagging node answers a lower head; with a client whose requests come in a fixed pattern, the
 * same node can answer every eth_blockNumber of one indexer, which then stays that many blocks
 * behind for good (found by faults/provider-behaviour.test.ts). A head only goes down for real
 * when the chain gets shorter (a rollback), so a lower head is believed once no node has reported
 * the higher one for HEAD_MEMORY_MS. Whatever is read at the remembered head is checked by the
 * node that answers it (getLogsChunked asks for the block in the same batch; a node without it
 * answers "header not found", which is retried).
 */
function monotonicHead(transport: Transport): Transport {
  let best = { head: -1n, at: 0 };
  return ((params) => {
    const inner = transport(params);
    const request = (async (
      args: { method: string; params?: unknown },
      options?: Parameters<typeof inner.request>[1],
    ) => {
      const result: unknown = await inner.request(args as Parameters<typeof inner.request>[0], options);
      if (args.method !== 'eth_blockNumber' || typeof result !== 'string') return result;
      const head = BigInt(result);
      const now = Date.now();
      if (head >= best.head || now - best.at > HEAD_MEMORY_MS) {
        best = { head, at: now };
        return result;
      }
      return `0x${best.head.toString(16)}`;
    }) as typeof inner.request;
    return { ...inner, request };
  }) as Transport;
}

export interface RpcCall {
  method: string;
  params: unknown[];
}
export type RpcOutcome = { ok: true; result: unknown } | { ok: false; error: Error };
/**
 * Told each time the node throttles the batch; the retry waits for what it answers as well as for
 * the retry delay (the sender reads give their place up and queue again: request-limiter.ts).
 */
export interface SameNodeHooks {
  onThrottled?: () => void | Promise<void>;
}
type BatchSender = (calls: RpcCall[], hooks?: SameNodeHooks) => Promise<RpcOutcome[]>;
const batchSenders = new WeakMap<PublicClient, BatchSender>();

/**
 * Several calls in ONE JSON-RPC batch, so one HTTP request carries them and one upstream node
 * behind the provider's load balancer answers them all: an answer and the proof of what that node
 * has (its block at the range's end) come from the same node. Throttling and failed connections
 * are retried as for single calls; each call's own error is returned, not thrown. A client not made
 * by createChainClient (a test double) gets its calls one by one, without that guarantee.
 */
export async function requestSameNode(
  client: PublicClient,
  calls: RpcCall[],
  hooks?: SameNodeHooks,
): Promise<RpcOutcome[]> {
  const sender = batchSenders.get(client);
  if (sender) return sender(calls, hooks);
  return Promise.all(
    calls.map((call) =>
      client.request(call as never).then(
        (result): RpcOutcome => ({ ok: true, result }),
        (error: unknown): RpcOutcome => ({ ok: false, error: error as Error }),
      ),
    ),
  );
}

function batchSender(network: NetworkConfig, options: ChainClientOptions, policy: RetryPolicy): BatchSender {
  const rpcs = network.rpcUrls.map((url) => ({
    url,
    rpc: getHttpRpcClient(url, {
      fetchFn: rateLimitAwareFetch,
      timeout: options.requestTimeoutMs ?? 2_000,
      onRequest: options.onFetchRequest,
    }),
  }));
  return async (calls, hooks) => {
    const attempt = { busy: 0, failed: 0 };
    const started = performance.now();
    for (;;) {
      let lastError: unknown;
      // Like the fallback transport: the next URL when one fails as a whole.
      for (const { url, rpc } of rpcs) {
        try {
          const body = calls.map((c, id) => ({ jsonrpc: '2.0' as const, id, method: c.method, params: c.params }));
          const answers = await rpc.request({ body });
          const byId = new Map(answers.map((a) => [Number(a.id), a]));
          const outcomes = calls.map((c, id): RpcOutcome => {
            const a = byId.get(id);
            if (!a) return { ok: false, error: new Error(`The node left ${c.method} of a batch unanswered`) };
            if ('error' in a && a.error)
              return { ok: false, error: new RpcRequestError({ body: body[id]!, error: a.error, url }) };
            return { ok: true, result: (a as { result: unknown }).result };
          });
          // Throttled item by item (HTTP 200, every answer a rate-limit error): the batch again, later.
          const throttled = outcomes.find((o) => !o.ok && isRateLimited(o.error));
          if (throttled && !throttled.ok) throw throttled.error;
          for (const c of calls)
            options.onRpc?.({ network, method: c.method, seconds: (performance.now() - started) / 1000, error: null });
          return outcomes;
        } catch (err) {
          lastError = err;
          if (isRateLimited(err)) break; // a provider-wide limit: the other URLs are not the way round it
        }
      }
      const wait = retryDelay(lastError, attempt, policy);
      if (wait === null) {
        for (const c of calls)
          options.onRpc?.({
            network,
            method: c.method,
            seconds: (performance.now() - started) / 1000,
            error: rpcErrorKind(lastError),
          });
        throw lastError;
      }
      if (isRateLimited(lastError)) {
        attempt.busy++;
        await Promise.all([sleep(wait), hooks?.onThrottled?.()]);
      } else {
        attempt.failed++;
        await sleep(wait);
      }
    }
  };
}

export function createChainClient(network: NetworkConfig, options: ChainClientOptions = {}): PublicClient {
  const chain = defineChain({
    id: network.chainId,
    name: network.name,
    nativeCurrency: { name: network.nativeSymbol, symbol: network.nativeSymbol, decimals: 18 },
    rpcUrls: { default: { http: [...network.rpcUrls] } },
    contracts: { multicall3: { address: network.multicall3 } },
  });
  const policy: RetryPolicy = {
    retryCount: options.retryCount ?? 1,
    busyRetryCount: options.busyRetryCount ?? 6,
    maxRetryAfterMs: options.maxRetryAfterMs ?? 5_000,
  };
  const transports = network.rpcUrls.map((url) =>
    http(url, {
      timeout: options.requestTimeoutMs ?? 2_000,
      // Retries are resilient()'s, once for the whole network (and not per URL under fallback).
      retryCount: 0,
      fetchFn: rateLimitAwareFetch,
      // Many reads of one request (and of concurrent requests) share one HTTP round trip.
      batch: { batchSize: 100, wait: 0 },
      onFetchRequest: options.onFetchRequest,
    }),
  );
  const base = monotonicHead(
    resilient(transports.length === 1 ? transports[0]! : fallback(transports, { rank: false, retryCount: 0 }), policy),
  );
  const client = createPublicClient({
    chain,
    transport: options.onRpc ? observed(base, network, options.onRpc) : base,
    // A deep multicall of 1,000 pools is one eth_call; no calldata size split.
    batch: { multicall: false },
  }) as PublicClient;
  batchSenders.set(client, batchSender(network, options, policy));
  return client;
}

/** The node failed (throttled, behind, unreachable, timed out), as opposed to a call it answered with a revert. */
export function isNodeFailure(err: unknown): boolean {
  // Throttled, or a node behind the others, after every retry: "try again later" is the truth.
  if (isRateLimited(err) || isNodeBehind(err)) return true;
  for (let e = err as { name?: string; cause?: unknown; code?: string } | undefined, i = 0; e && i < 6; i++) {
    if (['HttpRequestError', 'TimeoutError', 'WebSocketRequestError', 'SocketClosedError'].includes(e.name ?? ''))
      return true;
    if (e.code === 'ECONNREFUSED' || e.code === 'ECONNRESET') return true;
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * Runs chain work with a hard deadline: an unreachable or stalled node becomes a
 * ChainUnavailableError after at most CHAIN_DEADLINE_MS instead of hanging the request.
 */
export async function withDeadline<T>(
  network: NetworkConfig,
  work: () => Promise<T>,
  deadlineMs = CHAIN_DEADLINE_MS,
): Promise<T> {
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
