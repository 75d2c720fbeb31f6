/**
 * The one lock-out routine of staff sign-in (docs/behaviour.md, sections 19, 29 and 31), for
 * operators and partner users alike, and for each step that checks a secret: the password at login,
 * the TOTP code or recovery code, and the current password of the change-password form. 5 failures
 * within 15 minutes for an email from one client address lock that email at that address for 15
 * minutes, during which even the right secret is refused there; from another address the email is
 * not refused (the address throttle, http/address-throttle.ts, bounds how many an address tries).
 *
 * Each attempt is counted before its secret is checked and settled after, in two short
 * transactions: the check itself (a password hash, tens of milliseconds) runs outside any
 * transaction, so it holds no database connection. While 5 attempts of an email from an address
 * are failed or still being checked, further ones from there are refused at once, so guesses sent in parallel are never
 * all checked before the first is counted.
 */
import { randomUUID } from 'node:crypto';
import {
  clearSignInFailures,
  countAttemptsAgainst,
  deleteAttempt,
  insertPendingAttempt,
  lockedUntil,
  lockSignInAttempts,
  settleFailedAttempt,
  type AttemptKey,
} from '../store/sign-in-attempts-store.ts';
import { emailKey } from '../store/operators-store.ts';
import type { ServiceContext } from './context.ts';

export const LOCKOUT = { maxFailures: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 };

/** Whose attempts are counted together: an operator's email, or a partner user's (apart from operators'). */
export type SignInAccount = 'operator' | 'partner_user';

/** A refused step: a wrong secret, or the email locked at the address (until when, when a lock is set). */
export interface SignInRefusal {
  ok: false;
  reason: 'invalid' | 'locked';
  lockedUntil?: Date;
}

export type Attempt<T> = { ok: true; value: T } | SignInRefusal;

/**
 * The key attempts are counted under: the email (a dashboard email apart from an operator's; a
 * space never occurs in an email) and the client address, as the address throttle keys it (an
 * IPv4 address, or an IPv6 address's /64: addressKey of http/address-throttle.ts).
 */
export function signInKey(account: SignInAccount, email: string, address: string): AttemptKey {
  const key = emailKey(email).slice(0, 254);
  return { email: account === 'operator' ? key : `dashboard ${key}`, address: address.slice(0, 64) };
}

/**
 * Runs one counted attempt: `check` answers the value of a right secret, or null for a wrong one.
 * `completesSignIn`: a success forgets the email's earlier failures (the last step of a sign-in);
 * otherwise it only takes back its own attempt (a right password before its second factor resets
 * nothing). An email locked at the address is refused without running `check`.
 */
export async function countedAttempt<T>(
  ctx: ServiceContext,
  key: AttemptKey,
  check: () => Promise<T | null>,
  options: { completesSignIn: boolean },
): Promise<Attempt<T>> {
  const attemptId = randomUUID();
  const admitted = await ctx.db.transaction(async (tx): Promise<SignInRefusal | null> => {
    await lockSignInAttempts(tx, key);
    const now = ctx.now();
    const locked = await lockedUntil(tx, key, now);
    if (locked) return { ok: false, reason: 'locked', lockedUntil: locked };
    if ((await countAttemptsAgainst(tx, key, new Date(now.getTime() - LOCKOUT.windowSeconds * 1000))) >= LOCKOUT.maxFailures)
      return { ok: false, reason: 'locked' };
    await insertPendingAttempt(tx, key, attemptId, now);
    return null;
  });
  if (admitted) return admitted;
  let value: T | null;
  try {
    value = await check();
  } catch (error) {
    // Not checked (the database failed, say): the attempt counts neither way.
    await deleteAttempt(ctx.db, attemptId);
    throw error;
  }
  return ctx.db.transaction(async (tx): Promise<Attempt<T>> => {
    await lockSignInAttempts(tx, key);
    const now = ctx.now();
    const locked = await lockedUntil(tx, key, now);
    if (locked) {
      await deleteAttempt(tx, attemptId);
      return { ok: false, reason: 'locked', lockedUntil: locked };
    }
    if (value === null) {
      const lockedNow = await settleFailedAttempt(tx, key, attemptId, now, LOCKOUT);
      return lockedNow ? { ok: false, reason: 'locked', lockedUntil: lockedNow } : { ok: false, reason: 'invalid' };
    }
    if (options.completesSignIn) await clearSignInFailures(tx, key);
    else await deleteAttempt(tx, attemptId);
    return { ok: true, value };
  });
}
