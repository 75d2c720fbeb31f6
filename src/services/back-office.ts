/**
 * The changes the lender's staff make, one function each, used by both the admin API and the
 * console: the role check, the service that holds the rule, and the audit row, in one
 * transaction. Four eyes (docs/behaviour.md, section 19) lives here too.
 */
import { randomUUID } from 'node:crypto';
import { may, type Actor, type OperatorRole } from '../domain/actors.ts';
import type { OfferTerms } from '../domain/decision-policy.ts';
import { DomainError, notFound } from '../domain/errors.ts';
import { largestAmountPence, needsSecondOperator } from '../domain/four-eyes.ts';
import { fromPence } from '../domain/money.ts';
import type { Environment, Scope, Tenant } from '../domain/tenant.ts';
import { findApplicationAnyTenant } from '../store/applications-store.ts';
import type { PendingApprovalRow } from '../store/approvals-store.ts';
import { findDocumentAnyTenant, type DocumentRow } from '../store/documents-store.ts';
import { insertNote } from '../store/notes-store.ts';
import { findTokenPartnerId } from '../store/partners-store.ts';
import { applicationApproval, termsSummary } from './application-approval.ts';
import { audited } from './audit.ts';
import type { ServiceContext } from './context.ts';
import type { Decision } from './decisions.ts';
import { reviewDocument } from './document-processing.ts';
import { confirmPendingApproval, requestApproval, withdrawApprovals } from './four-eyes.ts';
import { drawdown } from './fundings.ts';
import { operatorDecision, revokeOffers, startReview } from './underwriting.ts';
import { createIntroducer, createPartner, createToken, revokePartnerToken, setSuspended } from './partners.ts';
import { redeliver, saveSettings, type WebhookPolicy } from './webhooks.ts';

/** A viewer changes nothing; partners, tokens, fundings and operators are for admins. */
export function requireRole(actor: Actor, needed: OperatorRole): void {
  if (!may(actor, needed)) throw new DomainError('PermissionDenied', `this needs the ${needed} role`);
}

// --- Partners, tokens, introducers (admin) ---

export async function boCreatePartner(ctx: ServiceContext, actor: Actor, name: string) {
  requireRole(actor, 'admin');
  return audited(
    ctx,
    actor,
    (inner) => createPartner(inner, name),
    (p) => ({ action: 'partner.created', targetType: 'partner', targetId: p.partnerId, summary: { name } }),
  );
}

export async function boCreateToken(ctx: ServiceContext, actor: Actor, partnerId: string, environment: Environment, scopes?: Scope[]) {
  requireRole(actor, 'admin');
  return audited(
    ctx,
    actor,
    (inner) => createToken(inner, partnerId, environment, scopes),
    (t) => ({
      action: 'token.created',
      targetType: 'token',
      targetId: t.tokenId,
      summary: { partner_id: partnerId, environment: t.environment, scopes: t.scopes },
    }),
  );
}

export async function boRevokeToken(ctx: ServiceContext, actor: Actor, tokenId: string) {
  requireRole(actor, 'admin');
  const partnerId = await findTokenPartnerId(ctx.db, tokenId);
  await audited(
    ctx,
    actor,
    (inner) => revokePartnerToken(inner, tokenId),
    () => ({ action: 'token.revoked', targetType: 'token', targetId: tokenId, summary: { partner_id: partnerId } }),
  );
}

export async function boSetSuspended(ctx: ServiceContext, actor: Actor, partnerId: string, suspended: boolean) {
  requireRole(actor, 'admin');
  await audited(
    ctx,
    actor,
    (inner) => setSuspended(inner, partnerId, suspended),
    () => ({ action: suspended ? 'partner.suspended' : 'partner.reinstated', targetType: 'partner', targetId: partnerId }),
  );
}

export async function boCreateIntroducer(
  ctx: ServiceContext,
  actor: Actor,
  partnerId: string,
  input: { name: string; email: string; environment: Environment },
) {
  requireRole(actor, 'admin');
  return audited(
    ctx,
    actor,
    (inner) => createIntroducer(inner, partnerId, input),
    (id) => ({
      action: 'introducer.created',
      targetType: 'partner',
      targetId: partnerId,
      summary: { introducer_id: id, name: input.name, email: input.email, environment: input.environment },
    }),
  );
}

export async function boRedeliver(ctx: ServiceContext, actor: Actor, tenant: Tenant, eventId: string) {
  requireRole(actor, 'admin');
  return audited(
    ctx,
    actor,
    (inner) => redeliver(inner, tenant, eventId),
    () => ({
      action: 'webhook.redelivery_requested',
      targetType: 'partner',
      targetId: tenant.partnerId,
      summary: { event_id: eventId, environment: tenant.environment },
    }),
  );
}

/** An admin's save of a tenant's webhook settings in the console (webhooks.ts saveSettings), audited without the token. */
export async function boSaveWebhookSettings(
  ctx: ServiceContext,
  actor: Actor,
  tenant: Tenant,
  input: Parameters<typeof saveSettings>[2],
  policy: WebhookPolicy,
  pointers: Parameters<typeof saveSettings>[4],
) {
  requireRole(actor, 'admin');
  return audited(
    ctx,
    actor,
    (inner) => saveSettings(inner, tenant, input, policy, pointers),
    (change) => ({
      action: 'webhook_configuration.updated',
      targetType: 'webhook_configuration',
      targetId: tenant.partnerId,
      summary: { environment: tenant.environment, ...change },
    }),
  );
}

// --- Applications (underwriter) ---

