import type { Queryable } from './db.ts';
import type { Tenant } from '../domain/tenant.ts';

export interface KeptAnswer {
  fingerprint: string;
  state: 'running' | 'completed';
  response_status: number | null;
  response_headers: Record<string, string> | null;
  response_body: string | null;
}

/**
 * Claims `key` for a new request: inserts a running row, or takes over a row that has expired or
 * whose request has been running for longer than `staleBefore` allows (its node died). Returns
 * true when claimed; false when another request holds the key (read it with findKey).
 */
export async function claimKey(
  db: Queryable,
  tenant: Tenant,
  key: string,
  fingerprint: string,
  now: Date,
  expiresAt: Date,
  staleBefore: Date,
): Promise<boolean> {
  const { rows } = await db.query<{ key: string }>(
    `INSERT INTO idempotency_keys AS k (partner_id, environment, key, fingerprint, state, created_at, expires_at)
     VALUES ($1, $2, $3, $4, 'running', $5, $6)
     ON CONFLICT (partner_id, environment, key) DO UPDATE
       SET fingerprint = EXCLUDED.fingerprint, state = 'running', response_status = NULL, response_headers = NULL,
           response_body = NULL, created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at
       WHERE k.expires_at <= $5 OR (k.state = 'running' AND k.created_at <= $7)
     RETURNING k.key`,
    [tenant.partnerId, tenant.environment, key, fingerprint, now, expiresAt, staleBefore],
  );
  return rows.length === 1;
}

export async function findKey(db: Queryable, tenant: Tenant, key: string): Promise<KeptAnswer | null> {
  const { rows } = await db.query<KeptAnswer>(
    `SELECT fingerprint, state, response_status, response_headers, response_body FROM idempotency_keys
      WHERE partner_id = $1 AND environment = $2 AND key = $3`,
    [tenant.partnerId, tenant.environment, key],
  );
  return rows[0] ?? null;
}

/** Keeps the answer of the request that claimed the key (matched by its fingerprint and state). */
export async function completeKey(
  db: Queryable,
  tenant: Tenant,
  key: string,
  answer: { status: number; headers: Record<string, string>; body: string },
): Promise<void> {
  await db.query(
    `UPDATE idempotency_keys SET state = 'completed', response_status = $4, response_headers = $5, response_body = $6
      WHERE partner_id = $1 AND environment = $2 AND key = $3 AND state = 'running'`,
    [tenant.partnerId, tenant.environment, key, answer.status, JSON.stringify(answer.headers), answer.body],
  );
}

/** Forgets a running claim (5xx, 429, or no answer sent): a retry runs again. */
export async function releaseKey(db: Queryable, tenant: Tenant, key: string): Promise<void> {
  await db.query(`DELETE FROM idempotency_keys WHERE partner_id = $1 AND environment = $2 AND key = $3 AND state = 'running'`, [
    tenant.partnerId,
    tenant.environment,
    key,
  ]);
}

/** Deletes expired keys; returns how many. */
export async function deleteExpiredKeys(db: Queryable, now: Date, batch = 5000): Promise<number> {
  const { rowCount } = await db.query(`DELETE FROM idempotency_keys WHERE ctid IN (SELECT ctid FROM idempotency_keys WHERE expires_at <= $1 LIMIT $2)`, [
    now,
    batch,
  ]);
  return rowCount;
}
