import type { Queryable } from './db.ts';
import type { Tenant } from '../domain/tenant.ts';

/** A login link's token, as stored (by its hash), with the status of its partner. */
export interface LoginTokenRow {
  partner_id: string;
  environment: 'sandbox' | 'production';
  customer_id: string;
  offer_id: string | null;
  expires_at: Date;
  used_at: Date | null;
  partner_status: string;
}

export async function insertLoginToken(
  db: Queryable,
  tenant: Tenant,
  token: { hash: string; customerId: string; offerId: string | null; expiresAt: Date; now: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO login_tokens (token_hash, partner_id, environment, customer_id, offer_id, expires_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [token.hash, tenant.partnerId, tenant.environment, token.customerId, token.offerId, token.expiresAt, token.now],
  );
}

/** The token with its row locked, so that two requests opening one link take turns. */
export async function lockLoginToken(tx: Queryable, hash: string): Promise<LoginTokenRow | null> {
  const { rows } = await tx.query<LoginTokenRow>(
    `SELECT t.partner_id, t.environment, t.customer_id, t.offer_id, t.expires_at, t.used_at, p.status AS partner_status
       FROM login_tokens t JOIN partners p ON p.id = t.partner_id
      WHERE t.token_hash = $1 FOR UPDATE OF t`,
    [hash],
  );
  return rows[0] ?? null;
}

/** Marks the token used, only if it was not yet: answers whether this call used it. */
export async function useLoginToken(tx: Queryable, hash: string, now: Date): Promise<boolean> {
  const used = await tx.query('UPDATE login_tokens SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL', [hash, now]);
  return used.rowCount === 1;
}
