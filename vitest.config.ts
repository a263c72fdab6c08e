import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contract', 'packages/devchain', 'apps/server', 'apps/web'],
  },
});
