import type { Queryable } from './db.ts';

export type Surface = 'portal' | 'console' | 'dashboard';

/** A dashboard session still waiting for the second factor, or for two-factor set-up after an invitation. */
export type PendingStep = 'two_factor' | 'setup';

export interface WebSessionRow {
  surface: Surface;
  partner_id: string | null;
  environment: 'sandbox' | 'production' | null;
  customer_id: string | null;
  offer_id: string | null;
  operator_id: string | null;
  partner_user_id: string | null;
  pending_step: PendingStep | null;
  /** How a console session was signed in; null (older sessions) counts as a password. */
  sign_in_method: 'password' | 'oidc' | null;
  csrf_secret: string;
  created_at: Date;
  expires_at: Date;
}

export interface WebSessionInsert {
  hash: string;
  surface: Surface;
  partnerId?: string | null;
  environment?: 'sandbox' | 'production' | null;
  customerId?: string | null;
  offerId?: string | null;
  operatorId?: string | null;
  partnerUserId?: string | null;
  pendingStep?: PendingStep | null;
  /** How a console session was signed in; null (unset) counts as a password. */
  signInMethod?: 'password' | 'oidc' | null;
  /** A console session from single sign-on: the provider's ID token, sealed (for its logout). */
  idTokenEnc?: string | null;
  csrfSecret: string;
  now: Date;
  expiresAt: Date;
  idleSeconds: number;
}

export async function insertWebSession(db: Queryable, s: WebSessionInsert): Promise<void> {
  await db.query(
    `INSERT INTO web_sessions (session_hash, surface, partner_id, environment, customer_id, offer_id, operator_id,
                               csrf_secret, created_at, last_seen_at, expires_at, idle_seconds, partner_user_id, pending_step, sign_in_method, id_token_enc)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10, $11, $12, $13, $14, $15)`,
    [
      s.hash,
      s.surface,
      s.partnerId ?? null,
      s.environment ?? null,
      s.customerId ?? null,
      s.offerId ?? null,
      s.operatorId ?? null,
      s.csrfSecret,
      s.now,
      s.expiresAt,
      s.idleSeconds,
      s.partnerUserId ?? null,
      s.pendingStep ?? null,
      s.signInMethod ?? null,
      s.idTokenEnc ?? null,
    ],
  );
}

/**
 * Finds a live session of `surface` and records this request as its latest activity, in one
 * statement: a session past its absolute end or idle longer than its limit is not found, and a
 * portal session of a suspended partner is not found either.
 */
export async function touchWebSession(db: Queryable, hash: string, surface: Surface, now: Date): Promise<WebSessionRow | null> {
  const { rows } = await db.query<WebSessionRow>(
    `UPDATE web_sessions s SET last_seen_at = $3
      WHERE s.session_hash = $1 AND s.surface = $2
        AND s.expires_at > $3
        AND s.last_seen_at + make_interval(secs => s.idle_seconds) > $3
        AND (s.partner_id IS NULL OR EXISTS (SELECT 1 FROM partners p WHERE p.id = s.partner_id AND p.status = 'active'))
      RETURNING s.surface, s.partner_id, s.environment, s.customer_id, s.offer_id, s.operator_id, s.partner_user_id, s.pending_step, s.sign_in_method,
                s.csrf_secret, s.created_at, s.expires_at`,
    [hash, surface, now],
  );
  return rows[0] ?? null;
}

/** True when the session exists, is still within its limits, and its partner is suspended. */
export async function isSuspendedPartnerSession(db: Queryable, hash: string, surface: Surface, now: Date): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM web_sessions s JOIN partners p ON p.id = s.partner_id
      WHERE s.session_hash = $1 AND s.surface = $2 AND s.expires_at > $3
        AND s.last_seen_at + make_interval(secs => s.idle_seconds) > $3 AND p.status <> 'active'`,
    [hash, surface, now],
  );
  return rows.length > 0;
}

export async function deleteWebSession(db: Queryable, hash: string): Promise<void> {
  await db.query('DELETE FROM web_sessions WHERE session_hash = $1', [hash]);
}

/** Ends every session of an operator (logout elsewhere, deactivation, a change of role). */
export async function deleteOperatorSessions(db: Queryable, operatorId: string): Promise<number> {
  const result = await db.query('DELETE FROM web_sessions WHERE operator_id = $1', [operatorId]);
  return result.rowCount;
}

/** Ends every session of an operator but the one whose hash is `keepHash` (their own, after a change of password). */
export async function deleteOtherOperatorSessions(db: Queryable, operatorId: string, keepHash: string | null): Promise<void> {
  await db.query('DELETE FROM web_sessions WHERE operator_id = $1 AND session_hash <> $2', [operatorId, keepHash ?? '']);
}

/** Removes sessions that can no longer be used (the worker's sweep). */
export async function deleteDeadWebSessions(db: Queryable, now: Date): Promise<number> {
  const result = await db.query('DELETE FROM web_sessions WHERE expires_at <= $1 OR last_seen_at + make_interval(secs => idle_seconds) <= $1', [now]);
  return result.rowCount;
}

/** Ends every session of a partner user (removal, a change of role, a new password). */
export async function deletePartnerUserSessions(db: Queryable, partnerUserId: string): Promise<number> {
  const result = await db.query('DELETE FROM web_sessions WHERE partner_user_id = $1', [partnerUserId]);
  return result.rowCount;
}

/** The environment a dashboard session shows (its switch). */
export async function setSessionEnvironment(db: Queryable, hash: string, environment: 'sandbox' | 'production'): Promise<void> {
  await db.query("UPDATE web_sessions SET environment = $2 WHERE session_hash = $1 AND surface = 'dashboard'", [hash, environment]);
}
