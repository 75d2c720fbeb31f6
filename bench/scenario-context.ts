/**
 * What a custom scenario is given (its server and settings) and the settings read from the
 * environment, apart from the scenario list so the scenarios' own files can import them.
 */
import type { BenchApi } from './api-client.ts';
import type { BenchSettings } from './load.ts';
import type { Targets } from './report.ts';
import type { ChildServer } from './server-process.ts';

/** What a custom scenario gets: the server it drives and everything around it. */
export interface ScenarioContext {
  api: BenchApi;
  server: ChildServer;
  backend: 'pglite' | 'postgres';
  settings: BenchSettings;
  /** The server's PostgreSQL database (postgres backend only), for reading rows the API does not show. */
  databaseUrl: string | null;
  /** The scenario being run (its id, name and targets, for its rows). */
  scenario: { id: string; name: string; targets: Targets };
}

/** A whole number from the environment, or the fallback. */
export function intFromEnv(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return value;
}

/** Read once at start, so a bad value fails before any server starts. */
export const SCENARIO_SETTINGS = {
  /** Fresh applications decided under load by their first GET offers (measured). */
  offersCount: intFromEnv('BENCH_OFFERS', 3_000, 100, 100_000),
  /** Customers+applications created at once while preparing them. */
  offersSetupConcurrency: intFromEnv('BENCH_OFFERS_SETUP_CONCURRENCY', 16, 1, 256),
  /** Events of the throughput burst. */
  webhookEvents: intFromEnv('BENCH_WEBHOOK_EVENTS', 5_000, 100, 200_000),
  /** Events per second of the latency run (which lasts BENCH_DURATION seconds). */
  webhookRate: intFromEnv('BENCH_WEBHOOK_RATE', 200, 1, 10_000),
  /** Uploads in flight at once. */
  uploadConcurrency: intFromEnv('BENCH_UPLOAD_CONCURRENCY', 4, 1, 64),
  /** Size of each uploaded PDF, MiB. */
  uploadMiB: intFromEnv('BENCH_UPLOAD_MIB', 5, 1, 19),
  /** Most bytes uploaded in one measured run, MiB (uploads stop at BENCH_DURATION or here). */
  uploadMaxTotalMiB: intFromEnv('BENCH_UPLOAD_MAX_TOTAL_MIB', 1_024, 16, 16_384),
  /** Seconds of each measured run of the tracing scenario (eight of them: two routes, off/on/off/on). */
  tracingRunS: intFromEnv('BENCH_TRACING_RUN_S', 4, 1, 60),
};

export type ScenarioSettings = typeof SCENARIO_SETTINGS;
