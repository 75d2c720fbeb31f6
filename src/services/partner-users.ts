/**
 * Partner dashboard users (docs/behaviour.md, section 24): invitations (single use, 72 hours),
 * the password (hashed as operators' are, long enough and not a common one), mandatory TOTP with
 * ten single-use recovery codes, login with the console's lock-out, and the owners' changes of
 * role and removals. Every change is audited; a change of role or a removal ends the user's
 * sessions in the same transaction.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Actor } from '../domain/actors.ts';
import { DomainError, notFound, validationFailed, type Problem } from '../domain/errors.ts';
import { INVITATION_HOURS, isPartnerRole, partnerRoleAtLeast, type PartnerRole } from '../domain/partner-users.ts';
import { isUniqueViolation } from '../store/db.ts';
import { emailKey } from '../store/operators-store.ts';
import { findPartner } from '../store/partners-store.ts';
import {
  closeOpenInvitations,
  findInvitation,
  findPartnerUser,
  findPartnerUserByEmail,
  insertInvitation,
  insertPartnerUser,
  listPartnerUsers,
  markInvitationUsed,
  resetPartnerUser,
  updatePartnerUser,
  type PartnerUserRow,
} from '../store/partner-users-store.ts';
import { deletePartnerUserSessions } from '../store/web-sessions-store.ts';
import { audited } from './audit.ts';
import { requireRole } from './back-office.ts';
import type { ServiceContext } from './context.ts';
import { decoyHash, hashPassword, passwordProblem, verifyPassword } from './passwords.ts';
import { confirmSecret, pendingSecret, verifyCode } from './second-factor.ts';
import type { SecretBox } from './secret-box.ts';
import { passwordHashing } from './hashing-gate.ts';
import { countedAttempt, signInKey, type SignInRefusal } from './sign-in-attempts.ts';
import { hashToken } from './tokens.ts';

export type { PartnerUserRow };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function partnerActorOf(user: PartnerUserRow): Actor & { kind: 'partner_user' } {
  return { kind: 'partner_user', partnerUserId: user.id, partnerId: user.partner_id, email: user.email, role: user.role };
}

/** A partner user's action needs at least `needed` (the dashboard's roles). */
export function requirePartnerRole(actor: Actor & { kind: 'partner_user' }, needed: PartnerRole): void {
  if (!partnerRoleAtLeast(actor.role, needed)) throw new DomainError('PermissionDenied', `this needs the ${needed} role`);
}

export interface Invitation {
  userId: string;
  /** The secret of the link (/dashboard/invite?token=…): shown once, stored only as a hash. */
  token: string;
  expiresAt: Date;
}

export function invitationLink(publicBaseUrl: string, token: string): string {
  return `${publicBaseUrl}/dashboard/invite?token=${token}`;
}

async function issueInvitation(ctx: ServiceContext, userId: string): Promise<Invitation> {
  const token = randomBytes(32).toString('base64url');
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + INVITATION_HOURS * 3600 * 1000);
  await closeOpenInvitations(ctx.db, userId, now);
  await insertInvitation(ctx.db, { id: randomUUID(), userId, tokenHash: hashToken(token), now, expiresAt });
  return { userId, token, expiresAt };
}

function inviteProblems(input: { email: string; name: string; role: string }): Problem[] {
  const problems: Problem[] = [];
  if (!EMAIL.test(input.email.trim()) || input.email.length > 254) problems.push({ detail: 'email must be an email address', source: { pointer: '/email' } });
  if (input.name.trim().length === 0 || input.name.length > 200) problems.push({ detail: 'name must be 1 to 200 characters', source: { pointer: '/name' } });
  if (!isPartnerRole(input.role)) problems.push({ detail: 'role must be one of viewer, developer, owner', source: { pointer: '/role' } });
  return problems;
}

/**
 * Invites a user to the partner's dashboard: an operator (admin) or the admin token invites anyone,
 * typically the first owner; a partner's owner invites to their own partner.
 */
