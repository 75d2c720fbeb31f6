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
import {
  clearLoginFailures,
  emailKey,
  findOperator,
  findOperatorByEmail,
  insertOperator,
  listOperators,
  lockedUntil,
  lockLoginAttempts,
  recordLoginFailure,
  updateOperator,
  type OperatorRow,
} from '../store/operators-store.ts';
import { deleteOperatorSessions, deleteOtherOperatorSessions } from '../store/web-sessions-store.ts';
import { audited } from './audit.ts';
import type { ServiceContext } from './context.ts';
import { decoyHash, generatePassword, hashPassword, passwordProblem, verifyPassword } from './passwords.ts';

export type { OperatorRow };

export const OPERATOR_ROLES: readonly OperatorRole[] = ['viewer', 'underwriter', 'admin'];

export const LOCKOUT = { maxFailures: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 };

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

/** The operator's own password; the current one is checked first. Other sessions of theirs end. */
export async function changeOwnPassword(
  ctx: ServiceContext,
  actor: Actor & { kind: 'operator' },
  current: string,
  next: string,
  keepSessionHash: string | null,
): Promise<{ ok: true } | { ok: false; field: 'current_password' | 'new_password'; message: string }> {
  const operator = await findOperator(ctx.db, actor.operatorId);
  if (!operator || !operator.active) throw notFound('operator');
  if (!(await verifyPassword(current, operator.password_hash))) return { ok: false, field: 'current_password', message: 'The current password is not right' };
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

export type LoginResult = { ok: true; operator: OperatorRow } | { ok: false; reason: 'invalid' | 'locked'; lockedUntil?: Date };

/**
 * Checks an email and password. A wrong email and a wrong password get the same answer after the
 * same work (an unknown email is verified against a decoy hash); 5 failures within 15 minutes lock
 * the email, known or not, for 15 minutes, during which even the right password is refused.
 */
export async function login(ctx: ServiceContext, email: string, password: string): Promise<LoginResult> {
  const key = emailKey(email).slice(0, 254);
  const now = ctx.now();
  // One attempt at a time per email (a transaction-scoped advisory lock): guesses sent in parallel
  // are counted one after the other, so none gets past the lock-out.
  return ctx.db.transaction(async (tx) => {
    await lockLoginAttempts(tx, key);
    const operator = key.length > 0 ? await findOperatorByEmail(tx, key) : null;
    // Always one scrypt, whether the email is known, unknown or locked: the answers cost the same.
    const valid = await verifyPassword(password.slice(0, 200), operator?.password_hash ?? (await decoyHash()));
    const locked = await lockedUntil(tx, key, now);
    if (locked) return { ok: false, reason: 'locked', lockedUntil: locked };
    if (valid && operator && operator.active) {
      await clearLoginFailures(tx, key);
      return { ok: true, operator };
    }
    const lockedNow = await recordLoginFailure(tx, key, now, LOCKOUT);
    return lockedNow ? { ok: false, reason: 'locked', lockedUntil: lockedNow } : { ok: false, reason: 'invalid' };
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
