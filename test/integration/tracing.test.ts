/**
 * Tracing (docs/behaviour.md, section 25): with tracing on, each request is a server span named by
 * its route pattern and carrying its request id, with a span for each database statement under it
 * (the SQL text, never its parameters); each background job is a span of its own, with its
 * statements and its webhook call (a client span to the receiver) under it. Spans are read from an
 * in-memory exporter.
 */
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { describe, expect, it } from 'vitest';
import { startTracing } from '../../src/observability/otel-tracing.ts';
import type { Tracing } from '../../src/observability/tracing.ts';
import { BASE, createCustomer, customerBody, usePartner, useTestApp } from '../helpers/app.ts';
import { BACKENDS } from '../helpers/db.ts';
import { useResource } from '../helpers/hooks.ts';
import { eventually, useReceiver } from '../helpers/receiver.ts';
import { useWorker } from '../helpers/worker.ts';

type TestTracing = Tracing & { exporter: InMemorySpanExporter };

const spanId = (span: ReadableSpan) => span.spanContext().spanId;
const traceId = (span: ReadableSpan) => span.spanContext().traceId;

/** Whether `ancestor` is `span`'s parent, or its parent's parent, and so on. */
function descendsFrom(span: ReadableSpan, ancestor: ReadableSpan, all: ReadableSpan[]): boolean {
  let parent = span.parentSpanContext?.spanId;
  while (parent !== undefined) {
    if (parent === spanId(ancestor)) return true;
    parent = all.find((s) => spanId(s) === parent)?.parentSpanContext?.spanId;
  }
  return false;
}

const isStatement = (span: ReadableSpan) => span.kind === SpanKind.CLIENT && span.attributes['db.system'] === 'postgresql' && span.name !== 'transaction';

