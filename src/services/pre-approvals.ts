/**
 * Pre-approvals (docs/behaviour.md, section 21): a standing flexi_loan limit of a customer, drawn
 * without an application. Made by an operator or the admin token (four eyes above the threshold:
 * pre-approval-kind.ts), or in the sandbox; a new one revokes the previous.
 */
import type { Static } from 'typebox';
import { may, type Actor } from '../domain/actors.ts';
import { DomainError, invalidAt, notFound } from '../domain/errors.ts';
import { needsSecondOperator } from '../domain/four-eyes.ts';
import { basisPointsToPercent, fromPence, percentToBasisPoints, toPence } from '../domain/money.ts';
import { PRODUCT_CEILING_PENCE } from '../domain/offers.ts';
import { preApprovalStatus } from '../domain/pre-approvals.ts';
import type { Tenant } from '../domain/tenant.ts';
import type { PreApprovalInput, PreApprovalView } from '../schemas/funding-accounts.ts';
import type { PendingApprovalRow } from '../store/approvals-store.ts';
import { findCustomer } from '../store/customers-store.ts';
import { drawnFromOffer } from '../store/fundings-store.ts';
import { listFundingAccounts } from '../store/funding-accounts-store.ts';
import type { OfferRow } from '../store/offers-store.ts';
import { findCustomerAnyTenant, latestPreApproval, listCustomerFundings } from '../store/pre-approvals-store.ts';
import { audited } from './audit.ts';
import type { ServiceContext } from './context.ts';
import { contextOfCustomer } from './customer-time.ts';
import { pendingApprovalOf, requestApproval } from './four-eyes.ts';
import { preApprovalKind } from './pre-approval-kind.ts';
import { createPreApproval, termsSummary, type PreApprovalTerms } from './pre-approval-offers.ts';

// The terms are pre-approval-offers.ts's; the console's pages name them from here.
export type { PreApprovalTerms };

/** The terms of a request body (already schema-checked); the product ceiling at `pointer`/max_amount. */
export function preApprovalTermsFrom(input: Static<typeof PreApprovalInput>, pointer: string): PreApprovalTerms {
  const maxAmountPence = toPence(input.max_amount);
  if (maxAmountPence > PRODUCT_CEILING_PENCE) {
    throw invalidAt(`${pointer}/max_amount`, `must be at most ${fromPence(PRODUCT_CEILING_PENCE)}, the product ceiling`);
  }
  return {
    terms: {
      productType: 'flexi_loan',
      maxAmountPence,
      monthlyRateBp: percentToBasisPoints(input.monthly_interest_percentage),
      feeBp: percentToBasisPoints(input.fee_percentage),
      durationDays: input.duration_in_days,
      isSuggested: true,
    },
    validForDays: input.valid_for_days,
  };
}

export function preApprovalView(offer: OfferRow, drawnPence: number, now: Date): Static<typeof PreApprovalView> {
  const status = preApprovalStatus({ offerType: offer.offer_type, status: offer.status, expiresAt: offer.expires_at }, now);
  const open = status === 'available' || status === 'funded';
  return {
    offer_id: offer.id,
    max_amount: fromPence(offer.max_amount_pence),
    available_amount: open ? fromPence(Math.max(0, offer.max_amount_pence - drawnPence)) : 0,
    monthly_interest_percentage: basisPointsToPercent(offer.monthly_rate_bp),
    fee_percentage: basisPointsToPercent(offer.fee_bp),
    duration_in_days: offer.duration_days,
    expires_at: offer.expires_at.toISOString(),
    status,
  };
}

/** The customer's latest pre-approval with what was drawn from it, or null when it never had one. */
export async function currentPreApproval(ctx: ServiceContext, customerId: string): Promise<{ offer: OfferRow; drawnPence: number } | null> {
  const offer = await latestPreApproval(ctx.db, customerId);
  if (!offer) return null;
  return { offer, drawnPence: await drawnFromOffer(ctx.db, offer.id) };
}

/** GET /customers/{id}/pre_approval/: 404 for an unknown customer or one that never had a pre-approval. */
export async function getPreApproval(ctx: ServiceContext, tenant: Tenant, customerId: string): Promise<Static<typeof PreApprovalView>> {
  const customer = await findCustomer(ctx.db, tenant, customerId);
  if (!customer) throw notFound('customer');
  const current = await currentPreApproval(ctx, customerId);
  if (!current) throw notFound('pre-approval');
  return preApprovalView(current.offer, current.drawnPence, (await contextOfCustomer(ctx, customer)).now());
}

// --- The lender's staff (audited; four eyes above the threshold, pre-approval-kind.ts) ---

export type PreApprovalResult = { kind: 'pre_approved'; offer: OfferRow } | { kind: 'pending'; approval: PendingApprovalRow };

/**
 * A pre-approval by an operator or the admin token: at most the threshold it is made at once
 * (audited `customer.pre_approved`); above it, it is stored as a pending approval of kind
 * `pre_approval`, made only once a different operator confirms it (four-eyes.ts).
 */
export async function boPreApprove(
  ctx: ServiceContext,
  actor: Actor,
  customerId: string,
  p: PreApprovalTerms,
  thresholdPence: number,
): Promise<PreApprovalResult> {
  if (!may(actor, 'underwriter')) throw new DomainError('PermissionDenied', 'this needs the underwriter role');
  if (needsSecondOperator(preApprovalKind.largestPence(p), thresholdPence)) {
    return { kind: 'pending', approval: await requestApproval(ctx, actor, preApprovalKind, customerId, p, thresholdPence) };
  }
  const offer = await audited(
    ctx,
    actor,
    (inner) => createPreApproval(inner, null, customerId, p, 'operator', actor.kind === 'operator' ? actor.operatorId : null),
    (made) => ({ action: 'customer.pre_approved', targetType: 'customer', targetId: customerId, summary: { offer_id: made.id, ...termsSummary(p) } }),
  );
  return { kind: 'pre_approved', offer };
}

/** What the console's customer page shows: the customer, its bank accounts, pre-approval and fundings. */
export async function customerOverview(ctx: ServiceContext, customerId: string) {
  const customer = await findCustomerAnyTenant(ctx.db, customerId);
  if (!customer) throw notFound('customer');
  const [accounts, preApproval, pending, fundings] = [
    await listFundingAccounts(ctx.db, customerId),
    await currentPreApproval(ctx, customerId),
    await pendingApprovalOf(ctx, 'pre_approval', customerId),
    await listCustomerFundings(ctx.db, customerId),
  ];
  return { customer, accounts, preApproval, pending, fundings };
}
