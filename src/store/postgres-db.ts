import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Db, Queryable, QueryResult } from './db.ts';
import { TYPE_PARSERS } from './db.ts';

const types = {
  getTypeParser(oid: number, format?: string) {
    return TYPE_PARSERS[oid] ?? pg.types.getTypeParser(oid, format as 'text');
  },
};

/**
 * Every query runs as a named prepared statement: each connection parses and plans a statement
 * once and reuses the plan, which matters on the hot paths.
 */
const statementNames = new Map<string, string>();
function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (!name) {
    name = `s${createHash('sha1').update(sql).digest('hex').slice(0, 16)}`;
    if (statementNames.size < 10_000) statementNames.set(sql, name);
  }
  return name;
}

export interface PostgresOptions {
  connectionString: string;
  /** Search path for every connection (tests use a fresh schema per file). */
  schema?: string;
  max?: number;
}

/** A `pg` connection pool behind the Db interface. */
export function openPostgres(options: PostgresOptions): Db & { pool: pg.Pool } {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    types,
    options: options.schema ? `-c search_path=${options.schema}` : undefined,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const run = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const result = await client.query({ name: statementName(sql), text: sql, values: params as unknown[] });
      return { rows: result.rows as T[], rowCount: result.rowCount ?? result.rows.length };
    },
  });
  return {
    kind: 'postgres',
    pool,
    query: run(pool).query,
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(run(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async listen(channel, onNotify) {
      const client = new pg.Client({ connectionString: options.connectionString });
      client.on('error', () => {});
      client.on('notification', (message) => {
        if (message.channel === channel) onNotify(message.payload ?? '');
      });
      await client.connect();
      await client.query(`LISTEN ${channel}`);
      return async () => {
        await client.end().catch(() => {});
      };
    },
    close: () => pool.end(),
  };
}
