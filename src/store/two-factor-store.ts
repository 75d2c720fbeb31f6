/**
 * The second factor of operators and partner users (docs/behaviour.md, sections 24 and 29): the
 * TOTP secret (sealed by the service), its pending replacement, the last time step accepted, and
 * single-use recovery codes (hashed). Both kinds of account keep them in the same columns of their
 * own tables.
 */
import type { Queryable } from './db.ts';

export type TwoFactorAccountKind = 'operator' | 'partner_user';

const TABLES: Record<TwoFactorAccountKind, { accounts: string; codes: string; owner: string }> = {
  operator: { accounts: 'operators', codes: 'operator_recovery_codes', owner: 'operator_id' },
  partner_user: { accounts: 'partner_users', codes: 'partner_user_recovery_codes', owner: 'partner_user_id' },
};

export interface TwoFactorState {
  email: string;
  totp_secret_enc: string | null;
  totp_pending_enc: string | null;
  two_factor_enabled_at: Date | null;
}

export async function findTwoFactorState(db: Queryable, kind: TwoFactorAccountKind, id: string, forUpdate = false): Promise<TwoFactorState | null> {
  const { rows } = await db.query<TwoFactorState>(
    `SELECT email, totp_secret_enc, totp_pending_enc, two_factor_enabled_at FROM ${TABLES[kind].accounts} WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

/** Keeps a new secret waiting for its first code (null: none waits). */
export async function setPendingTotp(db: Queryable, kind: TwoFactorAccountKind, id: string, sealed: string | null, now: Date): Promise<void> {
  await db.query(`UPDATE ${TABLES[kind].accounts} SET totp_pending_enc = $2, updated_at = $3 WHERE id = $1`, [id, sealed, now]);
}

/** Makes the pending secret the account's (its first code's step accepted), two-factor on from `now`. */
export async function turnOnTotp(db: Queryable, kind: TwoFactorAccountKind, id: string, change: { sealed: string; step: number; now: Date }): Promise<void> {
  await db.query(
    `UPDATE ${TABLES[kind].accounts}
        SET totp_secret_enc = $2, totp_pending_enc = NULL, totp_last_step = $3, two_factor_enabled_at = $4, updated_at = $4
      WHERE id = $1`,
    [id, change.sealed, change.step, change.now],
  );
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
