/**
 * The dashboard's customer page (docs/behaviour.md, section 24; contract section 31, "The partner
 * sees its customers' loans"): one customer of the signed-in user's tenant with its applications
 * and their offers, its pre-approvals, its fundings and the loans they started (status, balance,
 * next repayment, arrears and repayments, read on the customer's own today), and its events. Any
 * other partner's or environment's customer is not found, exactly as an unknown id.
 */
import { londonToday } from '../domain/dates.ts';
import { notFound } from '../domain/errors.ts';
import { effectiveOfferStatus, type OfferStatus } from '../domain/offers.ts';
import type { LoanPosition } from '../domain/loans.ts';
import type { Tenant } from '../domain/tenant.ts';
import {
  CUSTOMER_APPLICATIONS_KEYSET,
  fundingFactsOf,
  listCustomerApplications,
  listCustomerPreApprovals,
  listOffersOfApplications,
  type CustomerApplicationRow,
  type FundingFacts,
} from '../store/customer-page-store.ts';
import { findCustomer, type CustomerRow } from '../store/customers-store.ts';
import type { LoanRow } from '../store/loans-store.ts';
import type { OfferRow } from '../store/offers-store.ts';
import type { ServiceContext } from './context.ts';
import { contextOfCustomer } from './customer-time.ts';
import { customerEventsPage, type ListedEventJson } from './events.ts';
import { customerLoansPage } from './loan-lists.ts';
import { positionOf } from './loans.ts';
import { mapPageItems, readPage, tenantOwner, type Page, type PageRequest } from './paging.ts';

/** The most pre-approvals the page shows (a customer has one at a time; older ones expired). */
const PRE_APPROVALS_SHOWN = 5;

/** The customer, where its time stands, and its pre-approvals. */
export interface DashboardCustomer {
  customer: CustomerRow;
  /** The customer's today (London): its test clock's date when it is on one. */
  today: string;
  /** The customer's now, for offers' statuses. */
  now: Date;
  /** The date its test clock has reached, or null for a customer on none. */
  clockDate: string | null;
  preApprovals: (OfferRow & { effective_status: OfferStatus })[];
}

/** An offer as of the customer's now (an unfunded offer past its expiry reads expired). */
function withStatus(offer: OfferRow, now: Date): OfferRow & { effective_status: OfferStatus } {
  return { ...offer, effective_status: effectiveOfferStatus({ offerType: offer.offer_type, status: offer.status, expiresAt: offer.expires_at }, now) };
}

/** One customer of the tenant; 404 for any other (another partner's, the other environment's, unknown). */
export async function dashboardCustomer(ctx: ServiceContext, tenant: Tenant, customerId: string): Promise<DashboardCustomer> {
  const customer = await findCustomer(ctx.db, tenant, customerId);
  if (!customer) throw notFound('customer');
  const own = await contextOfCustomer(ctx, customer);
  const now = own.now();
  const preApprovals = (await listCustomerPreApprovals(ctx.db, tenant, customerId, PRE_APPROVALS_SHOWN)).map((o) => withStatus(o, now));
  return { customer, today: londonToday(now), now, clockDate: own.clock ? own.clock.frozenOn : null, preApprovals };
}

export type CustomerApplication = CustomerApplicationRow & { offers: (OfferRow & { effective_status: OfferStatus })[] };

/** One page of the customer's applications, newest first, each with its offers as of `now` (the customer's). */
export async function customerApplicationsPage(
  ctx: ServiceContext,
  tenant: Tenant,
  customerId: string,
  now: Date,
  request: PageRequest,
): Promise<Page<CustomerApplication>> {
  const scope = { list: 'customer_applications', owner: tenantOwner(tenant), filters: { customer: customerId } };
  const page = await readPage(request, scope, CUSTOMER_APPLICATIONS_KEYSET, (window) => listCustomerApplications(ctx.db, tenant, customerId, window));
  const offers = await listOffersOfApplications(
    ctx.db,
    tenant,
    page.items.map((a) => a.id),
  );
  return mapPageItems(page, (a) => ({ ...a, offers: offers.filter((o) => o.application_id === a.id).map((o) => withStatus(o, now)) }));
}

/** A loan as the page shows it: its funding's fee and channel, and its position on the customer's today. */
export interface CustomerLoan {
  loan: LoanRow;
  position: LoanPosition;
  funding: FundingFacts | null;
}

/** One page of the customer's loans (one per funding), newest first, each read on `today` (the customer's). */
export async function customerLoansShown(
  ctx: ServiceContext,
  tenant: Tenant,
  customerId: string,
  today: string,
  request: PageRequest,
): Promise<Page<CustomerLoan>> {
  const page = await customerLoansPage(ctx, tenant, customerId, request);
  const facts = await fundingFactsOf(
    ctx.db,
    tenant,
    page.items.map((l) => l.id),
  );
  return mapPageItems(page, (loan) => ({ loan, position: positionOf(loan, today), funding: facts.find((f) => f.id === loan.id) ?? null }));
}

/** One page of the customer's events of the last 30 days, newest first. */
export async function customerEventsShown(ctx: ServiceContext, tenant: Tenant, customerId: string, request: PageRequest): Promise<Page<ListedEventJson>> {
  return customerEventsPage(ctx, tenant, customerId, request);
}
