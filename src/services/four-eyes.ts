/**
 * Four eyes (docs/behaviour.md, section 19), for every kind of approval and every maker: the
 * console's operators and the admin token alike. A change above the threshold is stored as a
 * pending approval; a different operator confirms it in the console, and only then is it made.
 * The kinds are registered in approval-kinds.ts; approval-kind.ts says what a kind provides.
 */
import { randomUUID } from 'node:crypto';
import type { Static } from 'typebox';
import { may, type Actor } from '../domain/actors.ts';
import { DomainError, notFound } from '../domain/errors.ts';
import { confirmationRefusal, isApprovalKind, type ApprovalKindName } from '../domain/four-eyes.ts';
import { fromPence } from '../domain/money.ts';
import type { PendingApprovalView } from '../schemas/admin.ts';
import {
  confirmApproval,
  findApproval,
  findPendingApproval,
  insertPendingApproval,
  withdrawPendingApprovals,
  type PendingApprovalRow,
} from '../store/approvals-store.ts';
import type { Queryable } from '../store/db.ts';
import { actorLabel, audited } from './audit.ts';
import type { ApprovalKind } from './approval-kind.ts';
import { approvalKind } from './approval-kinds.ts';
import type { ServiceContext } from './context.ts';

function requireChecker(actor: Actor): void {
  if (!may(actor, 'underwriter')) throw new DomainError('PermissionDenied', 'this needs the underwriter role');
}

/** The maker's and checker's ids and names as the audit rows carry them. */
function makerOf(approval: PendingApprovalRow) {
  return { maker: approval.requested_by_actor, maker_operator_id: approval.requested_by };
}

/**
 * Stores the maker's approval of `subjectId` as pending, after the kind has locked and checked
 * the subject; one may wait per kind and subject. Audited as `<prefix>_requested`.
 */
export async function requestApproval<T>(
  ctx: ServiceContext,
  actor: Actor,
  kind: ApprovalKind<T>,
  subjectId: string,
  terms: T,
  thresholdPence: number,
): Promise<PendingApprovalRow> {
  requireChecker(actor);
  const id = randomUUID();
  return audited(
    ctx,
    actor,
    async (_inner, tx) => {
      await kind.lockAndCheck(tx, subjectId);
      if (await findPendingApproval(tx, kind.name, subjectId)) {
        throw new DomainError('InvalidTransition', 'an approval of this is already waiting for confirmation: confirm it in the console first');
      }
      await insertPendingApproval(tx, {
        id,
        kind: kind.name,
        subjectId,
        applicationId: kind.applicationIdOf(subjectId),
        customerId: kind.customerIdOf(subjectId),
        terms,
        largestPence: kind.largestPence(terms),
        requestedBy: actor.kind === 'operator' ? actor.operatorId : null,
        requestedByActor: actorLabel(actor),
        now: ctx.now(),
      });
      const stored = await findApproval(tx, id);
      if (!stored) throw new Error('the pending approval just stored is missing');
      return stored;
    },
    (row) => ({
      action: `${kind.actionPrefix}_requested`,
      targetType: kind.targetType,
      targetId: subjectId,
      summary: { approval_id: row.id, kind: kind.name, ...makerOf(row), threshold: fromPence(thresholdPence), ...(kind.summary(terms) as object) },
    }),
  );
}

/** An approval of any kind, for the console; null when unknown. */
export async function findApprovalRecord(ctx: ServiceContext, approvalId: string): Promise<PendingApprovalRow | null> {
  const approval = await findApproval(ctx.db, approvalId);
  return approval && isApprovalKind(approval.kind) ? approval : null;
}

/**
 * The checker confirms: refused for the admin token and for the maker (403); then, in one
 * transaction, the approval must still be pending, the kind locks and checks its subject again
 * (409 when it can no longer be approved), the approval is settled only if still pending (so two
 * confirmations at once make the change once), and the kind makes the change. Audited as
 * `<prefix>_confirmed` with maker and checker.
 */
export async function confirmPendingApproval(ctx: ServiceContext, actor: Actor, approvalId: string): Promise<PendingApprovalRow> {
  requireChecker(actor);
  const approval = await findApprovalRecord(ctx, approvalId);
  if (!approval) throw notFound('approval');
  const refusal = confirmationRefusal(approval.requested_by, actor);
  if (refusal || actor.kind !== 'operator') throw new DomainError('PermissionDenied', refusal ?? 'only an operator confirms');
  const kind = approvalKind(approval.kind as ApprovalKindName);
  const terms = kind.fromStored(approval.terms);
  const noLongerWaiting = () => new DomainError('InvalidTransition', 'this approval is no longer waiting: it was confirmed or withdrawn');
  await audited(
    ctx,
    actor,
    async (inner, tx) => {
      const stillPending = async () => (await findApproval(tx, approvalId))?.status === 'pending';
      if (!(await stillPending())) throw noLongerWaiting();
      try {
        await kind.lockAndCheck(tx, approval.subject_id);
      } catch (error) {
        // A confirmation at the same moment held the subject's lock and changed it: the approval
        // it settled is what this one lost to, whatever its subject looks like now.
        if (!(await stillPending())) throw noLongerWaiting();
        throw error;
      }
      if (!(await confirmApproval(tx, approvalId, actor.operatorId, ctx.now()))) throw noLongerWaiting();
      await kind.apply(inner, approval.subject_id, terms);
    },
    () => ({
      action: `${kind.actionPrefix}_confirmed`,
      targetType: kind.targetType,
      targetId: approval.subject_id,
      summary: { approval_id: approvalId, kind: kind.name, ...makerOf(approval), checker: actorLabel(actor), ...(kind.summary(terms) as object) },
    }),
  );
  return { ...approval, status: 'confirmed', settled_by: actor.operatorId, settled_at: ctx.now() };
}

/** Withdraws the pending approval of `kind` about `subjectId`, in the caller's transaction (a decision made meanwhile). */
export async function withdrawApprovals(tx: Queryable, actor: Actor, kind: ApprovalKindName, subjectId: string, now: Date): Promise<number> {
  return withdrawPendingApprovals(tx, kind, subjectId, actor.kind === 'operator' ? actor.operatorId : null, now);
}

/** The pending approval of `kind` about `subjectId`, if any. */
export async function pendingApprovalOf(ctx: ServiceContext, kind: ApprovalKindName, subjectId: string): Promise<PendingApprovalRow | null> {
  return findPendingApproval(ctx.db, kind, subjectId);
}

/** The console page where an operator confirms the approval (its subject's page). */
export function approvalConsolePath(approval: PendingApprovalRow): string {
  return approvalKind(approval.kind as ApprovalKindName).consolePath(approval.subject_id);
}

/** The approval as the admin API answers it; `confirm_in` is the console page where an operator confirms it. */
export function approvalView(approval: PendingApprovalRow, thresholdPence: number): Static<typeof PendingApprovalView> {
  const kind = approvalKind(approval.kind as ApprovalKindName);
  return {
    approval_id: approval.id,
    kind: approval.kind,
    application_id: approval.application_id,
    subject_id: approval.subject_id,
    status: approval.status,
    requested_by: { actor: approval.requested_by_actor, operator_id: approval.requested_by },
    requested_at: approval.requested_at.toISOString(),
    terms: kind.summary(kind.fromStored(approval.terms)),
    threshold: fromPence(thresholdPence),
    confirm_in: kind.consolePath(approval.subject_id),
  };
}
