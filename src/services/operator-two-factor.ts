/**
 * The second factor of password operators (docs/behaviour.md, section 29), the dashboard's own
 * (second-factor.ts: TOTP with the secret sealed by DASHBOARD_SECRET_KEY, ten recovery codes, the
 * lock-out routine), and the set-up link printed by `npm run operator -- create` and for the demo
 * operator: /console/two-factor/setup?token=…, single use, 72 hours, as an invitation to the
 * dashboard. The link only leads to the set-up page: the page asks for the operator's password too.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { notFound } from '../domain/errors.ts';
import { INVITATION_HOURS } from '../domain/partner-users.ts';
import { closeOpenSetupLinks, findSetupLink, insertSetupLink, markSetupLinkUsed } from '../store/operator-sign-in-store.ts';
import { findOperator, type OperatorRow } from '../store/operators-store.ts';
import type { ServiceContext } from './context.ts';
import { actorOf } from './operators.ts';
import { confirmSecret, pendingSecret, verifyCode, type ConfirmResult } from './second-factor.ts';
import type { SecretBox } from './secret-box.ts';
import type { SignInRefusal } from './sign-in-attempts.ts';
import { hashToken } from './tokens.ts';

/** A set-up link lasts as long as a dashboard invitation. */
export const SETUP_LINK_HOURS = INVITATION_HOURS;

export function setupLinkUrl(publicBaseUrl: string, token: string): string {
  return `${publicBaseUrl}/console/two-factor/setup?token=${token}`;
}

export interface SetupLink {
  /** The secret of the link: shown once, stored only as a hash. */
  token: string;
  expiresAt: Date;
}

/** A new set-up link for the operator; the links given before stop working. */
export async function issueSetupLink(ctx: ServiceContext, operatorId: string): Promise<SetupLink> {
  const token = randomBytes(32).toString('base64url');
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + SETUP_LINK_HOURS * 3600 * 1000);
  await ctx.db.transaction(async (tx) => {
    await closeOpenSetupLinks(tx, operatorId, now);
    await insertSetupLink(tx, { id: randomUUID(), operatorId, tokenHash: hashToken(token), now, expiresAt });
  });
  return { token, expiresAt };
}

export type SetupLinkState = { ok: true; operator: OperatorRow; linkId: string } | { ok: false; reason: 'unknown' | 'used' | 'expired' };

/**
 * Whether a set-up link can still be used, and whose it is (it changes nothing). A link whose
 * operator has turned two-factor on since (by logging in) counts as used: it has done its work.
 */
export async function checkSetupLink(ctx: ServiceContext, token: string): Promise<SetupLinkState> {
  if (token.length === 0 || token.length > 100) return { ok: false, reason: 'unknown' };
  const link = await findSetupLink(ctx.db, hashToken(token));
  if (!link) return { ok: false, reason: 'unknown' };
  const operator = await findOperator(ctx.db, link.operator_id);
  if (!operator || !operator.active) return { ok: false, reason: 'unknown' };
  if (link.used_at || operator.two_factor_enabled_at) return { ok: false, reason: 'used' };
  if (link.expires_at <= ctx.now()) return { ok: false, reason: 'expired' };
  return { ok: true, operator, linkId: link.id };
}

/** Uses a set-up link up (its password step passed): false when it was used or expired meanwhile. */
export async function useSetupLink(ctx: ServiceContext, linkId: string): Promise<boolean> {
  return markSetupLinkUsed(ctx.db, linkId, ctx.now());
}

async function liveOperator(ctx: ServiceContext, operatorId: string): Promise<OperatorRow> {
  const operator = await findOperator(ctx.db, operatorId);
  if (!operator || !operator.active) throw notFound('operator');
  return operator;
}

/** The TOTP secret the set-up session `setupSession` (its hash) is setting up, in clear for its page. */
export async function operatorPendingTotpSecret(ctx: ServiceContext, box: SecretBox, operatorId: string, setupSession: string): Promise<string> {
  await liveOperator(ctx, operatorId);
  return pendingSecret(ctx, box, { kind: 'operator', id: operatorId }, setupSession);
}

/**
 * Turns two-factor on with the set-up session's secret and a first code from the app, and gives
 * ten recovery codes to show once; a factor already on is replaced only with `currentCode`, a
 * fresh code of it. Audited.
 */
export async function confirmOperatorTwoFactor(
  ctx: ServiceContext,
  box: SecretBox,
  operatorId: string,
  confirming: { setupSession: string; code: string; current?: { code: string; address: string } },
): Promise<ConfirmResult> {
  const operator = await liveOperator(ctx, operatorId);
  return confirmSecret(ctx, box, { kind: 'operator', id: operator.id }, actorOf(operator), confirming);
}

export type OperatorSecondFactorResult = { ok: true; operator: OperatorRow; usedRecoveryCode: boolean; recoveryCodesLeft: number } | SignInRefusal;

/** The login's second step: a TOTP code or a recovery code, counted with the password's failures from the client `address`. */
export async function verifyOperatorSecondFactor(
  ctx: ServiceContext,
  box: SecretBox,
  operatorId: string,
  code: string,
  address: string,
): Promise<OperatorSecondFactorResult> {
  const operator = await findOperator(ctx.db, operatorId);
  if (!operator || !operator.active || !operator.two_factor_enabled_at) return { ok: false, reason: 'invalid' };
  const result = await verifyCode(ctx, box, { kind: 'operator', id: operator.id }, code, address);
  return result.ok ? { ok: true, operator, usedRecoveryCode: result.usedRecoveryCode, recoveryCodesLeft: result.recoveryCodesLeft } : result;
}
