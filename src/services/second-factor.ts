/**
 * The second factor of password accounts, operators' and partner users' alike (docs/behaviour.md,
 * sections 24 and 29): a TOTP secret set up with a first code, ten single-use recovery codes, and
 * the login step that takes either, counted by the lock-out routine (sign-in-attempts.ts) as the
 * password is. A factor already turned on is replaced only with a fresh code from it. The secret
 * being set up is the set-up session's own (its row in web_sessions, named by the hash of its
 * cookie): each session that shows the set-up page shows a secret of its own, and confirms that one.
 */
import type { Actor } from '../domain/actors.ts';
import { notFound } from '../domain/errors.ts';
import {
  advanceTotpStep,
  clearSetupSecret,
  countUnusedRecoveryCodes,
  findSetupSecret,
  findTwoFactorState,
  keepSetupSecret,
  replaceRecoveryCodes,
  turnOnTotp,
  useRecoveryCode,
  type TwoFactorAccountKind,
} from '../store/two-factor-store.ts';
import { audited } from './audit.ts';
import type { ServiceContext } from './context.ts';
import type { SecretBox } from './secret-box.ts';
import { countedAttempt, signInKey, type SignInRefusal } from './sign-in-attempts.ts';
import { looksLikeRecoveryCode, matchingStep, newRecoveryCodes, newTotpSecret, recoveryCodeHash } from './two-factor.ts';

/** Whose second factor: an operator or a partner user, by id. */
export interface TwoFactorAccount {
  kind: TwoFactorAccountKind;
  id: string;
}

/**
 * The secret the set-up session `setupSession` (its hash) is setting up, in clear for the page:
 * made on its first ask, kept until confirmed, shown to that session only.
 */
export async function pendingSecret(ctx: ServiceContext, box: SecretBox, account: TwoFactorAccount, setupSession: string): Promise<string> {
  const state = await findTwoFactorState(ctx.db, account.kind, account.id);
  if (!state) throw notFound('user');
  const kept = await keepSetupSecret(ctx.db, account.kind, account.id, setupSession, box.seal(newTotpSecret(), account.id));
  if (kept === null) throw notFound('session');
  const secret = box.open(kept, account.id);
  if (secret) return secret;
  // Sealed with a key no longer in use: a new secret in its place.
  const fresh = newTotpSecret();
  await keepSetupSecret(ctx.db, account.kind, account.id, setupSession, box.seal(fresh, account.id), true);
  return fresh;
}

export const REPLACEMENT_NEEDS_CODE = 'Two-factor authentication is already on: enter a code from your current authenticator app to replace it';
const LOCKED = 'Too many failed attempts: this email is locked for 15 minutes from this network. Try again later.';
const TURNED_ON_MEANWHILE = 'Two-factor authentication has just been turned on from another page: log in again, with the authenticator app set up there';

export type ConfirmResult = { ok: true; recoveryCodes: string[]; replaced: boolean } | { ok: false; message: string; locked?: true };

/**
 * Confirms the set-up session's secret with a code from the app: two-factor is on, and ten recovery
 * codes are shown once. When a factor is on already, `current` must be a fresh code (or an
 * unused recovery code) of that factor, counted as a login step: without it nothing changes, so a
 * set-up page left open elsewhere cannot replace the factor. Two confirmations at once: the first
 * wins, the second is refused (the factor is not as it checked it any more).
 */
export async function confirmSecret(
  ctx: ServiceContext,
  box: SecretBox,
  account: TwoFactorAccount,
  actor: Actor,
  confirming: { setupSession: string; code: string; current?: { code: string; address: string } },
): Promise<ConfirmResult> {
  const state = await findTwoFactorState(ctx.db, account.kind, account.id);
  if (!state) throw notFound('user');
  const replacing = state.two_factor_enabled_at !== null;
  if (replacing) {
    if (!confirming.current?.code.trim()) return { ok: false, message: REPLACEMENT_NEEDS_CODE };
    const current = await verifyCode(ctx, box, account, confirming.current.code, confirming.current.address);
    if (!current.ok)
      return current.reason === 'locked'
        ? { ok: false, message: LOCKED, locked: true }
        : { ok: false, message: 'The code from your current authenticator app is not right' };
  }
  const sealed = await findSetupSecret(ctx.db, account.kind, account.id, confirming.setupSession);
  const secret = sealed ? box.open(sealed, account.id) : null;
  if (!secret) return { ok: false, message: 'Reload the page to get a new secret, then enter its code' };
  const step = matchingStep(secret, confirming.code, ctx.now());
  if (step === null) return { ok: false, message: 'That code is not right. Enter the 6-digit code your app shows now' };
  const { codes, hashes } = newRecoveryCodes();
  const turnedOn = await audited(
    ctx,
    actor,
    async (inner) => {
      const change = { sealed: box.seal(secret, account.id), step, now: ctx.now(), replacing: replacing ? state.totp_secret_enc : null };
      if (!(await turnOnTotp(inner.db, account.kind, account.id, change))) return false;
      await replaceRecoveryCodes(inner.db, account.kind, account.id, hashes);
      await clearSetupSecret(inner.db, confirming.setupSession);
      return true;
    },
    (done) =>
      done ? { action: `${account.kind}.${replacing ? 'two_factor_replaced' : 'two_factor_enabled'}`, targetType: account.kind, targetId: account.id } : null,
  );
  if (!turnedOn) return { ok: false, message: TURNED_ON_MEANWHILE };
  return { ok: true, recoveryCodes: codes, replaced: replacing };
}

export type CodeResult = { ok: true; usedRecoveryCode: boolean; recoveryCodesLeft: number } | SignInRefusal;

/**
 * The login step of the second factor: a TOTP code (each time step accepted once) or an unused
 * recovery code (used up now). Counted by the lock-out routine; a success completes the sign-in
 * and forgets the email's failures.
 */
export async function verifyCode(ctx: ServiceContext, box: SecretBox, account: TwoFactorAccount, code: string, address: string): Promise<CodeResult> {
  const state = await findTwoFactorState(ctx.db, account.kind, account.id);
  if (!state?.totp_secret_enc) return { ok: false, reason: 'invalid' };
  const sealed = state.totp_secret_enc;
  const typed = code.trim().slice(0, 64);
  const attempt = await countedAttempt(
    ctx,
    signInKey(account.kind, state.email, address),
    async () => {
      const secret = box.open(sealed, account.id);
      const step = secret ? matchingStep(secret, typed, ctx.now()) : null;
      if (step !== null) return (await advanceTotpStep(ctx.db, account.kind, account.id, step)) ? { usedRecoveryCode: false } : null;
      if (!looksLikeRecoveryCode(typed)) return null;
      return (await useRecoveryCode(ctx.db, account.kind, account.id, recoveryCodeHash(typed), ctx.now())) ? { usedRecoveryCode: true } : null;
    },
    { completesSignIn: true },
  );
  if (!attempt.ok) return attempt;
  return { ok: true, usedRecoveryCode: attempt.value.usedRecoveryCode, recoveryCodesLeft: await countUnusedRecoveryCodes(ctx.db, account.kind, account.id) };
}
