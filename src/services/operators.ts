/**
 * Operator accounts (docs/behaviour.md, section 19): create (a generated password shown once), change of
 * role, deactivation, change of one's own password, and login with a constant-time answer and a
 * lock-out after 5 failures in 15 minutes. Changes are audited; a change of role or a
 * deactivation ends the operator's sessions in the same transaction.
 */
import { randomUUID } from 'node:crypto';
import type { Static } from 'typebox';
import type { Actor, OperatorRole } from '../domain/actors.ts';
import { DomainError, notFound, validationFailed, type Problem } from '../domain/errors.ts';
import type { OperatorView } from '../schemas/admin.ts';
import { isUniqueViolation } from '../store/db.ts';
import { findOperator, findOperatorByEmail, insertOperator, listOperators, updateOperator, type OperatorRow } from '../store/operators-store.ts';
import { deleteOperatorSessions, deleteOtherOperatorSessions } from '../store/web-sessions-store.ts';
import { audited } from './audit.ts';
import type { ServiceContext } from './context.ts';
import { decoyHash, generatePassword, hashPassword, passwordProblem, verifyPassword } from './passwords.ts';
import { passwordHashing } from './hashing-gate.ts';
import { countedAttempt, signInKey, type SignInRefusal } from './sign-in-attempts.ts';

export type { OperatorRow };
export { LOCKOUT } from './sign-in-attempts.ts';

export const OPERATOR_ROLES: readonly OperatorRole[] = ['viewer', 'underwriter', 'admin'];

const LOCKED = 'Too many failed attempts: this email is locked for 15 minutes from this network. Try again later, or ask an admin.';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface NewOperator {
  email: string;
  name: string;
  role: string;
}

function operatorProblems(input: NewOperator): Problem[] {
  const problems: Problem[] = [];
  if (!EMAIL.test(input.email.trim()) || input.email.length > 254) problems.push({ detail: 'email must be an email address', source: { pointer: '/email' } });
  const name = input.name.trim();
  if (name.length === 0 || name.length > 200) problems.push({ detail: 'name must be 1 to 200 characters', source: { pointer: '/name' } });
  if (!(OPERATOR_ROLES as readonly string[]).includes(input.role))
    problems.push({ detail: 'role must be one of viewer, underwriter, admin', source: { pointer: '/role' } });
  return problems;
}

/** Every operator account, active or not. */
export async function listOperatorAccounts(ctx: ServiceContext): Promise<OperatorRow[]> {
  return listOperators(ctx.db);
}

export function operatorView(o: OperatorRow): Static<typeof OperatorView> {
  return { operator_id: o.id, email: o.email, name: o.name, role: o.role, active: o.active, created_at: o.created_at.toISOString() };
}

/** Creates an account with a generated password, returned once (only its hash is kept). */
export async function createOperator(ctx: ServiceContext, actor: Actor, input: NewOperator): Promise<{ operator: OperatorRow; password: string }> {
  const problems = operatorProblems(input);
  if (problems.length > 0) throw validationFailed(problems);
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  const id = randomUUID();
  const operator = await audited(
    ctx,
    actor,
    async (inner) => {
      try {
        await inner.db.transaction((tx) =>
          insertOperator(tx, { id, email: input.email, name: input.name.trim(), role: input.role as OperatorRole, passwordHash, now: ctx.now() }),
        );
      } catch (error) {
        if (isUniqueViolation(error))
          throw new DomainError('DuplicateOperator', 'an operator with this email already exists', { source: { pointer: '/email' } });
        throw error;
      }
      return (await findOperator(inner.db, id)) as OperatorRow;
    },
    (o) => ({ action: 'operator.created', targetType: 'operator', targetId: o.id, summary: { email: o.email, name: o.name, role: o.role } }),
  );
  return { operator, password };
}

async function requireOperator(ctx: ServiceContext, id: string): Promise<OperatorRow> {
  const operator = await findOperator(ctx.db, id, true);
  if (!operator) throw notFound('operator');
  return operator;
}

export async function changeRole(ctx: ServiceContext, actor: Actor, operatorId: string, role: string): Promise<OperatorRow> {
  if (!(OPERATOR_ROLES as readonly string[]).includes(role))
    throw validationFailed([{ detail: 'role must be one of viewer, underwriter, admin', source: { pointer: '/role' } }]);
  if (actor.kind === 'operator' && actor.operatorId === operatorId) throw new DomainError('PermissionDenied', 'an operator cannot change their own role');
  return audited(
    ctx,
    actor,
    async (inner) => {
      const before = await requireOperator(inner, operatorId);
      if (before.role === role) return { before, after: before };
      await updateOperator(inner.db, operatorId, { role: role as OperatorRole }, ctx.now());
      await deleteOperatorSessions(inner.db, operatorId);
      return { before, after: (await findOperator(inner.db, operatorId)) as OperatorRow };
    },
    ({ before, after }) =>
      before.role === after.role
        ? null
        : { action: 'operator.role_changed', targetType: 'operator', targetId: operatorId, summary: { from: before.role, to: after.role } },
  ).then((r) => r.after);
}

