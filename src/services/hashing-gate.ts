/**
 * At most a few password hashes at a time (docs/behaviour.md, section 29): scrypt costs 32 MiB and
 * tens of milliseconds of a core, so a flood of logins would otherwise take every core and the
 * memory with it. The rest wait their turn, each a bounded time, in a bounded queue; past either
 * bound they are refused (429), which the sign-in pages show as "try again in a moment".
 * Hand-written because the semaphores on npm (p-limit, async-sema) bound neither the wait nor
 * the queue.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { availableParallelism } from 'node:os';
import { DomainError } from '../domain/errors.ts';

interface Waiter {
  admit(): void;
  timer: NodeJS.Timeout;
}

/**
 * A bounded semaphore. Re-entrant: a task run inside another of the same gate runs at once, so a
 * service can pass a whole sign-in attempt through the gate (its queries too, so that a refused
 * attempt touches nothing) while the hash inside it passes through again.
 */
export class Gate {
  readonly concurrency: number;
  readonly #inside = new AsyncLocalStorage<Gate>();
  readonly maxWaiting: number;
  readonly maxWaitMs: number;
  #running = 0;
  readonly #waiting: Waiter[] = [];

  constructor(limits: { concurrency: number; maxWaiting: number; maxWaitMs: number }) {
    this.concurrency = limits.concurrency;
    this.maxWaiting = limits.maxWaiting;
    this.maxWaitMs = limits.maxWaitMs;
  }

  /** How many tasks run and wait now. */
  get load(): { running: number; waiting: number } {
    return { running: this.#running, waiting: this.#waiting.length };
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#inside.getStore() === this) return task();
    await this.#enter();
    try {
      return await this.#inside.run(this, task);
    } finally {
      this.#leave();
    }
  }

  #enter(): Promise<void> {
    if (this.#running < this.concurrency) {
      this.#running++;
      return Promise.resolve();
    }
    if (this.#waiting.length >= this.maxWaiting) return Promise.reject(busy());
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        admit: () => {
          clearTimeout(waiter.timer);
          resolve();
        },
        timer: setTimeout(() => {
          this.#waiting.splice(this.#waiting.indexOf(waiter), 1);
          reject(busy());
        }, this.maxWaitMs),
      };
      this.#waiting.push(waiter);
    });
  }

  #leave(): void {
    // The place passes to the first waiter, or is freed.
    const next = this.#waiting.shift();
    if (next) next.admit();
    else this.#running--;
  }
}

/**
 * A task the gate refused (its queue full, or its wait too long): a Throttled error (429) that the
 * sign-in forms count against the client's address (section 31), as a failure is.
 */
export class GateBusy extends DomainError {
  constructor() {
    super('Throttled', 'too many sign-ins at once: try again in a moment');
  }
}

function busy(): GateBusy {
  return new GateBusy();
}

/**
 * The process's gate for password hashes: one core's worth fewer than the machine has (at least
 * one, at most four), so the event loop keeps a core for everything else. Up to 256 wait, 10 s each:
 * a waiting login costs nothing, while one refused at once is sent again at once by a flood (the
 * benchmark's first runs with 32 waiting for 2 s spent the event loop on answering 429s).
 */
export const passwordHashing = new Gate({
  concurrency: Math.max(1, Math.min(4, availableParallelism() - 1)),
  maxWaiting: 256,
  maxWaitMs: 10_000,
});
