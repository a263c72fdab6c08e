/**
 * A counting pass-through in front of the devnet's RPC: the server is pointed at it
 * (DEVNET_RPC_URL) so a bench can say how many chain requests a load run caused, and of what kind.
 */
import http from 'node:http';

export interface RpcProxy {
  url: string;
  /** JSON-RPC calls by method since the last reset (a batch counts each call). */
  counts(): Map<string, number>;
  reset(): void;
  close(): Promise<void>;
}

export async function startRpcProxy(target: string, port: number): Promise<RpcProxy> {
  const counts = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      try {
        const parsed = JSON.parse(body.toString('utf8')) as { method?: string } | { method?: string }[];
        for (const call of Array.isArray(parsed) ? parsed : [parsed]) {
          const method = call.method ?? '?';
          counts.set(method, (counts.get(method) ?? 0) + 1);
        }
      } catch {
        counts.set('unparsable', (counts.get('unparsable') ?? 0) + 1);
      }
      fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
        .then(async (upstream) => {
          res.writeHead(upstream.status, {
            'content-type': upstream.headers.get('content-type') ?? 'application/json',
          });
          res.end(Buffer.from(await upstream.arrayBuffer()));
        })
        .catch((err: unknown) => {
          res.writeHead(502);
          res.end(String(err));
        });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${port}`,
    counts: () => new Map(counts),
    reset: () => counts.clear(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
