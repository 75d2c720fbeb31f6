/**
 * Finding customers (docs/behaviour.md, section 27): every partner's for operators, a tenant's for
 * the dashboard, newest first, a page at a time. What a search compares is written once, as SQL
 * functions of migration 018 that the indexes use too, and that read the search string as well:
 * any part of a company's names or number (customer_search_text, a trigram index), an email, a
 * phone number or an external_customer_id (customer_search_keys, an index of exact keys), or a
 * whole id of one of the customer's records.
 */
import type { Environment, Tenant } from '../domain/tenant.ts';
import type { Queryable } from './db.ts';
import { selectPage, type Keyset, type KeysetWindow, type PageWindow } from './keyset.ts';

/** Customers newest first: everyone's (customers_created), a tenant's (customers_tenant_created). */
export const CUSTOMERS_KEYSET: Keyset = {
  columns: [
    { expr: 'c.created_at', type: 'timestamptz' },
    { expr: 'c.id', type: 'uuid' },
  ],
  order: 'desc',
};

/** Each customer's latest application, joined to a list of customers `c`. */
const LATEST_APPLICATION =
  'LEFT JOIN LATERAL (SELECT id, status FROM applications WHERE customer_id = c.id ORDER BY created_at DESC, id DESC LIMIT 1) a ON true';

/**
 * A search string as the indexes' own functions read it: its words as a company name's (letters and
 * digits, lower case), and the keys it would be as a person's email and phone number and as an
 * external_customer_id. One rule, whichever side it reads.
 */
export async function searchTerms(db: Queryable, query: string): Promise<{ words: string; keys: string[] }> {
  const { rows } = await db.query<{ words: string; keys: string[] }>(
    `SELECT split_part(customer_search_text(jsonb_build_object('registered_company_name', $1::text)), '|', 1) AS words,
            customer_search_keys(jsonb_build_array(jsonb_build_object('emails', jsonb_build_array(jsonb_build_object('email', $1::text)),
                                                                      'phones', jsonb_build_array(jsonb_build_object('number', $1::text)))), $1::text) AS keys`,
    [query],
  );
  return rows[0];
}

