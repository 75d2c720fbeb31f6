import type { Transactional } from '../store/db.ts';
import type { ClockTime } from '../domain/test-clocks.ts';

/** The open database, as what starts the app and the worker holds it (they never see the store). */
export type { Db } from '../store/db.ts';

/** What every service needs: the database and a clock (tests move the clock, never the code). */
export interface ServiceContext {
  /**
   * The database, or the transaction the service was called in (`audited` hands services one):
   * either way its `transaction` nests, as a savepoint inside a transaction.
   */
  db: Transactional;
  /**
   * The time. For a customer's data it is the customer's (customer-time.ts): the wall clock, or
   * the customer's sandbox test clock (docs/behaviour.md, section 28).
   */
  now: () => Date;
  /**
   * Set once the context is a customer's: the test clock `now` reads, or null for the wall clock.
   * Unset: not yet a customer's context.
   */
  clock?: ClockTime | null;
  /** The wall clock, when `now` is a test clock's: sessions and audit rows keep real time. */
  wallNow?: () => Date;
}

/** The real time, whatever clock the context's `now` reads. */
export function wallNow(ctx: ServiceContext): Date {
  return (ctx.wallNow ?? ctx.now)();
}
