import type { Db } from '../store/db.ts';
import { outboxBacklog, queueBacklog, recentDeliveries, type QueueBacklogRow } from '../store/operations-store.ts';

/** The window of the webhook-delivery figures in the metrics. */
export const DELIVERY_WINDOW_SECONDS = 300;

/** What the metrics read from the database at each scrape (docs/behaviour.md, section 25). */
export interface OperationsSnapshot {
  /** Null when the queue's tables are not there yet (no worker has started on this database). */
  queues: QueueBacklogRow[] | null;
  outbox: { waiting: number; oldest_seconds: number };
  deliveries: { outcome: string; attempts: number }[];
}

export async function operationsSnapshot(db: Db, queueSchema: string, now: Date): Promise<OperationsSnapshot> {
  const [queues, outbox, deliveries] = await Promise.all([
    queueBacklog(db, queueSchema).catch(() => null),
    outboxBacklog(db),
    recentDeliveries(db, new Date(now.getTime() - DELIVERY_WINDOW_SECONDS * 1000)),
  ]);
  return { queues, outbox, deliveries };
}
