/**
 * Transactions on the PostgreSQL pool while its connections are pipelining other queries.
 *
 * postgres.js 3.4.9 sends a transaction's BEGIN behind the queries already waiting on a busy
 * connection. When that connection's pipeline was full (or its socket buffer was), the released
 * driver skipped reserving the connection for the transaction: the BEGIN failed with
 * UNSAFE_TRANSACTION and left the server-side transaction open on a pooled connection, where
 * other requests' statements then ran inside it. The project applies the upstream fix with
 * patch-package (patches/, docs/decisions.md); these tests fail without it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../../src/store/db.ts';
import { openPostgres } from '../../src/store/postgres-db.ts';
import { describeOnPostgres } from '../helpers/db.ts';

describeOnPostgres('transactions among pipelined queries on PostgreSQL', (connectionString) => {
  let db: Db;

  beforeAll(async () => {
    // Two connections, so a burst of a few hundred queries fills both pipelines.
    db = openPostgres({ connectionString, max: 2 });
    await Promise.all([db.query('SELECT pg_sleep(0.05)'), db.query('SELECT pg_sleep(0.05)')]);
  });
  afterAll(async () => db?.close());

  /**
   * Sends `burst` single queries without waiting and, once the driver has put them all on the
   * connections, a transaction; waits for all of them.
   */
  async function burstThenTransaction(burst: number) {
    const singles = Array.from({ length: burst }, (_, i) => db.query<{ n: number }>('SELECT $1::int AS n', [i]));
    await new Promise((resolve) => setImmediate(resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.query('SELECT pg_current_xact_id()');
      return (await tx.query<{ n: number }>('SELECT 1 AS n')).rows[0].n;
    });
    return Promise.allSettled([...singles, transaction]);
  }

  it('runs every transaction, wherever in a full pipeline its BEGIN lands', async () => {
    const failures: string[] = [];
    // Bursts on both sides of the pipeline's depth (100 per connection in postgres.js).
    for (let burst = 150; burst <= 260; burst++) {
      const settled = await burstThenTransaction(burst);
      for (const outcome of settled) {
        if (outcome.status === 'rejected') failures.push(`burst ${burst}: ${(outcome.reason as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('leaves no pooled connection inside a transaction afterwards', async () => {
    const inside: number[] = [];
    for (let burst = 190; burst <= 210; burst++) {
      await burstThenTransaction(burst);
      // Outside a transaction now() is each statement's own start; inside one it is the BEGIN's.
      const checks = await Promise.all(Array.from({ length: 6 }, () => db.query<{ outside: boolean }>('SELECT now() = statement_timestamp() AS outside')));
      if (checks.some((c) => !c.rows[0].outside)) inside.push(burst);
    }
    expect(inside).toEqual([]);
  });
});
