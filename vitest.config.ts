import os from 'node:os';
import { defineConfig } from 'vitest/config';

const WORKERS = Math.max(3, os.availableParallelism() - 1);

export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'packages/devchain',
      'packages/testkit',
      'apps/server',
      'apps/web',
      'apps/web/vitest.window.config.ts',
      'apps/web/vitest.component.config.ts',
    ],
    // Vitest's default is one worker fewer than the cores: ONE on a 2-core machine (CI), where the
    // suite then ran file after file. Most of the server files' time is spent waiting (on the
    // child processes, clusters and devnets they start, on HTTP, on the database): with two files
    // at a time the 2-core machine still had a file running alone, or none, for most of the run,
    // so three run at a time. Files that share the devnet
    // keep out of each other's way through its reader/writer lock (apps/server/test/(@tokendesk/testkit/shared-chain)).
    maxWorkers: WORKERS,
    // As many kept as started. Vitest's default minimum is one fewer than the cores (one here), and
    // Tinypool retires idle workers above it: with workers reused across files (below), a worker
    // retired while the run closes is destroyed twice and the run ends in an unhandled 'Terminating
    // worker thread' rejection, without a report.
    minWorkers: WORKERS,
    // The server's files run one after another in a worker process, in one module graph, instead of
    // a fresh process each (decision 0046): every file imported the server anew (Fastify, viem, zod,
    // the routes), 162 s of 'collect' of the server project's 256 s on two cores. Tinypool's
    // isolation is this root setting; web's pure tests share these workers too; contract, devchain and
    // web's window tests run in threads, a fresh one per file.
    poolOptions: { forks: { isolate: false } },
  },
});
