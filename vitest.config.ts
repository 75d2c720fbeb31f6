import { defineConfig } from 'vitest/config';

/**
 * Files that measure time or memory, or that start servers as child processes and signal them:
 * they run one at a time after the others, so the other files' load cannot skew what they measure,
 * each in a process of its own.
 */
const MEASURING = [
  'test/integration/uploads-memory.test.ts',
  'test/integration/shutdown.test.ts',
  'test/integration/start-and-stop.test.ts',
  'test/integration/webhooks-durability.test.ts',
  // Five server processes on one PostgreSQL, one SIGKILLed: the others' load would only slow it.
  'test/integration/several-nodes.test.ts',
];

/**
 * Test files run in parallel (docs/operations.md, "Test time"): each waits on its database, its
 * server, a webhook receiver or Chromium much of the time, so two files share two cores well.
 * Every test database is a fresh one (an in-memory PGlite, or a PostgreSQL schema of its own), so
 * files in parallel never meet. TEST_MAX_WORKERS overrides the number (1 runs the files one at a
 * time).
 */
const WORKERS = Number(process.env.TEST_MAX_WORKERS ?? 2);

export default defineConfig({
  test: {
    // Every event recorded in a test is checked against its schema (test/setup/event-payloads.ts), every
    // answer of either API against the OpenAPI documents (test/setup/openapi-responses.ts).
    setupFiles: ['test/setup/event-payloads.ts', 'test/setup/openapi-responses.ts'],
    // Limits against a hang, not measures of speed: files share the cores, so a test may wait its turn.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    projects: [
      {
        test: {
          name: 'parallel',
          // One process per worker for all its files (docs/operations.md, "Test time"): each file no
          // longer loads the app's modules and PGlite's WebAssembly anew, a third of the CPU time.
          // Every file still opens its own databases and apps; TEST_ISOLATE=1 gives each file a process.
          isolate: process.env.TEST_ISOLATE === '1',
          include: ['test/**/*.test.ts', 'sdk/**/*.test.ts'],
          exclude: ['**/node_modules/**', ...MEASURING],
          maxWorkers: WORKERS,
        },
      },
      {
        test: {
          name: 'measuring',
          include: MEASURING,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
