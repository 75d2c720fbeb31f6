import { context, propagation, SpanKind, SpanStatusCode, trace, type Attributes, type Context, type Span, type Tracer } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, SimpleSpanProcessor, TracerProvider, type SpanExporter } from '@opentelemetry/sdk-trace';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { tracedDb, type StatementSpans } from '../store/traced-db.ts';
import type { Tracing } from './tracing.ts';

/**
 * The OpenTelemetry SDK behind `Tracing` (docs/behaviour.md, section 25). Loaded only when tracing
 * is on (tracing.ts imports it dynamically), so nothing here runs or is even read otherwise.
 */

export interface TracingOptions {
  serviceName: string;
  role: string;
  /** Where spans go; by default OTLP over HTTP (protobuf), configured by the `OTEL_EXPORTER_OTLP_*` variables. */
  exporter?: SpanExporter;
}

const TRACER_NAME = 'lending-partner-api';
const DB_ATTRIBUTES = { 'db.system': 'postgresql', 'db.system.name': 'postgresql' } as const;
/** Routes whose requests are not traced: probes and scrapes, every few seconds, say nothing of the work. */
const UNTRACED_PATHS = /^\/(health\/|metrics(\?|$))/;

let globalsRegistered = false;

/**
 * The context manager (what makes a span the parent of the work it starts, across awaits) and the
 * W3C `traceparent` propagator are process-wide: registered once, and kept when tracing stops.
 */
function registerGlobals(): void {
  if (globalsRegistered) return;
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  globalsRegistered = true;
}

/** `SELECT`, `INSERT`…: the statement's first word, the span's name (never anything of its values). */
function operationOf(sql: string): string {
  const word = /^\s*([A-Za-z]+)/.exec(sql)?.[1];
  return word ? word.toUpperCase() : 'postgresql';
}

/** Ends `span` when `work` settles; a failure is marked with its kind alone (a message may quote data). */
async function endWith<T>(span: Span, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    const e = error as { code?: unknown; name?: unknown } | null;
    const kind = typeof e?.code === 'string' ? e.code : typeof e?.name === 'string' ? e.name : 'Error';
    span.setAttribute('error.type', kind);
    span.setStatus({ code: SpanStatusCode.ERROR, message: kind });
    throw error;
  } finally {
    span.end();
  }
}

/**
 * Whether a statement run in `parent` is part of a request or a job still running. The dispatcher's
 * polls and the sweeps run in none; the request log's batched write runs in the context of the
 * request whose entry opened the batch, after that request's span has ended: neither is traced.
 */
function tracedWork(parent: Context): boolean {
  return trace.getSpan(parent)?.isRecording() === true;
}

function statementSpans(tracer: Tracer): StatementSpans {
  return {
    statement(sql, run) {
      const parent = context.active();
      if (!tracedWork(parent)) return run();
      const operation = operationOf(sql);
      const attributes: Attributes = { ...DB_ATTRIBUTES, 'db.operation.name': operation, 'db.query.text': sql };
      return endWith(tracer.startSpan(operation, { kind: SpanKind.CLIENT, attributes }, parent), run());
    },
    transaction(run) {
      const parent = context.active();
      if (!tracedWork(parent)) return run((callback) => callback);
      const span = tracer.startSpan('transaction', { kind: SpanKind.CLIENT, attributes: { ...DB_ATTRIBUTES, 'db.operation.name': 'transaction' } }, parent);
      const inside = trace.setSpan(parent, span);
      return endWith(
        span,
        context.with(inside, () => run((callback) => context.bind(inside, callback))),
      );
    },
  };
}

/** The request span: named by the route's pattern, with the request id, and no query string (it may hold personal data). */
function describeRequest(span: Span, request: FastifyRequest): void {
  const route = request.routeOptions.url;
  span.updateName(route ? `${request.method} ${route}` : request.method);
  span.setAttribute('lending.request_id', request.id);
  span.setAttribute('url.path', request.url.split('?', 1)[0]);
}

/** A webhook URL's query may carry the receiver's secret: the span keeps the origin and path only. */
function withoutQuery(request: { origin?: unknown; path?: unknown }): Attributes {
  const path = typeof request.path === 'string' ? request.path : '';
  const at = path.indexOf('?');
  if (at === -1) return {};
  return { 'url.full': `${String(request.origin)}${path.slice(0, at)}`, 'url.query': '?REDACTED' };
}

export function startTracing(options: TracingOptions): Tracing {
  registerGlobals();
  const exporter = options.exporter ?? new OTLPTraceExporter();
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName, 'lending.role': options.role }),
    // A given exporter (tests) gets each span at once; the OTLP exporter gets them in batches.
    spanProcessors: [options.exporter ? new SimpleSpanProcessor({ exporter }) : new BatchSpanProcessor({ exporter })],
  });
  const tracer = provider.getTracer(TRACER_NAME);

  const requests = new FastifyOtelInstrumentation({
    requestHook: describeRequest,
    ignorePaths: (route) => UNTRACED_PATHS.test(route.url),
  });
  requests.setTracerProvider(provider);
  // Webhook calls go through undici, whose diagnostics channels this instrumentation reads; a call
  // outside a traced job (none today) is not traced.
  const webhooks = new UndiciInstrumentation({ requireParentforSpans: true, startSpanHook: withoutQuery });
  webhooks.setTracerProvider(provider);
  const spans = statementSpans(tracer);

  return {
    fastifyPlugin: () => requests.plugin() as FastifyPluginCallback,
    traceDb: (db) => tracedDb(db, spans),
    job(queue, attributes, work) {
      const span = tracer.startSpan(`process ${queue}`, {
        kind: SpanKind.CONSUMER,
        root: true,
        attributes: { 'messaging.system': 'pg-boss', 'messaging.operation.type': 'process', 'messaging.destination.name': queue, ...attributes },
      });
      return endWith(
        span,
        context.with(trace.setSpan(context.active(), span), () => work()),
      );
    },
    async shutdown() {
      requests.disable();
      webhooks.disable();
      await provider.shutdown();
    },
  };
}
