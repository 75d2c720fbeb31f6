import type { FastifyPluginCallback } from 'fastify';
import type { Transactional } from '../store/db.ts';

/**
 * OpenTelemetry tracing (docs/behaviour.md, section 25), as the app and the worker see it. This
 * file imports nothing of OpenTelemetry: with OTEL_EXPORTER_OTLP_ENDPOINT unset no tracing module
 * is loaded and no hook is added, so tracing off costs nothing.
 */
export interface Tracing {
  /** The plugin tracing each request (@fastify/otel): registered before any other hook or route. */
  fastifyPlugin(): FastifyPluginCallback;
  /** The database with a span for each statement and transaction run under a request or a job. */
  traceDb<D extends Transactional>(db: D): D;
  /** Runs one background job (a pg-boss job, a sweep) in a span of its own, the root of its trace. */
  job<T>(queue: string, attributes: Record<string, string | number>, work: () => Promise<T>): Promise<T>;
  /** Sends the spans still waiting and stops. */
  shutdown(): Promise<void>;
}

/** Who runs jobs: in a span each when tracing is on, as they are when it is off. */
export type JobRunner = Tracing['job'];

/** Runs a job as it is (tracing off). */
export const untracedJob: JobRunner = (_queue, _attributes, work) => work();

/**
 * Tracing when `otelEndpoint` is set, else null. The OpenTelemetry SDK is imported only here, and
 * only then.
 */
export async function loadTracing(config: { otelEndpoint: string | null; otelServiceName: string; role: string }): Promise<Tracing | null> {
  if (config.otelEndpoint === null) return null;
  const { startTracing } = await import('./otel-tracing.ts');
  return startTracing({ serviceName: config.otelServiceName, role: config.role });
}
