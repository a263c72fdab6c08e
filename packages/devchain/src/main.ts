/**
 * Runs the local devnet on its own (the server normally starts it):
 *   DATA_DIR=./data npx tsx packages/devchain/src/main.ts
 * Stops on Ctrl-C or SIGTERM, letting anvil write its state first.
 */
import { devnetEnabled, formatDevnetSummary, startDevnet } from './devnet.js';

if (!devnetEnabled()) {
  console.log('DEVNET=off: not starting the local devnet');
  process.exit(0);
}
const dataDir = process.env.DATA_DIR ?? './data';
const port = process.env.DEVNET_PORT ? Number(process.env.DEVNET_PORT) : undefined;
const devnet = await startDevnet({ dataDir, port, log: (line) => console.log(line) });
console.log(formatDevnetSummary(devnet));

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log('devnet: stopping (writing state)…');
    void devnet.stop().then(() => process.exit(0));
  });
}
// The supervisor is unreferenced; keep this process alive until a signal arrives.
setInterval(() => {}, 1 << 30);
