import { defineConfig } from 'vitest/config';

// The web tests that install the fake window (src/test/fake-browser.ts) as a global: a fresh worker
// per file (threads; the root config's forks reuse theirs), as the session code keeps module state
// (startAuthSync runs once) and the window is a global. installFakeBrowser() refuses to run in any
// other file, so a test that needs it cannot land in the shared workers of vitest.config.ts.
export default defineConfig({
  test: {
    name: 'web-window',
    environment: 'node',
    include: ['src/**/*.window.test.ts'],
    pool: 'threads',
  },
});
