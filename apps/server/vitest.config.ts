import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // Each test context gets its own database (a clone of a migrated template, setup/postgres.ts);
    // forks keep files in separate processes, so a crash or a leaked handle stays in one file.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ['test/setup/fail-on-console-error.ts', 'test/setup/chain-readers.ts'],
    globalSetup: ['test/setup/postgres.ts', 'test/setup/devnet.ts', 'test/setup/bundles.ts'],
  },
});
