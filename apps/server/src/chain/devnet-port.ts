import { createServer } from 'node:net';
import { startDevnet, type Devnet, type StartDevnetOptions } from '@tokendesk/devchain';

/**
 * The port `npm start` runs the devnet on when it is free: 8545 is what wallets, cast and the
 * README's swap command expect. With a random port every start, the demo's commands had to be
 * edited each time (product §8). Tests keep startDevnet's own default (a free random port),
 * since they run many devnets side by side.
 */
export const DEVNET_DEFAULT_PORT = 8545;

/** Whether nothing listens on 127.0.0.1:port (where anvil binds) right now. */
export function loopbackPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/**
 * Starts the devnet on `preferred` when that port is free, else on a free port (another node or a
 * second TokenDesk may hold it). `fellBack` says so, for the start-up message. If the port is taken
 * between the probe and anvil's bind, that failure also falls back; any other failure is thrown.
 * The supervised restarts keep whichever port this picked (devnet.ts).
 */
export async function startDevnetOnPreferredPort(
  opts: StartDevnetOptions,
  preferred = DEVNET_DEFAULT_PORT,
): Promise<{ devnet: Devnet; fellBack: boolean }> {
  if (await loopbackPortFree(preferred)) {
    try {
      return { devnet: await startDevnet({ ...opts, port: preferred }), fellBack: false };
    } catch (error) {
      if (await loopbackPortFree(preferred)) throw error;
    }
  }
  return { devnet: await startDevnet({ ...opts, port: undefined }), fellBack: true };
}
