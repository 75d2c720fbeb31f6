/**
 * The customer portal's use cases. Each one is the partner API's service for the same action
 * (decision, customer update, select, drawdown), confined to the one customer the portal session
 * belongs to: another customer's offer is "not found", exactly as an unknown id.
 */
import { notFound, validationFailed, type Problem } from '../domain/errors.ts';
import type { DataRequirement } from '../domain/decision-policy.ts';
import { londonToday } from '../domain/dates.ts';
import { fromPence } from '../domain/money.ts';
import type { Tenant } from '../domain/tenant.ts';
import type { CustomerDetailsData } from '../schemas/customer.ts';
import { findLatestApplication, findApplication, type ApplicationRow } from '../store/applications-store.ts';
import { findCustomer, type CustomerRow } from '../store/customers-store.ts';
import { drawnFromOffer, findFunding, listApplicationFundings, type FundingRow } from '../store/fundings-store.ts';
import { findOffer, type OfferRow } from '../store/offers-store.ts';
import type { ServiceContext } from './context.ts';
import { customerContext } from './customer-time.ts';
import { replaceCustomer } from './customers.ts';
import { drawdown } from './fundings.ts';
import { offersState, selectOffer, settleExpiryIfDue } from './offers.ts';
import { scheduleForOffer } from './schedules.ts';
import { offerRegulation, preContractInformationFor, recordedAcknowledgements } from './regulation.ts';
import type { AcknowledgementKind, CreditRegulation } from '../domain/credit-regulation.ts';

/** Who a portal session may act for: one customer of one tenant. */
export type { ApplicationRow, FundingRow, OfferRow };

export interface CustomerScope {
  tenant: Tenant;
  customerId: string;
}

export interface PortalOverview {
  customer: CustomerRow;
  application: ApplicationRow | null;
  offers: OfferRow[];
  requirements: DataRequirement[];
  fundings: FundingRow[];
}

export async function portalCustomer(ctx: ServiceContext, scope: CustomerScope): Promise<CustomerRow> {
  const customer = await findCustomer(ctx.db, scope.tenant, scope.customerId);
  if (!customer) throw notFound('customer');
  return customer;
}

/**
 * The application page. An API Lite partner never calls the offers route, so this decides exactly
 * as the first offers call would whenever the latest application is `open` (docs/behaviour.md, section 8).
 */
export async function portalOverview(ctx: ServiceContext, scope: CustomerScope): Promise<PortalOverview> {
  const customer = await portalCustomer(ctx, scope);
  const latest = await findLatestApplication(ctx.db, scope.tenant, scope.customerId);
  if (!latest) return { customer, application: null, offers: [], requirements: [], fundings: [] };
  const state = await offersState(ctx, scope.tenant, latest.id);
  const fundings = state.application.status === 'funded' ? await listApplicationFundings(ctx.db, latest.id) : [];
  return { customer, ...state, fundings };
}

/** One of the customer's own offers; anyone else's is not found. */
export async function customerOffer(ctx: ServiceContext, scope: CustomerScope, offerId: string): Promise<CustomerOffer> {
  const offer = await findOffer(ctx.db, scope.tenant, offerId);
  if (!offer || offer.customer_id !== scope.customerId) throw notFound('offer');
  const found = offer.application_id ? await findApplication(ctx.db, scope.tenant, offer.application_id) : null;
  // As in the partner API, an application whose offers have all expired reads as expired.
  const application = found ? await settleExpiryIfDue(ctx, scope.tenant, found) : null;
  const customer = await portalCustomer(ctx, scope);
  return {
    offer,
    application,
    drawnPence: await drawnFromOffer(ctx.db, offer.id),
    regulation: offerRegulation(customer, offer),
    acknowledged: await recordedAcknowledgements(ctx.db, offer.id),
  };
}

/** One of the customer's offers, with what the Consumer Credit Act asks of it (docs/behaviour.md, section 23). */
export interface CustomerOffer {
  offer: OfferRow;
  application: ApplicationRow | null;
  drawnPence: number;
  regulation: CreditRegulation;
  /** What the offer's drawdowns have recorded so far. */
  acknowledged: Set<AcknowledgementKind>;
}

/** The pre-contract information of one of the customer's regulated offers (else not found). */
export async function customerPreContract(
  ctx: ServiceContext,
  scope: CustomerScope,
  offerId: string,
  amountPence: number | null,
  names: { lenderName: string; productName: string },
) {
  await customerOffer(ctx, scope, offerId);
  return preContractInformationFor(ctx, scope.tenant, await portalCustomer(ctx, scope), offerId, amountPence, names);
}