/** The kinds of record a whole id may name, in the order they are looked for (a loan's id is its funding's too). */
export const RECORD_KINDS = ['customer', 'application', 'loan', 'funding', 'offer', 'document'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/** The record a whole id names and its customer, whatever its tenant; null when it names none. */
export async function findRecordCustomer(db: Queryable, id: string): Promise<{ kind: RecordKind; customer_id: string } | null> {
  const { rows } = await db.query<{ kind: RecordKind; customer_id: string }>(
    `SELECT kind, customer_id FROM (
              SELECT 'customer' AS kind, id AS customer_id, 1 AS rank FROM customers WHERE id = $1
    UNION ALL SELECT 'application', customer_id, 2 FROM applications WHERE id = $1
    UNION ALL SELECT 'loan', customer_id, 3 FROM loans WHERE id = $1
    UNION ALL SELECT 'funding', customer_id, 4 FROM fundings WHERE id = $1
    UNION ALL SELECT 'offer', customer_id, 5 FROM offers WHERE id = $1
    UNION ALL SELECT 'document', customer_id, 6 FROM documents WHERE id = $1) found
     ORDER BY rank LIMIT 1`,
    [id],
  );
  return rows[0] ?? null;
}

/** Which customers a list shows: all, the one an id named, or those matching a search's terms. */
export type CustomerMatch =
  | { kind: 'all' }
  | { kind: 'record'; customerId: string; matchedBy: string }
  | {
      kind: 'terms';
      /** Any part of a company's names or number: searchTerms' words, 3 characters or more (fewer would read the whole trigram index); null for none. */
      words: string | null;
      /** Exact keys in customer_search_keys form (e:, p:, x:). */
      keys: string[];
      /** An external_customer_id within the tenant (its own unique index), or null. */
      externalId: string | null;
    };

/** The match's condition and, for the answer, what each row matched by; parameters appended to `params`. */
function matchSql(match: CustomerMatch, params: unknown[]): { condition: string; matchedBy: string } {
  if (match.kind === 'all') return { condition: 'TRUE', matchedBy: 'ARRAY[]::text[]' };
  if (match.kind === 'record') return { condition: `c.id = $${params.push(match.customerId)}`, matchedBy: `ARRAY[$${params.push(match.matchedBy)}::text]` };
  const either: string[] = [];
  const by: string[] = [];
  if (match.words !== null) {
    const pattern = `$${params.push(`%${match.words}%`)}`;
    either.push(`customer_search_text(c.company) LIKE ${pattern}`);
    const part = (n: number) => `split_part(customer_search_text(c.company), '|', ${n}) LIKE ${pattern}`;
    by.push(`CASE WHEN ${part(1)} OR ${part(2)} THEN 'company_name' END`, `CASE WHEN ${part(3)} THEN 'company_number' END`);
  }
  if (match.keys.length > 0) either.push(`customer_search_keys(c.people, c.external_customer_id) && $${params.push(match.keys)}::text[]`);
  for (const [prefix, name] of [
    ['e:', 'email'],
    ['p:', 'phone'],
  ]) {
    const keys = match.keys.filter((k) => k.startsWith(prefix));
    if (keys.length > 0) by.push(`CASE WHEN customer_search_keys(c.people, c.external_customer_id) && $${params.push(keys)}::text[] THEN '${name}' END`);
  }
  const externalIds = [...match.keys.filter((k) => k.startsWith('x:')).map((k) => k.slice(2)), ...(match.externalId === null ? [] : [match.externalId])];
  if (match.externalId !== null) either.push(`c.external_customer_id = $${params.push(match.externalId)}`);
  if (externalIds.length > 0) by.push(`CASE WHEN c.external_customer_id = ANY($${params.push(externalIds)}::text[]) THEN 'external_customer_id' END`);
  return { condition: either.length > 0 ? `(${either.join(' OR ')})` : 'FALSE', matchedBy: `array_remove(ARRAY[${by.join(', ')}]::text[], NULL)` };
}

export interface CustomerFoundRow {
  id: string;
  partner_id: string;
  partner_name: string;
  environment: Environment;
  external_customer_id: string | null;
  company_name: string | null;
  trading_name: string | null;
  company_number: string | null;
  created_at: Date;
  application_id: string | null;
  application_status: string | null;
  loans: number;
  loans_in_arrears: number;
  matched_by: string[];
}

/** One page of every partner's customers (of one partner and environment when given) that match, newest first. */
export async function searchCustomers(
  db: Queryable,
  scope: { partnerId: string | null; environment: Environment | null },
  match: CustomerMatch,
  window: PageWindow,
): Promise<KeysetWindow<CustomerFoundRow>> {
  const params: unknown[] = [];
  const conditions: string[] = [];
  if (scope.partnerId !== null) conditions.push(`c.partner_id = $${params.push(scope.partnerId)}`);
  if (scope.environment !== null) conditions.push(`c.environment = $${params.push(scope.environment)}`);
  const { condition, matchedBy } = matchSql(match, params);
  return selectPage(db, CUSTOMERS_KEYSET, window, {
    select: `c.id, c.partner_id, p.name AS partner_name, c.environment, c.external_customer_id,
             c.company ->> 'registered_company_name' AS company_name, c.company ->> 'trading_name' AS trading_name,
             c.company ->> 'company_number' AS company_number, c.created_at,
             a.id AS application_id, a.status AS application_status,
             (SELECT count(*)::int FROM loans l WHERE l.customer_id = c.id) AS loans,
             (SELECT count(*)::int FROM loans l WHERE l.customer_id = c.id
                 AND (SELECT true FROM loan_repayments r WHERE r.loan_id = l.id AND r.status = 'missed' LIMIT 1)) AS loans_in_arrears,
             ${matchedBy} AS matched_by`,
    from: `customers c JOIN partners p ON p.id = c.partner_id ${LATEST_APPLICATION}`,
    where: [...conditions, condition],
    params,
  });
}

export interface TenantCustomerRow {
  id: string;
  external_customer_id: string | null;
  company_name: string | null;
  created_at: Date;
  application_id: string | null;
  application_status: string | null;
  offers: number;
  funded_pence: string;
  matched_by: string[];
}

/** One page of the tenant's customers that match (the dashboard's list and search), newest first, with their latest application, offers and fundings. */
export async function listTenantCustomers(db: Queryable, tenant: Tenant, match: CustomerMatch, window: PageWindow): Promise<KeysetWindow<TenantCustomerRow>> {
  const params: unknown[] = [tenant.partnerId, tenant.environment];
  const { condition, matchedBy } = matchSql(match, params);
  return selectPage(db, CUSTOMERS_KEYSET, window, {
    select: `c.id, c.external_customer_id, c.company ->> 'registered_company_name' AS company_name, c.created_at,
             a.id AS application_id, a.status AS application_status,
             (SELECT count(*)::int FROM offers o WHERE o.customer_id = c.id) AS offers,
             (SELECT COALESCE(sum(f.amount_pence), 0)::text FROM fundings f WHERE f.customer_id = c.id) AS funded_pence,
             ${matchedBy} AS matched_by`,
    from: `customers c ${LATEST_APPLICATION}`,
    where: ['c.partner_id = $1', 'c.environment = $2', condition],
    params,
  });
}
