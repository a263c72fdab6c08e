// `npm start` runs its devnet on a stable port (8545) when it is free and falls back to any free
// port when it is taken (product §8). Uses real anvil processes; the preferred port here is a
// random free one rather than 8545, so the test does not depend on (or disturb) what runs on 8545.
// It cannot use the run's shared devnet (@tokendesk/testkit/shared-chain): what it checks is where a NEW
// anvil binds — on the port asked for when it is free, elsewhere when it is taken — so it must
// start one on a port of its own choosing, twice. (Each start deploys the demo chain: ~1 s.)
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatDevnetSummary, type Devnet } from '@tokendesk/devchain';
import { freePort } from '@tokendesk/testkit/free-port';
import { afterEach, describe, expect, it } from 'vitest';
import { DEVNET_DEFAULT_PORT, loopbackPortFree, startDevnetOnPreferredPort } from '../../src/chain/devnet-port';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

function listen(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
async function start(preferred: number): Promise<{ devnet: Devnet; fellBack: boolean }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tokendesk-devnet-port-'));
  const started = await startDevnetOnPreferredPort({ dataDir }, preferred);
  cleanup.push(
    () => rmSync(dataDir, { recursive: true, force: true }),
    () => started.devnet.stop(),
  );
  return started;
}
async function chainId(rpcUrl: string): Promise<number> {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
  });
  return Number(((await res.json()) as { result: string }).result);
}

describe('devnet on a stable port', () => {
  it('defaults to 8545', () => {
    expect(DEVNET_DEFAULT_PORT).toBe(8545);
  });

  it('uses the preferred port when it is free and prints the swap command with that URL', async () => {
    const port = await freePort();
    const { devnet, fellBack } = await start(port);
    expect(fellBack).toBe(false);
    expect(devnet.rpcUrl).toBe(`http://127.0.0.1:${port}`);
    expect(await chainId(devnet.rpcUrl)).toBe(31337);
    expect(formatDevnetSummary(devnet)).toContain(
      `npx tsx packages/devchain/src/swap-cli.ts --rpc http://127.0.0.1:${port} --pool demo-weth`,
    );
  });

  it('falls back to another free port when the preferred one is taken', async () => {
    const port = await freePort();
    const squatter = await listen(port);
    cleanup.push(() => new Promise<void>((done) => squatter.close(() => done())));
    expect(await loopbackPortFree(port)).toBe(false);
    const { devnet, fellBack } = await start(port);
    expect(fellBack).toBe(true);
    const actual = Number(new URL(devnet.rpcUrl).port);
    expect(actual).not.toBe(port);
    expect(actual).toBeGreaterThan(0);
    expect(await chainId(devnet.rpcUrl)).toBe(31337);
    expect(formatDevnetSummary(devnet)).toContain(`--rpc ${devnet.rpcUrl} `);
  });
});