export async function inviteUser(
  ctx: ServiceContext,
  actor: Actor,
  partnerId: string,
  input: { email: string; name: string; role: string },
): Promise<Invitation> {
  if (actor.kind === 'partner_user') {
    requirePartnerRole(actor, 'owner');
    if (actor.partnerId !== partnerId) throw notFound('partner');
  } else requireRole(actor, 'admin');
  const problems = inviteProblems(input);
  if (problems.length > 0) throw validationFailed(problems);
  const email = input.email.trim();
  const name = input.name.trim();
  const role = input.role as PartnerRole;
  return audited(
    ctx,
    actor,
    async (inner) => {
      if (!(await findPartner(inner.db, partnerId))) throw notFound('partner');
      // The same email again: a new invitation for someone of this partner who was removed or never
      // finished (their old links stop working); anyone else's email is taken.
      const existing = await findPartnerUserByEmail(inner.db, emailKey(email));
      if (existing) {
        if (existing.partner_id !== partnerId || (existing.two_factor_enabled_at && !existing.removed_at))
          throw new DomainError('DuplicatePartnerUser', 'a dashboard user with this email already exists', { source: { pointer: '/email' } });
        await resetPartnerUser(inner.db, existing.id, { name, role }, ctx.now());
        await deletePartnerUserSessions(inner.db, existing.id);
        return { ...(await issueInvitation(inner, existing.id)), again: true };
      }
      const userId = randomUUID();
      try {
        await inner.db.transaction((tx) => insertPartnerUser(tx, { id: userId, partnerId, email, emailKey: emailKey(email), name, role, now: ctx.now() }));
      } catch (error) {
        if (isUniqueViolation(error))
          throw new DomainError('DuplicatePartnerUser', 'a dashboard user with this email already exists', { source: { pointer: '/email' } });
        throw error;
      }
      return { ...(await issueInvitation(inner, userId)), again: false };
    },
    (inv) => ({
      action: inv.again ? 'partner_user.invited_again' : 'partner_user.invited',
      targetType: 'partner',
      targetId: partnerId,
      summary: { user_id: inv.userId, email, role },
    }),
  );
}

export type InvitationState = { ok: true; user: PartnerUserRow } | { ok: false; reason: 'unknown' | 'used' | 'expired' };

/** Whether an invitation link can still be used (it changes nothing). */
export async function checkInvitation(ctx: ServiceContext, token: string): Promise<InvitationState> {
  if (token.length === 0 || token.length > 100) return { ok: false, reason: 'unknown' };
  const invitation = await findInvitation(ctx.db, hashToken(token));
  if (!invitation) return { ok: false, reason: 'unknown' };
  if (invitation.used_at) return { ok: false, reason: 'used' };
  const user = await findPartnerUser(ctx.db, invitation.partner_user_id);
  if (!user || user.removed_at || user.partner_status !== 'active') return { ok: false, reason: 'unknown' };
  if (invitation.expires_at <= ctx.now()) return { ok: false, reason: 'expired' };
  return { ok: true, user };
}

/** Why a chosen password is refused, in words; null when it will do (the rules of passwords.ts). */
export function dashboardPasswordProblem(password: string): string | null {
  return passwordProblem(password, 'The password');
}

export type AcceptResult = { ok: true; user: PartnerUserRow } | { ok: false; field: 'password' | 'token'; message: string };

/** Uses the invitation once: sets the password; two-factor set-up comes next. */
export async function acceptInvitation(ctx: ServiceContext, token: string, password: string): Promise<AcceptResult> {
  const problem = dashboardPasswordProblem(password);
  const state = await checkInvitation(ctx, token);
  if (!state.ok) return { ok: false, field: 'token', message: state.reason };
  if (problem) return { ok: false, field: 'password', message: problem };
  const passwordHash = await hashPassword(password);
  const user = state.user;
  const actor = partnerActorOf(user);
  return audited(
    ctx,
    actor,
    async (inner) => {
      const invitation = await findInvitation(inner.db, hashToken(token), true);
      if (!invitation || invitation.expires_at <= ctx.now() || !(await markInvitationUsed(inner.db, invitation.id, ctx.now())))
        return { ok: false as const, field: 'token' as const, message: 'used' };
      await updatePartnerUser(inner.db, user.id, { passwordHash }, ctx.now());
      return { ok: true as const, user: (await findPartnerUser(inner.db, user.id)) as PartnerUserRow };
    },
    (r) => (r.ok ? { action: 'partner_user.invitation_accepted', targetType: 'partner_user', targetId: user.id } : null),
  );
}

/** The secret the set-up session `setupSession` (its hash) is setting up, in clear for its page. */
export async function pendingTotpSecret(ctx: ServiceContext, box: SecretBox, userId: string, setupSession: string): Promise<string> {
  const user = await findPartnerUser(ctx.db, userId);
  if (!user || user.removed_at) throw notFound('user');
  return pendingSecret(ctx, box, { kind: 'partner_user', id: user.id }, setupSession);
}

/**
 * Confirms the set-up session's secret with a code from the app: two-factor is on, and ten recovery
 * codes are shown once. When two-factor is on already, nothing changes without `current`, a
 * fresh code of the factor in use (second-factor.ts).
 */
export async function confirmTwoFactor(
  ctx: ServiceContext,
  box: SecretBox,
  userId: string,
  confirming: { setupSession: string; code: string; current?: { code: string; address: string } },
): Promise<{ ok: true; recoveryCodes: string[] } | { ok: false; message: string }> {
  const user = await findPartnerUser(ctx.db, userId);
  if (!user || user.removed_at) throw notFound('user');
  const result = await confirmSecret(ctx, box, { kind: 'partner_user', id: user.id }, partnerActorOf(user), confirming);
  return result.ok ? { ok: true, recoveryCodes: result.recoveryCodes } : { ok: false, message: result.message };
}

