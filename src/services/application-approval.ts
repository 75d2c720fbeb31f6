/**
 * The first kind of four-eyes approval: an approval of an application whose largest offer is above
 * the threshold. Its subject is the application, its terms the offers; confirming it makes the
 * offers through the state machine, as an operator's decision.
 */
import type { OfferTerms } from '../domain/decision-policy.ts';
import { DomainError, notFound } from '../domain/errors.ts';
import { largestAmountPence } from '../domain/four-eyes.ts';
import { basisPointsToPercent, fromPence } from '../domain/money.ts';
import { findApplicationAnyTenant } from '../store/applications-store.ts';
import type { ApprovalKind } from './approval-kind.ts';
import { operatorDecision } from './underwriting.ts';

/** Offer terms as the audit log and the admin API show them. */
export function termsSummary(offers: OfferTerms[]) {
  return offers.map((o) => ({
    product_type: o.productType,
    max_amount: fromPence(o.maxAmountPence),
    monthly_interest_percentage: basisPointsToPercent(o.monthlyRateBp),
    fee_percentage: basisPointsToPercent(o.feeBp),
    duration_in_days: o.durationDays,
  }));
}

export const applicationApproval: ApprovalKind<OfferTerms[]> = {
  name: 'application_approval',
  targetType: 'application',
  actionPrefix: 'application',
  consolePath: (applicationId) => `/console/applications/${applicationId}`,
  applicationIdOf: (applicationId) => applicationId,
  largestPence: largestAmountPence,
  summary: (offers) => ({ offers: termsSummary(offers) }),
  fromStored: (stored) => (stored as OfferTerms[]).map((o) => ({ ...o })),
  async lockAndCheck(tx, applicationId) {
    const application = await findApplicationAnyTenant(tx, applicationId, true);
    if (!application) throw notFound('application');
    // The application may have left review meanwhile (a sandbox decision, the inactivity sweep).
    if (application.status !== 'in_underwriting') {
      throw new DomainError('InvalidTransition', `an application that is ${application.status} cannot be approved: only one in review (in_underwriting) can`, {
        meta: { status: application.status },
      });
    }
  },
  async apply(ctx, applicationId, offers) {
    await operatorDecision(ctx, applicationId, { outcome: 'offered', offers }, 'operator');
  },
};
