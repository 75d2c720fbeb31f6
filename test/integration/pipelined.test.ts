/**
 * `pipelined` (src/store/db.ts): statements of one transaction sent together run in the order
 * given, each answer comes back in its place, and when one fails the transaction keeps none of
 * them, those sent before it or after it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, useTestDb } from '../helpers/db.ts';
import { pipelined } from '../../src/store/db.ts';

describe.each(BACKENDS)('pipelined statements on %s', (backend) => {
  const t = useTestDb(backend);

  beforeAll(async () => {
    await t.db.query('CREATE TABLE pipeline_probe (label text PRIMARY KEY, n integer NOT NULL)');
  });

  const labelled = async (label: string) => (await t.db.query<{ n: number }>('SELECT n FROM pipeline_probe WHERE label = $1', [label])).rows.map((r) => r.n);

  it('runs the statements in the order given and answers each one', async () => {
    const [, , read] = await t.db.transaction((tx) =>
      pipelined([
        tx.query(`INSERT INTO pipeline_probe (label, n) VALUES ('ordered', 1)`),
        tx.query(`UPDATE pipeline_probe SET n = n * 10 + 2 WHERE label = 'ordered'`),
        tx.query<{ n: number }>(`SELECT n FROM pipeline_probe WHERE label = 'ordered'`),
      ]),
    );
    expect(read.rows).toEqual([{ n: 12 }]);
    expect(await labelled('ordered')).toEqual([12]);
  });

  it('rethrows the first failure after every statement answered, and the rollback leaves nothing', async () => {
    const failed = t.db.transaction((tx) =>
      pipelined([
        tx.query(`INSERT INTO pipeline_probe (label, n) VALUES ('before', 1)`),
        tx.query(`INSERT INTO pipeline_probe (label, n) VALUES ('broken', NULL)`),
        tx.query(`INSERT INTO pipeline_probe (label, n) VALUES ('after', 3)`),
      ]),
    );
    await expect(failed).rejects.toMatchObject({ code: '23502' }); // not null violation
    expect([...(await labelled('before')), ...(await labelled('broken')), ...(await labelled('after'))]).toEqual([]);
    // The connection is usable and the table unchanged by the failed transaction.
    await t.db.query(`INSERT INTO pipeline_probe (label, n) VALUES ('after', 4)`);
    expect(await labelled('after')).toEqual([4]);
  });
});
