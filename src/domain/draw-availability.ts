/**
 * Whether more can be drawn from an offer (or a pre-approval) on the customer's own today
 * (docs/behaviour.md, sections 9, 21 and 28): the portal shows "You can still draw" and "Draw more
 * funds" only when a drawdown would be accepted now, by the same rules the drawdown applies.
 */
import type { ApplicationStatus } from './application-status.ts';
import { drawdownProblem, isExpired, type OfferState } from './offers.ts';
import { preApprovalDrawdownProblem } from './pre-approvals.ts';

export type DrawAvailability =
  /** A drawdown of up to `remainingPence` would be accepted now. */
  | { kind: 'open'; remainingPence: number; until: Date }
  /** The whole limit is drawn. */
  | { kind: 'drawn' }
  /** The offer expired (on the customer's today): nothing more can be drawn. */
  | { kind: 'expired'; on: Date }
  /** Another rule refuses a drawdown (revoked, not selected, the application closed), in the service's words. */
  | { kind: 'closed'; reason: string };

export interface DrawableOffer {
  offer_type: OfferState['offerType'];
  status: OfferState['status'];
  expires_at: Date;
  max_amount_pence: number;
  pre_approval: boolean;
}

export function drawAvailability(offer: DrawableOffer, applicationStatus: ApplicationStatus | null, drawnPence: number, now: Date): DrawAvailability {
  const state: OfferState = { offerType: offer.offer_type, status: offer.status, expiresAt: offer.expires_at };
  const remainingPence = offer.max_amount_pence - drawnPence;
  if (remainingPence <= 0) return { kind: 'drawn' };
  if (isExpired(state, now)) return { kind: 'expired', on: offer.expires_at };
  const problem = offer.pre_approval ? preApprovalDrawdownProblem(state, now) : drawdownProblem(state, applicationStatus, now);
  if (problem) return { kind: 'closed', reason: problem };
  return { kind: 'open', remainingPence, until: offer.expires_at };
}
