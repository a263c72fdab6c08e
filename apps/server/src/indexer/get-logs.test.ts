import type { PublicClient } from 'viem';
import { describe, expect, it } from 'vitest';
import { getLogsChunked } from './get-logs';

/** A node that refuses any request spanning more than `limit` blocks, like a size-capped provider. */
function cappedNode(limit: bigint) {
  const spans: bigint[] = [];
  const client = {
    request: async ({ params }: { params: [{ fromBlock: string; toBlock: string }] }) => {
      const span = BigInt(params[0].toBlock) - BigInt(params[0].fromBlock) + 1n;
      spans.push(span);
      if (span > limit) throw new Error('HTTP response body exceeded the size limit.');
      return [];
    },
  } as unknown as PublicClient;
  return { client, spans };
}

describe('getLogsChunked', () => {
  it('halves the span it actually asked for, not a nominal range far beyond the head', async () => {
    const { client, spans } = cappedNode(10n);
    const { range } = await getLogsChunked(client, ['0x0000000000000000000000000000000000000001'], [], 0n, 69n, { maxRange: 10_000n, maxAddresses: 100 });
    // 70 → 35 → 17 → 8, then the rest of the blocks in spans of 8: never 10,000 → 5,000 → … again.
    expect(spans.slice(0, 4)).toEqual([70n, 35n, 17n, 8n]);
    expect(spans.filter((s) => s > 10n)).toHaveLength(3);
    expect(range).toBe(8n);
    expect(spans.slice(3).reduce((a, b) => a + b, 0n)).toBe(70n);
  });

  it('gives up with the node error when even one block is refused', async () => {
    const { client } = cappedNode(0n);
    await expect(getLogsChunked(client, ['0x0000000000000000000000000000000000000001'], [], 5n, 5n, { maxRange: 100n, maxAddresses: 100 })).rejects.toThrow('size limit');
  });
});