export async function boStartReview(ctx: ServiceContext, actor: Actor, applicationId: string) {
  requireRole(actor, 'underwriter');
  return audited(
    ctx,
    actor,
    (inner) => startReview(inner, applicationId),
    () => ({ action: 'application.review_started', targetType: 'application', targetId: applicationId }),
  );
}

/** A decision applied at once (declines, deferrals, and approvals at or below the four-eyes threshold); it withdraws a pending approval. */
export async function boDecide(ctx: ServiceContext, actor: Actor, applicationId: string, decision: Decision) {
  requireRole(actor, 'underwriter');
  return audited(
    ctx,
    actor,
    async (inner, tx) => {
      const application = await operatorDecision(inner, applicationId, decision, 'operator');
      await withdrawApprovals(tx, actor, 'application_approval', applicationId, ctx.now());
      return application;
    },
    () => ({
      action: `application.${decision.outcome}`,
      targetType: 'application',
      targetId: applicationId,
      summary: decision.outcome === 'offered' ? { offers: termsSummary(decision.offers) } : {},
    }),
  );
}

/** Revokes the offers of the offer's application: one audit row per offer revoked (target type `offer`). */
export async function boRevokeOffers(ctx: ServiceContext, actor: Actor, offerId: string) {
  requireRole(actor, 'underwriter');
  const { application } = await audited(
    ctx,
    actor,
    (inner) => revokeOffers(inner, offerId),
    ({ application, revokedOfferIds }) =>
      revokedOfferIds.map((id) => ({ action: 'offer.revoked', targetType: 'offer', targetId: id, summary: { application_id: application.id } })),
  );
  return application;
}

export async function boDrawdown(ctx: ServiceContext, actor: Actor, offerId: string, amountPence: number, amountPointer: string) {
  requireRole(actor, 'admin');
  return audited(
    ctx,
    actor,
    (inner) => drawdown(inner, { offerId, amountPence, drawnBy: 'operator', tenant: null, amountPointer }),
    ({ funding, offer }) => ({
      action: 'funding.created',
      targetType: 'application',
      targetId: offer.application_id ?? offer.id,
      summary: { funding_id: funding.id, offer_id: offer.id, amount: fromPence(amountPence) },
    }),
  );
}

export async function boReviewDocument(
  ctx: ServiceContext,
  actor: Actor,
  documentId: string,
  status: 'accepted' | 'rejected',
  rejectReason: string | null,
): Promise<DocumentRow> {
  requireRole(actor, 'underwriter');
  const before = await findDocumentAnyTenant(ctx.db, documentId);
  return audited(
    ctx,
    actor,
    (inner) => reviewDocument(inner, documentId, status, rejectReason),
    (d) => ({
      action: `document.${status}`,
      targetType: 'document',
      targetId: d.id,
      summary: { from: before?.status ?? null, to: d.status, ...(d.reject_reason ? { reject_reason: d.reject_reason } : {}) },
    }),
  );
}

export async function boAddNote(ctx: ServiceContext, actor: Actor & { kind: 'operator' }, applicationId: string, body: string) {
  requireRole(actor, 'underwriter');
  return audited(
    ctx,
    actor,
    async (inner) => {
      if (!(await findApplicationAnyTenant(inner.db, applicationId))) throw notFound('application');
      const id = randomUUID();
      await insertNote(inner.db, { id, applicationId, operatorId: actor.operatorId, body, now: ctx.now() });
      return id;
    },
    (id) => ({ action: 'application.note_added', targetType: 'application', targetId: applicationId, summary: { note_id: id } }),
  );
}

// --- Four eyes ---

export type ApprovalResult = { kind: 'offered' } | { kind: 'pending'; approval: PendingApprovalRow };

/**
 * An approval with offers of the actor's own terms: applied at once when the largest offer is at
 * most the threshold, otherwise stored as pending (the application stays in_underwriting) until a
 * different operator confirms it in the console. The console's path, which needs the review
 * started; the admin API's goes through boRequestApproval above the threshold and boDecide below.
 */
export async function boApprove(
  ctx: ServiceContext,
  actor: Actor,
  applicationId: string,
  offers: OfferTerms[],
  thresholdPence: number,
): Promise<ApprovalResult> {
  requireRole(actor, 'underwriter');
  const current = await findApplicationAnyTenant(ctx.db, applicationId);
  if (!current) throw notFound('application');
  if (current.status !== 'in_underwriting') {
    throw new DomainError('InvalidTransition', `an application that is ${current.status} cannot be approved here: start the review first`, {
      meta: { status: current.status },
    });
  }
  if (!needsSecondOperator(largestAmountPence(offers), thresholdPence)) {
    await boDecide(ctx, actor, applicationId, { outcome: 'offered', offers });
    return { kind: 'offered' };
  }
  return { kind: 'pending', approval: await boRequestApproval(ctx, actor, applicationId, offers, thresholdPence) };
}

/** Stores an approval above the threshold as pending, whoever makes it (an operator or the admin token). */
export async function boRequestApproval(ctx: ServiceContext, actor: Actor, applicationId: string, offers: OfferTerms[], thresholdPence: number) {
  requireRole(actor, 'underwriter');
  return requestApproval(ctx, actor, applicationApproval, applicationId, offers, thresholdPence);
}

/** The second operator confirms (see four-eyes.ts): the offers are created then. */
export async function boConfirmApproval(ctx: ServiceContext, actor: Actor, approvalId: string): Promise<PendingApprovalRow> {
  requireRole(actor, 'underwriter');
  return confirmPendingApproval(ctx, actor, approvalId);
}
