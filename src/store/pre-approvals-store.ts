import type { OfferTerms } from '../domain/decision-policy.ts';
import type { Tenant } from '../domain/tenant.ts';
import type { Queryable } from './db.ts';
import type { CustomerRow } from './customers-store.ts';
import type { OfferRow } from './offers-store.ts';
import type { PendingApprovalRow } from './approvals-store.ts';
import type { FundingRow } from './fundings-store.ts';

/** A pending approval of a pre-approval (four eyes; kind `pre_approval`): of a customer, with the terms (one offer's) and validity. */
export interface PendingPreApprovalRow extends Omit<PendingApprovalRow, 'application_id'> {
  customer_id: string;
  valid_for_days: number;
}

export async function findCustomerAnyTenant(db: Queryable, id: string, forUpdate = false): Promise<CustomerRow | null> {
  const { rows } = await db.query<CustomerRow>(`SELECT * FROM customers WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0] ?? null;
}

/** Revokes the customer's pre-approvals still open (available, or funded and not yet expired). */
export async function revokePreApprovals(db: Queryable, customerId: string, now: Date): Promise<number> {
  const result = await db.query(
    `UPDATE offers SET status = 'revoked' WHERE customer_id = $1 AND pre_approval AND status IN ('available', 'selected', 'funded') AND expires_at > $2`,
    [customerId, now],
  );
  return result.rowCount;
}

export async function insertPreApproval(
  db: Queryable,
  tenant: Tenant,
  p: { id: string; customerId: string; terms: OfferTerms; expiresAt: Date; source: 'operator' | 'sandbox'; now: Date },
): Promise<OfferRow> {
  const { rows } = await db.query<OfferRow>(
    `INSERT INTO offers (id, partner_id, environment, customer_id, application_id, offer_type, product_type, max_amount_pence, monthly_rate_bp,
                         fee_bp, duration_days, is_suggested, expires_at, source, created_at, pre_approval)
     VALUES ($1, $2, $3, $4, NULL, 'confirmed', 'flexi_loan', $5, $6, $7, $8, true, $9, $10, $11, true) RETURNING *`,
    [
      p.id,
      tenant.partnerId,
      tenant.environment,
      p.customerId,
      p.terms.maxAmountPence,
      p.terms.monthlyRateBp,
      p.terms.feeBp,
      p.terms.durationDays,
      p.expiresAt,
      p.source,
      p.now,
    ],
  );
  return rows[0];
}

/** The customer's latest pre-approval (whatever its status), or null when it never had one. */
export async function latestPreApproval(db: Queryable, customerId: string): Promise<OfferRow | null> {
  const { rows } = await db.query<OfferRow>('SELECT * FROM offers WHERE customer_id = $1 AND pre_approval ORDER BY created_at DESC, id DESC LIMIT 1', [
    customerId,
  ]);
  return rows[0] ?? null;
}

export async function insertPendingPreApproval(
  tx: Queryable,
  a: { id: string; customerId: string; terms: OfferTerms; validForDays: number; requestedBy: string; requestedByActor: string; now: Date },
): Promise<void> {
  await tx.query(
    `INSERT INTO pending_approvals (id, kind, subject_id, customer_id, terms, largest_pence, valid_for_days, requested_by, requested_by_actor, requested_at, status)
     VALUES ($1, 'pre_approval', $2, $2, $3, $4, $5, $6, $7, $8, 'pending')`,
    [a.id, a.customerId, JSON.stringify([a.terms]), a.terms.maxAmountPence, a.validForDays, a.requestedBy, a.requestedByActor, a.now],
  );
}

export async function findPendingPreApproval(db: Queryable, customerId: string): Promise<PendingPreApprovalRow | null> {
  const { rows } = await db.query<PendingPreApprovalRow>(`SELECT * FROM pending_approvals WHERE customer_id = $1 AND status = 'pending'`, [customerId]);
  return rows[0] ?? null;
}

export async function findPreApprovalApproval(db: Queryable, id: string): Promise<PendingPreApprovalRow | null> {
  const { rows } = await db.query<PendingPreApprovalRow>('SELECT * FROM pending_approvals WHERE id = $1 AND customer_id IS NOT NULL', [id]);
  return rows[0] ?? null;
}

/** Withdraws the customer's waiting pre-approval (another was made meanwhile). */
export async function withdrawPendingPreApprovals(tx: Queryable, customerId: string, settledBy: string | null, now: Date): Promise<void> {
  await tx.query(`UPDATE pending_approvals SET status = 'withdrawn', settled_by = $2, settled_at = $3 WHERE customer_id = $1 AND status = 'pending'`, [
    customerId,
    settledBy,
    now,
  ]);
}

/** Every funding of the customer, newest first (the console's customer page). */
export async function listCustomerFundings(db: Queryable, customerId: string): Promise<FundingRow[]> {
  const { rows } = await db.query<FundingRow>(
    `SELECT id, customer_id, application_id, offer_id, amount_pence, fee_pence, drawn_by, created_at,
            funding_account_id, paid_to_sort_code, paid_to_account_ending, paid_to_simulated
       FROM fundings WHERE customer_id = $1 ORDER BY created_at DESC, id`,
    [customerId],
  );
  return rows;
}
