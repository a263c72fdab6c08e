import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startDevnet, type DevnetAddresses } from '@tokendesk/devchain';

declare module 'vitest' {
  export interface ProvidedContext {
    devnet: { rpcUrl: string; addresses: DevnetAddresses };
  }
}

/**
 * One local chain for the whole server run (deploying is the slow part). Tests that write to it
 * take an evm_snapshot and revert it, so files stay independent.
 */
export default async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tokendesk-test-devnet-'));
  const devnet = await startDevnet({ dataDir });
  project.provide('devnet', { rpcUrl: devnet.rpcUrl, addresses: devnet.addresses });
  return async () => {
    await devnet.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
