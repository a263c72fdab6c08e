import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { readSharedChain } from '@tokendesk/testkit/shared-chain';

/**
 * Files run two at a time. A file that reads the shared devnet (setup/devnet.ts) without writing
 * to it registers as a reader for its whole run, so that no writer's swaps, blocks or evm_revert
 * (@tokendesk/testkit/shared-chain) land in the middle of it. Which files read is taken from their source:
 * every way to reach the devnet goes through inject('devnet'), directly or through devnetChain()
 * (helpers.ts); a file that claims the chain for writing is the writer, never a reader.
 */
let release: (() => void) | null = null;
/** The devnet's head when this file registered, and the file's name. */
let registered: { head: string; file: string } | null = null;

const READS = /\binject\(\s*['"]devnet['"]\s*\)|\bdevnetChain\(/;
const WRITES = /\bclaimSharedChain\(/;

async function head(): Promise<string> {
  const res = await fetch(inject('devnet').rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
  });
  return ((await res.json()) as { result: string }).result;
}

beforeAll(async (file) => {
  const filepath = (file as { filepath?: string }).filepath;
  if (!filepath) return;
  const source = fs.readFileSync(filepath, 'utf8');
  if (READS.test(source) && !WRITES.test(source)) {
    release = await readSharedChain(path.basename(filepath));
    registered = { head: await head(), file: path.basename(filepath) };
  }
}, 9 * 60_000);

// No block may be mined while a reader is registered: a reader that writes (a file that deploys or
// swaps without claimSharedChain) fails here, in every run, instead of now and then failing the file
// that happened to read beside it (forged-pool.test.ts did so to weekly-report.test.ts).
afterAll(async () => {
  const was = registered;
  registered = null;
  try {
    if (was) {
      const now = await head();
      if (now !== was.head) {
        throw new Error(
          `the shared devnet's head moved from ${Number(was.head)} to ${Number(now)} while ${was.file} was registered as a reader: a file that writes to it must take claimSharedChain() (@tokendesk/testkit/shared-chain)`,
        );
      }
    }
  } finally {
    release?.();
    release = null;
  }
});
