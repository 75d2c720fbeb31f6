import type { Writable } from 'node:stream';
import postgres from 'postgres';
import type { Db, Queryable, QueryResult, Transaction } from './db.ts';
import { InFlight, TYPE_PARSERS } from './db.ts';

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
  // code that goes on after a failure runs the failing part in a nested transaction (a savepoint).
  const inTransaction = (tx: postgres.TransactionSql): Transaction => ({
    query: run(tx).query,
    transaction: (work) => tx.savepoint((sp) => work(inTransaction(sp))) as Promise<Awaited<ReturnType<typeof work>>>,
    copyFromStdin: (statement, source) => copyFromStdin(tx, statement, source),
  });
  const max = options.max ?? 10;
  const inFlight = new InFlight();
  const counted = <T>(work: () => Promise<T>): Promise<T> => inFlight.run(work);
  const top = run(sql);
  return {
    kind: 'postgres',
    query: (text, params) => counted(() => top.query(text, params)),
    transaction: (work) => counted(() => sql.begin((tx) => work(inTransaction(tx))) as Promise<Awaited<ReturnType<typeof work>>>),
    poolUse: () => ({ max, inFlight: inFlight.count }),
    async listen(channel, onNotify) {
      // postgres.js listens on a connection of its own, and listens again after a reconnect.
      const { unlisten } = await sql.listen(channel, (payload) => onNotify(payload ?? ''));
      return () => unlisten();
    },
    close: () => sql.end({ timeout: 5 }),
  };
}

/** Writes one piece to a COPY stream and waits until the socket has taken it (or the stream failed). */
function writePiece(stream: Writable, piece: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.write(piece, (error) => (error ? reject(error) : resolve()));
  });
}

/**
 * COPY … FROM STDIN on a transaction's connection. postgres.js wraps each piece in one CopyData
 * message (one copy of the bytes, where a bytea parameter cost four: text encoding and three
 * buffers). Each piece is written once the last has gone, so memory holds one piece at a time.
 *
 * The end is confirmed by a statement sent after the COPY rather than by the stream's 'finish':
 * postgres.js never finishes a COPY stream whose server-side error (a constraint checked at the
 * end, a lost connection) arrives after the data was all sent, while a statement behind the COPY
 * always answers, with "current transaction is aborted" if the COPY failed.
 */
async function copyFromStdin(tx: postgres.TransactionSql, statement: string, source: AsyncIterable<Uint8Array>): Promise<void> {
  const stream = (await tx.unsafe(statement).writable()) as Writable;
  // A failed stream is reported by the write that meets it, or rethrown below: not as an event.
  stream.on('error', () => {});
  try {
    for await (const piece of source) await writePiece(stream, piece);
  } catch (error) {
    stream.destroy(error instanceof Error ? error : new Error(String(error))); // CopyFail: the server aborts the COPY
    throw error;
  }
  // Nothing is waiting to be written, so end() sends CopyDone at once, before the next statement.
  stream.end();
  await tx.unsafe('SELECT 1');
}
