import { execFileSync } from 'node:child_process';
import net from 'node:net';

/**
 * A loopback port nothing listens on right now (the kernel picks it): for a program that must be
 * told its port (anvil, a PostgreSQL cluster, a proxy), or, left unbound, a node that refuses every
 * connection at once. Another process may take it before the caller binds it; callers that care
 * retry (packages/devchain/src/devnet.ts does).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** The same port, named for the tests that want a node refusing every connection. */
export const closedPort = freePort;

/**
 * freePort() for a caller that cannot await (Playwright's config file): a child node asks the kernel
 * the same way and prints the port.
 */
export function freePortSync(): number {
  const script =
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim());
}