export async function deactivateOperator(ctx: ServiceContext, actor: Actor, operatorId: string): Promise<OperatorRow> {
  if (actor.kind === 'operator' && actor.operatorId === operatorId)
    throw new DomainError('PermissionDenied', 'an operator cannot deactivate their own account');
  return audited(
    ctx,
    actor,
    async (inner) => {
      const before = await requireOperator(inner, operatorId);
      await updateOperator(inner.db, operatorId, { active: false }, ctx.now());
      const ended = await deleteOperatorSessions(inner.db, operatorId);
      return { before, ended, after: (await findOperator(inner.db, operatorId)) as OperatorRow };
    },
    ({ before, ended }) =>
      before.active
        ? { action: 'operator.deactivated', targetType: 'operator', targetId: operatorId, summary: { email: before.email, sessions_ended: ended } }
        : null,
  ).then((r) => r.after);
}

/**
 * The operator's own password; the current one is checked first, counted by the lock-out routine
 * as a login is (a wrong one is a failure of the email). Other sessions of theirs end.
 */
export async function changeOwnPassword(
  ctx: ServiceContext,
  actor: Actor & { kind: 'operator' },
  current: string,
  next: string,
  keepSessionHash: string | null,
  address: string,
): Promise<{ ok: true } | { ok: false; field: 'current_password' | 'new_password'; message: string }> {
  const operator = await findOperator(ctx.db, actor.operatorId);
  if (!operator || !operator.active) throw notFound('operator');
  const stored = operator.password_hash;
  if (stored === null)
    return { ok: false, field: 'current_password', message: 'You sign in through single sign-on: your password is kept by your identity provider' };
  const checked = await passwordHashing.run(() =>
    countedAttempt(ctx, signInKey('operator', operator.email, address), async () => ((await verifyPassword(current, stored)) ? true : null), {
      completesSignIn: false,
    }),
  );
  if (!checked.ok) return { ok: false, field: 'current_password', message: checked.reason === 'locked' ? LOCKED : 'The current password is not right' };
  const problem = passwordProblem(next);
  if (problem) return { ok: false, field: 'new_password', message: problem };
  const passwordHash = await hashPassword(next);
  await audited(
    ctx,
    actor,
    async (inner) => {
      await updateOperator(inner.db, operator.id, { passwordHash }, ctx.now());
      await deleteOtherOperatorSessions(inner.db, operator.id, keepSessionHash);
    },
    () => ({ action: 'operator.password_changed', targetType: 'operator', targetId: operator.id }),
  );
  return { ok: true };
}

export type LoginResult = { ok: true; operator: OperatorRow } | SignInRefusal;

/**
 * Checks an email and password (the first factor of a password operator). A wrong email and a
 * wrong password get the same answer after the same work (an unknown email, or an operator of
 * single sign-on, is verified against a decoy hash); 5 failures within 15 minutes from one client
 * `address` lock the email, known or not, at that address for 15 minutes, during which even the
 * right password is refused there. The hash runs
 * outside any transaction (sign-in-attempts.ts). A right password forgets earlier failures only
 * when it is the whole sign-in (no second factor turned on yet).
 */
export async function login(ctx: ServiceContext, email: string, password: string, address: string): Promise<LoginResult> {
  // The whole attempt waits its turn at the hashing gate: one refused there (429) has read nothing.
  return passwordHashing.run(async () => {
    const key = signInKey('operator', email, address);
    const operator = key.email.length > 0 ? await findOperatorByEmail(ctx.db, key.email) : null;
    const attempt = await countedAttempt(
      ctx,
      key,
      async () => {
        const valid = await verifyPassword(password, operator?.password_hash ?? (await decoyHash()));
        return valid && operator && operator.active ? operator : null;
      },
      { completesSignIn: !operator?.two_factor_enabled_at },
    );
    return attempt.ok ? { ok: true as const, operator: attempt.value } : attempt;
  });
}

/** The operator behind a console session, when still active. */
export async function activeOperator(ctx: ServiceContext, operatorId: string): Promise<OperatorRow | null> {
  const operator = await findOperator(ctx.db, operatorId);
  return operator && operator.active ? operator : null;
}

export function actorOf(operator: OperatorRow): Actor & { kind: 'operator' } {
  return { kind: 'operator', operatorId: operator.id, email: operator.email, role: operator.role };
}
