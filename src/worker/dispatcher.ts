import type { PgBoss } from 'pg-boss';
import type { Db } from '../store/db.ts';
import { claimUndispatchedEvents, markEventsDispatched } from '../store/outbox-store.ts';
import { bossDb } from '../store/boss-db.ts';
import { DELIVERY_QUEUE } from './queue.ts';

export interface DeliveryJobData {
  eventId: string;
  /**
   * Position on the retry timetable: 1 for a first delivery or a redelivery, n + 1 for the retry
   * after failed position n. (The number shown in the delivery log counts every attempt made.)
   */
  attempt: number;
}

/**
 * Moves committed events from the outbox into the durable queue: one delivery job per event whose
 * type the tenant subscribes to (or that was explicitly redelivered). Rows are claimed with
 * SKIP LOCKED, and jobs are inserted in the same transaction that marks the rows dispatched, so with
 * several workers every event becomes exactly one job.
 */
export async function dispatchPending(db: Db, boss: PgBoss, batch = 500): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await claimUndispatchedEvents(tx, batch);
    if (rows.length === 0) return 0;
    const jobs = rows.filter((r) => r.deliver).map((r) => ({ data: { eventId: r.id, attempt: 1 } satisfies DeliveryJobData }));
    if (jobs.length > 0) await boss.insert(DELIVERY_QUEUE, jobs, { db: bossDb(tx) });
    await markEventsDispatched(
      tx,
      rows.map((r) => r.id),
    );
    return rows.length;
  });
}

/** Runs the dispatcher whenever woken, never twice at once in this process, until stopped. */
export class DispatchLoop {
  readonly #run: () => Promise<number>;
  readonly #onError: (error: unknown) => void;
  #running = false;
  #again = false;
  #stopped = false;
  #timer: NodeJS.Timeout | null = null;
  #idle: Promise<void> = Promise.resolve();

  constructor(run: () => Promise<number>, onError: (error: unknown) => void, backstopMs = 1000) {
    this.#run = run;
    this.#onError = onError;
    this.#timer = setInterval(() => this.wake(), backstopMs);
    this.#timer.unref();
  }

  wake(): void {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = true;
    this.#idle = this.#loop();
  }

  async #loop(): Promise<void> {
    try {
      do {
        this.#again = false;
        let moved: number;
        do {
          moved = await this.#run();
        } while (moved > 0 && !this.#stopped);
      } while (this.#again && !this.#stopped);
    } catch (error) {
      this.#onError(error);
    } finally {
      this.#running = false;
    }
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearInterval(this.#timer);
    await this.#idle;
  }
}
