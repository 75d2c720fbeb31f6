/**
 * Sign-in attempts per email (known or not) and client address (docs/behaviour.md, sections 19, 29
 * and 31): each is counted before its secret is checked (pending), then settled; 5 failures within
 * 15 minutes for an email from one address lock that email at that address for 15 minutes.
 * Operators' and partner users' email keys live side by side (theirs are prefixed).
 */
import type { Queryable } from './db.ts';

export interface LockoutLimits {
  maxFailures: number;
  windowSeconds: number;
  lockSeconds: number;
}

/** What attempts are counted under: the email's key and the client address's (an IPv4 address, or an IPv6 /64). */
export interface AttemptKey {
  email: string;
  address: string;
}

/**
 * Takes the transaction-scoped lock of one key's attempts: attempts sent in parallel are counted
 * one after the other.
 */
export async function lockSignInAttempts(tx: Queryable, key: AttemptKey): Promise<void> {
  // A space never occurs in an address key: the two parts cannot run into each other.
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`operator-login:${key.address} ${key.email}`]);
}

export async function lockedUntil(db: Queryable, key: AttemptKey, now: Date): Promise<Date | null> {
  const { rows } = await db.query<{ locked_until: Date }>(
    'SELECT locked_until FROM operator_lockouts WHERE email_key = $1 AND address_key = $2 AND locked_until > $3',
    [key.email, key.address, now],
  );
  return rows[0]?.locked_until ?? null;
}

/** The attempts within the window, failed or still pending. */
export async function countAttemptsAgainst(db: Queryable, key: AttemptKey, since: Date): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM operator_login_failures WHERE email_key = $1 AND address_key = $2 AND failed_at > $3',
    [key.email, key.address, since],
  );
  return rows[0]?.n ?? 0;
}

/** Counts an attempt as failed until it is settled (a process that stops meanwhile leaves it failed). */
export async function insertPendingAttempt(db: Queryable, key: AttemptKey, attemptId: string, now: Date): Promise<void> {
  await db.query('INSERT INTO operator_login_failures (email_key, address_key, failed_at, attempt_id, pending) VALUES ($1, $2, $3, $4, true)', [
    key.email,
    key.address,
    now,
    attemptId,
  ]);
}

/** Takes a pending attempt back (it succeeded). */
export async function deleteAttempt(db: Queryable, attemptId: string): Promise<void> {
  await db.query('DELETE FROM operator_login_failures WHERE attempt_id = $1', [attemptId]);
}

/**
 * Settles a pending attempt as a failure at `now`, and returns the lock's end when the failures
 * within the window reach the limit (the failures are then cleared, so a new count starts once the
 * lock ends). An attempt already cleared by a lock is counted afresh.
 */
export async function settleFailedAttempt(db: Queryable, key: AttemptKey, attemptId: string, now: Date, limits: LockoutLimits): Promise<Date | null> {
  const settled = await db.query('UPDATE operator_login_failures SET pending = false, failed_at = $2 WHERE attempt_id = $1', [attemptId, now]);
  if (settled.rowCount === 0)
    await db.query('INSERT INTO operator_login_failures (email_key, address_key, failed_at) VALUES ($1, $2, $3)', [key.email, key.address, now]);
  const since = new Date(now.getTime() - limits.windowSeconds * 1000);
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM operator_login_failures WHERE email_key = $1 AND address_key = $2 AND failed_at > $3 AND NOT pending',
    [key.email, key.address, since],
  );
  if ((rows[0]?.n ?? 0) < limits.maxFailures) return null;
  const until = new Date(now.getTime() + limits.lockSeconds * 1000);
  await db.query(
    `INSERT INTO operator_lockouts (email_key, address_key, locked_until) VALUES ($1, $2, $3)
     ON CONFLICT (email_key, address_key) DO UPDATE SET locked_until = EXCLUDED.locked_until`,
    [key.email, key.address, until],
  );
  await clearSignInFailures(db, key);
  return until;
}

/** Forgets the key's failures (a complete sign-in from that address). */
export async function clearSignInFailures(db: Queryable, key: AttemptKey): Promise<void> {
  await db.query('DELETE FROM operator_login_failures WHERE email_key = $1 AND address_key = $2', [key.email, key.address]);
}
