import type { Queryable } from './db.ts';
import type { OperatorRole } from '../domain/actors.ts';

export interface OperatorRow {
  id: string;
  email: string;
  name: string;
  role: OperatorRole;
  /** Null for an operator of single sign-on (made by it, or signed in through it once). */
  password_hash: string | null;
  active: boolean;
  two_factor_enabled_at: Date | null;
  /** The OpenID Provider and its subject (`sub`) the operator is linked to by single sign-on. */
  oidc_issuer: string | null;
  oidc_subject: string | null;
  created_at: Date;
  updated_at: Date;
}

export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

export async function insertOperator(
  db: Queryable,
  o: { id: string; email: string; name: string; role: OperatorRole; passwordHash: string; now: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO operators (id, email, email_key, name, role, password_hash, active, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, true, $7, $7)`,
    [o.id, o.email.trim(), emailKey(o.email), o.name, o.role, o.passwordHash, o.now],
  );
}

export async function findOperator(db: Queryable, id: string, forUpdate = false): Promise<OperatorRow | null> {
  const { rows } = await db.query<OperatorRow>(`SELECT * FROM operators WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0] ?? null;
}

export async function findOperatorByEmail(db: Queryable, email: string): Promise<OperatorRow | null> {
  const { rows } = await db.query<OperatorRow>('SELECT * FROM operators WHERE email_key = $1', [emailKey(email)]);
  return rows[0] ?? null;
}

/** Whether any operator account exists. */
export async function anyOperator(db: Queryable): Promise<boolean> {
  return (await db.query('SELECT 1 FROM operators LIMIT 1')).rowCount > 0;
}

export async function listOperators(db: Queryable): Promise<OperatorRow[]> {
  const { rows } = await db.query<OperatorRow>('SELECT * FROM operators ORDER BY active DESC, email_key');
  return rows;
}

export async function updateOperator(
  db: Queryable,
  id: string,
  change: { role?: OperatorRole; active?: boolean; passwordHash?: string },
  now: Date,
): Promise<void> {
  await db.query(
    `UPDATE operators SET role = COALESCE($2, role), active = COALESCE($3, active), password_hash = COALESCE($4, password_hash), updated_at = $5 WHERE id = $1`,
    [id, change.role ?? null, change.active ?? null, change.passwordHash ?? null, now],
  );
}

/**
 * An operator made by a first single sign-on: no password. False when an operator of the email
 * exists (made meanwhile by another sign-on of the same person: the insert waits for it and then
 * does nothing, where a plain insert would fail on the unique email).
 */
export async function insertOidcOperator(
  db: Queryable,
  o: { id: string; email: string; name: string; role: OperatorRole; issuer: string; subject: string; now: Date },
): Promise<boolean> {
  const result = await db.query(
    `INSERT INTO operators (id, email, email_key, name, role, password_hash, active, oidc_issuer, oidc_subject, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, NULL, true, $6, $7, $8, $8)
     ON CONFLICT (email_key) DO NOTHING`,
    [o.id, o.email.trim(), emailKey(o.email), o.name, o.role, o.issuer, o.subject, o.now],
  );
  return result.rowCount > 0;
}

/** Links the operator to the provider's subject (its first single sign-on through that issuer). */
export async function setOidcSubject(db: Queryable, id: string, issuer: string, subject: string, now: Date): Promise<void> {
  await db.query('UPDATE operators SET oidc_issuer = $2, oidc_subject = $3, updated_at = $4 WHERE id = $1', [id, issuer, subject, now]);
}
