import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // Each test context gets its own database (a clone of a migrated template, setup/postgres.ts).
    // Forks, reused file after file (the root config, decision 0046): a file must leave no state in
    // the modules it imports; its databases, data directories, ports and children are its own.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ['test/setup/fail-on-console-error.ts', 'test/setup/chain-readers.ts'],
    globalSetup: ['test/setup/postgres.ts', 'test/setup/devnet.ts', 'test/setup/bundles.ts'],
  },
});
