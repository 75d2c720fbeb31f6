/**
 * Offer rules that need no storage: what an offer's status is at an instant, what the offers
 * answer says about the application, and whether an offer may be selected or drawn from.
 */
import type { ApplicationStatus } from './application-status.ts';

export type OfferStatus = 'available' | 'selected' | 'funded' | 'expired' | 'revoked';
export type OfferCreationStatus = 'offers_available' | 'action_required' | 'pending_underwriting' | 'no_offers';

/** No offer ever exceeds the 1,000,000 GBP product ceiling (in pence). */
export const PRODUCT_CEILING_PENCE = 100_000_000;

/** Confirmed offers expire 30 days after they are made. */
export const OFFER_VALIDITY_DAYS = 30;

export interface OfferState {
  offerType: 'indicative' | 'confirmed';
  status: OfferStatus;
  expiresAt: Date;
}

/** The status as of `now`: an unfunded offer past its expiry is expired even before the sweep runs. */
export function effectiveOfferStatus(offer: OfferState, now: Date): OfferStatus {
  if ((offer.status === 'available' || offer.status === 'selected') && offer.expiresAt.getTime() <= now.getTime()) {
    return 'expired';
  }
  return offer.status;
}

export function isExpired(offer: OfferState, now: Date): boolean {
  return offer.expiresAt.getTime() <= now.getTime();
}

/** True when every confirmed offer has expired unfunded (the application then moves to expired). */
export function allConfirmedOffersExpired(offers: OfferState[], now: Date): boolean {
  const confirmed = offers.filter((o) => o.offerType === 'confirmed');
  return confirmed.length > 0 && confirmed.every((o) => effectiveOfferStatus(o, now) === 'expired');
}

export function offerCreationStatus(status: ApplicationStatus): OfferCreationStatus {
  switch (status) {
    case 'offered':
    case 'funded':
      return 'offers_available';
    case 'action_required':
      return 'action_required';
    case 'awaiting_underwriter':
    case 'in_underwriting':
      return 'pending_underwriting';
    default:
      return 'no_offers';
  }
}

/** Why an offer cannot be selected, or null when it can (docs/behaviour.md, section 7). */
export function selectionProblem(offer: OfferState, applicationStatus: ApplicationStatus | null, now: Date): string | null {
  if (offer.offerType !== 'confirmed') return 'indicative offers cannot be selected';
  const status = effectiveOfferStatus(offer, now);
  if (status !== 'available' && status !== 'selected') return `the offer is ${status}`;
  if (applicationStatus !== 'offered') return `the application is ${applicationStatus ?? 'missing'}, not offered`;
  return null;
}

/** Why an offer cannot be drawn from, or null (docs/behaviour.md, section 9). */
export function drawdownProblem(offer: OfferState, applicationStatus: ApplicationStatus | null, now: Date): string | null {
  if (offer.offerType !== 'confirmed') return 'indicative offers cannot be funded';
  if (isExpired(offer, now)) return 'the offer has expired';
  if (offer.status !== 'selected' && offer.status !== 'funded') return `the offer is ${offer.status}; select it first`;
  if (applicationStatus !== 'offered' && applicationStatus !== 'funded') return `the application is ${applicationStatus ?? 'missing'}`;
  return null;
}
