import type { Db as BossDb } from 'pg-boss';
import type { Queryable } from './db.ts';

/**
 * One of our transactions as pg-boss's database: pg-boss writes its jobs (and completes them) with
 * its own statements inside it, so they commit or roll back with our rows.
 */
export function bossDb(tx: Queryable): BossDb {
  return { executeSql: async (text, values) => tx.query(text, values ?? []) };
}
