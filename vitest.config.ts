import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The slowest files, slowest first (their time in a clean clone's PGlite run on the 2-core machine,
 * 2026-11-29, docs/operations.md, "Test time"): started first, so that the workers end together instead of one waiting on a long file
 * started last. The rest follow in vitest's own order (by their last time when it has one,
 * else by size).
 */
const SLOWEST_FIRST = [
  'test/browser/console.test.ts',
  'test/browser/portal-rules.test.ts',
  'test/integration/webhooks-durability.test.ts',
  'test/integration/test-clock-durability.test.ts',
  'test/integration/readme-walkthrough.test.ts',
  'test/integration/sign-in-throttle.test.ts',
  'test/integration/health.test.ts',
  'test/integration/start-and-stop.test.ts',
  'test/browser/dashboard.test.ts',
  'test/integration/demo-secrets.test.ts',
  'sdk/test/cli.test.ts',
  'test/integration/tracing-off.test.ts',
  'test/browser/console-sign-in.test.ts',
  'test/integration/shutdown.test.ts',
  'test/integration/operators.test.ts',
  'test/browser/loans.test.ts',
  'sdk/test/offers-sandbox-cli.test.ts',
  'sdk/test/clocks-cli.test.ts',
  'test/integration/documents.test.ts',
  'test/browser/console-customers.test.ts',
  'test/integration/loans.test.ts',
  'test/browser/dashboard-test-clocks.test.ts',
  'test/integration/webhooks-retry-timetable.test.ts',
  'test/browser/portal-journey.test.ts',
];

class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const i = SLOWEST_FIRST.findIndex((path) => file.moduleId.endsWith(`/${path}`));
      return i === -1 ? SLOWEST_FIRST.length : i;
    };
    return (await super.sort(files))
      .map((file, i) => ({ file, i }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.i - b.i)
      .map(({ file }) => file);
  }
}

/**
 * Test files run three at a time on the two cores (docs/operations.md, "Test time"): each waits on
 * its database, its server, a webhook receiver, child processes or Chromium much of the time, and
 * a third file fills the waits (two left a core idle a third of the run). Every test database is a
 * fresh one (an in-memory PGlite, or a PostgreSQL schema or database of its own), every child
 * server has its own port and data, so files in parallel never meet; child servers keep small
 * connection pools, so three files stay within PostgreSQL's default 100 connections.
 * TEST_MAX_WORKERS overrides the number (1 runs the files one at a time).
 */
const WORKERS = Number(process.env.TEST_MAX_WORKERS ?? 3);

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'sdk/**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    // Every event recorded in a test is checked against its schema (test/setup/event-payloads.ts), every
    // answer of either API against the OpenAPI documents (test/setup/openapi-responses.ts).
    // Password hashes are cheaper in the test processes (test/setup/password-cost.ts).
    // The SDK compiled once before any file (the CLI tests run the built binary).
    globalSetup: ['test/setup/build-sdk.ts'],
    setupFiles: ['test/setup/event-payloads.ts', 'test/setup/openapi-responses.ts', 'test/setup/password-cost.ts'],
    // Limits against a hang, not measures of speed: files share the cores, so a test may wait its turn.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: WORKERS,
    // One process per worker for all its files: each file no longer loads the app's modules and
    // PGlite's WebAssembly anew, and the Chromium tests share one browser. Every file still opens
    // its own databases and apps; TEST_ISOLATE=1 gives each file a process of its own.
    isolate: process.env.TEST_ISOLATE === '1',
    sequence: { sequencer: SlowestFirst },
  },
});
