import type { Queryable } from './db.ts';
import type { OperatorRole } from '../domain/actors.ts';

export interface OperatorRow {
  id: string;
  email: string;
  name: string;
  role: OperatorRole;
  password_hash: string;
  active: boolean;
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
 * Takes the transaction-scoped lock of one email's login attempts: attempts sent in parallel are
 * counted one after the other.
 */
export async function lockLoginAttempts(tx: Queryable, key: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`operator-login:${key}`]);
}

export async function lockedUntil(db: Queryable, key: string, now: Date): Promise<Date | null> {
  const { rows } = await db.query<{ locked_until: Date }>('SELECT locked_until FROM operator_lockouts WHERE email_key = $1 AND locked_until > $2', [key, now]);
  return rows[0]?.locked_until ?? null;
}

/**
 * Records a failed login and returns the lock's end when this failure is the fifth within the
 * window (the failures are then cleared, so a new count starts once the lock ends).
 */
export async function recordLoginFailure(
  db: Queryable,
  key: string,
  now: Date,
  window: { maxFailures: number; windowSeconds: number; lockSeconds: number },
): Promise<Date | null> {
  await db.query('INSERT INTO operator_login_failures (email_key, failed_at) VALUES ($1, $2)', [key, now]);
  const since = new Date(now.getTime() - window.windowSeconds * 1000);
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM operator_login_failures WHERE email_key = $1 AND failed_at > $2', [
    key,
    since,
  ]);
  if ((rows[0]?.n ?? 0) < window.maxFailures) return null;
  const until = new Date(now.getTime() + window.lockSeconds * 1000);
  await db.query(
    `INSERT INTO operator_lockouts (email_key, locked_until) VALUES ($1, $2)
     ON CONFLICT (email_key) DO UPDATE SET locked_until = EXCLUDED.locked_until`,
    [key, until],
  );
  await db.query('DELETE FROM operator_login_failures WHERE email_key = $1', [key]);
  return until;
}

export async function clearLoginFailures(db: Queryable, key: string): Promise<void> {
  await db.query('DELETE FROM operator_login_failures WHERE email_key = $1', [key]);
}
