import { PgBoss, fromPglite } from 'pg-boss';
import type { PGlite } from '@electric-sql/pglite';

export const DELIVERY_QUEUE = 'webhook-delivery';

/** Where the durable queue lives: the same PGlite instance, or the same PostgreSQL database. */
export type QueueBackend = { kind: 'pglite'; pglite: PGlite } | { kind: 'postgres'; connectionString: string; schema?: string; poolSize?: number };

export interface QueueOptions {
  /** The longest one delivery attempt can take; a job active longer is presumed dead and retried. */
  attemptTimeoutMs: number;
  /** How often pg-boss looks for jobs whose worker died (seconds). */
  superviseIntervalSeconds?: number;
}

/** Seconds after which an active delivery job is presumed abandoned (its worker died). */
export function expireSeconds(attemptTimeoutMs: number): number {
  return Math.ceil(attemptTimeoutMs / 1000) * 2 + 5;
}

/**
 * Starts pg-boss (creating or migrating its schema) and the delivery queue. LISTEN/NOTIFY makes a
 * job start within milliseconds; polling is the backstop.
 */
export async function startQueue(backend: QueueBackend, options: QueueOptions): Promise<PgBoss> {
  const supervise = options.superviseIntervalSeconds ?? 5;
  const common = {
    useListenNotify: true,
    superviseIntervalSeconds: supervise,
    // pg-boss looks for expired active jobs (the attempts of a worker that died) only in its monitor
    // step, which runs at most once per monitorIntervalSeconds per queue, across all instances. At
    // pg-boss's 60 s default an abandoned attempt waited a minute beyond its expiry; here it is
    // retried within one supervise interval of expiring.
    monitorIntervalSeconds: supervise,
    schedule: false,
  } as const;
  const boss =
    backend.kind === 'pglite'
      ? new PgBoss({ ...common, backend: 'pglite', db: fromPglite(backend.pglite) })
      : new PgBoss({ ...common, connectionString: backend.connectionString, schema: backend.schema ?? 'pgboss', max: backend.poolSize ?? 10 });
  boss.on('error', () => {
    // pg-boss reports transient maintenance errors here; workers keep running and retry.
  });
  await boss.start();
  const policy = {
    expireInSeconds: expireSeconds(options.attemptTimeoutMs),
    // Retries of a job cover a worker that died mid-attempt; failed HTTP attempts are scheduled
    // by the worker itself on the documented timetable.
    retryLimit: 20,
    retryDelay: 1,
    // Completed jobs are not the record (webhook_deliveries is); keeping them a day keeps the job
    // table, which the monitor step scans for its counts, small.
    deleteAfterSeconds: 86_400,
  };
  await boss.createQueue(DELIVERY_QUEUE, { notify: true, ...policy });
  // createQueue leaves an existing queue as it was: a restart with another WEBHOOK_TIMEOUT_MS must
  // still move the expiry, or jobs of slower attempts would be presumed dead while still running
  // (and attempted twice).
  await boss.updateQueue(DELIVERY_QUEUE, { notify: true, ...policy });
  return boss;
}
