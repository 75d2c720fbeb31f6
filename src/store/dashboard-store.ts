/**
 * The partner dashboard's overview figures for one tenant (docs/behaviour.md, sections 24 and 27),
 * each cheap however much the tenant holds: requests from the hourly counts the request log's
 * writes keep, fundings from the monthly totals the fundings' writes keep, and the rest counted
 * along an index up to a bound: beyond it, customers and applications by status are the planner's
 * estimates (shown as "about"), and failing events say "or more".
 */
import { APPLICATION_STATUSES } from '../domain/application-status.ts';
import type { Tenant } from '../domain/tenant.ts';
import type { Queryable } from './db.ts';
import { estimatedRows } from './estimates.ts';
import { requestCounts } from './request-log-store.ts';

const TENANT_CUSTOMERS = 'SELECT 1 FROM customers WHERE partner_id = $1 AND environment = $2';

export interface TenantOverview {
  requests: number;
  failed_requests: number;
  /** Events whose latest attempt in the period failed, counted up to the bound. */
  failing_events: number;
  customers: number;
  /** Statuses with applications, each counted up to the bound. */
  applications_by_status: { status: string; n: number }[];
  fundings_this_month: number;
  funded_pence_this_month: string;
  /** Failing events reached the bound: that many or more. */
  at_least: { failing_events: boolean };
  /** Counts that reached the bound, estimated instead (customers; the statuses named). */
  estimated: { customers: boolean; statuses: string[] };
}

/**
 * The tenant's figures: requests since `sinceHour` (whole hours), webhook events failing since
 * `since`, customers and applications by status (each up to `bound`), fundings of the month
 * starting `month` (a London month, YYYY-MM-01).
 */
export async function tenantOverview(
  db: Queryable,
  tenant: Tenant,
  period: { since: Date; sinceHour: Date; month: string; bound: number },
): Promise<TenantOverview> {
  const args = [tenant.partnerId, tenant.environment];
  const [requests, failing, customers, applications, fundings] = await Promise.all([
    requestCounts(db, tenant, period.sinceHour),
    // Failed attempts of the period (webhook_deliveries_failed_recent), their events not delivered since.
    db.query<{ n: number; scanned: number }>(
      `SELECT count(DISTINCT f.event_id) FILTER (WHERE NOT EXISTS (
                SELECT 1 FROM webhook_deliveries s WHERE s.event_id = f.event_id AND s.status = 'succeeded'))::int AS n,
              count(*)::int AS scanned
         FROM (SELECT event_id FROM webhook_deliveries
                WHERE partner_id = $1 AND environment = $2 AND status = 'failed' AND attempted_at > $3 LIMIT $4) f`,
      [...args, period.since, period.bound],
    ),
    db.query<{ n: number }>('SELECT count(*)::int AS n FROM (SELECT 1 FROM customers WHERE partner_id = $1 AND environment = $2 LIMIT $3) bounded', [
      ...args,
      period.bound,
    ]),
    db.query<{ status: string; n: number }>(
      `SELECT s.status, (SELECT count(*) FROM (SELECT 1 FROM applications a
                                                 WHERE a.partner_id = $1 AND a.environment = $2 AND a.status = s.status LIMIT $4) bounded)::int AS n
         FROM unnest($3::text[]) AS s(status) ORDER BY s.status`,
      [...args, APPLICATION_STATUSES, period.bound],
    ),
    db.query<{ n: number; pence: string }>(
      `SELECT COALESCE(sum(fundings), 0)::int AS n, COALESCE(sum(funded_pence), 0)::text AS pence FROM funding_totals
        WHERE partner_id = $1 AND environment = $2 AND month = $3::date`,
      [...args, period.month],
    ),
  ]);
  // The counts that reached the bound are estimated instead, all in one planning.
  const counted = customers.rows[0]?.n ?? 0;
  const over = applications.rows.filter((a) => a.n >= period.bound).map((a) => a.status);
  const selects = [
    ...(counted >= period.bound ? [TENANT_CUSTOMERS] : []),
    ...over.map((_, i) => `SELECT 1 FROM applications WHERE partner_id = $1 AND environment = $2 AND status = $${i + 3}`),
  ];
  const estimates = await estimatedRows(db, selects, [...args, ...over]);
  const customerCount = counted < period.bound ? counted : Math.max(period.bound, estimates.shift() as number);
  const byStatus = applications.rows
    .filter((a) => a.n > 0)
    .map((a) => (a.n < period.bound ? a : { status: a.status, n: Math.max(period.bound, estimates[over.indexOf(a.status)]) }));
  return {
    requests: requests.requests,
    failed_requests: requests.failed,
    failing_events: failing.rows[0]?.n ?? 0,
    customers: customerCount,
    applications_by_status: byStatus,
    fundings_this_month: fundings.rows[0]?.n ?? 0,
    funded_pence_this_month: fundings.rows[0]?.pence ?? '0',
    at_least: { failing_events: (failing.rows[0]?.scanned ?? 0) >= period.bound },
    estimated: { customers: counted >= period.bound, statuses: over },
  };
}
