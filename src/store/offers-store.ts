import type { Queryable } from './db.ts';
import type { Tenant } from '../domain/tenant.ts';
import type { DataRequirement } from '../domain/decision-policy.ts';

export type OfferStatus = 'available' | 'selected' | 'funded' | 'expired' | 'revoked';

export interface OfferRow {
  id: string;
  partner_id: string;
  environment: 'sandbox' | 'production';
  customer_id: string;
  application_id: string | null;
  offer_type: 'indicative' | 'confirmed';
  product_type: 'flexi_loan' | 'business_loan';
  max_amount_pence: number;
  monthly_rate_bp: number;
  fee_bp: number;
  duration_days: number;
  is_suggested: boolean;
  status: OfferStatus;
  expires_at: Date;
  data_requirements: DataRequirement[];
  source: 'policy' | 'operator' | 'sandbox' | 'prequalification';
  created_at: Date;
  /** A pre-approval: a confirmed flexi_loan offer of the customer, in no application (section 21). */
  pre_approval: boolean;
}

export interface OfferInsert {
  id: string;
  customerId: string;
  applicationId: string | null;
  offerType: 'indicative' | 'confirmed';
  productType: 'flexi_loan' | 'business_loan';
  maxAmountPence: number;
  monthlyRateBp: number;
  feeBp: number;
  durationDays: number;
  isSuggested: boolean;
  expiresAt: Date;
  source: OfferRow['source'];
  now: Date;
}

export async function insertOffer(db: Queryable, tenant: Tenant, o: OfferInsert): Promise<OfferRow> {
  const { rows } = await db.query<OfferRow>(
    `INSERT INTO offers (id, partner_id, environment, customer_id, application_id, offer_type, product_type,
                         max_amount_pence, monthly_rate_bp, fee_bp, duration_days, is_suggested, expires_at,
                         source, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
     RETURNING *`,
    [
      o.id,
      tenant.partnerId,
      tenant.environment,
      o.customerId,
      o.applicationId,
      o.offerType,
      o.productType,
      o.maxAmountPence,
      o.monthlyRateBp,
      o.feeBp,
      o.durationDays,
      o.isSuggested,
      o.expiresAt,
      o.source,
      o.now,
    ],
  );
  return rows[0];
}

export async function listApplicationOffers(db: Queryable, applicationId: string): Promise<OfferRow[]> {
  const { rows } = await db.query<OfferRow>('SELECT * FROM offers WHERE application_id = $1 ORDER BY created_at, offer_type DESC, duration_days, id', [
    applicationId,
  ]);
  return rows;
}

export async function findOffer(db: Queryable, tenant: Tenant, id: string, forUpdate = false): Promise<OfferRow | null> {
  const { rows } = await db.query<OfferRow>(`SELECT * FROM offers WHERE id = $1 AND partner_id = $2 AND environment = $3${forUpdate ? ' FOR UPDATE' : ''}`, [
    id,
    tenant.partnerId,
    tenant.environment,
  ]);
  return rows[0] ?? null;
}

export async function findOfferAnyTenant(db: Queryable, id: string, forUpdate = false): Promise<OfferRow | null> {
  const { rows } = await db.query<OfferRow>(`SELECT * FROM offers WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0] ?? null;
}

export async function customerHasOffer(db: Queryable, tenant: Tenant, customerId: string, offerId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM offers WHERE id = $1 AND customer_id = $2 AND partner_id = $3 AND environment = $4', [
    offerId,
    customerId,
    tenant.partnerId,
    tenant.environment,
  ]);
  return rows.length > 0;
}

export async function setOfferStatus(db: Queryable, id: string, status: OfferStatus): Promise<void> {
  await db.query('UPDATE offers SET status = $2 WHERE id = $1', [id, status]);
}

/** Puts every selected offer of the application except `keep` back to available. */
export async function unselectOthers(db: Queryable, applicationId: string, keep: string): Promise<void> {
  await db.query(`UPDATE offers SET status = 'available' WHERE application_id = $1 AND id <> $2 AND status = 'selected'`, [applicationId, keep]);
}

/** Revokes the application's open offers; their ids, in the order the application lists its offers. */
export async function revokeApplicationOffers(db: Queryable, applicationId: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `WITH revoked AS (
       UPDATE offers SET status = 'revoked' WHERE application_id = $1 AND status IN ('available', 'selected')
       RETURNING id, created_at, offer_type, duration_days
     )
     SELECT id FROM revoked ORDER BY created_at, offer_type DESC, duration_days, id`,
    [applicationId],
  );
  return rows.map((r) => r.id);
}

/** Indicative offers made before the customer applied are listed with their next application. */
export async function attachIndicativeOffers(db: Queryable, customerId: string, applicationId: string): Promise<void> {
  await db.query(`UPDATE offers SET application_id = $2 WHERE customer_id = $1 AND application_id IS NULL AND offer_type = 'indicative'`, [
    customerId,
    applicationId,
  ]);
}

/**
 * Up to `batch` ids of `offered` applications with a confirmed offer still open past its expiry.
 * Customers on a sandbox test clock are left out: their offers expire when their clock's days are played.
 */
export async function listApplicationsWithExpiredOffers(db: Queryable, now: Date, batch: number): Promise<string[]> {
  const { rows } = await db.query<{ application_id: string }>(
    `SELECT DISTINCT o.application_id FROM offers o JOIN applications a ON a.id = o.application_id
      WHERE a.status = 'offered' AND o.offer_type = 'confirmed' AND o.status IN ('available', 'selected') AND o.expires_at <= $1
        AND NOT EXISTS (SELECT 1 FROM customers c WHERE c.id = a.customer_id AND c.test_clock_id IS NOT NULL)
      LIMIT $2`,
    [now, batch],
  );
  return rows.map((r) => r.application_id);
}
