import { startWorker, type Worker } from '../../src/worker/worker.ts';
import type { Tracing } from '../../src/observability/tracing.ts';
import type { TestApp } from './app.ts';
import { useResource } from './hooks.ts';

export interface TestWorkerOptions {
  /** Hears what the worker logs as an error (its warnings and information are dropped). */
  onError?(details: Record<string, unknown>, message: string): void;
  /** OpenTelemetry tracing of the worker's jobs. */
  tracing?: Tracing;
}

/** The background worker on the test app's database, with the app's webhook settings. */
export function startTestWorker(t: TestApp, options: TestWorkerOptions = {}): Promise<Worker> {
  const ignore = () => {};
  return startWorker({
    config: t.config,
    db: t.testDb.db,
    backend: t.testDb.queue,
    ctx: t.app.ctx,
    log: { error: options.onError ?? ignore, warn: ignore, info: ignore } as never,
    tracing: options.tracing,
  });
}

/** The worker beside `t` for the enclosing describe block: started in beforeAll, stopped in afterAll (before the app closes). */
export function useWorker(t: TestApp, options: TestWorkerOptions = {}): Worker {
  return useResource(
    'the worker',
    () => startTestWorker(t, options),
    (worker) => worker.stop(),
  );
}
