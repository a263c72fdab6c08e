import type { Address, Hex, Log, PublicClient } from 'viem';
import { errorText, isNodeBehind, isRateLimited, requestSameNode, type RpcOutcome } from '../chain/client';

export interface LogFetchOptions {
  /** Largest block range per eth_getLogs; shrinks on "range too large" answers. */
  maxRange: bigint;
  /**
   * The network's remembered range (a LogRange the caller keeps): when given, each request's span
   * comes from it and every answer and refusal updates it, so the next call starts at what worked.
   * `maxRange` is then ignored.
   */
  sizer?: LogRange;
  /** Most addresses per eth_getLogs. */
  maxAddresses: number;
  /**
   * Topic positions after the first, for a narrower filter (e.g. `[null, tokens]`: topic 1 any,
   * topic 2 one of the tokens). `topics` stays the list of accepted first topics.
   */
  moreTopics?: (Hex | Hex[] | null)[];
  onRequest?: () => void;
  /** How often a node that has not reached the range's end is asked again before giving up. */
  behindRetries?: number;
}

/**
 * The texts with which nodes and providers refuse a range or an answer that is too large (docs/
 * decisions/0017-provider-behaviour.md): Infura "query returned more than 10000 results" (−32005)
 * and "range 1000000 exceeds limit of 10000" (−32602), Alchemy "Log response size exceeded …"
 * (−32602) and "You can make eth_getLogs requests with up to a 500 block range" (−32600),
 * QuickNode "eth_getLogs is limited to a 10,000 range" (−32614, HTTP 413), Frontier "block range is
 * too wide", geth-based "block range is bigger than maxBlockRange", reth "query exceeds max block
 * range", BSC's "limit exceeded" and viem's own "HTTP response body exceeded the size limit".
 * Rate limits are told apart first: "request rate exceeded" must wait, not shrink.
 */
const TOO_LARGE =
  /query returned more than|more than \d+ results|exceeds limit of|response size|size limit|response body exceeded|block range|range is too|range too|limited to a [\d,]+ range|exceeds max|max(imum)? block range|too (large|many|wide|big)|limit exceeded/i;

/** The end of the range a provider suggests in its refusal ("… should work: [0x5, 0x1f]"), if it does. */
function suggestedEnd(text: string, start: bigint): bigint | null {
  const match = /\[\s*(0x[0-9a-f]+)\s*,\s*(0x[0-9a-f]+)\s*\]/i.exec(text);
  if (!match) return null;
  const [from, to] = [BigInt(match[1]!), BigInt(match[2]!)];
  return from === start && to >= start ? to : null;
}

/**
 * Logs per eth_getLogs answer aimed at: about 3–7 MB of JSON, under viem's 10 MB answer limit (a
 * larger answer is read in full by the node, then refused) and under providers' 10,000-result caps.
 */
export const TARGET_LOGS = 5_000;
/** Where a LogRange starts: small enough that a dense pool's first answer is not refused. */
export const START_RANGE = 100n;

/**
 * The block range that works for one network, kept across calls and ticks (decision 0062). It starts
 * small and grows (at most doubling per answer) towards the span expected to hold TARGET_LOGS logs,
 * shrinks in proportion as soon as an answer is denser than that, and after a refusal never asks a
 * refused span again. Starting at 10,000 blocks and halving after each refusal cost a dense pool's
 * backfill several oversized answers (a 54 MB one among them) every time it started.
 */
export class LogRange {
  private span: bigint;
  private refusedAt: bigint | null = null;

  constructor(
    readonly max: bigint,
    start: bigint = START_RANGE,
  ) {
    this.span = start < max ? start : max;
  }

  get current(): bigint {
    return this.span;
  }

  /** An answer of `logs` logs for `span` blocks. */
  answered(span: bigint, logs: number): void {
    const expected = logs === 0 ? this.span * 2n : (span * BigInt(TARGET_LOGS)) / BigInt(logs);
    let next = this.span;
    // Only a full-size answer shows the range can grow (a short tail near the head says little).
    if (expected > this.span && span >= this.span) next = expected < this.span * 2n ? expected : this.span * 2n;
    else if (expected < this.span) next = expected > 0n ? expected : 1n;
    this.set(next);
  }

  /** The node refused `span` blocks; `to` is the span to try next. */
  refused(span: bigint, to: bigint): void {
    this.refusedAt = this.refusedAt === null || span < this.refusedAt ? span : this.refusedAt;
    this.set(to);
  }

