import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contract', 'packages/devchain', 'apps/server', 'apps/web'],
    // Vitest's default is one worker fewer than the cores: ONE on a 2-core machine (CI), where the
    // suite then ran file after file. Most of the server files' time is spent waiting (on the
    // child processes, clusters and devnets they start, on HTTP, on the database): with two files
    // at a time the 2-core machine still had a file running alone, or none, for most of the run,
    // so three run at a time (all 891 tests in 5.4 min on the idle 2-core machine). Files that share the devnet
    // keep out of each other's way through its reader/writer lock (apps/server/test/support/shared-chain.ts).
    maxWorkers: Math.max(3, os.availableParallelism() - 1),
  },
});
