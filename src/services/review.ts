/**
 * What the console reads to review an application: the queue, and everything an underwriter
 * needs on one page. Reads only; every change goes through back-office.ts.
 */
import { londonToday } from '../domain/dates.ts';
import { creditsInLast12Months, type ParsedStatement } from '../domain/bank-statement.ts';
import { notFound } from '../domain/errors.ts';
import type { Tenant } from '../domain/tenant.ts';
import type { Queryable } from '../store/db.ts';
import { findApplicationAnyTenant, listStatusChanges, type ApplicationRow } from '../store/applications-store.ts';
import { findCustomer, type CustomerRow } from '../store/customers-store.ts';
import { listDecisions } from '../store/decisions-store.ts';
import { listCustomerDocuments, type DocumentRow } from '../store/documents-store.ts';
import { listApplicationFundings, type FundingRow } from '../store/fundings-store.ts';
import { listApplicationOffers, type OfferRow } from '../store/offers-store.ts';
import { findPartner } from '../store/partners-store.ts';
import { findPendingApproval, type PendingApprovalRow } from './back-office.ts';
import type { ServiceContext } from './context.ts';
import { documentFacts } from './document-facts.ts';
import { settleExpiryIfDue } from './offers.ts';

export const QUEUE_DEFAULT_STATUSES = ['awaiting_underwriter', 'in_underwriting'];

export interface QueueRow extends ApplicationRow {
  partner_name: string;
  company_name: string | null;
}

/** The review queue, oldest in its status first. */
export async function reviewQueue(ctx: ServiceContext, filter: { statuses: string[]; partnerId: string | null; limit: number }): Promise<QueueRow[]> {
  const { rows } = await ctx.db.query<QueueRow>(
    `SELECT a.*, p.name AS partner_name, c.company->>'registered_company_name' AS company_name
       FROM applications a JOIN partners p ON p.id = a.partner_id JOIN customers c ON c.id = a.customer_id
      WHERE a.status = ANY($1) AND ($2::uuid IS NULL OR a.partner_id = $2)
      ORDER BY a.status_changed_at, a.id LIMIT $3`,
    [filter.statuses, filter.partnerId, filter.limit],
  );
  return rows;
}

export async function listPartnerNames(db: Queryable): Promise<{ id: string; name: string; status: string; created_at: Date }[]> {
  const { rows } = await db.query<{ id: string; name: string; status: string; created_at: Date }>(
    'SELECT id, name, status, created_at FROM partners ORDER BY name, id',
  );
  return rows;
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
  events: { id: string; event_type: string; created_at: Date; delivered: boolean }[];
  notes: { id: string; body: string; created_at: Date; operator_name: string; operator_email: string }[];
  pending: (PendingApprovalRow & { requested_by_name: string }) | null;
}

export async function applicationReview(ctx: ServiceContext, applicationId: string): Promise<ApplicationReview> {
  const found = await findApplicationAnyTenant(ctx.db, applicationId);
  if (!found) throw notFound('application');
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
  const { rows: parsed } = await ctx.db.query<{ id: string; statement: ParsedStatement }>(
    `SELECT id, statement FROM documents WHERE customer_id = $1 AND status = 'accepted' AND statement IS NOT NULL ORDER BY uploaded_at, id`,
    [customer.id],
  );
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
  const { rows: events } = await ctx.db.query<{ id: string; event_type: string; created_at: Date; delivered: boolean }>(
    `SELECT e.id, e.event_type, e.created_at,
            EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id AND d.status = 'succeeded') AS delivered
       FROM outbox_events e WHERE e.payload->>'application_id' = $1 ORDER BY e.seq`,
    [application.id],
  );
  const { rows: notes } = await ctx.db.query<ApplicationReview['notes'][number]>(
    `SELECT n.id, n.body, n.created_at, o.name AS operator_name, o.email AS operator_email
       FROM application_notes n JOIN operators o ON o.id = n.operator_id WHERE n.application_id = $1 ORDER BY n.created_at, n.id`,
    [application.id],
  );
  const pending = await findPendingApproval(ctx.db, application.id);
  let pendingView: ApplicationReview['pending'] = null;
  if (pending) {
    const { rows } = await ctx.db.query<{ name: string }>('SELECT name FROM operators WHERE id = $1', [pending.requested_by]);
    pendingView = { ...pending, requested_by_name: rows[0]?.name ?? 'another operator' };
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
    notes,
    pending: pendingView,
  };
}
