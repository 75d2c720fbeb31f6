import type { Db } from '../store/db.ts';

/** What every service needs: the database and a clock (tests move the clock, never the code). */
export interface ServiceContext {
  db: Db;
  now: () => Date;
}
