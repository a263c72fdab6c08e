import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { RpcRequestError, type PublicClient } from 'viem';
import { afterEach, describe, expect, it } from 'vitest';
import { createChainClient } from '../chain/client';
import type { NetworkConfig } from '../chain/networks';
import { getLogsChunked, LogRange, START_RANGE, TARGET_LOGS } from './get-logs';

const ADDRESS = '0x0000000000000000000000000000000000000001';
type Params = [{ fromBlock: string; toBlock: string }] | [string, boolean];

/** A node error as viem hands it on: the node's code and text in an RpcRequestError. */
const rpcError = (code: number, message: string) =>
  new RpcRequestError({ body: {}, error: { code, message }, url: 'http://node' });

/**
 * A test double of a node: `refuse` decides per eth_getLogs span whether to throw; `head` is the
 * node's head for eth_getBlockByNumber (a block above it is null, as on a lagging node).
 */
function fakeNode(opts: {
  refuse?: (span: bigint, from: bigint) => Error | null;
  head?: () => bigint;
  logsUpTo?: (to: bigint) => unknown[];
}) {
  const spans: bigint[] = [];
  const client = {
    request: async ({ method, params }: { method: string; params: Params }) => {
      if (method === 'eth_getBlockByNumber') {
        const n = BigInt(params[0] as string);
        return n > (opts.head?.() ?? 10n ** 9n) ? null : { number: `0x${n.toString(16)}` };
      }
      const { fromBlock, toBlock } = (params as [{ fromBlock: string; toBlock: string }])[0];
      const span = BigInt(toBlock) - BigInt(fromBlock) + 1n;
      spans.push(span);
      const err = opts.refuse?.(span, BigInt(fromBlock));
      if (err) throw err;
      const head = opts.head?.() ?? 10n ** 9n;
      return opts.logsUpTo?.(BigInt(toBlock) < head ? BigInt(toBlock) : head) ?? [];
    },
  } as unknown as PublicClient;
  return { client, spans };
}

describe('getLogsChunked', () => {
  it('halves the span it actually asked for, not a nominal range far beyond the head', async () => {
    const { client, spans } = fakeNode({
      refuse: (span) => (span > 10n ? new Error('HTTP response body exceeded the size limit.') : null),
    });
    const { range } = await getLogsChunked(client, [ADDRESS], [], 0n, 69n, { maxRange: 10_000n, maxAddresses: 100 });
    // 70 → 35 → 17 → 8, then the rest of the blocks in spans of 8: never 10,000 → 5,000 → … again.
    expect(spans.slice(0, 4)).toEqual([70n, 35n, 17n, 8n]);
    expect(spans.filter((s) => s > 10n)).toHaveLength(3);
    expect(range).toBe(8n);
    expect(spans.slice(3).reduce((a, b) => a + b, 0n)).toBe(70n);
  });

  it('gives up with the node error when even one block is refused', async () => {
    const { client } = fakeNode({ refuse: () => new Error('HTTP response body exceeded the size limit.') });
    await expect(getLogsChunked(client, [ADDRESS], [], 5n, 5n, { maxRange: 100n, maxAddresses: 100 })).rejects.toThrow(
      'size limit',
    );
  });

  // The texts providers really answer with (docs/decisions/0017-provider-behaviour.md).
  const refusals: [string, Error][] = [
    [
      'Infura result cap',
      rpcError(-32005, 'query returned more than 10000 results. Try with this block range [0x0, 0x3].'),
    ],
    ['Infura range cap', rpcError(-32602, 'range 100 exceeds limit of 10')],
    [
      'Alchemy size cap',
      rpcError(
        -32602,
        'Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range and no limit on the response size, or you can request any block range with a cap of 10K logs in the response. Based on your parameters and the response size limit, this block range should work: [0x0, 0x3]',
      ),
    ],
    [
      'Alchemy free tier',
      rpcError(
        -32600,
        'You can make eth_getLogs requests with up to a 500 block range. Based on your parameters, this block range should work: [0x0, 0x3]',
      ),
    ],
    ['QuickNode', rpcError(-32614, 'eth_getLogs is limited to a 10,000 range')],
    ['Frontier', rpcError(-32000, 'block range is too wide (maximum 1024)')],
    ['BSC', rpcError(-32005, 'limit exceeded')],
  ];
  for (const [name, err] of refusals) {
    it(`shrinks the range on the ${name} refusal`, async () => {
      const { client, spans } = fakeNode({ refuse: (span) => (span > 4n ? err : null) });
      const { range } = await getLogsChunked(client, [ADDRESS], [], 0n, 99n, { maxRange: 100n, maxAddresses: 100 });
      expect(range).toBeLessThanOrEqual(4n);
      expect(spans.filter((s) => s <= 4n).reduce((a, b) => a + b, 0n)).toBe(100n);
    });
  }

  it('takes the range a provider suggests instead of halving step by step', async () => {
    const { client, spans } = fakeNode({
      refuse: (span) =>
        span > 4n
          ? rpcError(-32005, 'query returned more than 10000 results. Try with this block range [0x0, 0x3].')
          : null,
    });
    await getLogsChunked(client, [ADDRESS], [], 0n, 99n, { maxRange: 100n, maxAddresses: 100 });
    expect(spans[0]).toBe(100n);
    expect(spans[1]).toBe(4n);
  });

  it('does not take a rate limit for a range that is too large', async () => {
    const { client, spans } = fakeNode({ refuse: () => rpcError(-32005, 'project ID request rate exceeded') });
    await expect(getLogsChunked(client, [ADDRESS], [], 0n, 99n, { maxRange: 100n, maxAddresses: 100 })).rejects.toThrow(
      'rate exceeded',
    );
    expect(spans).toEqual([100n]);
  });

  it('never accepts the short answer of a node that has not reached the end of the range', async () => {
    // The node is at block 50 on the first two calls and at 100 afterwards; each block has one log.
    let calls = 0;
    const { client } = fakeNode({
      head: () => (calls++ < 4 ? 50n : 100n),
      logsUpTo: (to) => Array.from({ length: Number(to) + 1 }, (_, i) => ({ blockNumber: `0x${i.toString(16)}` })),
    });
    const { logs } = await getLogsChunked(client, [ADDRESS], [], 0n, 99n, { maxRange: 1_000n, maxAddresses: 100 });
    expect(logs).toHaveLength(100);
  });

  it('gives up, with an error saying why, when the node stays behind', async () => {
    const { client } = fakeNode({ head: () => 50n });
    await expect(
      getLogsChunked(client, [ADDRESS], [], 0n, 99n, { maxRange: 1_000n, maxAddresses: 100, behindRetries: 2 }),
    ).rejects.toThrow('does not have block 99');
  });
});

