import type { Queryable, Transaction, Transactional } from './db.ts';

/**
 * What measures the database's work when tracing is on (src/observability supplies it): the store
 * knows nothing of the tracing library, and with tracing off nothing here is used.
 */
export interface StatementSpans {
  /** Runs one statement, `sql` being its text alone (never its parameters). */
  statement<T>(sql: string, run: () => Promise<T>): Promise<T>;
  /**
   * Runs one transaction. `bind` makes a callback run in the transaction's span wherever the driver
   * calls it from (postgres.js calls a transaction's body from its connection's events).
   */
  transaction<T>(run: (bind: <A extends unknown[], R>(callback: (...args: A) => R) => (...args: A) => R) => Promise<T>): Promise<T>;
}

function tracedQuery(target: Queryable, spans: StatementSpans): Queryable['query'] {
  return (sql, params) => spans.statement(sql, () => target.query(sql, params));
}

function tracedTransaction(tx: Transaction, spans: StatementSpans): Transaction {
  const copy = tx.copyFromStdin;
  return {
    query: tracedQuery(tx, spans),
    // A savepoint is part of its transaction's span: only its statements get spans of their own.
    transaction: (work) => tx.transaction((inner) => work(tracedTransaction(inner, spans))),
    copyFromStdin: copy ? (statement, source) => spans.statement(statement, () => copy(statement, source)) : null,
  };
}

/**
 * The database with every statement and transaction run through `spans`: the single entry point of
 * both engines (PGlite and postgres.js) is wrapped here, so every repository is traced alike.
 */
export function tracedDb<D extends Transactional>(db: D, spans: StatementSpans): D {
  return {
    ...db,
    query: tracedQuery(db, spans),
    transaction: (work) => spans.transaction((bind) => db.transaction(bind((tx: Transaction) => work(tracedTransaction(tx, spans))))),
  };
}
