import net from 'node:net';

export type ProxyMode = 'pass' | 'stall' | 'drop';

export interface TcpProxy {
  url: string;
  port: number;
  mode(): ProxyMode;
  /** Every open connection is cut on a change, as a node restart or a network fault would. */
  setMode(mode: ProxyMode): void;
  /** Connections accepted so far (a stall still accepts). */
  accepted(): number;
  close(): Promise<void>;
}

/**
 * A TCP proxy in front of a node. `pass` forwards; `stall` accepts connections and reads requests
 * but never answers (a hung node, or a black-holed network); `drop` resets every connection as soon
 * as it is accepted (a node that is down).
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: ProxyMode = 'pass';
  let accepted = 0;
  const open = new Set<net.Socket>();

  const server = net.createServer((client) => {
    accepted++;
    if (mode === 'drop') {
      client.resetAndDestroy();
      return;
    }
    open.add(client);
    client.on('error', () => {});
    client.on('close', () => open.delete(client));
    if (mode === 'stall') {
      client.resume(); // swallow whatever is sent
      return;
    }
    const upstream = net.connect(target.port, target.host);
    open.add(upstream);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    upstream.on('close', () => {
      open.delete(upstream);
      client.destroy();
    });
    client.on('close', () => upstream.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    mode: () => mode,
    setMode(next) {
      mode = next;
      for (const socket of open) socket.destroy();
      open.clear();
    },
    accepted: () => accepted,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
