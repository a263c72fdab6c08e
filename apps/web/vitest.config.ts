import { defineConfig } from 'vitest/config';

// Unit tests of the browser-independent logic (formatting, query options, chart data). They run in
// Node without a window, in the root config's forks, which run file after file in one module graph
// (decision 0046): 14 files of pure functions paid a fresh worker and a fresh import of their
// modules each (web's tests took 24 CPU-s for 1 s of testing; 9.5 CPU-s shared).
// The tests that need the small fake window (src/test/fake-browser.ts: the session storage
// protocol, the API client, query code that signs in) are *.window.test.ts and run isolated
// (vitest.window.config.ts).
export default defineConfig({
  test: {
    name: 'web',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    exclude: ['src/**/*.window.test.ts'],
    pool: 'forks',
  },
});
