import type { PublicClient } from 'viem';
import { errorText, requestSameNode, type RpcCall } from './client';
import { RequestLimiter } from './request-limiter';

/**
 * Who sent a transaction: the `from` of its receipt or of the transaction itself (decision 0033).
 * Read per block with eth_getBlockReceipts where the node has it (one call answers every
 * transaction of the block), else per transaction with eth_getTransactionByHash. Both answers are
 * untrusted input: only a well-formed hash and address are taken from them.
 */

/** A lower-case transaction hash and a lower-case sender. */
export type Senders = Map<string, string>;

/** One call's outcome: senders read, the node had nothing (null), or an answer we cannot use. */
export type SenderRead =
  | { kind: 'ok'; senders: Senders }
  | { kind: 'missing' }
  | { kind: 'malformed'; reason: string }
  | { kind: 'failed'; error: Error };

const HASH = /^0x[0-9a-fA-F]{64}$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * The node does not offer the method: JSON-RPC −32601, or the texts providers use for it (some
 * answer −32600 or −32000 with "method … not supported / does not exist / is not available").
 */
export function isMethodMissing(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 6; i++) {
    if (e.code === -32601) return true;
    e = e.cause as typeof e;
  }
  return /method not found|method .{0,60}(not supported|does not exist|is not available|not allowed|unsupported)|unsupported method/i.test(
    errorText(err),
  );
}

/** The sender of one receipt or transaction object, or null when the object is not one. */
function senderOf(item: unknown, hashKey: 'transactionHash' | 'hash'): [string, string] | null {
  if (typeof item !== 'object' || item === null) return null;
  const hash = (item as Record<string, unknown>)[hashKey];
  const from = (item as Record<string, unknown>).from;
  if (typeof hash !== 'string' || typeof from !== 'string' || !HASH.test(hash) || !ADDRESS.test(from)) return null;
  return [hash.toLowerCase(), from.toLowerCase()];
}

/** eth_getBlockReceipts answer → senders; a list with one bad entry is malformed as a whole (the node is not to be believed for that block). */
function parseReceipts(result: unknown): SenderRead {
  if (result === null || result === undefined) return { kind: 'missing' };
  if (!Array.isArray(result)) return { kind: 'malformed', reason: 'eth_getBlockReceipts did not answer a list' };
  const senders: Senders = new Map();
  for (const item of result) {
    const pair = senderOf(item, 'transactionHash');
    if (!pair) return { kind: 'malformed', reason: 'a receipt without a well-formed transactionHash and from' };
    senders.set(pair[0], pair[1]);
  }
  return { kind: 'ok', senders };
}

function parseTransaction(result: unknown, asked: string): SenderRead {
  if (result === null || result === undefined) return { kind: 'missing' };
  const pair = senderOf(result, 'hash');
  if (!pair) return { kind: 'malformed', reason: 'a transaction without a well-formed hash and from' };
  // An answer about another transaction than the one asked for is not an answer.
  if (pair[0] !== asked) return { kind: 'malformed', reason: 'eth_getTransactionByHash answered another transaction' };
  return { kind: 'ok', senders: new Map([pair]) };
}

/** Calls per HTTP request: a batch of block receipts can be megabytes on a busy chain. */
const BATCH = 10;

export interface SenderReadOptions {
  onRequest?: (method: string) => void;
  /**
   * The network's bound on sender requests in flight (NetworkConfig.senderConcurrency, decision
   * 0081). Without one, one request at a time.
   */
  limiter?: RequestLimiter;
}

async function inBatches<T>(
  client: PublicClient,
  items: readonly T[],
  call: (item: T) => RpcCall,
  parse: (result: unknown, item: T) => SenderRead,
  options: SenderReadOptions = {},
): Promise<Map<T, SenderRead>> {
  const reads = new Map<T, SenderRead>();
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += BATCH) chunks.push(items.slice(i, i + BATCH));
  const limiter = options.limiter ?? new RequestLimiter(1);
  // Every chunk at once, as many in flight as the limiter allows; a chunk that fails fails the read.
  await Promise.all(
    chunks.map((chunk) =>
      limiter.run(async () => {
        const calls = chunk.map(call);
        for (const c of calls) options.onRequest?.(c.method);
        let throttled = false;
        // One batch is one HTTP request that one node answers (requestSameNode); throttled, it
        // queues again for its place before the client retries it.
        const outcomes = await requestSameNode(client, calls, {
          onThrottled: () => {
            throttled = true;
            return limiter.throttled();
          },
        });
        if (!throttled) limiter.answered();
        chunk.forEach((item, k) => {
          const o = outcomes[k]!;
          reads.set(item, o.ok ? parse(o.result, item) : { kind: 'failed', error: o.error });
        });
      }),
    ),
  );
  // In the order asked (callers read the first answer as the probe of the method).
  return new Map(items.filter((item) => reads.has(item)).map((item) => [item, reads.get(item)!]));
}

/** Senders of every transaction in each block, one eth_getBlockReceipts per block. */
export function readBlockSenders(
  client: PublicClient,
  blocks: readonly bigint[],
  options?: SenderReadOptions,
): Promise<Map<bigint, SenderRead>> {
  return inBatches(
    client,
    blocks,
    (b) => ({ method: 'eth_getBlockReceipts', params: [`0x${b.toString(16)}`] }),
    (r) => parseReceipts(r),
    options,
  );
}

/** Senders of single transactions (lower-case hashes), one eth_getTransactionByHash each. */
export function readTransactionSenders(
  client: PublicClient,
  hashes: readonly string[],
  options?: SenderReadOptions,
): Promise<Map<string, SenderRead>> {
  return inBatches(
    client,
    hashes,
    (h) => ({ method: 'eth_getTransactionByHash', params: [h] }),
    (r, h) => parseTransaction(r, h),
    options,
  );
}
