/**
 * Migration 021 on customers written before it (docs/behaviour.md, section 27): a UK phone number
 * written "+44 (0)7700 900123" was stored by migration 018's function as p:4407700900123, found by
 * nothing a person types; the migration reads it as 07700900123 and writes the stored keys of
 * those customers again, leaving the others as they were.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../src/store/migrate.ts';
import { createPartner } from '../../src/services/partners.ts';
import { BACKENDS, useTestDb } from '../helpers/db.ts';

const MIGRATIONS = new URL('../../src/store/migrations/', import.meta.url);

describe.each(BACKENDS)('migration 021 on customers stored before it, on %s', (backend) => {
  const testDb = useTestDb(backend);

  it('writes again the phone keys of numbers with "(0)" after +44 or 0044, and only those', async () => {
    const { db } = testDb;
    // The database as it stood before 021: migration 018's function, and the keys it wrote.
    const before = (await readFile(new URL('018_scale.sql', MIGRATIONS), 'utf8'))
      .split('\n')
      .find((line) => line.startsWith('CREATE FUNCTION customer_search_keys'));
    expect(before).toBeDefined();
    await db.query((before as string).replace('CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION').replace(/;$/, ''));
    await db.query("DELETE FROM schema_migrations WHERE name = '021_phone_search.sql'");
    const { partnerId } = await createPartner({ db, now: () => new Date() }, 'Before 021');
    const phones = { trunk: '+44 (0)7700 900123', international: '0044 (0)20 7946 0958', plain: '+44 7700 900456', abroad: '+33 1 23 45 67 89' };
    const ids: Record<string, string> = {};
    for (const [name, number] of Object.entries(phones)) {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO customers (id, partner_id, environment, company, people, external_customer_id, created_at, updated_at)
         VALUES (gen_random_uuid(), $1, 'sandbox', '{}', $2::jsonb, $3, now(), now()) RETURNING id`,
        [partnerId, JSON.stringify([{ emails: [{ email: `${name}@before.example` }], phones: [{ number }] }]), name],
      );
      ids[name] = rows[0].id;
    }
    const keys = async () => {
      const { rows } = await db.query<{ external_customer_id: string; search_keys: string[]; xmin: string }>(
        'SELECT external_customer_id, search_keys, xmin::text AS xmin FROM customers WHERE partner_id = $1',
        [partnerId],
      );
      return Object.fromEntries(rows.map((r) => [r.external_customer_id, { phone: r.search_keys.find((k) => k.startsWith('p:')), version: r.xmin }]));
    };
    const stored = await keys();
    expect(stored.trunk.phone).toBe('p:4407700900123');
    expect(stored.international.phone).toBe('p:002079460958');

    expect(await migrate(db)).toEqual(['021_phone_search.sql']);
    const after = await keys();
    expect(Object.fromEntries(Object.entries(after).map(([name, k]) => [name, k.phone]))).toEqual({
      trunk: 'p:07700900123',
      international: 'p:02079460958',
      plain: 'p:07700900456',
      abroad: 'p:33123456789',
    });
    // Rows whose keys were right are not written again.
    expect(after.plain.version).toBe(stored.plain.version);
    expect(after.abroad.version).toBe(stored.abroad.version);
    expect(after.trunk.version).not.toBe(stored.trunk.version);
  });
});
