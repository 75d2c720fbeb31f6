/**
 * The second factor of operators and partner users (docs/behaviour.md, sections 24 and 29): the
 * TOTP secret (sealed by the service), the last time step accepted, and single-use recovery codes
 * (hashed), in the same columns of each kind's own table; and a secret being set up, kept by the
 * set-up session that showed it (web_sessions.totp_pending_enc), never by the account.
 */
import type { Queryable } from './db.ts';

export type TwoFactorAccountKind = 'operator' | 'partner_user';

/** Each kind's table, its recovery codes' table, and the column naming the account there and in web_sessions. */
const TABLES: Record<TwoFactorAccountKind, { accounts: string; codes: string; owner: string }> = {
  operator: { accounts: 'operators', codes: 'operator_recovery_codes', owner: 'operator_id' },
  partner_user: { accounts: 'partner_users', codes: 'partner_user_recovery_codes', owner: 'partner_user_id' },
};

export interface TwoFactorState {
  email: string;
  totp_secret_enc: string | null;
  two_factor_enabled_at: Date | null;
}

export async function findTwoFactorState(db: Queryable, kind: TwoFactorAccountKind, id: string, forUpdate = false): Promise<TwoFactorState | null> {
  const { rows } = await db.query<TwoFactorState>(
    `SELECT email, totp_secret_enc, two_factor_enabled_at FROM ${TABLES[kind].accounts} WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

/**
 * The secret the set-up session `sessionHash` of the account shows: `sealed` when it has none yet,
 * or (`replace`) in any case. One statement, so two pages of one session at once show the same.
 * Null when the session is not the account's (or has ended).
 */
export async function keepSetupSecret(
  db: Queryable,
  kind: TwoFactorAccountKind,
  id: string,
  sessionHash: string,
  sealed: string,
  replace = false,
): Promise<string | null> {
  const { rows } = await db.query<{ totp_pending_enc: string }>(
    `UPDATE web_sessions SET totp_pending_enc = ${replace ? '$3' : 'COALESCE(totp_pending_enc, $3)'}
      WHERE session_hash = $1 AND ${TABLES[kind].owner} = $2
      RETURNING totp_pending_enc`,
    [sessionHash, id, sealed],
  );
  return rows[0]?.totp_pending_enc ?? null;
}

/** The secret the set-up session shows, sealed; null when it has none (or is not the account's). */
export async function findSetupSecret(db: Queryable, kind: TwoFactorAccountKind, id: string, sessionHash: string): Promise<string | null> {
  const { rows } = await db.query<{ totp_pending_enc: string | null }>(
    `SELECT totp_pending_enc FROM web_sessions WHERE session_hash = $1 AND ${TABLES[kind].owner} = $2`,
    [sessionHash, id],
  );
  return rows[0]?.totp_pending_enc ?? null;
}

/** Forgets the secret a set-up session showed (it was turned on). */
export async function clearSetupSecret(db: Queryable, sessionHash: string): Promise<void> {
  await db.query('UPDATE web_sessions SET totp_pending_enc = NULL WHERE session_hash = $1', [sessionHash]);
}

/**
 * Makes a secret the account's (its first code's step accepted), two-factor on from `now`, when the
 * factor is still as the caller checked it: off (`replacing` null), or the sealed secret
 * `replacing`. False when it changed meanwhile (another confirmation came first).
 */
export async function turnOnTotp(
  db: Queryable,
  kind: TwoFactorAccountKind,
  id: string,
  change: { sealed: string; step: number; now: Date; replacing: string | null },
): Promise<boolean> {
  const unchanged = change.replacing === null ? 'two_factor_enabled_at IS NULL' : 'totp_secret_enc = $5';
  const result = await db.query(
    `UPDATE ${TABLES[kind].accounts}
        SET totp_secret_enc = $2, totp_last_step = $3, two_factor_enabled_at = $4, updated_at = $4
      WHERE id = $1 AND ${unchanged}`,
    [id, change.sealed, change.step, change.now, ...(change.replacing === null ? [] : [change.replacing])],
  );
  return result.rowCount > 0;
}

/** Accepts a TOTP step only when it is later than the last one accepted (one statement: no race). */
export async function advanceTotpStep(db: Queryable, kind: TwoFactorAccountKind, id: string, step: number): Promise<boolean> {
  const result = await db.query(`UPDATE ${TABLES[kind].accounts} SET totp_last_step = $2 WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2)`, [
    id,
    step,
  ]);
  return result.rowCount > 0;
}

export async function replaceRecoveryCodes(db: Queryable, kind: TwoFactorAccountKind, id: string, codeHashes: string[]): Promise<void> {
  const { codes, owner } = TABLES[kind];
  await db.query(`DELETE FROM ${codes} WHERE ${owner} = $1`, [id]);
  for (const hash of codeHashes) await db.query(`INSERT INTO ${codes} (${owner}, code_hash) VALUES ($1, $2)`, [id, hash]);
}

/** Uses a recovery code once: true when it was the account's and unused. */
export async function useRecoveryCode(db: Queryable, kind: TwoFactorAccountKind, id: string, codeHash: string, now: Date): Promise<boolean> {
  const { codes, owner } = TABLES[kind];
  const result = await db.query(`UPDATE ${codes} SET used_at = $3 WHERE ${owner} = $1 AND code_hash = $2 AND used_at IS NULL`, [id, codeHash, now]);
  return result.rowCount > 0;
}

export async function countUnusedRecoveryCodes(db: Queryable, kind: TwoFactorAccountKind, id: string): Promise<number> {
  const { codes, owner } = TABLES[kind];
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${codes} WHERE ${owner} = $1 AND used_at IS NULL`, [id]);
  return rows[0]?.n ?? 0;
}