describe('the chain client against a throttling provider (real HTTP)', () => {
  let server: http.Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  /** A node that answers each HTTP request with what `reply` says; records every body it got. */
  async function node(
    reply: (n: number, body: unknown) => { status: number; headers?: Record<string, string>; body: unknown },
  ) {
    const bodies: unknown[] = [];
    const times: number[] = [];
    server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        const body = JSON.parse(raw) as unknown;
        bodies.push(body);
        times.push(Date.now());
        const r = reply(bodies.length, body);
        res.writeHead(r.status, { 'content-type': 'application/json', ...r.headers });
        res.end(JSON.stringify(r.body));
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server!.address() as AddressInfo).port}/`;
    const network = {
      id: 1,
      name: 'Test',
      chainId: 1,
      nativeSymbol: 'ETH',
      rpcUrls: [url],
      multicall3: ADDRESS,
    } as unknown as NetworkConfig;
    return { bodies, times, network };
  }
  const ok = (body: unknown, result: unknown) =>
    Array.isArray(body)
      ? body.map((b: { id: number }) => ({ jsonrpc: '2.0', id: b.id, result }))
      : { jsonrpc: '2.0', id: (body as { id: number }).id, result };
  const infura429 = (body: unknown) => {
    const error = {
      code: -32005,
      message: 'project ID request rate exceeded',
      data: { rate: { allowed_rps: 10, backoff_seconds: 1, current_rps: 12 } },
    };
    return Array.isArray(body)
      ? body.map((b: { id: number }) => ({ jsonrpc: '2.0', id: b.id, error }))
      : { jsonrpc: '2.0', id: (body as { id: number }).id, error };
  };

  it('waits the Retry-After of an HTTP 429 and then succeeds', async () => {
    const { times, network } = await node((n, body) =>
      n === 1
        ? { status: 429, headers: { 'retry-after': '1' }, body: infura429(body) }
        : { status: 200, body: ok(body, '0x10') },
    );
    expect(await createChainClient(network).getBlockNumber({ cacheTime: 0 })).toBe(16n);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(950);
  });

  it('does not sleep through a Retry-After longer than its bound: the call fails at once', async () => {
    const { bodies, network } = await node((_, body) => ({
      status: 429,
      headers: { 'retry-after': '120' },
      body: infura429(body),
    }));
    const started = Date.now();
    await expect(
      createChainClient(network, { maxRetryAfterMs: 2_000 }).getBlockNumber({ cacheTime: 0 }),
    ).rejects.toThrow(/429/);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(bodies).toHaveLength(1);
  });

  it('backs off on a 429 without Retry-After and on a JSON-RPC rate-limit error in an HTTP 200', async () => {
    const { bodies, network } = await node((n, body) => {
      if (n === 1)
        return {
          status: 429,
          body: {
            jsonrpc: '2.0',
            id: 1,
            error: { code: 429, message: 'Your app has exceeded its compute units per second capacity.' },
          },
        };
      if (n === 2)
        return {
          status: 200,
          body: {
            jsonrpc: '2.0',
            id: (body as { id: number }).id,
            error: {
              code: -32007,
              message:
                '15/second request limit reached - reduce calls per second or upgrade your account at quicknode.com',
            },
          },
        };
      return { status: 200, body: ok(body, '0x20') };
    });
    expect(await createChainClient(network).getBlockNumber({ cacheTime: 0 })).toBe(32n);
    expect(bodies).toHaveLength(3);
  });

  it('keeps the highest head a node reported, not the lower one of a lagging node', async () => {
    const { network } = await node((n, body) => ({ status: 200, body: ok(body, n === 1 ? '0x20' : '0x1c') }));
    const client = createChainClient(network);
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(0x20n);
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(0x20n);
  });

  it('sends eth_getLogs and the range-end block in one HTTP request, and retries when that node lacks the block', async () => {
    const { bodies, network } = await node((n, body) => {
      const items = body as { id: number; method: string }[];
      // The first node that answers is behind: no block 0x20; the second has it.
      return {
        status: 200,
        body: items.map((b) => ({
          jsonrpc: '2.0',
          id: b.id,
          result: b.method === 'eth_getLogs' ? [] : n === 1 ? null : { number: '0x20' },
        })),
      };
    });
    await getLogsChunked(createChainClient(network), [ADDRESS], [], 0x10n, 0x20n, { maxRange: 100n, maxAddresses: 10 });
    expect(bodies).toHaveLength(2);
    for (const b of bodies)
      expect((b as { method: string }[]).map((i) => i.method)).toEqual(['eth_getLogs', 'eth_getBlockByNumber']);
  });
});

describe('LogRange: the range that works, remembered per network (decision 0062)', () => {
  it('a second backfill on the same network asks no span the node refused in the first', async () => {
    const { client, spans } = fakeNode({
      refuse: (span) => (span > 40n ? new Error('HTTP response body exceeded the size limit.') : null),
    });
    const sizer = new LogRange(10_000n, 1_000n);
    await getLogsChunked(client, [ADDRESS], [], 0n, 999n, { maxRange: 10_000n, sizer, maxAddresses: 100 });
    expect(spans.filter((s) => s > 40n).length).toBeGreaterThan(0);
    spans.length = 0;
    const { range } = await getLogsChunked(client, [ADDRESS], [], 1_000n, 1_999n, {
      maxRange: 10_000n,
      sizer,
      maxAddresses: 100,
    });
    expect(spans.filter((s) => s > 40n)).toEqual([]);
    expect(spans.reduce((a, b) => a + b, 0n)).toBe(1_000n);
    expect(range).toBeLessThanOrEqual(40n);
  });

  it('starts small, grows at most twofold an answer towards TARGET_LOGS, and shrinks in proportion to a dense answer', () => {
    const r = new LogRange(10_000n);
    expect(r.current).toBe(START_RANGE);
    r.answered(START_RANGE, 0);
    expect(r.current).toBe(START_RANGE * 2n);
    r.answered(r.current, 10);
    expect(r.current).toBe(START_RANGE * 4n);
    // 400 blocks held 8 × TARGET_LOGS logs: the next ask is an eighth of that.
    r.answered(400n, TARGET_LOGS * 8);
    expect(r.current).toBe(50n);
    // A short tail (fewer blocks than the range) does not make it grow.
    r.answered(3n, 0);
    expect(r.current).toBe(50n);
    r.refused(50n, 25n);
    expect(r.current).toBe(25n);
    r.answered(25n, 0);
    // Never again a span that was refused.
    expect(r.current).toBe(49n);
    for (let i = 0; i < 20; i++) r.answered(r.current, 0);
    expect(r.current).toBe(49n);
    const capped = new LogRange(300n);
    for (let i = 0; i < 20; i++) capped.answered(capped.current, 0);
    expect(capped.current).toBe(300n);
  });
});
