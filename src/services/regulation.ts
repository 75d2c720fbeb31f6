/**
 * Regulated agreements (docs/behaviour.md, section 23): which of a customer's offers the Consumer
 * Credit Act regulates, and what their drawdowns recorded.
 */
import { creditRegulation, type AcknowledgementKind, type CreditRegulation } from '../domain/credit-regulation.ts';
import { notFound } from '../domain/errors.ts';
import type { PreContractInput } from '../domain/pre-contract.ts';
import type { Tenant } from '../domain/tenant.ts';
import { renderPreContractPdf } from '../pdf/pre-contract-pdf.ts';
import { listOfferAcknowledgements } from '../store/credit-acknowledgements-store.ts';
import type { CustomerRow } from '../store/customers-store.ts';
import type { Queryable } from '../store/db.ts';
import type { OfferRow } from '../store/offers-store.ts';
import type { ServiceContext } from './context.ts';
import { scheduleForOffer } from './schedules.ts';

/** How the Act treats this offer to this customer, as the customer's details stand now. */
export function offerRegulation(customer: Pick<CustomerRow, 'company' | 'people'>, offer: Pick<OfferRow, 'offer_type' | 'max_amount_pence'>): CreditRegulation {
  if (offer.offer_type !== 'confirmed') return 'not_regulated';
  return creditRegulation({ companyType: customer.company.type ?? null, peopleCount: customer.people.length }, offer.max_amount_pence);
}

/** The kinds of acknowledgement an offer's drawdowns recorded. */
export async function recordedAcknowledgements(db: Queryable, offerId: string): Promise<Set<AcknowledgementKind>> {
  return new Set((await listOfferAcknowledgements(db, offerId)).map((a) => a.kind));
}

/**
 * The pre-contract information of a regulated offer for an amount (its maximum by default), as
 * the portal page and the PDF show it. Not found for an offer the Act does not regulate.
 */
export async function preContractInformationFor(
  ctx: ServiceContext,
  tenant: Tenant,
  customer: Pick<CustomerRow, 'company' | 'people'>,
  offerId: string,
  amountPence: number | null,
  names: { lenderName: string; productName: string },
): Promise<PreContractInput & { offerId: string; generatedOn: string }> {
  const { offer, schedule, drawnOn } = await scheduleForOffer(ctx, tenant, offerId, amountPence, null);
  if (offerRegulation(customer, offer) !== 'regulated') throw notFound('pre-contract information');
  return {
    lenderName: names.lenderName,
    productName: names.productName,
    maxAmountPence: offer.max_amount_pence,
    monthlyRateBp: offer.monthly_rate_bp,
    feeBp: offer.fee_bp,
    durationDays: offer.duration_days,
    schedule,
    offerId: offer.id,
    generatedOn: drawnOn,
  };
}

export function preContractPdf(input: PreContractInput & { offerId: string; generatedOn: string }): Promise<Buffer> {
  return renderPreContractPdf(input);
}
