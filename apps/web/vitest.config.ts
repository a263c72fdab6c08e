import { defineConfig } from 'vitest/config';

// Unit tests of the browser-independent logic (session storage protocol, API client). They run in
// Node with a small fake window (src/test/fake-browser.ts) instead of a DOM library.
export default defineConfig({
  test: {
    name: 'web',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // A fresh worker per file (threads; the root config's forks reuse theirs): the session code keeps
    // module state (startAuthSync runs once) and the fake window is a global.
    pool: 'threads',
  },
});
