import type { OfferTerms } from '../domain/decision-policy.ts';
import type { Queryable } from './db.ts';

/** An approval above the four-eyes threshold, waiting for (or settled by) a second operator. */
export interface PendingApprovalRow {
  id: string;
  application_id: string;
  offers: OfferTerms[];
  largest_pence: number;
  requested_by: string;
  requested_at: Date;
  status: 'pending' | 'confirmed' | 'withdrawn';
  settled_by: string | null;
  settled_at: Date | null;
}

/** The application's approval still waiting for confirmation, if any. */
export async function findPendingApproval(db: Queryable, applicationId: string): Promise<PendingApprovalRow | null> {
  const { rows } = await db.query<PendingApprovalRow>(`SELECT * FROM pending_approvals WHERE application_id = $1 AND status = 'pending'`, [applicationId]);
  return rows[0] ?? null;
}

export async function findApproval(db: Queryable, id: string): Promise<PendingApprovalRow | null> {
  const { rows } = await db.query<PendingApprovalRow>('SELECT * FROM pending_approvals WHERE id = $1', [id]);
  return rows[0] ?? null;
}

export async function insertPendingApproval(
  tx: Queryable,
  a: { id: string; applicationId: string; offers: OfferTerms[]; largestPence: number; requestedBy: string; now: Date },
): Promise<void> {
  await tx.query(
    `INSERT INTO pending_approvals (id, application_id, offers, largest_pence, requested_by, requested_at, status) VALUES ($1, $2, $3, $4, $5, $6, 'pending')`,
    [a.id, a.applicationId, JSON.stringify(a.offers), a.largestPence, a.requestedBy, a.now],
  );
}

/** Withdraws the application's waiting approval (a decision was made meanwhile); answers how many. */
export async function withdrawPendingApprovals(tx: Queryable, applicationId: string, settledBy: string | null, now: Date): Promise<number> {
  const result = await tx.query(
    `UPDATE pending_approvals SET status = 'withdrawn', settled_by = $2, settled_at = $3 WHERE application_id = $1 AND status = 'pending'`,
    [applicationId, settledBy, now],
  );
  return result.rowCount;
}

/**
 * Settles the approval as confirmed by `operatorId`, only if it is still pending and was asked
 * for by someone else; answers whether it did.
 */
export async function confirmApproval(tx: Queryable, id: string, operatorId: string, now: Date): Promise<boolean> {
  const settled = await tx.query(
    `UPDATE pending_approvals SET status = 'confirmed', settled_by = $2, settled_at = $3
      WHERE id = $1 AND status = 'pending' AND requested_by <> $2`,
    [id, operatorId, now],
  );
  return settled.rowCount > 0;
}
