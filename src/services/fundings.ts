import { randomUUID } from 'node:crypto';
import { DomainError, notFound } from '../domain/errors.ts';
import { fromPence, percentOf } from '../domain/money.ts';
import { drawdownProblem } from '../domain/offers.ts';
import { formatSortCode } from '../domain/funding-accounts.ts';
import { preApprovalDrawdownProblem } from '../domain/pre-approvals.ts';
import type { Tenant } from '../domain/tenant.ts';
import type { Static } from 'typebox';
import type { FundingView } from '../schemas/offers.ts';
import { findApplicationAnyTenant } from '../store/applications-store.ts';
import { drawdownAcknowledgements } from '../domain/credit-regulation.ts';
import { insertCreditAcknowledgement } from '../store/credit-acknowledgements-store.ts';
import { findCustomer } from '../store/customers-store.ts';
import { drawnFromOffer, insertFunding, type FundingRow } from '../store/fundings-store.ts';
import { findOffer, findOfferAnyTenant, setOfferStatus, type OfferRow } from '../store/offers-store.ts';
import { recordEvent } from '../store/outbox-store.ts';
import { moveApplication } from './application-moves.ts';
import type { ServiceContext } from './context.ts';
import { customerContext } from './customer-time.ts';
import * as events from './event-payloads.ts';
import { startLoan } from './loans.ts';
import { payoutAccount } from './funding-accounts.ts';
import { offerRegulation, recordedAcknowledgements } from './regulation.ts';

export interface DrawdownRequest {
  offerId: string;
  amountPence: number;
  drawnBy: FundingRow['drawn_by'];
  /** Partner and portal calls are confined to their tenant; operators see every tenant. */
  tenant: Tenant | null;
  /** Where the amount came from in the request, for the error pointer. */
  amountPointer: string;
  /** The boxes the customer ticked in the portal (docs/behaviour.md, section 23); none elsewhere. */
  ticked?: { preContractRead: boolean; businessPurposeDeclared: boolean };
}

/** Where a missing acknowledgement points, and what it says. */
const MISSING_ACKNOWLEDGEMENT = {
  pre_contract_read: { pointer: '/pre_contract_read', detail: 'this credit is regulated: confirm you have read the pre-contract information' },
  business_purpose_declared: {
    pointer: '/business_purpose_declared',
    detail: 'credit above 25,000 GBP is exempt only when you confirm it is wholly or mainly for your business',
  },
} as const;

export function fundingView(funding: FundingRow, offer: OfferRow): Static<typeof FundingView> {
  return {
    funding_id: funding.id,
    offer_id: funding.offer_id,
    application_id: funding.application_id,
    customer_id: funding.customer_id,
    funding_amount: fromPence(funding.amount_pence),
    funding_fee_amount: fromPence(funding.fee_pence),
    funding_created_at: funding.created_at.toISOString(),
    offer_max_amount: fromPence(offer.max_amount_pence),
    paid_to: paidTo(funding),
  };
}

/** The account a funding was paid into, as shown: sort code and last four digits (section 21). */
export function paidTo(funding: FundingRow): Static<typeof FundingView>['paid_to'] {
  if (funding.paid_to_sort_code === null || funding.paid_to_account_ending === null) return null;
  return {
    funding_account_id: funding.funding_account_id,
    sort_code: formatSortCode(funding.paid_to_sort_code),
    account_number_ending: funding.paid_to_account_ending,
    simulated: funding.paid_to_simulated,
  };
}

/**
 * Draws `amount` from a selected (or already funded) confirmed offer. The offer row is locked, so
 * concurrent drawdowns are serialised and can never together exceed the offer's maximum.
 */
export async function drawdown(base: ServiceContext, request: DrawdownRequest): Promise<{ funding: FundingRow; offer: OfferRow }> {
  const ctx = await customerContext(base, 'offer', request.offerId, request.tenant);
  return ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const find = (forUpdate: boolean) =>
      request.tenant ? findOffer(tx, request.tenant, request.offerId, forUpdate) : findOfferAnyTenant(tx, request.offerId, forUpdate);
    const found = await find(false);
    if (!found) throw notFound('offer');
    const tenant: Tenant = { partnerId: found.partner_id, environment: found.environment };
    // Lock order everywhere (selection, revocation, expiry, decisions): the application first, then
    // its offers. Locking the offer first here deadlocked against a concurrent selection.
    const application = found.application_id ? await findApplicationAnyTenant(tx, found.application_id, true) : null;
    const offer = (await find(true)) as OfferRow;
    const state = { offerType: offer.offer_type, status: offer.status, expiresAt: offer.expires_at };
    // A pre-approval (section 21) belongs to no application and needs no selection.
    const problem = offer.pre_approval ? preApprovalDrawdownProblem(state, now) : drawdownProblem(state, application?.status ?? null, now);
    if (problem) throw new DomainError('FundingNotAllowed', `funds cannot be drawn: ${problem}`, { meta: { offer_id: offer.id } });
    const drawn = await drawnFromOffer(tx, offer.id);
    const available = offer.max_amount_pence - drawn;
    if (request.amountPence <= 0 || request.amountPence > available) {
      throw new DomainError('ValidationError', `amount must be more than 0 and at most ${fromPence(available)}, what remains of this offer`, {
        source: { pointer: request.amountPointer },
        meta: { available_amount: fromPence(available) },
      });
    }
    const customer = await findCustomer(tx, tenant, offer.customer_id);
    const regulation = customer ? offerRegulation(customer, offer) : 'not_regulated';
    const acknowledgements = drawdownAcknowledgements({
      regulation,
      channel: request.drawnBy,
      ticked: request.ticked ?? { preContractRead: false, businessPurposeDeclared: false },
      recorded: await recordedAcknowledgements(tx, offer.id),
    });
    if (acknowledgements.missing !== null) {
      const missing = MISSING_ACKNOWLEDGEMENT[acknowledgements.missing];
      throw new DomainError('ValidationError', missing.detail, { source: { pointer: missing.pointer }, meta: { offer_id: offer.id } });
    }
    // Paid only into a verified account (in the sandbox, without one, into a simulated account).
    const account = await payoutAccount(tx, tenant, offer.customer_id);
    const funding = await insertFunding(tx, tenant, {
      id: randomUUID(),
      customerId: offer.customer_id,
      applicationId: offer.application_id,
      offerId: offer.id,
      amountPence: request.amountPence,
      feePence: percentOf(request.amountPence, offer.fee_bp),
      drawnBy: request.drawnBy,
      now,
      paidTo: account,
    });
    await startLoan(tx, tenant, funding, offer, regulation === 'regulated');
    for (const kind of acknowledgements.record) {
      await insertCreditAcknowledgement(tx, { id: randomUUID(), offerId: offer.id, fundingId: funding.id, kind, givenThrough: request.drawnBy, now });
    }
    const externalCustomerId = customer?.external_customer_id ?? null;
    if (offer.status !== 'funded') {
      await setOfferStatus(tx, offer.id, 'funded');
      offer.status = 'funded';
    }
    if (application && application.status === 'offered') {
      await moveApplication(tx, tenant, application, 'first_funding', now, externalCustomerId);
    }
    await recordEvent(tx, tenant, 'funding_created_202607', events.fundingCreated(funding, offer, externalCustomerId), now);
    await recordEvent(tx, tenant, 'customer_funded', events.customerFunded(funding, externalCustomerId), now);
    return { funding, offer };
  });
}
