/**
 * Operators find a customer (docs/behaviour.md, section 27): across every partner, by any part of a
 * company's name or its number (case and punctuation ignored), a person's email or phone number, an
 * external_customer_id, or a whole id of the customer or of one of its records (application, offer,
 * loan, funding, document), which names that record. The console's customers page and
 * GET /admin/v1/customers both read it; results come newest first, a page at a time.
 */
import { validationFailed } from '../domain/errors.ts';
import { isUuid } from '../domain/ids.ts';
import type { Environment } from '../domain/tenant.ts';
import {
  CUSTOMERS_KEYSET,
  findRecordCustomer,
  searchCustomers,
  searchTerms,
  type CustomerFoundRow,
  type CustomerMatch,
  type RecordFound,
  type RecordKind,
} from '../store/customer-search-store.ts';
import type { Queryable } from '../store/db.ts';
import type { ServiceContext } from './context.ts';
import { OPERATORS, readPage, type Page, type PageRequest } from './paging.ts';

export type { CustomerFoundRow, RecordFound, RecordKind };

/** A search string is at most this long (longer: 400 naming `q`). */
export const SEARCH_MAX_LENGTH = 200;
/** Any part of a name is matched from this many letters and digits on; a shorter search matches exact keys only. */
export const SEARCH_MIN_WORDS = 3;

export interface CustomerSearch {
  /** What the operator typed or pasted; empty lists every customer. */
  q: string;
  partnerId: string | null;
  environment: Environment | null;
}

export interface CustomerSearchPage extends Page<CustomerFoundRow> {
  /** The record a whole id named (the console opens it), or null. */
  record: { type: RecordKind; id: string } | null;
}

/** The search string, trimmed; longer than SEARCH_MAX_LENGTH is a 400 naming `parameter`. */
export function searchString(raw: string | null | undefined, parameter = 'q'): string {
  const q = (raw ?? '').trim();
  if (q.length > SEARCH_MAX_LENGTH) {
    throw validationFailed([{ detail: `${parameter} must be at most ${SEARCH_MAX_LENGTH} characters`, source: { parameter } }]);
  }
  return q;
}

/**
 * What a search string matches: every customer (empty); for operators, the record a whole id names,
 * else the string's words and its keys (email, phone, external id); for a partner's own search
 * (the dashboard), its words and the external id.
 */
export async function matchOf(db: Queryable, q: string, who: 'operators' | 'tenant'): Promise<{ match: CustomerMatch; record: CustomerSearchPage['record'] }> {
  if (q === '') return { match: { kind: 'all' }, record: null };
  if (who === 'operators' && isUuid(q)) {
    const id = q.toLowerCase();
    const found = await findRecordCustomer(db, id);
    if (found) return { match: { kind: 'record', customerId: found.customer_id, matchedBy: `${found.kind}_id` }, record: { type: found.kind, id } };
  }
  const terms = await searchTerms(db, q);
  return {
    match: {
      kind: 'terms',
      words: terms.words.length >= SEARCH_MIN_WORDS ? terms.words : null,
      keys: who === 'operators' ? terms.keys : [],
      externalId: who === 'operators' ? null : q,
    },
    record: null,
  };
}

/**
 * The record a search string names when it is a whole id of one (what the console opens at once):
 * its kind, its id, its customer and its application; null for any other search.
 */
export async function recordNamed(ctx: ServiceContext, raw: string): Promise<(RecordFound & { id: string }) | null> {
  const q = searchString(raw);
  if (!isUuid(q)) return null;
  const id = q.toLowerCase();
  const found = await findRecordCustomer(ctx.db, id);
  return found ? { ...found, id } : null;
}

/** One page of the customers a search finds, across partners (of one partner and environment when given). */
export async function findCustomers(ctx: ServiceContext, search: CustomerSearch, request: PageRequest): Promise<CustomerSearchPage> {
  const q = searchString(search.q);
  const { match, record } = await matchOf(ctx.db, q, 'operators');
  const scope = { list: 'customers', owner: OPERATORS, filters: { q, partner: search.partnerId, environment: search.environment } };
  const page = await readPage(request, scope, CUSTOMERS_KEYSET, (window) =>
    searchCustomers(ctx.db, { partnerId: search.partnerId, environment: search.environment }, match, window),
  );
  return { ...page, record };
}

/** A customer found, as GET /admin/v1/customers answers it. */
export function customerFoundView(c: CustomerFoundRow) {
  return {
    customer_id: c.id,
    partner: { partner_id: c.partner_id, name: c.partner_name },
    environment: c.environment,
    external_customer_id: c.external_customer_id,
    company: { registered_company_name: c.company_name, trading_name: c.trading_name, company_number: c.company_number },
    latest_application: c.application_id && c.application_status ? { application_id: c.application_id, status: c.application_status } : null,
    loans: { count: c.loans, in_arrears: c.loans_in_arrears },
    created_at: c.created_at.toISOString(),
    matched_by: c.matched_by,
  };
}
