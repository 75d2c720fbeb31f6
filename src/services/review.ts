/**
 * What the console reads to review an application: the queue, and everything an underwriter
 * needs on one page. Reads only; every change goes through back-office.ts.
 */
import { londonToday } from '../domain/dates.ts';
import { creditsInLast12Months } from '../domain/bank-statement.ts';
import { notFound } from '../domain/errors.ts';
import type { OfferTerms } from '../domain/decision-policy.ts';
import type { Tenant } from '../domain/tenant.ts';
import { APPLICATION_STATUSES } from '../domain/application-status.ts';
import {
  countQueue,
  findApplicationAnyTenant,
  findCustomerLatestApplicationId,
  listReviewQueue,
  QUEUE_KEYSET,
  listStatusChanges,
  type ApplicationRow,
  type QueueRow,
} from '../store/applications-store.ts';
import { findPendingApproval, type PendingApprovalRow } from '../store/approvals-store.ts';
import { findCustomer, type CustomerRow } from '../store/customers-store.ts';
import { listDecisions } from '../store/decisions-store.ts';
import { listCustomerDocuments, listParsedStatements, type DocumentRow } from '../store/documents-store.ts';
import { listApplicationEvents, type ApplicationEventRow } from '../store/events-store.ts';
import { listApplicationFundings, type FundingRow } from '../store/fundings-store.ts';
import { listApplicationNotes, type NoteRow } from '../store/notes-store.ts';
import { listApplicationOffers, type OfferRow } from '../store/offers-store.ts';
import { findOperator } from '../store/operators-store.ts';
import { findPartner, listPartners } from '../store/partners-store.ts';
import { findWebhookConfig } from '../store/webhooks-store.ts';
import { applicationApproval } from './application-approval.ts';
import type { ServiceContext } from './context.ts';
import { customerContext } from './customer-time.ts';
import { documentFacts } from './document-facts.ts';
import { settleExpiryIfDue } from './offers.ts';
import { FIGURE_BOUND, OPERATORS, readPage, type Page, type PageRequest } from './paging.ts';

export const QUEUE_DEFAULT_STATUSES = ['awaiting_underwriter', 'in_underwriting'];

export type { QueueRow };

export interface ReviewQueueFilter {
  /** The statuses shown: the queue's by default (QUEUE_DEFAULT_STATUSES), one, or null for every status. */
  statuses: readonly string[] | null;
  partnerId: string | null;
}

function queueStatuses(filter: ReviewQueueFilter): readonly string[] {
  return filter.statuses ?? APPLICATION_STATUSES;
}

/** One page of the review queue (the console's and the admin API's), the longest waiting in its status first. */
export async function reviewQueuePage(ctx: ServiceContext, filter: ReviewQueueFilter, request: PageRequest): Promise<Page<QueueRow>> {
  const statuses = queueStatuses(filter);
  const scope = { list: 'review_queue', owner: OPERATORS, filters: { statuses: [...statuses].sort().join(','), partner: filter.partnerId } };
  return readPage(request, scope, QUEUE_KEYSET, (window) => listReviewQueue(ctx.db, { statuses, partnerId: filter.partnerId }, window));
}

/** The queue's size, exact up to FIGURE_BOUND applications in a status (`atLeast` when some status holds more). */
export async function queueSize(ctx: ServiceContext, filter: ReviewQueueFilter): Promise<{ count: number; atLeast: boolean }> {
  const counts = await countQueue(ctx.db, { statuses: queueStatuses(filter), partnerId: filter.partnerId }, FIGURE_BOUND);
  return { count: counts.reduce((sum, c) => sum + c.n, 0), atLeast: counts.some((c) => c.n >= FIGURE_BOUND) };
}

/** Every partner, by name. */
export async function listPartnerNames(ctx: ServiceContext): Promise<{ id: string; name: string; status: string; created_at: Date }[]> {
  return listPartners(ctx.db);
}

