import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The fault suite (`npm run test:faults`): the real server process under kill -9, a stalled and
 * dropped chain node, a stopped PostgreSQL, fuzzing and load. Not part of `npm test` (the root
 * config lists its projects explicitly). Files run one after the other: each one loads the machine.
 */
export default defineConfig({
  root: path.dirname(fileURLToPath(import.meta.url)),
  test: {
    name: 'faults',
    include: ['**/*.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    sequence: { concurrent: false },
    testTimeout: 180_000,
    hookTimeout: 120_000,
    teardownTimeout: 60_000,
    // The server and CLI children run as bundles built once for the run (decision 0044).
    globalSetup: ['../apps/server/test/setup/bundles.ts'],
  },
});
