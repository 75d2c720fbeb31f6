/**
 * What the dashboard's customer page reads of one customer of a tenant (docs/behaviour.md, section
 * 24): its applications a page at a time (applications_customer), the offers of those applications,
 * its pre-approvals, and the fundings behind its loans. Every read is confined to the tenant.
 */
import type { ApplicationStatus } from '../domain/application-status.ts';
import type { Tenant } from '../domain/tenant.ts';
import type { Queryable } from './db.ts';
import type { FundingRow } from './fundings-store.ts';
import { selectPage, type Keyset, type KeysetWindow, type PageWindow } from './keyset.ts';
import type { OfferRow } from './offers-store.ts';

/** A customer's applications, newest first. */
export const CUSTOMER_APPLICATIONS_KEYSET: Keyset = {
  columns: [
    { expr: 'created_at', type: 'timestamptz' },
    { expr: 'id', type: 'uuid' },
  ],
  order: 'desc',
};

export interface CustomerApplicationRow {
  id: string;
  status: ApplicationStatus;
  amount_pence: number;
  created_at: Date;
  status_changed_at: Date;
}

/** One page of the customer's applications, newest first. */
export async function listCustomerApplications(
  db: Queryable,
  tenant: Tenant,
  customerId: string,
  window: PageWindow,
): Promise<KeysetWindow<CustomerApplicationRow>> {
  return selectPage(db, CUSTOMER_APPLICATIONS_KEYSET, window, {
    select: 'id, status, amount_pence, created_at, status_changed_at',
    from: 'applications',
    where: ['customer_id = $1', 'partner_id = $2', 'environment = $3'],
    params: [customerId, tenant.partnerId, tenant.environment],
  });
}

/** The offers of the applications named (a page's), each application's in the order they were made. */
export async function listOffersOfApplications(db: Queryable, tenant: Tenant, applicationIds: readonly string[]): Promise<OfferRow[]> {
  if (applicationIds.length === 0) return [];
  const { rows } = await db.query<OfferRow>(
    `SELECT * FROM offers WHERE application_id = ANY($1::uuid[]) AND partner_id = $2 AND environment = $3
      ORDER BY application_id, created_at, offer_type DESC, duration_days, id`,
    [applicationIds, tenant.partnerId, tenant.environment],
  );
  return rows;
}

/** The customer's latest pre-approvals (offers in no application, section 21), newest first. */
export async function listCustomerPreApprovals(db: Queryable, tenant: Tenant, customerId: string, limit: number): Promise<OfferRow[]> {
  const { rows } = await db.query<OfferRow>(
    `SELECT * FROM offers WHERE customer_id = $1 AND pre_approval AND partner_id = $2 AND environment = $3
      ORDER BY created_at DESC, id DESC LIMIT $4`,
    [customerId, tenant.partnerId, tenant.environment, limit],
  );
  return rows;
}

export type FundingFacts = Pick<FundingRow, 'id' | 'fee_pence' | 'drawn_by'>;

/** The fee and channel of the fundings named (a page of loans: a loan's id is its funding's). */
export async function fundingFactsOf(db: Queryable, tenant: Tenant, fundingIds: readonly string[]): Promise<FundingFacts[]> {
  if (fundingIds.length === 0) return [];
  const { rows } = await db.query<FundingFacts>(
    'SELECT id, fee_pence, drawn_by FROM fundings WHERE id = ANY($1::uuid[]) AND partner_id = $2 AND environment = $3',
    [fundingIds, tenant.partnerId, tenant.environment],
  );
  return rows;
}