  private set(span: bigint) {
    let next = span > this.max ? this.max : span;
    if (this.refusedAt !== null && next >= this.refusedAt) next = this.refusedAt - 1n;
    this.span = next > 0n ? next : 1n;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The node that answered had not reached the end of the range (after retries). */
export class NodeBehindError extends Error {
  override name = 'NodeBehindError';
  constructor(block: bigint) {
    super(
      `The node does not have block ${block} yet (it is behind the chain head another node reported); not accepting a possibly short eth_getLogs answer`,
    );
  }
}

/**
 * Logs of many addresses over a block range with as few eth_getLogs calls as the node allows:
 * chunked by address count and block range; a "too large" answer shrinks the range (to the range
 * the provider suggests, or half of what was asked) and retries, and the smaller range is kept for
 * the rest of the run.
 *
 * No silently short answer: a node behind a load balancer that has not reached the range's end
 * answers eth_getLogs without error, with the logs up to its own head only (geth clamps toBlock).
 * So each eth_getLogs goes in ONE JSON-RPC batch with eth_getBlockByNumber(end): one HTTP request,
 * one upstream node answers both. A null block means that node is behind: its logs are thrown away
 * and the chunk is asked again (the next request usually reaches a node that is up to date). A
 * block number check alone (eth_blockNumber first) would not do: the next request may reach
 * another node.
 */
export async function getLogsChunked(
  client: PublicClient,
  addresses: readonly Address[],
  topics: Hex[],
  fromBlock: bigint,
  toBlock: bigint,
  options: LogFetchOptions,
): Promise<{ logs: Log[]; range: bigint }> {
  const logs: Log[] = [];
  let range = options.sizer?.current ?? options.maxRange;
  const behindRetries = options.behindRetries ?? 8;
  const topicFilter = [topics, ...(options.moreTopics ?? [])];
  for (let i = 0; i < addresses.length; i += options.maxAddresses) {
    const batch = addresses.slice(i, i + options.maxAddresses);
    let start = fromBlock;
    let behind = 0;
    while (start <= toBlock) {
      if (options.sizer) range = options.sizer.current;
      const end = start + range - 1n < toBlock ? start + range - 1n : toBlock;
      options.onRequest?.();
      const [logAnswer, blockAnswer] = await requestSameNode(client, [
        {
          method: 'eth_getLogs',
          params: [
            {
              address: batch as Address[],
              topics: topicFilter,
              fromBlock: `0x${start.toString(16)}`,
              toBlock: `0x${end.toString(16)}`,
            },
          ],
        },
        { method: 'eth_getBlockByNumber', params: [`0x${end.toString(16)}`, false] },
      ]).catch((error: unknown) => {
        // The batch failed as a whole (QuickNode answers a too-wide range with HTTP 413, for one).
        const failed: RpcOutcome = { ok: false, error: error as Error };
        return [failed, failed];
      });
      if (!logAnswer!.ok) {
        const err = logAnswer!.error;
        if (isRateLimited(err)) throw err; // the client layer already waited as long as it may
        if (isNodeBehind(err) && behind < behindRetries) {
          behind++;
          await sleep(100 * behind);
          continue;
        }
        const text = errorText(err);
        const span = end - start + 1n;
        if (span > 1n && TOO_LARGE.test(text)) {
          // Shrink what was actually asked for: near the head the nominal range can be far larger
          // than the span, and halving it would repeat the same oversized request many times.
          const suggested = suggestedEnd(text, start);
          range = suggested !== null && suggested < end ? suggested - start + 1n : span / 2n;
          options.sizer?.refused(span, range);
          continue;
        }
        throw err;
      }
      const block = blockAnswer!.ok ? (blockAnswer!.result as { number?: string } | null) : null;
      if (!block || block.number === undefined || BigInt(block.number) !== end) {
        // This node has not reached `end` (or would not say): its logs may stop at its own head.
        if (blockAnswer!.ok || isNodeBehind(blockAnswer!.error)) {
          if (behind >= behindRetries) throw new NodeBehindError(end);
          behind++;
          await sleep(100 * behind);
          continue;
        }
        throw blockAnswer!.error;
      }
      behind = 0;
      const answer = logAnswer!.result as Log[];
      options.sizer?.answered(end - start + 1n, answer.length);
      // Not logs.push(...answer): tens of thousands of arguments can overflow the stack.
      for (const log of answer) logs.push(log);
      start = end + 1n;
    }
  }
  return { logs, range: options.sizer?.current ?? range };
}
