/**
 * Prequalification (docs/behaviour.md, section 12): a partner sends a file of prospective customers; the worker
 * quotes each unique external_customer_id with the decision policy and emits the two
 * prequalification events; a customer created later with a matching correlation_id or
 * external_customer_id gets an indicative offer on the quote's terms.
 */
import { randomUUID } from 'node:crypto';
import type { Static } from 'typebox';
import { londonToday } from '../domain/dates.ts';
import { notFound } from '../domain/errors.ts';
import { QUOTE_VALIDITY_DAYS, isUsableQuote, quoteFile, quoteView, type QuoteRecord } from '../domain/prequalification-quotes.ts';
import type { Tenant } from '../domain/tenant.ts';
import type { PrequalificationResponse } from '../schemas/prequalification.ts';
import type { Queryable } from '../store/db.ts';
import { insertOffer, type OfferInsert } from '../store/offers-store.ts';
import { recordEvent, wakeDispatcher } from '../store/outbox-store.ts';
import {
  findLatestQuoteByExternalId,
  findPrequalificationFile,
  findQuoteByCorrelationId,
  insertPrequalificationFile,
  insertQuotes,
  listFileQuotes,
  lockPrequalificationFile,
  settlePrequalificationFile,
  type PrequalificationFileSummary,
  type PrequalificationFormat,
  type PrequalificationQuoteRow,
  type QuoteInsert,
} from '../store/prequalification-store.ts';
import type { ServiceContext } from './context.ts';
import { decisionPolicy } from './decisions.ts';
import * as events from './event-payloads.ts';

export type { PrequalificationFormat };

export const PREQUALIFICATION_EVENT = 'prequalification_202505';
export const PREQUALIFICATION_FILE_PROCESSED_EVENT = 'prequalification_data_file_processed_202510';
export const INDICATIVE_OFFER_EVENT = 'indicative_offer_created';

const DAY_MS = 86_400_000;

/**
 * Stores a file (or a JSON body, as JSON text) with status `processing`, and wakes the worker in
 * the same transaction so it is quoted at once.
 */
export async function submitPrequalification(
  ctx: ServiceContext,
  tenant: Tenant,
  format: PrequalificationFormat,
  content: string,
): Promise<PrequalificationFileSummary> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const file = await insertPrequalificationFile(tx, tenant, { id: randomUUID(), format, content, now });
    await wakeDispatcher(tx);
    return file;
  });
}

function recordOf(q: PrequalificationQuoteRow): QuoteRecord {
  return {
    externalCustomerId: q.external_customer_id,
    correlationId: q.correlation_id,
    prequalified: q.prequalified,
    maxAmountPence: q.max_amount_pence,
    monthlyRateBp: q.monthly_rate_bp,
    feeBp: q.fee_bp,
    durationDays: q.duration_days,
    expiresAt: q.expires_at,
    reason: q.reason,
  };
}

function insertOf(q: QuoteInsert): QuoteRecord {
  return { ...q };
}

/**
 * The background job for one file (job source `prequalification`). In one transaction, with the
 * file locked: parse and quote it, store the quotes, mark it processed and record both events; a
 * file that cannot be read is marked failed with a reason (and only the light
 * prequalification_data_file_processed_202510 event is recorded, so the partner learns it is done).
 * A file already settled is left alone, so running the job twice changes nothing.
 */
export async function processPrequalificationFile(ctx: ServiceContext, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const file = await lockPrequalificationFile(tx, id);
    if (!file || file.status !== 'processing') return;
    const tenant: Tenant = { partnerId: file.partner_id, environment: file.environment };
    const now = ctx.now();
    let quoting: ReturnType<typeof quoteFile>;
    try {
      quoting = quoteFile(file.source_format, file.content, decisionPolicy(), londonToday(now));
    } catch {
      // A policy (operators can replace it) that throws must not leave the file processing forever.
      quoting = { ok: false, reason: 'the file could not be quoted; please send it again or contact support' };
    }
    if (!quoting.ok) {
      await settlePrequalificationFile(tx, file.id, { status: 'failed', reason: quoting.reason, now });
      await recordEvent(tx, tenant, PREQUALIFICATION_FILE_PROCESSED_EVENT, events.prequalificationFileProcessed(file.id), now);
      return;
    }
    const expiresAt = new Date(now.getTime() + QUOTE_VALIDITY_DAYS * DAY_MS);
    const quotes: QuoteInsert[] = quoting.quotes.map((q, position) => ({
      id: randomUUID(),
      position,
      externalCustomerId: q.externalCustomerId,
      correlationId: randomUUID(),
      prequalified: q.prequalified,
      maxAmountPence: q.prequalified ? q.terms.maxAmountPence : null,
      monthlyRateBp: q.prequalified ? q.terms.monthlyRateBp : null,
      feeBp: q.prequalified ? q.terms.feeBp : null,
      durationDays: q.prequalified ? q.terms.durationDays : null,
      expiresAt: q.prequalified ? expiresAt : null,
      reason: q.prequalified ? null : q.reason,
    }));
    await insertQuotes(tx, tenant, file.id, quotes, now);
    await settlePrequalificationFile(tx, file.id, { status: 'processed', reason: null, now });
    const views = quotes.map((q) => quoteView(insertOf(q)));
    await recordEvent(tx, tenant, PREQUALIFICATION_EVENT, events.prequalificationQuoted(file.id, views), now);
    await recordEvent(tx, tenant, PREQUALIFICATION_FILE_PROCESSED_EVENT, events.prequalificationFileProcessed(file.id), now);
  });
}

