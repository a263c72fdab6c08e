import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { readSharedChain } from '../support/shared-chain';

/**
 * Files run two at a time. A file that reads the shared devnet (setup/devnet.ts) without writing
 * to it registers as a reader for its whole run, so that no writer's swaps, blocks or evm_revert
 * (support/shared-chain.ts) land in the middle of it. Which files read is taken from their source:
 * every way to reach the devnet goes through inject('devnet'), directly or through devnetChain()
 * (helpers.ts); a file that claims the chain for writing is the writer, never a reader.
 */
let release: (() => void) | null = null;

const READS = /\binject\(\s*['"]devnet['"]\s*\)|\bdevnetChain\(/;
const WRITES = /\bclaimSharedChain\(/;

beforeAll(async (file) => {
  const filepath = (file as { filepath?: string }).filepath;
  if (!filepath) return;
  const source = fs.readFileSync(filepath, 'utf8');
  if (READS.test(source) && !WRITES.test(source)) release = await readSharedChain(path.basename(filepath));
}, 9 * 60_000);

afterAll(() => {
  release?.();
  release = null;
});
