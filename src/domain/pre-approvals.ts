/**
 * Pre-approvals (docs/behaviour.md, section 21): a standing credit limit for a customer, kept as a
 * confirmed flexi_loan offer of the customer in no application. Rules that need no storage.
 */
import { effectiveOfferStatus, isExpired, type OfferState } from './offers.ts';

export type PreApprovalStatus = 'available' | 'funded' | 'expired' | 'revoked';

/** Whether funds can be drawn from a pre-approval now (it needs no selection and no application). */
export function preApprovalDrawdownProblem(offer: OfferState, now: Date): string | null {
  if (offer.offerType !== 'confirmed') return 'indicative offers cannot be funded';
  if (offer.status === 'revoked') return 'the pre-approval was revoked';
  if (offer.status === 'expired' || isExpired(offer, now)) return 'the pre-approval has expired';
  return null;
}

/** A pre-approval's status as of `now`: drawn from once it is `funded` (until it expires); past its expiry it is `expired`. */
export function preApprovalStatus(offer: OfferState, now: Date): PreApprovalStatus {
  if (offer.status === 'funded' && isExpired(offer, now)) return 'expired';
  const status = effectiveOfferStatus(offer, now);
  return status === 'selected' ? 'available' : status;
}

/** Pre-approval terms are bounded like an operator's offer terms; valid for 1 to 365 days. */
export const PRE_APPROVAL_MAX_VALID_DAYS = 365;