for (const backend of BACKENDS) {
  describe(`tracing on ${backend}`, () => {
    // Registered first, so it is shut down last (after the worker and the app).
    const tracing = useResource<TestTracing>(
      'the tracing',
      async () => {
        const exporter = new InMemorySpanExporter();
        return Object.assign(startTracing({ serviceName: 'lending-test', role: 'all', exporter }), { exporter });
      },
      (started) => started.shutdown(),
    );
    const t = useTestApp(backend, { env: { ALLOW_PRIVATE_WEBHOOK_URLS: 'true' }, tracing });
    const partner = usePartner(t);
    useWorker(t, { tracing });
    const receiver = useReceiver();

    const spans = () => tracing.exporter.getFinishedSpans();

    it('makes each request a server span named by its route pattern, with its request id, and its statements under it', async () => {
      expect(t.app.hasPlugin('@fastify/otel')).toBe(true);
      const customerId = await createCustomer(partner);
      const res = await partner.get(`/customers/${customerId}/?probe=personal-data`, { 'x-request-id': `trace-${backend}-1` });
      expect(res.statusCode).toBe(200);

      const route = `${BASE}/customers/:customer_id/`;
      const server = await eventually(async () => spans().find((s) => s.attributes['lending.request_id'] === `trace-${backend}-1`), 5000, 'the request span');
      expect(server.kind).toBe(SpanKind.SERVER);
      expect(server.name).toBe(`GET ${route}`);
      expect(server.attributes['http.route']).toBe(route);
      expect(server.attributes['http.request.method']).toBe('GET');
      expect(server.attributes['http.response.status_code']).toBe(200);
      // The path is kept, its query string (which may hold personal data) is not.
      expect(server.attributes['url.path']).toBe(`${BASE}/customers/${customerId}/`);
      expect(JSON.stringify(server.attributes)).not.toContain('personal-data');
      expect(server.resource.attributes['service.name']).toBe('lending-test');

      const statements = spans().filter((s) => isStatement(s) && traceId(s) === traceId(server));
      expect(statements.length).toBeGreaterThan(0);
      for (const statement of statements) {
        expect(descendsFrom(statement, server, spans()), statement.name).toBe(true);
        expect(statement.attributes['db.system.name']).toBe('postgresql');
        expect(statement.attributes['db.operation.name']).toBe(statement.name);
      }
      // The customer is read by its id: the statement's text is there, the id (a parameter) is not.
      const read = statements.find((s) => /\bFROM customers\b/.test(String(s.attributes['db.query.text'])));
      expect(read, statements.map((s) => s.attributes['db.query.text']).join('\n')).toBeDefined();
      expect(read?.name).toBe('SELECT');
      expect(JSON.stringify(statements.map((s) => s.attributes))).not.toContain(customerId);
    });

    it('puts the statements of a transaction under its span', async () => {
      const customerId = await createCustomer(partner);
      const res = await partner.request('PUT', `/customers/${customerId}/`, customerBody(), { 'x-request-id': `trace-${backend}-2` });
      expect(res.statusCode).toBe(200);
      const server = await eventually(async () => spans().find((s) => s.attributes['lending.request_id'] === `trace-${backend}-2`), 5000, 'the request span');
      expect(server.name).toBe(`PUT ${BASE}/customers/:customer_id/`);
      const transaction = spans().find((s) => s.name === 'transaction' && traceId(s) === traceId(server));
      expect(transaction).toBeDefined();
      expect(descendsFrom(transaction as ReadableSpan, server, spans())).toBe(true);
      const inside = spans().filter((s) => isStatement(s) && s.parentSpanContext?.spanId === spanId(transaction as ReadableSpan));
      expect(inside.map((s) => s.name)).toContain('UPDATE');
    });

    it('makes each webhook job a span, with its statements and a client span to the receiver under it', async () => {
      const url = `${receiver.url}?key=receiver-secret`;
      expect((await partner.request('PUT', '/webhooks/configuration/', { data: { url } })).statusCode).toBe(200);
      expect((await partner.post('/webhooks/subscriptions/', { data: { webhook_event_types: ['customer_funded'] } })).statusCode).toBe(200);
      const sent = await partner.post('/sandbox/webhooks/test', { data: { webhook_event_type: 'customer_funded' } });
      expect(sent.statusCode, sent.body).toBe(202);
      const eventId = sent.json().data.event_id as string;
      const [delivery] = await receiver.waitFor((received) => received.some((d) => d.eventId === eventId));

      const job = await eventually(
        async () => spans().find((s) => s.name === 'process webhook-delivery' && s.attributes['lending.event_id'] === eventId),
        10_000,
        'the job span',
      );
      expect(job.kind).toBe(SpanKind.CONSUMER);
      expect(job.parentSpanContext).toBeUndefined();
      expect(job.attributes['messaging.destination.name']).toBe('webhook-delivery');
      expect(typeof job.attributes['messaging.message.id']).toBe('string');

      const call = spans().find(
        (s) => s.kind === SpanKind.CLIENT && s.parentSpanContext?.spanId === spanId(job) && s.attributes['http.request.method'] === 'POST',
      );
      expect(call, 'the webhook call span').toBeDefined();
      expect(call?.attributes['server.port']).toBe(receiver.port);
      expect(call?.attributes['http.response.status_code']).toBe(200);
      // The receiver's secret in the URL's query stays out of the trace.
      expect(JSON.stringify(call?.attributes)).not.toContain('receiver-secret');
      // The receiver can join the trace.
      expect(delivery.headers.traceparent).toContain(traceId(job));

      const statements = spans().filter((s) => isStatement(s) && traceId(s) === traceId(job));
      expect(statements.map((s) => s.attributes['db.query.text']).join('\n')).toMatch(/webhook_deliveries/);
    });

    it("leaves out the request log's batched write, made after the request it records has answered", async () => {
      await t.app.requestLog.flush();
      const res = await partner.get('/authentication_check/', { 'x-request-id': `trace-${backend}-3` });
      expect(res.statusCode).toBe(200);
      // Written by the recorder's own timer, as in production.
      const logged = async () =>
        (await t.testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM request_log WHERE request_id = $1', [`trace-${backend}-3`])).rows[0].n === 1;
      await eventually(logged, 10_000, 'the request log entry');
      const server = spans().find((s) => s.attributes['lending.request_id'] === `trace-${backend}-3`);
      expect(server).toBeDefined();
      const texts = spans().map((s) => String(s.attributes['db.query.text'] ?? ''));
      expect(texts.filter((text) => text.includes('INSERT INTO request_log'))).toEqual([]);
    });

    it('does not trace the health routes', async () => {
      const before = spans().length;
      expect((await t.app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
      expect(
        spans()
          .slice(before)
          .filter((s) => String(s.attributes['url.path'] ?? '').startsWith('/health')),
      ).toEqual([]);
    });
  });
}
