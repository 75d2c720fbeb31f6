/**
 * Migration 012 on a database that already holds approvals of the console's kind (made before
 * four eyes had kinds and the admin token could be a maker): they become application approvals
 * about their application, their maker named by the operator's email.
 */
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/store/migrate.ts';
import { openPristinePglite } from '../helpers/db.ts';
import { findPendingApproval } from '../../src/store/approvals-store.ts';

const MIGRATIONS = new URL('../../src/store/migrations/', import.meta.url);

describe('migration 012 on approvals made before it (PGlite; the same SQL runs on PostgreSQL)', () => {
  let close: () => Promise<void> = async () => {};
  afterAll(() => close());

  it('keeps every approval, as an application approval with its terms and its maker', async () => {
    const db = await openPristinePglite();
    close = () => db.close();
    // The schema as it stood before 012, applied as migrate() applies it and recorded as applied.
    await db.query('CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    for (const file of (await readdir(MIGRATIONS)).filter((f) => /^\d{3}_.+\.sql$/.test(f) && f < '012').sort()) {
      const sql = await readFile(new URL(file, MIGRATIONS), 'utf8');
      for (const statement of sql
        .replace(/^\s*--.*$/gm, '')
        .split(/;\s*$/m)
        .map((s) => s.trim())
        .filter(Boolean))
        await db.query(statement);
      await db.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
    }
    const operatorId = randomUUID();
    const applicationId = randomUUID();
    const approvalId = randomUUID();
    const offers = [{ productType: 'business_loan', maxAmountPence: 40_000_000, monthlyRateBp: 150, feeBp: 200, durationDays: 365, isSuggested: true }];
    await db.transaction(async (tx) => {
      // Only the approval and its maker matter here: the application's own rows are left out
      // (and so is the foreign key to them, in this throwaway database).
      await tx.query('ALTER TABLE pending_approvals DROP CONSTRAINT pending_approvals_application_id_fkey');
      await tx.query(
        `INSERT INTO operators (id, email, email_key, name, role, password_hash, created_at, updated_at)
         VALUES ($1, 'Uma@Lender.example', 'uma@lender.example', 'Uma', 'underwriter', 'x', now(), now())`,
        [operatorId],
      );
      await tx.query(
        `INSERT INTO pending_approvals (id, application_id, offers, largest_pence, requested_by, requested_at, status)
         VALUES ($1, $2, $3, 40000000, $4, now(), 'pending')`,
        [approvalId, applicationId, JSON.stringify(offers), operatorId],
      );
    });

    expect(await migrate(db)).toContain('012_controls.sql');
    const approval = await findPendingApproval(db, 'application_approval', applicationId);
    expect(approval).toMatchObject({
      id: approvalId,
      kind: 'application_approval',
      subject_id: applicationId,
      application_id: applicationId,
      terms: offers,
      requested_by: operatorId,
      requested_by_actor: 'Uma@Lender.example',
      status: 'pending',
    });
  });
});
