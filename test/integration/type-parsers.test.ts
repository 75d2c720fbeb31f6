import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/store/db.ts';
import { openPristinePglite } from '../helpers/db.ts';
import { openPostgres } from '../../src/store/postgres-db.ts';

// Each engine opened directly: the parsers belong to the adapters, not to a migrated schema (PGlite
// from an empty cluster, without initdb's seconds).
const ENGINES: [string, () => Promise<Db>][] = [['pglite', () => openPristinePglite()]];
if (process.env.TEST_DATABASE_URL) {
  const connectionString = process.env.TEST_DATABASE_URL;
  ENGINES.push(['postgres', async () => openPostgres({ connectionString, max: 1 })]);
}

describe.each(ENGINES)('the type parsers on %s', (_name, open) => {
  let db: Db;
  beforeAll(async () => {
    db = await open();
  });
  afterAll(async () => {
    await db.close();
  });

  it('reads int8 as a number, dates and numerics as text', async () => {
    const { rows } = await db.query("SELECT 9007199254740991::int8 AS n, '2026-11-22'::date AS d, 1.50::numeric AS x");
    expect(rows).toEqual([{ n: Number.MAX_SAFE_INTEGER, d: '2026-11-22', x: '1.50' }]);
  });

  it('fails a query whose int8 a number cannot hold exactly, and answers the next one', async () => {
    await expect(db.query('SELECT 9007199254740992::int8 AS n')).rejects.toThrow(/int8 9007199254740992/);
    await expect(db.transaction((tx) => tx.query('SELECT -9007199254740993::int8 AS n'))).rejects.toThrow(RangeError);
    expect((await db.query('SELECT 2::int8 AS n')).rows).toEqual([{ n: 2 }]);
  });
});
