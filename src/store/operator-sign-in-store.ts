/**
 * What operators' sign-in keeps apart from their accounts (docs/behaviour.md, section 29): the
 * two-factor set-up links, the single sign-ons under way, and how each console session was signed in.
 */
import type { Queryable } from './db.ts';

export interface SetupLinkRow {
  id: string;
  operator_id: string;
  expires_at: Date;
  used_at: Date | null;
}

export async function insertSetupLink(db: Queryable, link: { id: string; operatorId: string; tokenHash: string; now: Date; expiresAt: Date }): Promise<void> {
  await db.query('INSERT INTO operator_setup_links (id, operator_id, token_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)', [
    link.id,
    link.operatorId,
    link.tokenHash,
    link.now,
    link.expiresAt,
  ]);
}

export async function findSetupLink(db: Queryable, tokenHash: string): Promise<SetupLinkRow | null> {
  const { rows } = await db.query<SetupLinkRow>('SELECT id, operator_id, expires_at, used_at FROM operator_setup_links WHERE token_hash = $1', [tokenHash]);
  return rows[0] ?? null;
}

/** Uses a link once: true when it was open and unexpired at `now` (one statement: no race). */
export async function markSetupLinkUsed(db: Queryable, id: string, now: Date): Promise<boolean> {
  const result = await db.query('UPDATE operator_setup_links SET used_at = $2 WHERE id = $1 AND used_at IS NULL AND expires_at > $2', [id, now]);
  return result.rowCount > 0;
}

/** Ends the operator's links still open (a new one replaces them). */
export async function closeOpenSetupLinks(db: Queryable, operatorId: string, now: Date): Promise<void> {
  await db.query('UPDATE operator_setup_links SET expires_at = LEAST(expires_at, $2) WHERE operator_id = $1 AND used_at IS NULL', [operatorId, now]);
}

// --- Single sign-on under way ---

export interface OidcFlowRow {
  session_hash: string;
  code_verifier: string;
  nonce: string;
  /** The provider was asked to answer without a page of its own (prompt=none). */
  silent: boolean;
  expires_at: Date;
  used_at: Date | null;
}

export async function insertOidcFlow(
  db: Queryable,
  flow: { stateHash: string; sessionHash: string; codeVerifier: string; nonce: string; silent: boolean; now: Date; expiresAt: Date },
): Promise<void> {
  await db.query(
    'INSERT INTO oidc_sign_in_flows (state_hash, session_hash, code_verifier, nonce, silent, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
    [flow.stateHash, flow.sessionHash, flow.codeVerifier, flow.nonce, flow.silent, flow.now, flow.expiresAt],
  );
}

/**
 * Takes the flow of a state for its callback: marks it used and returns it as it was (used_at is
 * the earlier use when it had one), in one statement, so two callbacks cannot both take it.
 */
export async function takeOidcFlow(db: Queryable, stateHash: string, now: Date): Promise<OidcFlowRow | null> {
  const { rows } = await db.query<OidcFlowRow>(
    `WITH before AS (SELECT used_at FROM oidc_sign_in_flows WHERE state_hash = $1 FOR UPDATE)
     UPDATE oidc_sign_in_flows f SET used_at = COALESCE(f.used_at, $2) FROM before
      WHERE f.state_hash = $1
      RETURNING f.session_hash, f.code_verifier, f.nonce, f.silent, f.expires_at, before.used_at`,
    [stateHash, now],
  );
  return rows[0] ?? null;
}

/** Removes the flows that expired before `now` (the worker's sweep, each minute): used or not, they are of no use any more. */
export async function deleteExpiredOidcFlows(db: Queryable, now: Date): Promise<number> {
  return (await db.query('DELETE FROM oidc_sign_in_flows WHERE expires_at < $1', [now])).rowCount;
}

// --- An operator of single sign-on ---

/**
 * Takes the password ways in away from an operator that signed in through the provider: its
 * password, its second factor and recovery codes, and its open set-up links. True when it had any.
 */
export async function removePasswordSignIn(db: Queryable, operatorId: string, now: Date): Promise<boolean> {
  const removed = await db.query(
    `UPDATE operators SET password_hash = NULL, totp_secret_enc = NULL, totp_last_step = NULL, two_factor_enabled_at = NULL, updated_at = $2
      WHERE id = $1 AND (password_hash IS NOT NULL OR totp_secret_enc IS NOT NULL)`,
    [operatorId, now],
  );
  await db.query('DELETE FROM operator_recovery_codes WHERE operator_id = $1', [operatorId]);
  await closeOpenSetupLinks(db, operatorId, now);
  return removed.rowCount > 0;
}

// --- Console sessions and how they were signed in (web_sessions.sign_in_method) ---

/** The provider's ID token a console session from single sign-on keeps (sealed); null for any other session. */
export async function findSessionIdToken(db: Queryable, sessionHash: string): Promise<{ operator_id: string; id_token_enc: string } | null> {
  const { rows } = await db.query<{ operator_id: string; id_token_enc: string }>(
    `SELECT operator_id, id_token_enc FROM web_sessions WHERE session_hash = $1 AND sign_in_method = 'oidc' AND id_token_enc IS NOT NULL AND operator_id IS NOT NULL`,
    [sessionHash],
  );
  return rows[0] ?? null;
}

/** Ends the operator's console sessions that did not come from single sign-on, but `keepHash`; returns how many. */
export async function deleteNonOidcOperatorSessions(db: Queryable, operatorId: string, keepHash: string | null): Promise<number> {
  const result = await db.query(`DELETE FROM web_sessions WHERE operator_id = $1 AND session_hash <> $2 AND sign_in_method IS DISTINCT FROM 'oidc'`, [
    operatorId,
    keepHash ?? '',
  ]);
  return result.rowCount;
}
