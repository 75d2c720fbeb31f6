/**
 * A transaction's `transaction()` is a savepoint (src/store/db.ts): a service handed a
 * transaction opens its own as it would on the database, and when it throws only its part is
 * rolled back, the outer transaction going on to commit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, openTestDb, type TestDb } from '../helpers/db.ts';
import type { Transactional } from '../../src/store/db.ts';

describe.each(BACKENDS)('nested transactions on %s', (backend) => {
  let t: TestDb;

  beforeAll(async () => {
    t = await openTestDb(backend);
    await t.db.query('CREATE TABLE nesting_probe (label text PRIMARY KEY)');
  });
  afterAll(async () => t?.drop());

  const labels = async () => (await t.db.query<{ label: string }>('SELECT label FROM nesting_probe ORDER BY label')).rows.map((r) => r.label);

  /** What a service does: its own all-or-nothing work, on whatever it was given. */
  const service = (db: Transactional, label: string, fail: boolean) =>
    db.transaction(async (tx) => {
      await tx.query('INSERT INTO nesting_probe (label) VALUES ($1)', [label]);
      if (fail) await tx.query('INSERT INTO nesting_probe (label) VALUES ($1)', [label]);
    });

  it('keeps the outer work when a nested one fails, and commits what succeeded', async () => {
    await t.db.transaction(async (tx) => {
      await tx.query(`INSERT INTO nesting_probe (label) VALUES ('outer')`);
      await expect(service(tx, 'failed', true)).rejects.toThrow();
      await service(tx, 'kept', false);
      // A savepoint inside a savepoint rolls back alone too.
      await tx.transaction(async (inner) => {
        await expect(service(inner, 'deeper', true)).rejects.toThrow();
        await service(inner, 'deep', false);
      });
    });
    expect(await labels()).toEqual(['deep', 'kept', 'outer']);
  });

  it('rolls the nested work back with the outer transaction', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await service(tx, 'inside', false);
        throw new Error('the outer work fails');
      }),
    ).rejects.toThrow('the outer work fails');
    expect(await labels()).not.toContain('inside');
  });
});
