import { defineConfig } from 'vitest/config';

// Component tests (decision 0080): screens rendered by Testing Library in jsdom, the API answered by
// MSW from the contract's shapes (src/testing/). The wording, validation, empty and error states and
// dialog focus are checked here rather than in Chromium (e2e/), which is reserved for the journeys,
// axe, layout, dark mode and what needs a real browser. `*.test.tsx` only: the node-only tests of
// vitest.config.ts and the fake-window tests of vitest.window.config.ts stay as they are
// (decision 0046). Threads, a fresh one per file: jsdom's window and the session code's module
// state are globals, and must not leak into the next file.
export default defineConfig({
  test: {
    name: 'web-components',
    environment: 'jsdom',
    include: ['src/**/*.test.tsx'],
    setupFiles: ['src/testing/setup-tests.ts'],
    pool: 'threads',
    // A file's first render imports the signed-in app's chunk (every screen): seconds, not milliseconds,
    // and with the machine's load at 15 (three files at a time beside the other sessions) a whole
    // form test took over 30 s. A limit for a hung test, not a target.
    testTimeout: 60_000,
  },
});
