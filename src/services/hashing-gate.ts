/**
 * At most a few password hashes at a time (docs/behaviour.md, section 29): scrypt costs 32 MiB and
 * tens of milliseconds of a core, so a flood of logins would otherwise take every core and the
 * memory with it. The rest wait their turn, each a bounded time, in a bounded queue; past either
 * bound they are refused at once (429), which the sign-in pages show as "try again in a moment".
 * Hand-written because the semaphores on npm (p-limit, async-sema) bound neither the wait nor
 * the queue.
 */
import { availableParallelism } from 'node:os';
import { DomainError } from '../domain/errors.ts';

interface Waiter {
  admit(): void;
  timer: NodeJS.Timeout;
}

export class Gate {
  readonly concurrency: number;
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
    await this.#enter();
    try {
      return await task();
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

function busy(): DomainError {
  return new DomainError('Throttled', 'too many sign-ins at once: try again in a moment');
}

/**
 * The process's gate for password hashes: one core's worth fewer than the machine has (at least
 * one, at most four), so the event loop keeps a core for everything else; 32 waiting, 2 s each.
 */
export const passwordHashing = new Gate({
  concurrency: Math.max(1, Math.min(4, availableParallelism() - 1)),
  maxWaiting: 32,
  maxWaitMs: 2000,
});
