import type { PgBoss } from 'pg-boss';
import { bossDb } from '../store/boss-db.ts';
import { isDataException, type Db } from '../store/db.ts';
import { claimUnqueuedRows, markRowsQueued, type JobRowTable } from '../store/job-rows-store.ts';
import type { ServiceContext } from '../services/context.ts';
import { giveUpDocument, processDocument } from '../services/document-processing.ts';
import { giveUpPrequalificationFile, processPrequalificationFile } from '../services/prequalification.ts';
import { advanceTestClockDays, endTestClockAdvance } from '../services/test-clock-days.ts';
import { untracedJob, type JobRunner } from '../observability/tracing.ts';

/**
 * Background work whose durable record is a row of ours (a document, a prequalification file):
 * the row is written by the API in its transaction; the dispatcher claims unqueued rows with
 * SKIP LOCKED and turns each into one pg-boss job in the same transaction; a worker runs it.
 */
export interface JobSource {
  queue: string;
  table: JobRowTable;
  handle(ctx: ServiceContext, id: string): Promise<void>;
  /** Settles the row for good when the last retry of `handle` failed, or its data cannot be stored. */
  giveUp(ctx: ServiceContext, id: string, reason?: string): Promise<void>;
  /** The queue's own policy over the sources' default (a long job that beats its heartbeat). */
  queuePolicy?: { expireInSeconds?: number; heartbeatSeconds?: number; retryDelay?: number };
}

/** Retries of a failing background job before its row is settled as failed. */
export const SOURCE_RETRY_LIMIT = 5;

export const JOB_SOURCES: JobSource[] = [
  { queue: 'document-processing', table: 'documents', handle: processDocument, giveUp: giveUpDocument },
  { queue: 'prequalification', table: 'prequalification_files', handle: processPrequalificationFile, giveUp: giveUpPrequalificationFile },
  // An advance may play two years of days: its job keeps a heartbeat instead of a short expiry, so a
  // worker that dies is noticed within seconds and the retry goes on from the last day played.
  {
    queue: 'test-clock-advance',
    table: 'test_clocks',
    handle: advanceTestClockDays,
    giveUp: endTestClockAdvance,
    queuePolicy: { expireInSeconds: 3600, heartbeatSeconds: 10, retryDelay: 1 },
  },
];

/** Why a row whose data the database refuses is settled at once (retrying cannot help). */
export const UNSTORABLE_DATA_REASON = 'the file holds data that cannot be stored (for example a NUL character); please correct it and send it again';

/**
 * Runs one job: a failure is rethrown (pg-boss retries it) until the last retry, which settles the
 * row with a reason; a data exception settles it at once, since every retry would fail the same way.
 */
export async function runSourceJob(
  source: JobSource,
  ctx: ServiceContext,
  id: string,
  retryCount: number,
  onError: (error: unknown, id: string) => void,
): Promise<void> {
  try {
    await source.handle(ctx, id);
  } catch (error) {
    if (isDataException(error)) {
      onError(error, id);
      await source.giveUp(ctx, id, UNSTORABLE_DATA_REASON);
      return;
    }
    if (retryCount < SOURCE_RETRY_LIMIT) throw error;
    onError(error, id);
    await source.giveUp(ctx, id);
  }
}

export async function dispatchSource(db: Db, boss: PgBoss, source: JobSource, batch = 200): Promise<number> {
  return db.transaction(async (tx) => {
    const ids = await claimUnqueuedRows(tx, source.table, batch);
    if (ids.length === 0) return 0;
    await boss.insert(
      source.queue,
      ids.map((id) => ({ data: { id } })),
      { db: bossDb(tx) },
    );
    await markRowsQueued(tx, source.table, ids);
    return ids.length;
  });
}

/** Creates each source's queue and starts its workers; `runJob` runs each job (in a span when tracing is on). */
export async function startSourceWorkers(
  boss: PgBoss,
  ctx: ServiceContext,
  onError: (error: unknown, id: string) => void,
  runJob: JobRunner = untracedJob,
): Promise<void> {
  for (const source of JOB_SOURCES) {
    const options = { notify: true, expireInSeconds: 300, retryLimit: SOURCE_RETRY_LIMIT, retryDelay: 5, ...source.queuePolicy };
    await boss.createQueue(source.queue, options);
    await boss.updateQueue(source.queue, options);
    await boss.work<{ id: string }>(
      source.queue,
      { batchSize: 10, burstWhenBatchFull: true, pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 2 },
      async (jobs) => {
        // Every job of the batch runs to its end before the batch settles; handlers are idempotent,
        // so the retry of a failed batch redoes only what is left.
        const outcomes = await Promise.allSettled(
          jobs.map((job) =>
            runJob(source.queue, { 'messaging.message.id': job.id, 'lending.record_id': job.data.id }, () =>
              runSourceJob(source, ctx, job.data.id, job.retryCount, onError),
            ),
          ),
        );
        const failures = outcomes.flatMap((outcome, i) => (outcome.status === 'rejected' ? [{ error: outcome.reason as unknown, id: jobs[i].data.id }] : []));
        for (const { error, id } of failures) onError(error, id);
        if (failures.length > 0) throw failures[0].error;
      },
    );
  }
}
