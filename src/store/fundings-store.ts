import type { Queryable } from './db.ts';
import type { Tenant } from '../domain/tenant.ts';

export interface FundingRow {
  id: string;
  customer_id: string;
  application_id: string | null;
  offer_id: string;
  amount_pence: number;
  fee_pence: number;
  drawn_by: 'portal' | 'operator' | 'sandbox';
  created_at: Date;
  /** The account paid into (docs/behaviour.md, section 21); null for the sandbox's simulated one. */
  funding_account_id: string | null;
  /** Six digits and the last four of the number, as shown; null for fundings drawn before funding accounts. */
  paid_to_sort_code: string | null;
  paid_to_account_ending: string | null;
  paid_to_simulated: boolean;
}

export async function drawnFromOffer(db: Queryable, offerId: string): Promise<number> {
  const { rows } = await db.query<{ drawn: number }>('SELECT COALESCE(SUM(amount_pence), 0)::int8 AS drawn FROM fundings WHERE offer_id = $1', [offerId]);
  return rows[0].drawn;
}

export async function insertFunding(
  db: Queryable,
  tenant: Tenant,
  f: {
    id: string;
    customerId: string;
    applicationId: string | null;
    offerId: string;
    amountPence: number;
    feePence: number;
    drawnBy: FundingRow['drawn_by'];
    now: Date;
    paidTo: { fundingAccountId: string | null; sortCode: string; accountEnding: string; simulated: boolean };
  },
): Promise<FundingRow> {
  // The month's totals (the dashboard's "fundings this month") move in the same statement.
  const { rows } = await db.query<FundingRow>(
    `WITH funding AS (
       INSERT INTO fundings (id, partner_id, environment, customer_id, application_id, offer_id, amount_pence, fee_pence, drawn_by, created_at,
                             funding_account_id, paid_to_sort_code, paid_to_account_ending, paid_to_simulated)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING *),
     totals AS (
       INSERT INTO funding_totals (partner_id, environment, month, fundings, funded_pence)
       SELECT partner_id, environment, date_trunc('month', created_at AT TIME ZONE 'Europe/London')::date, 1, amount_pence FROM funding
       ON CONFLICT (partner_id, environment, month)
       DO UPDATE SET fundings = funding_totals.fundings + 1, funded_pence = funding_totals.funded_pence + EXCLUDED.funded_pence)
     SELECT * FROM funding`,
    [
      f.id,
      tenant.partnerId,
      tenant.environment,
      f.customerId,
      f.applicationId,
      f.offerId,
      f.amountPence,
      f.feePence,
      f.drawnBy,
      f.now,
      f.paidTo.fundingAccountId,
      f.paidTo.sortCode,
      f.paidTo.accountEnding,
      f.paidTo.simulated,
    ],
  );
  return rows[0];
}

/** The fundings drawn from an application's offers, oldest first. */
export async function listApplicationFundings(db: Queryable, applicationId: string): Promise<FundingRow[]> {
  const { rows } = await db.query<FundingRow>(
    'SELECT id, customer_id, application_id, offer_id, amount_pence, fee_pence, drawn_by, created_at, funding_account_id, paid_to_sort_code, paid_to_account_ending, paid_to_simulated FROM fundings WHERE application_id = $1 ORDER BY created_at, id',
    [applicationId],
  );
  return rows;
}

export async function findFunding(db: Queryable, tenant: Tenant, id: string): Promise<FundingRow | null> {
  const { rows } = await db.query<FundingRow>(
    `SELECT id, customer_id, application_id, offer_id, amount_pence, fee_pence, drawn_by, created_at,
            funding_account_id, paid_to_sort_code, paid_to_account_ending, paid_to_simulated
       FROM fundings WHERE id = $1 AND partner_id = $2 AND environment = $3`,
    [id, tenant.partnerId, tenant.environment],
  );
  return rows[0] ?? null;
}
