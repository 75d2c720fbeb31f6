import { pipelined, type Queryable } from './db.ts';
import type { Tenant } from '../domain/tenant.ts';
import { ENVIRONMENTS } from '../domain/tenant.ts';
import type { ApplicationStatus, StatusTrigger } from '../domain/application-status.ts';
import { keysetBounds, keysetWindow, type Keyset, type KeysetWindow, type PageWindow } from './keyset.ts';

/** A loan request as stored: money in pence. */
export interface StoredRequest {
  amount_pence: number;
  duration?: { amount: number; unit: string };
  purpose?: string;
  detailed_purpose?: string;
  urgency?: string;
}

export interface ApplicationRow {
  id: string;
  partner_id: string;
  environment: string;
  customer_id: string;
  status: ApplicationStatus;
  amount_pence: number;
  requests: StoredRequest[];
  introducer_id: string | null;
  entity_to_contact: 'customer' | 'introducer';
  is_topup: boolean;
  created_at: Date;
  updated_at: Date;
  status_changed_at: Date;
  last_activity_at: Date;
}

export interface ApplicationInsert {
  id: string;
  customerId: string;
  amountPence: number;
  requests: StoredRequest[];
  introducerId: string | null;
  entityToContact: 'customer' | 'introducer';
  isTopup: boolean;
  now: Date;
}

export async function insertApplication(db: Queryable, tenant: Tenant, a: ApplicationInsert): Promise<ApplicationRow> {
  const { rows } = await db.query<ApplicationRow>(
    `INSERT INTO applications (id, partner_id, environment, customer_id, status, amount_pence, requests,
                               introducer_id, entity_to_contact, is_topup, created_at, updated_at,
                               status_changed_at, last_activity_at)
     VALUES ($1, $2, $3, $4, 'open', $5, $6, $7, $8, $9, $10, $10, $10, $10)
     RETURNING *`,
    [a.id, tenant.partnerId, tenant.environment, a.customerId, a.amountPence, JSON.stringify(a.requests), a.introducerId, a.entityToContact, a.isTopup, a.now],
  );
  return rows[0];
}

/**
 * The customer's latest application, when the customer is the tenant's. The latest is read by the
 * customer alone, along applications_customer_latest in its order (its first entry), and the
 * tenant checked on that one row: an application's tenant is its customer's, so the answer is the
 * same as with the tenant in the search, but no plan (a prepared statement's generic one, or one
 * made on stale statistics) can read the tenant's applications to find it (migration 027).
 */
export async function findLatestApplication(db: Queryable, tenant: Tenant, customerId: string, forUpdate = false): Promise<ApplicationRow | null> {
  const { rows } = await db.query<ApplicationRow>(
    `SELECT * FROM (SELECT * FROM applications WHERE customer_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1) latest
      WHERE partner_id = $2 AND environment = $3${forUpdate ? ' FOR UPDATE' : ''}`,
    [customerId, tenant.partnerId, tenant.environment],
  );
  return rows[0] ?? null;
}

/**
 * An application of the tenant. Read by its id alone (the LIMIT keeps the tenant's conditions out
 * of the read), the tenant checked on its row: with the conditions together, a plan made before
 * the statistics were taken read applications_tenant_status, every application of the tenant
 * (GET /applications/{id}/offers/ and every other read of one application; migration 027).
 */
export async function findApplication(db: Queryable, tenant: Tenant, id: string, forUpdate = false): Promise<ApplicationRow | null> {
  const { rows } = await db.query<ApplicationRow>(
    `SELECT * FROM (SELECT * FROM applications WHERE id = $1 LIMIT 1) found
      WHERE partner_id = $2 AND environment = $3${forUpdate ? ' FOR UPDATE' : ''}`,
    [id, tenant.partnerId, tenant.environment],
  );
  return rows[0] ?? null;
}

