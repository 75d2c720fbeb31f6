import postgres from 'postgres';
import type { Db, Queryable, QueryResult, Transaction } from './db.ts';
import { TYPE_PARSERS } from './db.ts';

/**
 * The project's type parsers (db.ts) as postgres.js custom types. Each also serializes its own
 * parameters as the server expects them (a calendar date as YYYY-MM-DD, an int8 as its digits).
 */
const types = {
  int8AsNumber: { to: 20, from: [20], serialize: (x: unknown) => String(x), parse: TYPE_PARSERS[20] },
  calendarDate: {
    to: 1082,
    from: [1082],
    serialize: (x: unknown) => (x instanceof Date ? x.toISOString().slice(0, 10) : String(x)),
    parse: TYPE_PARSERS[1082],
  },
  // The repositories pass JSON as text (as node-postgres took it); a value that is not yet text is stringified.
  json: {
    to: 3802,
    from: [114, 3802],
    serialize: (x: unknown) => (typeof x === 'string' ? x : JSON.stringify(x)),
    parse: (x: string) => JSON.parse(x) as unknown,
  },
  exactNumeric: { to: 1700, from: [1700], serialize: (x: unknown) => String(x), parse: TYPE_PARSERS[1700] },
};

export interface PostgresOptions {
  connectionString: string;
  /** Search path for every connection (tests use a fresh schema per file). */
  schema?: string;
  max?: number;
}

/**
 * A postgres.js pool behind the Db interface. Every query is a prepared statement: each connection
 * parses and plans a statement once and reuses the plan, and queries from concurrent requests are
 * pipelined on the connections instead of waiting for one to come free.
 */
export function openPostgres(options: PostgresOptions): Db {
  const sql = postgres(options.connectionString, {
    max: options.max ?? 10,
    prepare: true,
    types,
    // As node-postgres did: an undefined parameter is NULL.
    transform: { undefined: null },
    onnotice: () => {},
    connection: options.schema ? { search_path: options.schema } : {},
  });
  const run = (target: postgres.Sql | postgres.TransactionSql): Queryable => ({
    async query<T>(text: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const result = await target.unsafe(text, params as postgres.ParameterOrJSON<never>[], { prepare: true });
      return { rows: result as unknown as T[], rowCount: result.count ?? result.length };
    },
  });
  // postgres.js dooms a transaction (or savepoint) in which any statement failed, caught or not:
  // code that goes on after a failure runs the failing part in a savepoint (Transaction.savepoint).
  const inTransaction = (tx: postgres.TransactionSql): Transaction => ({
    query: run(tx).query,
    savepoint: (work) => tx.savepoint((sp) => work(inTransaction(sp))) as Promise<Awaited<ReturnType<typeof work>>>,
  });
  return {
    kind: 'postgres',
    query: run(sql).query,
    transaction: (work) => sql.begin((tx) => work(inTransaction(tx))) as Promise<Awaited<ReturnType<typeof work>>>,
    async listen(channel, onNotify) {
      // postgres.js listens on a connection of its own, and listens again after a reconnect.
      const { unlisten } = await sql.listen(channel, (payload) => onNotify(payload ?? ''));
      return () => unlisten();
    },
    close: () => sql.end({ timeout: 5 }),
  };
}
