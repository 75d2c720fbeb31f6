/**
 * Payloads of the webhook events (contract section 13), built from plain values. Every payload
 * carries external_customer_id whenever the customer has one.
 */
import type { ApplicationStatus } from './application-status.ts';

export interface ApplicationRef {
  applicationId: string;
  customerId: string;
  externalCustomerId: string | null;
}

function base(ref: ApplicationRef): Record<string, unknown> {
  const payload: Record<string, unknown> = { application_id: ref.applicationId, customer_id: ref.customerId };
  if (ref.externalCustomerId !== null) payload.external_customer_id = ref.externalCustomerId;
  return payload;
}

export function applicationAttributed(ref: ApplicationRef, amount: number, isTopup: boolean, at: Date) {
  return { ...base(ref), amount, is_topup: isTopup, attributed_at: at.toISOString() };
}

export function applicationStatusChanged(ref: ApplicationRef, previous: ApplicationStatus, status: ApplicationStatus, at: Date) {
  return { ...base(ref), previous_status: previous, status, changed_at: at.toISOString() };
}

export interface OfferSummary {
  offer_id: string;
  product_type: string;
  max_amount: number;
  monthly_interest_percentage: number;
  fee_percentage: number;
  duration_in_days: number;
}

export function applicationOffered(ref: ApplicationRef, offers: OfferSummary[], at: Date) {
  return { ...base(ref), offers, offered_at: at.toISOString() };
}

export function applicationDeclined(ref: ApplicationRef, at: Date, canReapplyFrom: string) {
  return { ...base(ref), declined_at: at.toISOString(), can_reapply_from: canReapplyFrom };
}

export function applicationDeferred(ref: ApplicationRef, at: Date) {
  return { ...base(ref), deferred_at: at.toISOString() };
}
