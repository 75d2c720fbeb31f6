import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'sdk/**/*.test.ts'],
    // Every event recorded in a test is checked against its schema (test/setup/event-payloads.ts).
    setupFiles: ['test/setup/event-payloads.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