/** For operator routes, which see every tenant. */
export async function findApplicationAnyTenant(db: Queryable, id: string, forUpdate = false): Promise<ApplicationRow | null> {
  const { rows } = await db.query<ApplicationRow>(`SELECT * FROM applications WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0] ?? null;
}

export async function findOpenApplicationId(db: Queryable, customerId: string): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM applications
      WHERE customer_id = $1 AND status IN ('open', 'action_required', 'awaiting_underwriter', 'in_underwriting')`,
    [customerId],
  );
  return rows[0]?.id ?? null;
}

/** When the customer's most recent decline happened, or null. */
export async function latestDeclineAt(db: Queryable, customerId: string): Promise<Date | null> {
  const { rows } = await db.query<{ status_changed_at: Date }>(
    `SELECT status_changed_at FROM applications
      WHERE customer_id = $1 AND status = 'declined' ORDER BY status_changed_at DESC LIMIT 1`,
    [customerId],
  );
  return rows[0]?.status_changed_at ?? null;
}

export async function hasFundedApplication(db: Queryable, customerId: string): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM applications WHERE customer_id = $1 AND status = 'funded' LIMIT 1`, [customerId]);
  return rows.length > 0;
}

export async function updateApplicationDetails(
  db: Queryable,
  id: string,
  changes: { amountPence: number; requests: StoredRequest[]; introducerId: string | null; entityToContact: string; now: Date },
): Promise<void> {
  await db.query(
    `UPDATE applications
        SET amount_pence = $2, requests = $3, introducer_id = $4, entity_to_contact = $5,
            updated_at = $6, last_activity_at = $6
      WHERE id = $1`,
    [id, changes.amountPence, JSON.stringify(changes.requests), changes.introducerId, changes.entityToContact, changes.now],
  );
}

/** Moves the status and records the move with its time, in the caller's transaction. */
export async function recordStatusChange(
  db: Queryable,
  id: string,
  from: ApplicationStatus | null,
  to: ApplicationStatus,
  trigger: StatusTrigger | 'created',
  now: Date,
): Promise<void> {
  const moved =
    from === null
      ? null
      : db.query(`UPDATE applications SET status = $2, status_changed_at = $3, updated_at = $3, last_activity_at = $3 WHERE id = $1`, [id, to, now]);
  const recorded = db.query(
    'INSERT INTO application_status_changes (application_id, from_status, to_status, trigger, changed_at) VALUES ($1, $2, $3, $4, $5)',
    [id, from, to, trigger, now],
  );
  await pipelined([moved, recorded]);
}

export async function listStatusChanges(
  db: Queryable,
  id: string,
): Promise<{ from_status: string | null; to_status: string; trigger: string; changed_at: Date }[]> {
  const { rows } = await db.query<{ from_status: string | null; to_status: string; trigger: string; changed_at: Date }>(
    'SELECT from_status, to_status, trigger, changed_at FROM application_status_changes WHERE application_id = $1 ORDER BY id',
    [id],
  );
  return rows;
}

export interface QueueRow extends ApplicationRow {
  partner_name: string;
  company_name: string | null;
}

/** The review queue's order: the longest waiting in its status first (applications_status, applications_tenant_status). */
export const QUEUE_KEYSET: Keyset = {
  columns: [
    { expr: 'a.status_changed_at', type: 'timestamptz' },
    { expr: 'a.id', type: 'uuid' },
  ],
  order: 'asc',
};

export interface QueueFilter {
  /** One or more statuses (every status for "all"). */
  statuses: readonly string[];
  partnerId: string | null;
}

/**
 * The applications of `statuses` one at a time, each along its index in the queue's order, at most
 * a page of each (the outer order merges them): a page costs a few index reads per status, however
 * many applications wait. With a partner, one index read per status and environment.
 */
function queueSource(filter: QueueFilter, params: unknown[], bounds: { condition: string; orderBy: string; limitParam: string }): string {
  const statuses = `$${params.push(filter.statuses)}`;
  if (filter.partnerId === null) {
    return `unnest(${statuses}::text[]) AS s(status) CROSS JOIN LATERAL (
        SELECT a.* FROM applications a WHERE a.status = s.status AND ${bounds.condition} ORDER BY ${bounds.orderBy} LIMIT ${bounds.limitParam}) a`;
  }
  const partner = `$${params.push(filter.partnerId)}`;
  const environments = `$${params.push(ENVIRONMENTS)}`;
  return `unnest(${statuses}::text[]) AS s(status) CROSS JOIN unnest(${environments}::text[]) AS e(environment) CROSS JOIN LATERAL (
      SELECT a.* FROM applications a
       WHERE a.partner_id = ${partner} AND a.environment = e.environment AND a.status = s.status AND ${bounds.condition}
       ORDER BY ${bounds.orderBy} LIMIT ${bounds.limitParam}) a`;
}

/** One page of the review queue (the console's and the admin API's), with partner and company names. */
export async function listReviewQueue(db: Queryable, filter: QueueFilter, window: PageWindow): Promise<KeysetWindow<QueueRow>> {
  const bounds = keysetBounds(QUEUE_KEYSET, window, 1);
  const params = [...bounds.params];
  const { rows } = await db.query(
    `SELECT a.*, p.name AS partner_name, c.company->>'registered_company_name' AS company_name, ${bounds.keyColumns}
       FROM ${queueSource(filter, params, bounds)}
       JOIN partners p ON p.id = a.partner_id JOIN customers c ON c.id = a.customer_id
      ORDER BY ${bounds.orderBy} LIMIT ${bounds.limitParam}`,
    params,
  );
  return keysetWindow(rows, QUEUE_KEYSET, window);
}

/**
 * How many applications are in each of `statuses` (of the partner, when given), each counted up to
 * `bound` along its index: a figure that costs the same however long the queue.
 */
export async function countQueue(db: Queryable, filter: QueueFilter, bound: number): Promise<{ status: string; n: number }[]> {
  const params: unknown[] = [filter.statuses, bound];
  const { rows } = await db.query<{ status: string; n: number }>(
    filter.partnerId === null
      ? `SELECT s.status, (SELECT count(*) FROM (SELECT 1 FROM applications a WHERE a.status = s.status LIMIT $2) bounded)::int AS n
           FROM unnest($1::text[]) AS s(status)`
      : `SELECT s.status, sum((SELECT count(*) FROM (SELECT 1 FROM applications a
                                 WHERE a.partner_id = $3 AND a.environment = e.environment AND a.status = s.status LIMIT $2) bounded))::int AS n
           FROM unnest($1::text[]) AS s(status) CROSS JOIN unnest($4::text[]) AS e(environment) GROUP BY s.status`,
    filter.partnerId === null ? params : [...params, filter.partnerId, ENVIRONMENTS],
  );
  return rows;
}

/** The id of the customer's latest application, whatever its tenant (for the console). */
export async function findCustomerLatestApplicationId(db: Queryable, customerId: string): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>(`SELECT id FROM applications WHERE customer_id = $1 ORDER BY created_at DESC, id LIMIT 1`, [customerId]);
  return rows[0]?.id ?? null;
}

/** Up to `batch` ids of open applications without activity since `cutoff` (customers on a test clock left out: their clock plays it). */
export async function listInactiveApplicationIds(db: Queryable, cutoff: Date, batch: number): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT a.id FROM applications a
      WHERE a.status IN ('open', 'action_required', 'awaiting_underwriter', 'in_underwriting') AND a.last_activity_at <= $1
        AND NOT EXISTS (SELECT 1 FROM customers c WHERE c.id = a.customer_id AND c.test_clock_id IS NOT NULL)
      LIMIT $2`,
    [cutoff, batch],
  );
  return rows.map((r) => r.id);
}

/** Who is to be contacted about the application: the customer or the introducer. */
export async function setEntityToContact(db: Queryable, id: string, entityToContact: 'customer' | 'introducer', now: Date): Promise<void> {
  await db.query('UPDATE applications SET entity_to_contact = $2, updated_at = $3, last_activity_at = $3 WHERE id = $1', [id, entityToContact, now]);
}
