import type { Queryable } from './db.ts';

/** One durable queue's backlog: jobs waiting, and how long the oldest due one has waited. */
export interface QueueBacklogRow {
  queue: string;
  waiting: number;
  active: number;
  oldest_wait_seconds: number;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * The backlog of each pg-boss queue in `schema` (docs/behaviour.md, section 25). A job scheduled
 * for later (a retry on the timetable) waits but is not late: the age counts only jobs already due.
 */
export async function queueBacklog(db: Queryable, schema: string): Promise<QueueBacklogRow[]> {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`not a schema name: ${schema}`);
  const { rows } = await db.query<{ queue: string; waiting: number; active: number; oldest_wait_seconds: string | null }>(
    `SELECT name AS queue,
            count(*) FILTER (WHERE state IN ('created', 'retry'))::int AS waiting,
            count(*) FILTER (WHERE state = 'active')::int AS active,
            extract(epoch FROM now() - min(start_after) FILTER (WHERE state IN ('created', 'retry') AND start_after <= now()))::text AS oldest_wait_seconds
       FROM ${schema}.job
      WHERE state IN ('created', 'retry', 'active')
      GROUP BY name`,
  );
  return rows.map((r) => ({ ...r, oldest_wait_seconds: r.oldest_wait_seconds === null ? 0 : Math.max(0, Number(r.oldest_wait_seconds)) }));
}

/** Events the dispatcher has not yet handed to the queue, and the age of the oldest. */
export async function outboxBacklog(db: Queryable): Promise<{ waiting: number; oldest_seconds: number }> {
  const { rows } = await db.query<{ waiting: number; oldest_seconds: string | null }>(
    `SELECT count(*)::int AS waiting, extract(epoch FROM now() - min(created_at))::text AS oldest_seconds
       FROM outbox_events WHERE dispatched_at IS NULL`,
  );
  return { waiting: rows[0].waiting, oldest_seconds: rows[0].oldest_seconds === null ? 0 : Math.max(0, Number(rows[0].oldest_seconds)) };
}

/** Webhook attempts since `since`, by outcome: succeeded, failed and retried, failed for good. */
export async function recentDeliveries(db: Queryable, since: Date): Promise<{ outcome: string; attempts: number }[]> {
  const { rows } = await db.query<{ outcome: string; attempts: number }>(
    `SELECT CASE WHEN status = 'succeeded' THEN 'succeeded'
                 WHEN next_attempt_at IS NOT NULL THEN 'failed_retrying'
                 ELSE 'failed_final' END AS outcome,
            count(*)::int AS attempts
       FROM webhook_deliveries WHERE attempted_at >= $1
      GROUP BY 1`,
    [since],
  );
  return rows;
}
