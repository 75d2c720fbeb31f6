/** What the partner dashboard's overview and customer list read, for one tenant. */
import type { Tenant } from '../domain/tenant.ts';
import type { Queryable } from './db.ts';

export interface TenantOverview {
  requests: number;
  failed_requests: number;
  failing_events: number;
  customers: number;
  applications_by_status: { status: string; n: number }[];
  fundings_this_month: number;
  funded_pence_this_month: string;
}

export async function tenantOverview(db: Queryable, tenant: Tenant, since: Date, monthStart: Date): Promise<TenantOverview> {
  const args = [tenant.partnerId, tenant.environment];
  const [requests, failing, customers, applications, fundings] = await Promise.all([
    db.query<{ n: number; failed: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE status >= 400)::int AS failed
         FROM request_log WHERE partner_id = $1 AND environment = $2 AND time > $3`,
      [...args, since],
    ),
    db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (
         SELECT DISTINCT ON (event_id) status FROM webhook_deliveries
          WHERE partner_id = $1 AND environment = $2 AND attempted_at > $3
          ORDER BY event_id, seq DESC) latest
        WHERE status = 'failed'`,
      [...args, since],
    ),
    db.query<{ n: number }>('SELECT count(*)::int AS n FROM customers WHERE partner_id = $1 AND environment = $2', args),
    db.query<{ status: string; n: number }>(
      'SELECT status, count(*)::int AS n FROM applications WHERE partner_id = $1 AND environment = $2 GROUP BY status ORDER BY status',
      args,
    ),
    db.query<{ n: number; pence: string }>(
      `SELECT count(*)::int AS n, COALESCE(sum(amount_pence), 0)::text AS pence
         FROM fundings WHERE partner_id = $1 AND environment = $2 AND created_at >= $3`,
      [...args, monthStart],
    ),
  ]);
  return {
    requests: requests.rows[0]?.n ?? 0,
    failed_requests: requests.rows[0]?.failed ?? 0,
    failing_events: failing.rows[0]?.n ?? 0,
    customers: customers.rows[0]?.n ?? 0,
    applications_by_status: applications.rows,
    fundings_this_month: fundings.rows[0]?.n ?? 0,
    funded_pence_this_month: fundings.rows[0]?.pence ?? '0',
  };
}

export interface CustomerListRow {
  id: string;
  external_customer_id: string | null;
  company_name: string | null;
  created_at: Date;
  application_id: string | null;
  application_status: string | null;
  offers: number;
  funded_pence: string;
}

/** The tenant's customers, newest first, with their latest application; `search` matches the external id or the company name. */
export async function listTenantCustomers(db: Queryable, tenant: Tenant, search: string | null, limit: number): Promise<CustomerListRow[]> {
  const { rows } = await db.query<CustomerListRow>(
    `SELECT c.id, c.external_customer_id, c.company ->> 'registered_company_name' AS company_name, c.created_at,
            a.id AS application_id, a.status AS application_status,
            (SELECT count(*)::int FROM offers o WHERE o.customer_id = c.id) AS offers,
            (SELECT COALESCE(sum(f.amount_pence), 0)::text FROM fundings f WHERE f.customer_id = c.id) AS funded_pence
       FROM customers c
       LEFT JOIN LATERAL (SELECT id, status FROM applications WHERE customer_id = c.id ORDER BY created_at DESC, id LIMIT 1) a ON true
      WHERE c.partner_id = $1 AND c.environment = $2
        AND ($3::text IS NULL OR c.external_customer_id = $3 OR position(lower($3) in lower(c.company ->> 'registered_company_name')) > 0)
      ORDER BY c.created_at DESC, c.id LIMIT $4`,
    [tenant.partnerId, tenant.environment, search, limit],
  );
  return rows;
}
