import type { Address, Hex, Log, PublicClient } from 'viem';

export interface LogFetchOptions {
  /** Largest block range per eth_getLogs; shrinks on "range too large" answers. */
  maxRange: bigint;
  /** Most addresses per eth_getLogs. */
  maxAddresses: number;
  onRequest?: () => void;
}

const TOO_LARGE = /(range|too (large|many|big)|limit|exceed|10000|query returned more|response size)/i;

/**
 * Logs of many addresses over a block range with as few eth_getLogs calls as the node allows:
 * chunked by address count and block range; a "too large" answer halves the range and retries,
 * and the smaller range is kept for the rest of the run.
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
  let range = options.maxRange;
  for (let i = 0; i < addresses.length; i += options.maxAddresses) {
    const batch = addresses.slice(i, i + options.maxAddresses);
    let start = fromBlock;
    while (start <= toBlock) {
      const end = start + range - 1n < toBlock ? start + range - 1n : toBlock;
      try {
        options.onRequest?.();
        const part = await client.request({
          method: 'eth_getLogs',
          params: [{ address: batch as Address[], topics: [topics], fromBlock: `0x${start.toString(16)}`, toBlock: `0x${end.toString(16)}` }],
        });
        logs.push(...(part as unknown as Log[]));
        start = end + 1n;
      } catch (err) {
        const text = `${(err as Error).message} ${String((err as { details?: string }).details ?? '')}`;
        const span = end - start + 1n;
        if (span > 1n && TOO_LARGE.test(text)) {
          // Halve what was actually asked for: near the head the nominal range can be far larger
          // than the span, and halving it would repeat the same oversized request many times.
          range = span / 2n;
          continue;
        }
        throw err;
      }
    }
  }
  return { logs, range };
}
