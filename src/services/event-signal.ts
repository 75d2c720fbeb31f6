import type { Db } from '../store/db.ts';
import { OUTBOX_CHANNEL } from '../store/outbox-store.ts';

/**
 * Wakes long polls of the events API when events commit: the same notification on the outbox
 * channel that wakes the webhook dispatcher (sent by the recording statement, delivered on commit,
 * on every node listening). One LISTEN per process, opened at the first long poll.
 */
export class EventSignal {
  readonly #db: Db;
  readonly #waiters = new Map<() => void, string>();
  #listening: Promise<() => Promise<void>> | null = null;
  #closed = false;

  constructor(db: Db) {
    this.#db = db;
  }

  /** Starts listening (once); later calls return at once. */
  async ready(): Promise<void> {
    if (this.#closed) return;
    if (!this.#listening) {
      this.#listening = this.#db.listen(OUTBOX_CHANNEL, (payload) => this.#fire(payload));
      this.#listening.catch(() => {
        this.#listening = null;
      });
    }
    await this.#listening;
  }

  /**
   * A promise of the tenant's next notification, taken before the caller reads the table so that an event
   * committing between the read and the wait is not missed. Resolves false at `timeoutMs` or when
   * the signal closes.
   */
  next(tenantKey: string, timeoutMs: number): { wait: Promise<boolean>; cancel(): void } {
    let wake!: (woken: boolean) => void;
    const wait = new Promise<boolean>((resolve) => (wake = resolve));
    const waiter = () => finish(true);
    const timer = setTimeout(() => finish(false), Math.max(0, timeoutMs));
    const finish = (woken: boolean) => {
      clearTimeout(timer);
      this.#waiters.delete(waiter);
      wake(woken);
    };
    if (this.#closed) finish(false);
    else this.#waiters.set(waiter, tenantKey);
    return { wait, cancel: () => finish(false) };
  }

  /** Wakes the waits of the tenant named by the payload (every wait for an empty payload). */
  #fire(payload: string): void {
    for (const [waiter, key] of [...this.#waiters]) if (payload === '' || payload === key) waiter();
  }

  /** Ends every wait (they answer with what they have) and stops listening. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const waiter of [...this.#waiters.keys()]) waiter();
    const listening = this.#listening;
    this.#listening = null;
    if (listening) await (await listening.catch(() => async () => {}))();
  }
}
