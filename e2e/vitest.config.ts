import { defineConfig } from 'vitest/config';

/** End-to-end journeys: one real server + one real Chromium per file, run one file at a time. */
export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
