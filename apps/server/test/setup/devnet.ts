import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startDevnet } from '@tokendesk/devchain';
// Declares what this setup provides ('devnet'), beside the lock that uses it.
import type {} from '@tokendesk/testkit/shared-chain';

/**
 * One local chain for the whole server run (deploying is the slow part). Files that write to it
 * take a lock shared by the workers, an evm_snapshot, and revert it (@tokendesk/testkit/shared-chain), so
 * files stay independent.
 */
export default async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tokendesk-test-devnet-'));
  const lockDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tokendesk-test-chain-lock-'));
  const devnet = await startDevnet({ dataDir });
  project.provide('devnet', { rpcUrl: devnet.rpcUrl, addresses: devnet.addresses, lockDir });
  return async () => {
    await devnet.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(lockDir, { recursive: true, force: true });
  };
}
