/**
 * Every webhook payload is built here, from the values the services hold (pence, basis points,
 * dates), and typed by its schema (schemas/events.ts): a field missing, misnamed or of the wrong
 * type is a compile error. The services and the sample events use these builders only.
 */
import type { ApplicationStatus } from '../domain/application-status.ts';
import { basisPointsToPercent, fromPence } from '../domain/money.ts';
import { offerAprTenths } from '../domain/repayment-schedule.ts';
import type { QuoteView } from '../domain/prequalification-quotes.ts';
import type { EventPayloads, OfferSummary } from '../schemas/events.ts';
import type { FundingRow } from '../store/fundings-store.ts';
import type { OfferInsert, OfferRow } from '../store/offers-store.ts';

export interface CustomerRef {
  customerId: string;
  externalCustomerId: string | null;
}

export interface ApplicationRef extends CustomerRef {
  applicationId: string;
}

/** An offer as it is inserted: the terms in pence and basis points. */
export type OfferTerms = Pick<OfferInsert, 'id' | 'maxAmountPence' | 'monthlyRateBp' | 'feeBp' | 'durationDays'>;

/** external_customer_id whenever the customer has one, else no key at all (docs/behaviour.md, section 13). */
function external(externalCustomerId: string | null): { external_customer_id?: string } {
  return externalCustomerId === null ? {} : { external_customer_id: externalCustomerId };
}

function application(ref: ApplicationRef) {
  return { application_id: ref.applicationId, customer_id: ref.customerId, ...external(ref.externalCustomerId) };
}

export function applicationAttributed(ref: ApplicationRef, amount: number, isTopup: boolean, at: Date): EventPayloads['application_attributed'] {
  return { ...application(ref), amount, is_topup: isTopup, attributed_at: at.toISOString() };
}

export function applicationStatusChanged(
  ref: ApplicationRef,
  previous: ApplicationStatus,
  status: ApplicationStatus,
  at: Date,
): EventPayloads['application_status_changed'] {
  return { ...application(ref), previous_status: previous, status, changed_at: at.toISOString() };
}

/** One offer of application_offered. */
export function offerSummary(offer: OfferTerms & Pick<OfferInsert, 'productType'>): OfferSummary {
  return {
    offer_id: offer.id,
    product_type: offer.productType,
    max_amount: fromPence(offer.maxAmountPence),
    monthly_interest_percentage: basisPointsToPercent(offer.monthlyRateBp),
    fee_percentage: basisPointsToPercent(offer.feeBp),
    duration_in_days: offer.durationDays,
    apr: offerAprTenths(offer) / 10,
  };
}

export function applicationOffered(ref: ApplicationRef, offers: OfferSummary[], at: Date): EventPayloads['application_offered'] {
  return { ...application(ref), offers, offered_at: at.toISOString() };
}

export function applicationDeclined(ref: ApplicationRef, at: Date, canReapplyFrom: string): EventPayloads['application_declined'] {
  return { ...application(ref), declined_at: at.toISOString(), can_reapply_from: canReapplyFrom };
}

export function applicationDeferred(ref: ApplicationRef, at: Date): EventPayloads['application_deferred'] {
  return { ...application(ref), deferred_at: at.toISOString() };
}

/** An indicative offer has no application yet, so the payload carries none. */
export function indicativeOfferCreated(customer: CustomerRef, offer: OfferTerms, at: Date): EventPayloads['indicative_offer_created'] {
  return {
    customer_id: customer.customerId,
    ...external(customer.externalCustomerId),
    offer_id: offer.id,
    max_amount: fromPence(offer.maxAmountPence),
    monthly_interest_percentage: basisPointsToPercent(offer.monthlyRateBp),
    fee_percentage: basisPointsToPercent(offer.feeBp),
    duration_in_days: offer.durationDays,
    created_at: at.toISOString(),
  };
}

type FundingFacts = Pick<FundingRow, 'id' | 'customer_id' | 'application_id' | 'offer_id' | 'amount_pence' | 'fee_pence' | 'created_at'>;
type FundedOfferTerms = Pick<OfferRow, 'max_amount_pence' | 'monthly_rate_bp' | 'fee_bp' | 'duration_days'>;

/** The spec's payload: application_id only when the funding has an application. */
export function fundingCreated(funding: FundingFacts, offer: FundedOfferTerms, externalCustomerId: string | null): EventPayloads['funding_created_202607'] {
  return {
    ...(funding.application_id !== null ? { application_id: funding.application_id } : {}),
    customer_id: funding.customer_id,
    ...external(externalCustomerId),
    funding_amount: fromPence(funding.amount_pence),
    funding_created_at: funding.created_at.toISOString(),
    funding_fee_amount: fromPence(funding.fee_pence),
    funding_id: funding.id,
    offer_duration_in_days: offer.duration_days,
    offer_fee_percentage: basisPointsToPercent(offer.fee_bp),
    offer_id: funding.offer_id,
    offer_max_amount: fromPence(offer.max_amount_pence),
    offer_monthly_interest_percentage: basisPointsToPercent(offer.monthly_rate_bp),
  };
}

/** docs/behaviour.md, section 9: application_id is always there, null for a funding without an application. */
export function customerFunded(funding: FundingFacts, externalCustomerId: string | null): EventPayloads['customer_funded'] {
  return {
    customer_id: funding.customer_id,
    ...external(externalCustomerId),
    application_id: funding.application_id,
    offer_id: funding.offer_id,
    funding_id: funding.id,
    funding_amount: fromPence(funding.amount_pence),
    funded_at: funding.created_at.toISOString(),
  };
}

/** The quotes exactly as GET /prequalification_data answers them. */
export function prequalificationQuoted(fileId: string, quotes: QuoteView[]): EventPayloads['prequalification_202505'] {
  return { prequalification_data_id: fileId, quotes };
}

export function prequalificationFileProcessed(fileId: string): EventPayloads['prequalification_data_file_processed_202510'] {
  return { prequalification_data_id: fileId };
}

export interface LoanRef extends CustomerRef {
  loanId: string;
}

/** docs/behaviour.md, section 22: one repayment's outcome, with the balance and days past due after it. */
export function loanRepaymentOutcome(
  ref: LoanRef,
  repayment: { date: string; amountPence: number },
  balanceAfterPence: number,
  daysPastDue: number,
): EventPayloads['loan_repayment_collected_202611'] {
  return {
    loan_id: ref.loanId,
    customer_id: ref.customerId,
    ...external(ref.externalCustomerId),
    due_date: repayment.date,
    amount: fromPence(repayment.amountPence),
    balance_after: fromPence(balanceAfterPence),
    days_past_due: daysPastDue,
  };
}

export function loanSettled(ref: LoanRef, settledOn: string, amountPaidPence: number): EventPayloads['loan_settled_202611'] {
  return {
    loan_id: ref.loanId,
    customer_id: ref.customerId,
    ...external(ref.externalCustomerId),
    settled_on: settledOn,
    amount_paid: fromPence(amountPaidPence),
  };
}

/** docs/behaviour.md, section 23: the customer gave notice of withdrawal; they repay by `repayBy`. */
export function loanWithdrawn(ref: LoanRef, noticeGivenOn: string, repayBy: string): EventPayloads['loan_withdrawn_202611'] {
  return {
    loan_id: ref.loanId,
    customer_id: ref.customerId,
    ...external(ref.externalCustomerId),
    notice_given_on: noticeGivenOn,
    repay_by: repayBy,
  };
}

export function testClockReady(testClockId: string, frozenOn: string): EventPayloads['test_clock_ready_202611'] {
  return { test_clock_id: testClockId, frozen_on: frozenOn };
}
