import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'devchain', include: ['src/**/*.test.ts'], pool: 'threads', testTimeout: 120000, hookTimeout: 120000 },
});
