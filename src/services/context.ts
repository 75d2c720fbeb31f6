import type { Transactional } from '../store/db.ts';

/** The open database, as what starts the app and the worker holds it (they never see the store). */
export type { Db } from '../store/db.ts';

/** What every service needs: the database and a clock (tests move the clock, never the code). */
export interface ServiceContext {
  /**
   * The database, or the transaction the service was called in (`audited` hands services one):
   * either way its `transaction` nests, as a savepoint inside a transaction.
   */
  db: Transactional;
  now: () => Date;
}
