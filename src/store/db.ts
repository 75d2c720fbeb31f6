/**
 * One small database interface over two engines: embedded PGlite (the default) and a real
 * PostgreSQL pool (when DATABASE_URL is set). Every repository runs the same SQL on both.
 */

export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
}

/**
 * What a service runs its statements on: the database, or a transaction it was handed. Its
 * `transaction` is a real transaction on the database and a savepoint inside a transaction, so a
 * service that opens one works the same whether its caller gave it the database or a transaction.
 */
export interface Transactional extends Queryable {
  /**
   * Runs `work` all or nothing: committed (or the savepoint released) when it resolves, rolled back
   * when it throws. Inside a transaction, the rollback is the savepoint's and the transaction goes
   * on (a failed statement outside a savepoint dooms the whole transaction).
   */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
}

/** A transaction's connection. */
export interface Transaction extends Transactional {
  /**
   * PostgreSQL only (null on PGlite, which has no COPY stream): runs `statement`, a
   * `COPY … FROM STDIN`, with `source` as its data, and resolves once the server has taken it all.
   */
  readonly copyFromStdin: ((statement: string, source: AsyncIterable<Uint8Array>) => Promise<void>) | null;
}

export interface Db extends Transactional {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Calls `onNotify` with the payload of every NOTIFY on `channel` (LISTEN on a connection of its own on PostgreSQL,
   * which listens again after a reconnect; PGlite's listener in the embedded engine); resolves with the function
   * that stops listening.
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /**
   * How much of the pool is in use, for the metrics: `max` connections it may open, and `inFlight`
   * statements and transactions running now (several statements may share a connection).
   */
  poolUse?(): { max: number; inFlight: number };
}

/**
 * Statements of one transaction sent together instead of one round trip each: postgres.js pipelines
 * them on the transaction's connection and PGlite queues them, and both run them in the order
 * given. Every one has answered before the first failure is rethrown: nothing of the batch is
 * still in flight when the caller goes on to its rollback.
 */
export async function pipelined<T extends readonly unknown[]>(statements: readonly [...T]): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled = await Promise.allSettled(statements);
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as { -readonly [K in keyof T]: Awaited<T[K]> };
}

/** PostgreSQL error codes the repositories turn into domain answers. */
export const PG_UNIQUE_VIOLATION = '23505';

/**
 * A data exception (SQLSTATE class 22: text PostgreSQL cannot store, a value out of range): the
 * same data fails the same way on every retry.
 */
export function isDataException(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.length === 5 && code.startsWith('22');
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string; message?: string } | null;
  if (!e || e.code !== PG_UNIQUE_VIOLATION) return false;
  if (!constraint) return true;
  // pg reports the constraint name as a field; PGlite only in the message.
  return e.constraint === constraint || (e.message ?? '').includes(`"${constraint}"`);
}

/**
 * An int8 as a number. Pence, counts and sequence numbers fit easily; a value beyond 2^53 - 1 would
 * come back rounded, so it is refused instead (the query fails) rather than read wrong.
 */
export function parseInt8(value: string): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number)) throw new RangeError(`int8 ${value} is beyond the integers a number holds exactly`);
  return number;
}

/** Type parsers shared by both adapters: int8 as a safe integer, dates as strings. */
export const TYPE_PARSERS: Record<number, (value: string) => unknown> = {
  20: parseInt8,
  1082: (value) => value, // date stays 'YYYY-MM-DD'
  1700: (value) => value, // numeric stays exact text
};

/** Counts the work running at once on a pool (for `Db.poolUse`). */
export class InFlight {
  count = 0;
  async run<T>(work: () => Promise<T>): Promise<T> {
    this.count += 1;
    try {
      return await work();
    } finally {
      this.count -= 1;
    }
  }
}