export type LoginResult = { ok: true; user: PartnerUserRow } | SignInRefusal;

/**
 * The first factor, as the console's login (the lock-out routine of sign-in-attempts.ts): the same
 * answer and the same work for a wrong email or password; 5 failures in 15 minutes from one client
 * `address` lock the email at that address for 15 minutes. The second factor comes next: a right password alone forgets no failure.
 */
export async function passwordLogin(ctx: ServiceContext, email: string, password: string, address: string): Promise<LoginResult> {
  // The whole attempt waits its turn at the hashing gate: one refused there (429) has read nothing.
  return passwordHashing.run(async () => {
    const key = emailKey(email).slice(0, 254);
    const user = key.length > 0 ? await findPartnerUserByEmail(ctx.db, key) : null;
    const attempt = await countedAttempt(
      ctx,
      signInKey('partner_user', email, address),
      async () => {
        const valid = await verifyPassword(password, user?.password_hash ?? (await decoyHash()));
        return valid && user && !user.removed_at && user.partner_status === 'active' ? user : null;
      },
      { completesSignIn: false },
    );
    return attempt.ok ? { ok: true as const, user: attempt.value } : attempt;
  });
}

export type SecondFactorResult = { ok: true; user: PartnerUserRow; usedRecoveryCode: boolean; recoveryCodesLeft: number } | SignInRefusal;

/**
 * The second factor: a TOTP code (each time step accepted once) or an unused recovery code (used
 * up now). Wrong codes count towards the same lock-out as wrong passwords.
 */
export async function verifySecondFactor(ctx: ServiceContext, box: SecretBox, userId: string, code: string, address: string): Promise<SecondFactorResult> {
  const user = await findPartnerUser(ctx.db, userId);
  if (!user || user.removed_at || !user.totp_secret_enc) return { ok: false, reason: 'invalid' };
  const result = await verifyCode(ctx, box, { kind: 'partner_user', id: user.id }, code, address);
  return result.ok ? { ok: true, user, usedRecoveryCode: result.usedRecoveryCode, recoveryCodesLeft: result.recoveryCodesLeft } : result;
}

/** The live user behind a dashboard session: not removed, of an active partner. */
export async function activePartnerUser(ctx: ServiceContext, userId: string): Promise<PartnerUserRow | null> {
  const user = await findPartnerUser(ctx.db, userId);
  return user && !user.removed_at && user.partner_status === 'active' ? user : null;
}

export async function partnerUsers(ctx: ServiceContext, partnerId: string): Promise<PartnerUserRow[]> {
  return listPartnerUsers(ctx.db, partnerId);
}

/** A user of the actor's own partner (another partner's: not found, as an id that does not exist). */
async function ownPartnersUser(ctx: ServiceContext, actor: Actor & { kind: 'partner_user' }, userId: string): Promise<PartnerUserRow> {
  const user = await findPartnerUser(ctx.db, userId, true);
  if (!user || user.partner_id !== actor.partnerId || user.removed_at) throw notFound('user');
  return user;
}

export async function changePartnerUserRole(ctx: ServiceContext, actor: Actor & { kind: 'partner_user' }, userId: string, role: string): Promise<void> {
  requirePartnerRole(actor, 'owner');
  if (!isPartnerRole(role)) throw validationFailed([{ detail: 'role must be one of viewer, developer, owner', source: { pointer: '/role' } }]);
  if (actor.partnerUserId === userId) throw new DomainError('PermissionDenied', 'you cannot change your own role');
  await audited(
    ctx,
    actor,
    async (inner) => {
      const before = await ownPartnersUser(inner, actor, userId);
      if (before.role === role) return null;
      await updatePartnerUser(inner.db, userId, { role }, ctx.now());
      await deletePartnerUserSessions(inner.db, userId);
      return before.role;
    },
    (from) => (from === null ? null : { action: 'partner_user.role_changed', targetType: 'partner_user', targetId: userId, summary: { from, to: role } }),
  );
}

/** Removes a user: their sessions end at once and their invitation no longer opens. */
export async function removePartnerUser(ctx: ServiceContext, actor: Actor & { kind: 'partner_user' }, userId: string): Promise<void> {
  requirePartnerRole(actor, 'owner');
  if (actor.partnerUserId === userId) throw new DomainError('PermissionDenied', 'you cannot remove yourself');
  await audited(
    ctx,
    actor,
    async (inner) => {
      const user = await ownPartnersUser(inner, actor, userId);
      await updatePartnerUser(inner.db, userId, { removedAt: ctx.now() }, ctx.now());
      await closeOpenInvitations(inner.db, userId, ctx.now());
      const ended = await deletePartnerUserSessions(inner.db, userId);
      return { email: user.email, ended };
    },
    (r) => ({ action: 'partner_user.removed', targetType: 'partner_user', targetId: userId, summary: { email: r.email, sessions_ended: r.ended } }),
  );
}