export interface StatementSummary {
  documentId: string;
  bankName: string;
  accountNumber: string;
  currency: string;
  period: { from: string; to: string };
  transactions: number;
  creditsLast12MonthsPence: number;
}

export interface ApplicationReview {
  application: ApplicationRow;
  partner: { id: string; name: string; status: string };
  customer: CustomerRow;
  decisions: Awaited<ReturnType<typeof listDecisions>>;
  history: Awaited<ReturnType<typeof listStatusChanges>>;
  offers: OfferRow[];
  fundings: FundingRow[];
  documents: DocumentRow[];
  statements: StatementSummary[];
  /** The turnover the accepted GBP statements give (what the policy uses without a stated turnover). */
  statementTurnoverPence: number | null;
  events: ApplicationEventRow[];
  /** Where the partner's webhooks go in the application's environment; null when no URL is set (nothing is sent). */
  webhookUrl: string | null;
  notes: NoteRow[];
  /** The approval waiting for a second operator, with its offers and who made it (an operator's name, or "the admin token"). */
  pending: (PendingApprovalRow & { offers: OfferTerms[]; requested_by_name: string }) | null;
}

export async function applicationReview(ctx: ServiceContext, applicationId: string): Promise<ApplicationReview> {
  const found = await findApplicationAnyTenant(ctx.db, applicationId);
  if (!found) throw notFound('application');
  ctx = await customerContext(ctx, 'customer', found.customer_id);
  const tenant: Tenant = { partnerId: found.partner_id, environment: found.environment as Tenant['environment'] };
  const application = await settleExpiryIfDue(ctx, tenant, found);
  const [partner, customer, decisions, history, offers, fundings, documents] = await Promise.all([
    findPartner(ctx.db, application.partner_id),
    findCustomer(ctx.db, tenant, application.customer_id),
    listDecisions(ctx.db, application.id),
    listStatusChanges(ctx.db, application.id),
    listApplicationOffers(ctx.db, application.id),
    listApplicationFundings(ctx.db, application.id),
    listCustomerDocuments(ctx.db, tenant, application.customer_id),
  ]);
  if (!partner || !customer) throw notFound('application');
  const today = londonToday(ctx.now());
  const parsed = await listParsedStatements(ctx.db, customer.id);
  const statements = parsed.map(({ id, statement: s }) => ({
    documentId: id,
    bankName: s.bankName,
    accountNumber: s.accountNumber,
    currency: s.currency,
    period: s.period,
    transactions: s.transactions.length,
    creditsLast12MonthsPence: creditsInLast12Months(s, today),
  }));
  const facts = await documentFacts(ctx.db, customer.id, today);
  const events = await listApplicationEvents(ctx.db, application.id);
  const webhookUrl = (await findWebhookConfig(ctx.db, tenant))?.url ?? null;
  const notes = await listApplicationNotes(ctx.db, application.id);
  const pending = await findPendingApproval(ctx.db, applicationApproval.name, application.id);
  let pendingView: ApplicationReview['pending'] = null;
  if (pending) {
    const requester = pending.requested_by ? await findOperator(ctx.db, pending.requested_by) : null;
    pendingView = {
      ...pending,
      offers: applicationApproval.fromStored(pending.terms),
      requested_by_name: pending.requested_by ? (requester?.name ?? 'another operator') : 'The admin token',
    };
  }
  return {
    application,
    partner,
    customer,
    decisions,
    history,
    offers,
    fundings,
    documents,
    statements,
    statementTurnoverPence: facts.statementTurnoverPence,
    events,
    webhookUrl,
    notes,
    pending: pendingView,
  };
}

/** The customer's latest application, whatever its tenant; null when it has none. */
export async function customerLatestApplicationId(ctx: ServiceContext, customerId: string): Promise<string | null> {
  return findCustomerLatestApplicationId(ctx.db, customerId);
}
