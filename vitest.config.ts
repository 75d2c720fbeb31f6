import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'sdk/**/*.test.ts'],
    // Every event recorded in a test is checked against its schema (test/setup/event-payloads.ts), every
    // answer of either API against the OpenAPI documents (test/setup/openapi-responses.ts).
    setupFiles: ['test/setup/event-payloads.ts', 'test/setup/openapi-responses.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
