import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Db, Queryable, QueryResult, Transaction } from './db.ts';
import { InFlight, TYPE_PARSERS } from './db.ts';

function wrap(target: Pick<PGlite, 'query'>): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const result = await target.query<T>(sql, params as unknown[]);
      // PGlite reports affectedRows 0 for a SELECT; the rows returned count then.
      return { rows: result.rows, rowCount: Math.max(result.rows.length, result.affectedRows ?? 0) };
    },
  };
}

let savepoints = 0;

/** A PGlite transaction, whose nested transactions are savepoints in plain SQL. */
function wrapTransaction(tx: Pick<PGlite, 'query'>): Transaction {
  const base = wrap(tx);
  return {
    query: base.query,
    async transaction(work) {
      const name = `sp_${++savepoints}`;
      await tx.query(`SAVEPOINT ${name}`);
      try {
        const result = await work(wrapTransaction(tx));
        await tx.query(`RELEASE SAVEPOINT ${name}`);
        return result;
      } catch (error) {
        await tx.query(`ROLLBACK TO SAVEPOINT ${name}`);
        throw error;
      }
    },
    copyFromStdin: null,
  };
}

/**
 * Embedded PostgreSQL in `dataDir` (persistent), or in memory when `dataDir` is undefined;
 * `loadDataDir`, a data directory dumped by PGlite's `dumpDataDir`, starts it from that copy
 * instead of an empty cluster (tests start each database from one migrated copy).
 */
export async function openPglite(dataDir?: string, options: { loadDataDir?: Blob } = {}): Promise<Db & { pglite: PGlite }> {
  // One options object: PGlite reads a first argument that is not a string as the options, so
  // `new PGlite(undefined, options)` (in memory) would drop the parsers.
  // pg_trgm (bundled with PGlite) serves the customer search's trigram index (migration 018).
  const pglite = new PGlite({
    dataDir,
    parsers: TYPE_PARSERS,
    extensions: { pg_trgm },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  await pglite.waitReady;
  const base = wrap(pglite);
  const inFlight = new InFlight();
  const counted = <T>(work: () => Promise<T>): Promise<T> => inFlight.run(work);
  return {
    kind: 'pglite',
    pglite,
    query: (sql, params) => counted(() => base.query(sql, params)),
    transaction: (work) => counted(() => pglite.transaction((tx) => work(wrapTransaction(tx)))),
    // One connection: the embedded engine runs one statement at a time.
    poolUse: () => ({ max: 1, inFlight: inFlight.count }),
    listen: (channel, onNotify) => pglite.listen(channel, onNotify),
    close: () => pglite.close(),
  };
}
