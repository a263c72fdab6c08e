import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // Each file gets its own database; forks keep PGlite's WASM heaps apart.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ['test/setup/fail-on-console-error.ts'],
    globalSetup: ['test/setup/devnet.ts'],
  },
});
