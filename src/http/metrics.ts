import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from '@prometheus-io/client';
import type { Db } from '../services/context.ts';
import { sendErrors } from './errors.ts';
import { DELIVERY_WINDOW_SECONDS, operationsSnapshot } from '../services/operations.ts';

export interface MetricsOptions {
  /** The bearer token a scrape must carry. */
  token: string;
  db: Db;
  /** The schema of the durable queue's tables. */
  queueSchema: string;
  now: () => Date;
}

/** The route label of a request that matched no route: never its raw path (ids would explode the series). */
const UNMATCHED = 'unmatched';

function sameToken(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * `GET /metrics` in the Prometheus text format (docs/behaviour.md, section 25), behind
 * METRICS_TOKEN: requests by route pattern and status, database pool use, the queues' backlog and
 * oldest job, recent webhook deliveries by outcome, the outbox backlog, and Node's process metrics.
 * Installed on the root instance before the APIs, so its hook sees every request.
 */
export function installMetrics(app: FastifyInstance, options: MetricsOptions): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern and status.',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern and status.',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? UNMATCHED, status: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  const poolMax = new Gauge({ name: 'lending_db_pool_max_connections', help: 'Connections the database pool may open.', registers: [registry] });
  const poolInFlight = new Gauge({
    name: 'lending_db_pool_in_flight',
    help: 'Database statements and transactions running now on the pool.',
    registers: [registry],
  });
  const queueWaiting = new Gauge({
    name: 'lending_queue_waiting_jobs',
    help: 'Jobs waiting in each durable queue (due or scheduled).',
    labelNames: ['queue'],
    registers: [registry],
  });
  const queueActive = new Gauge({
    name: 'lending_queue_active_jobs',
    help: 'Jobs a worker is running now, per queue.',
    labelNames: ['queue'],
    registers: [registry],
  });
  const queueOldest = new Gauge({
    name: 'lending_queue_oldest_job_age_seconds',
    help: 'How long the oldest due job of each queue has waited (0 when none waits).',
    labelNames: ['queue'],
    registers: [registry],
  });
  const outboxWaiting = new Gauge({
    name: 'lending_outbox_waiting_events',
    help: 'Events recorded but not yet handed to the delivery queue.',
    registers: [registry],
  });
  const outboxOldest = new Gauge({
    name: 'lending_outbox_oldest_event_age_seconds',
    help: 'Age of the oldest event waiting in the outbox (0 when none).',
    registers: [registry],
  });
  const deliveries = new Gauge({
    name: 'lending_webhook_deliveries_recent',
    help: `Webhook attempts in the last ${DELIVERY_WINDOW_SECONDS} seconds, by outcome (succeeded, failed_retrying, failed_final), read from the delivery log so every node reports all workers' attempts.`,
    labelNames: ['outcome'],
    registers: [registry],
  });
  const scrapeFailed = new Gauge({
    name: 'lending_metrics_database_read_failed',
    help: '1 when the last scrape could not read the database figures.',
    registers: [registry],
  });

  const readDatabase = async () => {
    const use = options.db.poolUse?.();
    if (use) {
      poolMax.set(use.max);
      poolInFlight.set(use.inFlight);
    }
    try {
      const snapshot = await operationsSnapshot(options.db, options.queueSchema, options.now());
      for (const gauge of [queueWaiting, queueActive, queueOldest, deliveries]) gauge.reset();
      for (const q of snapshot.queues ?? []) {
        queueWaiting.set({ queue: q.queue }, q.waiting);
        queueActive.set({ queue: q.queue }, q.active);
        queueOldest.set({ queue: q.queue }, q.oldest_wait_seconds);
      }
      outboxWaiting.set(snapshot.outbox.waiting);
      outboxOldest.set(snapshot.outbox.oldest_seconds);
      for (const outcome of ['succeeded', 'failed_retrying', 'failed_final']) {
        deliveries.set({ outcome }, snapshot.deliveries.find((d) => d.outcome === outcome)?.attempts ?? 0);
      }
      scrapeFailed.set(0);
    } catch {
      scrapeFailed.set(1);
    }
  };

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const header = request.headers.authorization;
    const given = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : '';
    reply.header('cache-control', 'no-store');
    if (!sameToken(given, options.token)) {
      // Counted with the other failed authentications of this address (429 past the limit).
      await app.authFailed(request);
      reply.header('www-authenticate', 'Bearer');
      return sendErrors(reply, 401, [{ code: 'AuthenticationFailed', detail: 'send the metrics token (METRICS_TOKEN) as a bearer token' }]);
    }
    await readDatabase();
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