/** The repayment schedule shown on the offer page: the partner API's, to the penny. */
export async function customerSchedule(ctx: ServiceContext, scope: CustomerScope, offerId: string, amountPence: number | null) {
  await customerOffer(ctx, scope, offerId);
  return scheduleForOffer(ctx, scope.tenant, offerId, amountPence, null);
}

export async function selectCustomerOffer(ctx: ServiceContext, scope: CustomerScope, offerId: string, publicBaseUrl: string): Promise<void> {
  await customerOffer(ctx, scope, offerId);
  // The customer is already here: no login link to send them.
  await selectOffer(ctx, scope.tenant, offerId, 'customer', publicBaseUrl, { loginLink: false });
}

export interface DrawdownConfirmation {
  funding: FundingRow;
  offer: OfferRow;
  remainingPence: number;
}

/**
 * A drawdown as in docs/behaviour.md, section 9, by the customer; `amount` is the form field it came
 * from, `ticked` the boxes of section 23.
 */
export async function drawFromCustomerOffer(
  ctx: ServiceContext,
  scope: CustomerScope,
  offerId: string,
  amountPence: number,
  ticked: { preContractRead: boolean; businessPurposeDeclared: boolean } = { preContractRead: false, businessPurposeDeclared: false },
): Promise<DrawdownConfirmation> {
  await customerOffer(ctx, scope, offerId);
  const { funding } = await drawdown(ctx, { offerId, amountPence, drawnBy: 'portal', tenant: scope.tenant, amountPointer: '/amount', ticked });
  return customerFunding(ctx, scope, funding.id);
}

/** One of the customer's own fundings, with what remains of its offer. */
export async function customerFunding(ctx: ServiceContext, scope: CustomerScope, fundingId: string): Promise<DrawdownConfirmation> {
  const funding = await findFunding(ctx.db, scope.tenant, fundingId);
  if (!funding || funding.customer_id !== scope.customerId) throw notFound('funding');
  const { offer, drawnPence } = await customerOffer(ctx, scope, funding.offer_id);
  return { funding, offer, remainingPence: offer.max_amount_pence - drawnPence };
}

export interface CompanyFinancials {
  turnoverPence: number;
  profitPence: number | null;
  tradingFromDate: string;
}

/** Company figures a customer can give, each checked (a figure not given yet is skipped). */
export function checkCompanyFinancials(values: { [K in keyof CompanyFinancials]: CompanyFinancials[K] | null }, now: Date): Problem[] {
  const problems: Problem[] = [];
  const limit = 1_000_000_000_000 * 100;
  if (values.turnoverPence !== null && (values.turnoverPence < 0 || values.turnoverPence > limit))
    problems.push({ detail: 'Enter a turnover of £0 or more', source: { pointer: '/turnover' } });
  if (values.profitPence !== null && Math.abs(values.profitPence) > limit) problems.push({ detail: 'Enter a smaller profit', source: { pointer: '/profit' } });
  if (values.tradingFromDate !== null && values.tradingFromDate > londonToday(now))
    problems.push({ detail: 'The trading start date must be today or in the past', source: { pointer: '/trading_from_date' } });
  if (values.tradingFromDate !== null && values.tradingFromDate < '1800-01-01')
    problems.push({ detail: 'Enter a trading start date after 1800', source: { pointer: '/trading_from_date' } });
  return problems;
}

/**
 * Saves the company figures as `PUT /customers/{id}/` would with the other details kept, so an
 * `action_required` application moves back to `open` and the partner hears of it.
 */
export async function updateCompanyFinancials(ctx: ServiceContext, scope: CustomerScope, values: CompanyFinancials): Promise<void> {
  ctx = await customerContext(ctx, 'customer', scope.customerId, scope.tenant);
  const now = ctx.now();
  const problems = checkCompanyFinancials(values, now);
  if (problems.length > 0) throw validationFailed(problems);
  const customer = await portalCustomer(ctx, scope);
  const validFrom = now.toISOString();
  const company: CustomerDetailsData['company'] = {
    ...customer.company,
    trading_from_date: values.tradingFromDate,
    last_12_months_turnover: { amount: fromPence(values.turnoverPence), valid_from: validFrom },
  };
  if (values.profitPence === null) delete company.last_12_months_profit;
  else company.last_12_months_profit = { amount: fromPence(values.profitPence), valid_from: validFrom };
  const details: CustomerDetailsData = {
    ...(customer.external_customer_id !== null ? { external_customer_id: customer.external_customer_id } : {}),
    ...(customer.correlation_id !== null ? { correlation_id: customer.correlation_id } : {}),
    company,
    people: customer.people,
  };
  await replaceCustomer(ctx, scope.tenant, scope.customerId, details);
}