/**
 * The last retry of a file's processing failed (the database or the worker kept failing): the file
 * is settled as failed with a reason, so a partner never waits on it forever.
 */
export async function giveUpPrequalificationFile(
  ctx: ServiceContext,
  id: string,
  reason = 'the file could not be processed; please send it again',
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const file = await lockPrequalificationFile(tx, id);
    if (!file || file.status !== 'processing') return;
    const now = ctx.now();
    await settlePrequalificationFile(tx, file.id, { status: 'failed', reason, now });
    await recordEvent(
      tx,
      { partnerId: file.partner_id, environment: file.environment },
      PREQUALIFICATION_FILE_PROCESSED_EVENT,
      events.prequalificationFileProcessed(file.id),
      now,
    );
  });
}

/** The answer's data, typed against its response schema (so each quote's view is checked against it too). */
export type PrequalificationView = Static<typeof PrequalificationResponse>['data'];

/** GET /prequalification_data: the file's status and its quotes in file order (404 for another tenant's). */
export async function getPrequalification(ctx: ServiceContext, tenant: Tenant, id: string): Promise<PrequalificationView> {
  const file = await findPrequalificationFile(ctx.db, tenant, id);
  if (!file) throw notFound('prequalification data');
  const quotes = file.status === 'processed' ? await listFileQuotes(ctx.db, file.id) : [];
  return {
    prequalification_data_id: file.id,
    status: file.status,
    processed_at: file.processed_at === null ? null : file.processed_at.toISOString(),
    reason: file.reason,
    quotes: quotes.map((q) => quoteView(recordOf(q))),
  };
}

export interface NewCustomer {
  id: string;
  externalCustomerId: string | null;
  correlationId: string | null;
}

/** The quote a new customer matches: by correlation_id first, else the latest for its external id. */
/** The usable quote a new customer matches (by correlation id first, then external id), or null. */
export async function matchingQuote(tx: Queryable, tenant: Tenant, customer: Omit<NewCustomer, 'id'>, now: Date): Promise<PrequalificationQuoteRow | null> {
  if (customer.correlationId !== null) {
    const byCorrelation = await findQuoteByCorrelationId(tx, tenant, customer.correlationId);
    if (byCorrelation && isUsableQuote(recordOf(byCorrelation), now)) return byCorrelation;
  }
  if (customer.externalCustomerId !== null) {
    const latest = await findLatestQuoteByExternalId(tx, tenant, customer.externalCustomerId);
    if (latest && isUsableQuote(recordOf(latest), now)) return latest;
  }
  return null;
}

/**
 * Links a prequalification quote to a customer just created (docs/behaviour.md, sections 5, 7 and 12), in the caller's
 * transaction: a usable matching quote becomes an `indicative` offer (no application yet; it is
 * attached to the customer's next application) and `indicative_offer_created` is recorded.
 * Returns the offer id, or null when nothing matched.
 */
export async function linkPrequalificationQuote(
  tx: Queryable,
  tenant: Tenant,
  customer: NewCustomer,
  now: Date,
  found?: PrequalificationQuoteRow,
): Promise<string | null> {
  if (customer.correlationId === null && customer.externalCustomerId === null) return null;
  const quote = found ?? (await matchingQuote(tx, tenant, customer, now));
  if (!quote) return null;
  const offer: OfferInsert = {
    id: randomUUID(),
    customerId: customer.id,
    applicationId: null,
    offerType: 'indicative',
    // Quotes carry the flexi loan's terms (prequalification-quotes.ts).
    productType: 'flexi_loan',
    maxAmountPence: quote.max_amount_pence as number,
    monthlyRateBp: quote.monthly_rate_bp as number,
    feeBp: quote.fee_bp as number,
    durationDays: quote.duration_days as number,
    isSuggested: false,
    expiresAt: quote.expires_at as Date,
    source: 'prequalification',
    now,
  };
  await insertOffer(tx, tenant, offer);
  const ref = { customerId: customer.id, externalCustomerId: customer.externalCustomerId };
  await recordEvent(tx, tenant, INDICATIVE_OFFER_EVENT, events.indicativeOfferCreated(ref, offer, now), now);
  return offer.id;
}
