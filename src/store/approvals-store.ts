import type { Queryable } from './db.ts';

/**
 * An approval above the four-eyes threshold, waiting for (or settled by) a second operator. Its
 * `kind` says what it approves and what `subject_id` is (an application, a customer);
 * `terms` is what the kind approves, as the kind stores it.
 */
export interface PendingApprovalRow {
  id: string;
  kind: string;
  subject_id: string;
  /** Set for kinds whose subject is an application. */
  application_id: string | null;
  terms: unknown;
  largest_pence: number;
  /** The maker: an operator, or null for the admin token. */
  requested_by: string | null;
  /** The maker as the audit log names it: the operator's email, or "admin token". */
  requested_by_actor: string;
  requested_at: Date;
  status: 'pending' | 'confirmed' | 'withdrawn';
  settled_by: string | null;
  settled_at: Date | null;
}

/** The approval of `kind` still waiting for confirmation about `subjectId`, if any. */
export async function findPendingApproval(db: Queryable, kind: string, subjectId: string): Promise<PendingApprovalRow | null> {
  const { rows } = await db.query<PendingApprovalRow>(`SELECT * FROM pending_approvals WHERE kind = $1 AND subject_id = $2 AND status = 'pending'`, [
    kind,
    subjectId,
  ]);
  return rows[0] ?? null;
}

export async function findApproval(db: Queryable, id: string): Promise<PendingApprovalRow | null> {
  const { rows } = await db.query<PendingApprovalRow>('SELECT * FROM pending_approvals WHERE id = $1', [id]);
  return rows[0] ?? null;
}

export async function insertPendingApproval(
  tx: Queryable,
  a: {
    id: string;
    kind: string;
    subjectId: string;
    applicationId: string | null;
    terms: unknown;
    largestPence: number;
    requestedBy: string | null;
    requestedByActor: string;
    now: Date;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO pending_approvals (id, kind, subject_id, application_id, terms, largest_pence, requested_by, requested_by_actor, requested_at, status)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'pending')`,
    [a.id, a.kind, a.subjectId, a.applicationId, JSON.stringify(a.terms), a.largestPence, a.requestedBy, a.requestedByActor, a.now],
  );
}

/** Withdraws the waiting approval of `kind` about `subjectId` (a decision was made meanwhile); answers how many. */
export async function withdrawPendingApprovals(tx: Queryable, kind: string, subjectId: string, settledBy: string | null, now: Date): Promise<number> {
  const result = await tx.query(
    `UPDATE pending_approvals SET status = 'withdrawn', settled_by = $3, settled_at = $4 WHERE kind = $1 AND subject_id = $2 AND status = 'pending'`,
    [kind, subjectId, settledBy, now],
  );
  return result.rowCount;
}

/**
 * Settles the approval as confirmed by `operatorId`, only if it is still pending and was made by
 * someone else (the admin token's, requested_by null, by any operator); answers whether it did.
 */
export async function confirmApproval(tx: Queryable, id: string, operatorId: string, now: Date): Promise<boolean> {
  const settled = await tx.query(
    `UPDATE pending_approvals SET status = 'confirmed', settled_by = $2, settled_at = $3
      WHERE id = $1 AND status = 'pending' AND requested_by IS DISTINCT FROM $2`,
    [id, operatorId, now],
  );
  return settled.rowCount > 0;
}
