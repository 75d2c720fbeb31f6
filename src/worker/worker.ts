import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db } from '../store/db.ts';
import { OUTBOX_CHANNEL } from '../store/outbox-store.ts';
import type { ServiceContext } from '../services/context.ts';
import { sweepExpiredOffers, sweepInactiveApplications } from '../services/sweeps.ts';
import { sweepEndedSessions } from '../services/web-sessions.ts';
import { sweepPartnerTools } from '../services/partner-tools-sweeps.ts';
import { requeueStalledClocks } from '../services/test-clock-days.ts';
import { DELIVERY_BATCH, deliverEvent, WebhookSender, type DeliverySettings } from './delivery.ts';
import { DispatchLoop, dispatchPending, type DeliveryJobData } from './dispatcher.ts';
import { DELIVERY_QUEUE, startQueue, type QueueBackend } from './queue.ts';
import { dispatchSource, JOB_SOURCES, startSourceWorkers } from './job-sources.ts';
import { untracedJob, type Tracing } from '../observability/tracing.ts';

export interface WorkerDeps {
  config: Pick<Config, 'webhookTimeoutMs' | 'webhookRetryScale' | 'allowPrivateWebhookUrls' | 'production'>;
  db: Db;
  backend: QueueBackend;
  ctx: ServiceContext;
  log: Pick<Logger, 'error' | 'info' | 'warn'>;
  /** How often the offer-expiry and inactivity sweeps run. */
  sweepIntervalMs?: number;
  /** OpenTelemetry tracing: a span for each job, with its statements and webhook call. */
  tracing?: Tracing | null;
}

export interface Worker {
  boss: PgBoss;
  /** Wakes the dispatcher (tests and the in-process API call it after writes). */
  wake(): void;
  stop(): Promise<void>;
}

/**
 * The background worker: the outbox dispatcher, webhook delivery on pg-boss, and the sweeps for
 * offer expiry and inactive applications. Several workers may share one PostgreSQL.
 */
export async function startWorker(workerDeps: WorkerDeps): Promise<Worker> {
  const tracing = workerDeps.tracing ?? null;
  const deps = tracing ? { ...workerDeps, db: tracing.traceDb(workerDeps.db), ctx: { ...workerDeps.ctx, db: tracing.traceDb(workerDeps.ctx.db) } } : workerDeps;
  const runJob = tracing ? tracing.job : untracedJob;
  const settings: DeliverySettings = {
    timeoutMs: deps.config.webhookTimeoutMs,
    retryScale: deps.config.webhookRetryScale,
    allowPrivate: deps.config.allowPrivateWebhookUrls,
    requireHttps: deps.config.production,
  };
  const boss = await startQueue(deps.backend, { attemptTimeoutMs: settings.timeoutMs });
  const sender = new WebhookSender(settings);

  await boss.work<DeliveryJobData>(
    DELIVERY_QUEUE,
    // With LISTEN/NOTIFY new jobs start at once; the short backstop poll picks up retries whose
    // start time has come (a notification fires when a job is inserted, not when it becomes due).
    { batchSize: DELIVERY_BATCH, burstWhenBatchFull: true, localConcurrency: 2, pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 0.5 },
    async (jobs) => {
      // Every attempt of the batch runs to its end before the batch settles. (Rejecting at the
      // first failure would let pg-boss fail, and so retry, jobs whose attempts are still in
      // flight: the same attempt sent twice, and two retry chains for one event.)
      const outcomes = await Promise.allSettled(
        jobs.map((job) =>
          runJob(DELIVERY_QUEUE, { 'messaging.message.id': job.id, 'lending.event_id': job.data.eventId }, () =>
            deliverEvent(deps.db, boss, sender, settings, job),
          ),
        ),
      );
      const failures = outcomes.flatMap((outcome, i) => (outcome.status === 'rejected' ? [{ error: outcome.reason as unknown, job: jobs[i] }] : []));
      for (const { error, job } of failures) {
        // pg-boss fails (and retries) only jobs still active: those whose attempt was not recorded.
        deps.log.error({ err: error, event_id: job.data.eventId }, 'webhook delivery could not be recorded; the job is retried');
      }
      if (failures.length > 0) throw failures[0].error;
    },
  );

  await startSourceWorkers(boss, deps.ctx, (error, id) => deps.log.error({ err: error, id }, 'background job failed; pg-boss retries it'), runJob);

  // The dispatcher inserts jobs inside its own transaction. pg-boss looks up a queue missing from
  // its cache (createQueue and updateQueue evict it) with a query on its own connection, outside
  // that transaction; on PGlite, one connection, that query waits for the transaction, which waits
  // for it: a deadlock of the whole database. So every queue the dispatcher writes to is cached
  // before the dispatcher can first run (it only runs from here on).
  for (const queue of [DELIVERY_QUEUE, ...JOB_SOURCES.map((source) => source.queue)]) {
    await boss.findJobs(queue, { id: '00000000-0000-0000-0000-000000000000' });
  }
  const loop = new DispatchLoop(
    async () => {
      let moved = await dispatchPending(deps.db, boss);
      for (const source of JOB_SOURCES) moved += await dispatchSource(deps.db, boss, source);
      return moved;
    },
    (error) => deps.log.error({ err: error }, 'outbox dispatch failed; retrying on the next wake'),
  );
  // Committed events wake the dispatcher at once (the database's LISTEN listens again after a reconnect).
  const unlisten = await deps.db.listen(OUTBOX_CHANNEL, () => loop.wake());

  const sweep = async () => {
    try {
      await sweepExpiredOffers(deps.ctx);
      await sweepInactiveApplications(deps.ctx);
      await sweepEndedSessions(deps.ctx);
      await sweepPartnerTools(deps.ctx);
      await requeueStalledClocks(deps.ctx);
    } catch (error) {
      deps.log.error({ err: error }, 'sweep failed; it runs again on the next interval');
    }
  };
  const sweeper = setInterval(() => void sweep(), deps.sweepIntervalMs ?? 60_000);
  sweeper.unref();
  loop.wake();

  return {
    boss,
    wake: () => loop.wake(),
    async stop() {
      clearInterval(sweeper);
      // A listening connection already lost has nothing to stop.
      await unlisten().catch(() => {});
      await loop.stop();
      await boss.stop({ graceful: true, timeout: deps.config.webhookTimeoutMs + 1000 });
      await sender.close();
    },
  };
}
