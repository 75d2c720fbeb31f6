/**
 * A fresh PostgreSQL database for one benchmark run: `bench_<random>` created next to the database
 * named in the URL (BENCH_DATABASE_URL, or the local default), dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

export interface BenchDatabase {
  name: string;
  /** The server URL with the fresh database in its path. */
  url: string;
  drop(): Promise<void>;
}

export type CreateResult = { ok: true; database: BenchDatabase } | { ok: false; reason: string };

/** The URL with its password hidden, for printing. */
export function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable URL)';
  }
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  client.on('error', () => {});
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

export async function createBenchDatabase(baseUrl: string): Promise<CreateResult> {
  const name = `bench_${randomBytes(6).toString('hex')}`;
  try {
    await withClient(baseUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message || error.name : String(error) };
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    ok: true,
    database: {
      name,
      url: url.toString(),
      async drop() {
        await withClient(baseUrl, async (client) => {
          try {
            await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          } catch {
            // PostgreSQL before 13 has no WITH (FORCE); the server has stopped by now anyway.
            await client.query(`DROP DATABASE IF EXISTS ${name}`);
          }
        });
      },
    },
  };
}
