import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An HTTP JSON-RPC proxy in front of a devnet that behaves like a public RPC provider: a load
 * balancer over two nodes, one of them a few blocks behind, that caps eth_getLogs, throttles with
 * HTTP 429 and answers slowly. Every fault is answered with the shape and text a real provider
 * uses (sources in docs/decisions/0017-provider-behaviour.md):
 *
 * - Block-range caps (the span asked for is wider than `maxBlockRange`), in turn:
 *   Infura      −32602 "range N exceeds limit of M"                        (INFURA/infura#237)
 *   Alchemy     −32600 "You can make eth_getLogs requests with up to a M block range. Based on
 *               your parameters, this block range should work: [0x…, 0x…]"  (dank_mids#772, cartesi/rollups-node#655)
 *   QuickNode   HTTP 413 with −32614 "eth_getLogs is limited to a M range"  (OffchainLabs/arbitrum-sdk#609)
 *   Frontier    −32000 "block range is too wide (maximum M)"               (moonbeam-foundation/moonbeam#3250; the PR gives the
 *               text, not the code: −32000 is Frontier's generic server error)
 * - Result caps (more than `maxResults` logs, or more than `maxResponseBytes` of them), in turn:
 *   Infura      −32005 "query returned more than L results. Try with this block range [0x…, 0x…]."
 *               with data {from, limit, to}                                 (ethers-io/ethers.js#4703, status-im/nimbus-eth2#1823)
 *   Alchemy     −32602 "Log response size exceeded. You can make eth_getLogs requests with up to a
 *               2K block range and no limit on the response size, or you can request any block
 *               range with a cap of 10K logs in the response. Based on your parameters and the
 *               response size limit, this block range should work: [0x…, 0x…]"  (ethereum/go-ethereum#25343)
 * - Throttling (a share `rateLimitShare` of HTTP requests), in turn:
 *   Infura      HTTP 429, Retry-After, body −32005 "project ID request rate exceeded" with
 *               data.rate.backoff_seconds                                   (INFURA/infura#201, ethers-io/ethers.js#640)
 *   Alchemy     HTTP 429 without Retry-After, body code 429 "Your app has exceeded its compute
 *               units per second capacity. …"                               (latticexyz/mud#1522)
 *   QuickNode   HTTP 200, every item an error −32007 "N/second request limit reached - reduce calls
 *               per second or upgrade your account at quicknode.com"        (viem's buildRequest, which retries it)
 *   Infura      HTTP 200, every item −32005 "project ID request rate exceeded" (the JSON-RPC-only variant)
 * - Latency: every HTTP request waits `latencyMs` plus up to `jitterMs`.
 * - A lagging node: HTTP requests alternate (or are spread at random, `routing`) between node A
 *   (the devnet as it is) and node B, which
 *   answers as a geth whose head is `lagBlocks` behind (ethereum/go-ethereum#24078,
 *   ethereum/execution-apis#534, INFURA/infura#31): eth_blockNumber says head − k; eth_getLogs
 *   clamps toBlock to its head and silently returns fewer logs (nothing at all if fromBlock is past
 *   it); eth_getBlockByNumber / eth_getBlockByHash / eth_getTransactionReceipt of a newer block
 *   answer null; eth_call, eth_getCode, eth_getBalance, eth_getStorageAt at a newer block fail with
 *   −32000 "header not found"; "latest" means its own head. A JSON-RPC batch is one HTTP request
 *   and goes to one node, as behind a real load balancer that routes per connection/request.
 * - Pruned state (`prunedStateBlocks` > 0): both nodes are full nodes, not archive nodes. A state
 *   read (eth_call, eth_getCode, eth_getBalance, eth_getStorageAt, eth_getProof,
 *   eth_getTransactionCount) at a block more than `prunedStateBlocks` below the node's head fails,
 *   in turn, the way these clients answer (docs/decisions/0055-pruned-nodes.md):
 *   geth (hash)  −32000 "missing trie node <state root> (path )"               (ethereum/go-ethereum#20874, #25826)
 *   geth (path)  −32000 "missing trie node <root> (path ) state 0x<root> is not available, not found"
 *                                                                             (0xPolygon/bor#1303, piplabs/story-geth#137)
 *   Nethermind   −32002 "No state available for block 0x<block hash>"         (NethermindEth/nethermind#9277, #12483)
 *   reth         −32603 "State at block #N is pruned"                          (paradigmxyz/reth#4092)
 *   Erigon 3     −32000 "old data not available due to pruning: requested block N, history is available from block M"
 *                                                                             (erigontech/erigon#19339)
 *   eth_getLogs, blocks and receipts stay served for every block: logs are not state.
 * - Expired history (`prunedHistoryBefore` > 0, EIP-4444): eth_getLogs from a block below it fails
 *   with 4444 "pruned history unavailable", as geth and reth answer (ethereum/go-ethereum#31939,
 *   paradigmxyz/reth#21304). A node without old logs either: holder history cannot start there.
 */

export interface ProviderFaults {
  /** eth_getLogs spanning more blocks than this is refused (0: no cap). */
  maxBlockRange: number;
  /** eth_getLogs returning more logs than this is refused (0: no cap). */
  maxResults: number;
  /** eth_getLogs whose answer is larger than this many bytes is refused (0: no cap). */
  maxResponseBytes: number;
  /** Share of HTTP requests throttled (0–1). */
  rateLimitShare: number;
  /** Retry-After sent with the Infura-style 429, in seconds. */
  retryAfterSeconds: number;
  latencyMs: number;
  jitterMs: number;
  /** How far node B is behind node A (0: both nodes are the devnet as it is). */
  lagBlocks: number;
  /**
   * How HTTP requests are spread over the two nodes: strict alternation, or a seeded coin toss —
   * what one client of a busy provider sees, its requests interleaved with everyone else's.
   */
  routing: 'round-robin' | 'random';
  /** State older than this many blocks below the head is pruned (0: an archive node, nothing pruned; geth keeps 128). */
  prunedStateBlocks: number;
  /** eth_getLogs from below this block is refused as pruned history (0: every block's logs are kept). */
  prunedHistoryBefore: number;
}

/** The clients whose pruned-state answers the proxy imitates, in the order it takes turns. */
export const PRUNED_ANSWERS = ['gethHash', 'gethPath', 'nethermind', 'reth', 'erigon'] as const;

export const NO_FAULTS: ProviderFaults = {
  maxBlockRange: 0,
  maxResults: 0,
  maxResponseBytes: 0,
  rateLimitShare: 0,
  retryAfterSeconds: 1,
  latencyMs: 0,
  jitterMs: 0,
  lagBlocks: 0,
  routing: 'round-robin',
  prunedStateBlocks: 0,
  prunedHistoryBefore: 0,
};

/** How many answers each fault produced (counted per JSON-RPC item, or per HTTP request for 429s). */
export interface ProviderStats {
  httpRequests: number;
  rpcItems: number;
  batches: number;
  byNode: { a: number; b: number };
  methods: Record<string, number>;
  rangeCap: Record<'infura' | 'alchemy' | 'quicknode413' | 'frontier', number>;
  resultCap: Record<'infuraCount' | 'alchemySize', number>;
  rateLimit: Record<'http429RetryAfter' | 'http429Bare' | 'rpcQuicknode32007' | 'rpcInfura32005', number>;
  lag: {
    clampedGetLogs: number;
    emptyGetLogs: number;
    logsHidden: number;
    nullBlocks: number;
    nullReceipts: number;
    headerNotFound: number;
  };
  /** State reads refused as pruned, by the client whose answer was imitated, and per method. */
  pruned: Record<(typeof PRUNED_ANSWERS)[number], number> & { byMethod: Record<string, number>; history: number };
}

interface RpcItem {
  jsonrpc?: string;
  id?: unknown;
  method: string;
  params?: unknown[];
}
type RpcAnswer = {
  jsonrpc: '2.0';
  id: unknown;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
};

export interface RpcProviderProxy {
  url: string;
  setFaults(faults: Partial<ProviderFaults>): void;
  faults(): ProviderFaults;
  stats(): ProviderStats;
  close(): Promise<void>;
}

const hex = (n: bigint | number) => `0x${BigInt(n).toString(16)}`;

function emptyStats(): ProviderStats {
  return {
    httpRequests: 0,
    rpcItems: 0,
    batches: 0,
    byNode: { a: 0, b: 0 },
    methods: {},
    rangeCap: { infura: 0, alchemy: 0, quicknode413: 0, frontier: 0 },
    resultCap: { infuraCount: 0, alchemySize: 0 },
    rateLimit: { http429RetryAfter: 0, http429Bare: 0, rpcQuicknode32007: 0, rpcInfura32005: 0 },
    lag: { clampedGetLogs: 0, emptyGetLogs: 0, logsHidden: 0, nullBlocks: 0, nullReceipts: 0, headerNotFound: 0 },
    pruned: { gethHash: 0, gethPath: 0, nethermind: 0, reth: 0, erigon: 0, byMethod: {}, history: 0 },
  };
}

/** A deterministic generator, so that a run's fault pattern does not depend on Math.random. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Methods whose block parameter is at this position; a newer block than node B's head is "header not found". */
const STATE_METHODS: Record<string, number> = {
  eth_call: 1,
  eth_getCode: 1,
  eth_getBalance: 1,
  eth_getTransactionCount: 1,
  eth_getStorageAt: 2,
  eth_getProof: 2,
};

export async function startRpcProviderProxy(
  upstream: string,
  initial: Partial<ProviderFaults> = {},
  seed = 12,
): Promise<RpcProviderProxy> {
  let faults: ProviderFaults = { ...NO_FAULTS, ...initial };
  const stats = emptyStats();
  const random = prng(seed);
  let nextNode = 0;
  let rangeTurn = 0;
  let resultTurn = 0;
  let rateTurn = 0;
  let prunedTurn = 0;
  let nextUpstreamId = 1;

  async function upstreamCall(method: string, params: unknown[] = []): Promise<RpcAnswer> {
    const res = await fetch(upstream, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: nextUpstreamId++, method, params }),
    });
    return (await res.json()) as RpcAnswer;
  }

  const blockParam = async (value: unknown, head: bigint): Promise<bigint | null> => {
    if (value === undefined || value === 'latest' || value === 'pending' || value === 'safe' || value === 'finalized')
      return head;
    if (value === 'earliest') return 0n;
    if (typeof value === 'string' && value.startsWith('0x')) return BigInt(value);
    if (value && typeof value === 'object' && 'blockNumber' in value)
      return BigInt((value as { blockNumber: string }).blockNumber);
    return null; // a block hash object (EIP-1898) or something odd: let the node judge
  };

  /** The provider's eth_getLogs caps, on the answer of whichever node served it. */
  async function getLogs(item: RpcItem, nodeHead: bigint, lagging: boolean): Promise<RpcAnswer> {
    const id = item.id;
    const filter = { ...((item.params?.[0] ?? {}) as Record<string, unknown>) };
    if (filter.blockHash === undefined) {
      const from = (await blockParam(filter.fromBlock ?? 'latest', nodeHead))!;
      let to = (await blockParam(filter.toBlock ?? 'latest', nodeHead))!;
      const span = to - from + 1n;
      if (faults.prunedHistoryBefore > 0 && from < BigInt(faults.prunedHistoryBefore)) {
        stats.pruned.history++;
        return { jsonrpc: '2.0', id, error: { code: 4444, message: 'pruned history unavailable' } };
      }
      if (faults.maxBlockRange > 0 && span > BigInt(faults.maxBlockRange)) {
        const max = BigInt(faults.maxBlockRange);
        const turn = rangeTurn++ % 4;
        if (turn === 0) {
          stats.rangeCap.infura++;
          return { jsonrpc: '2.0', id, error: { code: -32602, message: `range ${span} exceeds limit of ${max}` } };
        }
        if (turn === 1) {
          stats.rangeCap.alchemy++;
          return {
            jsonrpc: '2.0',
            id,
            error: {
              code: -32600,
              message: `You can make eth_getLogs requests with up to a ${max} block range. Based on your parameters, this block range should work: [${hex(from)}, ${hex(from + max - 1n)}]`,
            },
          };
        }
        if (turn === 2) {
          stats.rangeCap.quicknode413++;
          // QuickNode answers this one with HTTP 413; the caller turns the marker into the status.
          return {
            jsonrpc: '2.0',
            id,
            error: {
              code: -32614,
              message: `eth_getLogs is limited to a ${max.toLocaleString('en-US')} range`,
              data: { httpStatus: 413 },
            },
          };
        }
        stats.rangeCap.frontier++;
        return { jsonrpc: '2.0', id, error: { code: -32000, message: `block range is too wide (maximum ${max})` } };
      }
      if (lagging) {
        // geth walks the range up to its own head and returns what it found: no error, fewer logs.
        if (from > nodeHead) {
          stats.lag.emptyGetLogs++;
          const real = await upstreamCall('eth_getLogs', [filter]);
          stats.lag.logsHidden += Array.isArray(real.result) ? real.result.length : 0;
          return { jsonrpc: '2.0', id, result: [] };
        }
        if (to > nodeHead) {
          const real = await upstreamCall('eth_getLogs', [filter]);
          to = nodeHead;
          filter.toBlock = hex(to);
          const clamped = await upstreamCall('eth_getLogs', [filter]);
          if (Array.isArray(real.result) && Array.isArray(clamped.result))
            stats.lag.logsHidden += real.result.length - clamped.result.length;
          stats.lag.clampedGetLogs++;
          return capResults(clamped, id, from, to);
        }
      }
      return capResults(await upstreamCall('eth_getLogs', [filter]), id, from, to);
    }
    return { ...(await upstreamCall('eth_getLogs', [filter])), id };
  }

  function capResults(answer: RpcAnswer, id: unknown, from: bigint, to: bigint): RpcAnswer {
    if (!Array.isArray(answer.result)) return { ...answer, id };
    const logs = answer.result as unknown[];
    const tooMany = faults.maxResults > 0 && logs.length > faults.maxResults;
    const tooBig = faults.maxResponseBytes > 0 && JSON.stringify(logs).length > faults.maxResponseBytes;
    if (tooMany || tooBig) {
      const half = from + (to - from) / 2n;
      // Both providers suggest a range; a client may use it, or simply shrink its own.
      if ((tooMany && !tooBig) || (tooMany && resultTurn++ % 2 === 0)) {
        stats.resultCap.infuraCount++;
        return {
          jsonrpc: '2.0',
          id,
          error: {
            code: -32005,
            message: `query returned more than ${faults.maxResults} results. Try with this block range [${hex(from)}, ${hex(half)}].`,
            data: { from: hex(from), limit: faults.maxResults, to: hex(half) },
          },
        };
      }
      stats.resultCap.alchemySize++;
      return {
        jsonrpc: '2.0',
        id,
        error: {
          code: -32602,
          message:
            'Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range and no limit on the response size, or you can request any block range with a cap of 10K logs in the response. ' +
            `Based on your parameters and the response size limit, this block range should work: [${hex(from)}, ${hex(half)}]`,
        },
      };
    }
    return { ...answer, id };
  }

  /** A full node's answer to a state read at block `n`, whose state it no longer keeps. */
  async function prunedAnswer(item: RpcItem, n: bigint, nodeHead: bigint): Promise<RpcAnswer> {
    const id = item.id;
    const kind = PRUNED_ANSWERS[prunedTurn++ % PRUNED_ANSWERS.length]!;
    stats.pruned[kind]++;
    stats.pruned.byMethod[item.method] = (stats.pruned.byMethod[item.method] ?? 0) + 1;
    const block = (await upstreamCall('eth_getBlockByNumber', [hex(n), false])).result as {
      hash: string;
      stateRoot: string;
    } | null;
    const root = (block?.stateRoot ?? `0x${'0'.repeat(64)}`).slice(2);
    const error = (code: number, message: string): RpcAnswer => ({ jsonrpc: '2.0', id, error: { code, message } });
    switch (kind) {
      case 'gethHash':
        return error(-32000, `missing trie node ${root} (path )`);
      case 'gethPath':
        return error(-32000, `missing trie node ${root} (path ) state 0x${root} is not available, not found`);
      case 'nethermind':
        return error(-32002, `No state available for block ${block?.hash ?? hex(n)}`);
      case 'reth':
        return error(-32603, `State at block #${n} is pruned`);
      case 'erigon':
        return error(
          -32000,
          `old data not available due to pruning: requested block ${n}, history is available from block ${nodeHead - BigInt(faults.prunedStateBlocks)}`,
        );
    }
  }

  /** One JSON-RPC item as node A (the devnet) or node B (k blocks behind) answers it. */
  async function answer(item: RpcItem, lagging: boolean, realHead: () => Promise<bigint>): Promise<RpcAnswer> {
    stats.rpcItems++;
    stats.methods[item.method] = (stats.methods[item.method] ?? 0) + 1;
    const id = item.id;
    const params = item.params ?? [];
    const head = async () => {
      const h = await realHead();
      if (!lagging) return h;
      return h > BigInt(faults.lagBlocks) ? h - BigInt(faults.lagBlocks) : 0n;
    };
    if (item.method === 'eth_getLogs') return getLogs(item, await head(), lagging);
    const stateAt = STATE_METHODS[item.method];
    if (faults.prunedStateBlocks > 0 && stateAt !== undefined) {
      const nodeHead = await head();
      const n = await blockParam(params[stateAt], nodeHead);
      if (n !== null && n < nodeHead - BigInt(faults.prunedStateBlocks)) return prunedAnswer(item, n, nodeHead);
    }
    if (!lagging) return { ...(await upstreamCall(item.method, params)), id };

    const nodeHead = await head();
    switch (item.method) {
      case 'eth_blockNumber':
        return { jsonrpc: '2.0', id, result: hex(nodeHead) };
      case 'eth_getBlockByNumber': {
        const n = await blockParam(params[0], nodeHead);
        if (n !== null && n > nodeHead) {
          stats.lag.nullBlocks++;
          return { jsonrpc: '2.0', id, result: null };
        }
        return { ...(await upstreamCall(item.method, [n === null ? params[0] : hex(n), ...params.slice(1)])), id };
      }
      case 'eth_getBlockByHash':
      case 'eth_getTransactionReceipt':
      case 'eth_getTransactionByHash': {
        const real = await upstreamCall(item.method, params);
        const block = (real.result as { number?: string; blockNumber?: string } | null)?.[
          item.method === 'eth_getBlockByHash' ? 'number' : 'blockNumber'
        ];
        if (block && BigInt(block) > nodeHead) {
          if (item.method === 'eth_getBlockByHash') stats.lag.nullBlocks++;
          else stats.lag.nullReceipts++;
          return { jsonrpc: '2.0', id, result: null };
        }
        return { ...real, id };
      }
      default: {
        const at = STATE_METHODS[item.method];
        if (at === undefined) return { ...(await upstreamCall(item.method, params)), id };
        const n = await blockParam(params[at], nodeHead);
        if (n !== null && n > nodeHead) {
          stats.lag.headerNotFound++;
          return { jsonrpc: '2.0', id, error: { code: -32000, message: 'header not found' } };
        }
        const fixed = [...params];
        if (n !== null) fixed[at] = hex(n);
        return { ...(await upstreamCall(item.method, fixed)), id };
      }
    }
  }

  function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
      ...headers,
    });
    res.end(text);
  }

  async function handle(raw: string, res: http.ServerResponse) {
    stats.httpRequests++;
    let body: RpcItem | RpcItem[];
    try {
      body = JSON.parse(raw) as RpcItem | RpcItem[];
    } catch {
      return send(res, 200, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } });
    }
    const items = Array.isArray(body) ? body : [body];
    if (Array.isArray(body)) stats.batches++;
    const delay = faults.latencyMs + Math.floor(random() * (faults.jitterMs + 1));
    if (delay > 0) await new Promise((r) => setTimeout(r, delay));

    if (faults.rateLimitShare > 0 && random() < faults.rateLimitShare) {
      const turn = rateTurn++ % 4;
      if (turn === 0) {
        stats.rateLimit.http429RetryAfter++;
        const error = {
          code: -32005,
          message: 'project ID request rate exceeded',
          data: {
            see: 'https://infura.io/docs/ethereum/jsonrpc/ratelimits',
            current_rps: 13.333,
            allowed_rps: 10.0,
            backoff_seconds: faults.retryAfterSeconds,
          },
        };
        return send(
          res,
          429,
          Array.isArray(body)
            ? items.map((i) => ({ jsonrpc: '2.0', id: i.id, error }))
            : { jsonrpc: '2.0', id: items[0]!.id, error },
          {
            'retry-after': String(faults.retryAfterSeconds),
          },
        );
      }
      if (turn === 1) {
        stats.rateLimit.http429Bare++;
        const error = {
          code: 429,
          message:
            'Your app has exceeded its compute units per second capacity. If you have retries enabled, you can safely ignore this message. If not, check out https://docs.alchemy.com/reference/throughput',
        };
        return send(
          res,
          429,
          Array.isArray(body)
            ? items.map((i) => ({ jsonrpc: '2.0', id: i.id, error }))
            : { jsonrpc: '2.0', id: items[0]!.id, error },
        );
      }
      const error =
        turn === 2
          ? {
              code: -32007,
              message:
                '15/second request limit reached - reduce calls per second or upgrade your account at quicknode.com',
            }
          : {
              code: -32005,
              message: 'project ID request rate exceeded',
              data: { rate: { allowed_rps: 10, backoff_seconds: 0, current_rps: 12.5 } },
            };
      if (turn === 2) stats.rateLimit.rpcQuicknode32007++;
      else stats.rateLimit.rpcInfura32005++;
      const answers = items.map((i) => ({ jsonrpc: '2.0', id: i.id, error }));
      return send(res, 200, Array.isArray(body) ? answers : answers[0]);
    }

    // Round robin per HTTP request; a batch stays on the node it was routed to.
    const toB = faults.routing === 'random' ? random() < 0.5 : nextNode++ % 2 === 1;
    const lagging = faults.lagBlocks > 0 && toB;
    if (lagging) stats.byNode.b++;
    else stats.byNode.a++;
    // The real head is read at most once per HTTP request, so a batch sees one consistent head.
    let headRead: Promise<bigint> | undefined;
    const realHead = () => (headRead ??= upstreamCall('eth_blockNumber').then((a) => BigInt(a.result as string)));
    const answers = await Promise.all(items.map((item) => answer(item, lagging, realHead)));
    const status = answers.some((a) => (a.error?.data as { httpStatus?: number } | undefined)?.httpStatus === 413)
      ? 413
      : 200;
    for (const a of answers)
      if (a.error?.data && (a.error.data as { httpStatus?: number }).httpStatus) delete a.error.data;
    return send(res, status, Array.isArray(body) ? answers : answers[0]);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      handle(Buffer.concat(chunks).toString('utf8'), res).catch((err: unknown) => {
        // The devnet itself failed: a gateway error, as a provider's load balancer would answer.
        if (!res.headersSent)
          send(res, 502, { jsonrpc: '2.0', id: null, error: { code: -32603, message: `upstream: ${String(err)}` } });
      });
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/`,
    setFaults: (next) => {
      faults = { ...faults, ...next };
    },
    faults: () => ({ ...faults }),
    stats: () => structuredClone(stats),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
