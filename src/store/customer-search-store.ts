/**
 * Finding customers (docs/behaviour.md, section 27): every partner's for operators, a tenant's for
 * the dashboard, newest first, a page at a time. What a search compares is written once, as SQL
 * functions (migration 018, the phone rule as 021 replaced it) that make each customer's stored
 * search columns and read the search string as well: any part of a company's names or number
 * (`search_text`, a trigram index), an email, a phone number or an external_customer_id
 * (`search_keys`, an index of exact keys), or a whole id of one of the customer's records.
 */
import type { Environment, Tenant } from '../domain/tenant.ts';
import type { Queryable, Transactional } from './db.ts';
import { keysetBounds, selectPage, type Keyset, type KeysetWindow, type PageWindow } from './keyset.ts';

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

/** The record a whole id names: its kind, its customer, and its application when it belongs to one. */
export interface RecordFound {
  kind: RecordKind;
  customer_id: string;
  application_id: string | null;
}

/** The record a whole id names and its customer, whatever its tenant; null when it names none. */
export async function findRecordCustomer(db: Queryable, id: string): Promise<RecordFound | null> {
  const { rows } = await db.query<RecordFound>(
    `SELECT kind, customer_id, application_id FROM (
              SELECT 'customer' AS kind, id AS customer_id, NULL::uuid AS application_id, 1 AS rank FROM customers WHERE id = $1
    UNION ALL SELECT 'application', customer_id, id, 2 FROM applications WHERE id = $1
    UNION ALL SELECT 'loan', customer_id, application_id, 3 FROM loans WHERE id = $1
    UNION ALL SELECT 'funding', customer_id, application_id, 4 FROM fundings WHERE id = $1
    UNION ALL SELECT 'offer', customer_id, application_id, 5 FROM offers WHERE id = $1
    UNION ALL SELECT 'document', customer_id, NULL, 6 FROM documents WHERE id = $1) found
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
      /** Exact keys in customer_search_keys form (e:, p:, x:), looked up first along their own index. */
      keys: string[];
      /** An external_customer_id within the tenant (its own unique index), or null. */
      externalId: string | null;
    };

/**
 * The customers of the list (its own conditions, `within`) that hold any of a search's exact keys,
 * at most a thousand: read first, by themselves, along the index of keys. Within one condition of
 * alternatives the planner cannot tell how few customers a key names (an array of keys has no
 * statistics of its values) and, taking it for hundreds, walked every customer testing each; a
 * list of ids it estimates exactly.
 */
async function customersWithKeys(db: Queryable, keys: string[], within: { sql: string[]; params: unknown[] }): Promise<string[]> {
  if (keys.length === 0) return [];
  const params = [...within.params, keys];
  const { rows } = await db.query<{ id: string }>(
    `SELECT c.id FROM customers c WHERE ${[...within.sql, `c.search_keys && $${params.length}::text[]`].join(' AND ')} LIMIT 1000`,
    params,
  );
  return rows.map((r) => r.id);
}

/**
 * The match's condition and, for the answer, what each row matched by; parameters appended to
 * `params`, the condition's first: `conditionParams` is their count with the list's before them
 * (a statement of the condition alone takes those).
 */
function matchSql(match: CustomerMatch, keyed: string[], params: unknown[]): { condition: string; matchedBy: string; conditionParams: number } {
  if (match.kind === 'all') return { condition: 'TRUE', matchedBy: 'ARRAY[]::text[]', conditionParams: params.length };
  if (match.kind === 'record') {
    const condition = `c.id = $${params.push(match.customerId)}`;
    return { condition, conditionParams: params.length, matchedBy: `ARRAY[$${params.push(match.matchedBy)}::text]` };
  }
  const either: string[] = [];
  const by: string[] = [];
  if (match.words !== null) {
    const pattern = `$${params.push(`%${match.words}%`)}`;
    either.push(`c.search_text LIKE ${pattern}`);
    const part = (n: number) => `split_part(c.search_text, '|', ${n}) LIKE ${pattern}`;
    by.push(`CASE WHEN ${part(1)} OR ${part(2)} THEN 'company_name' END`, `CASE WHEN ${part(3)} THEN 'company_number' END`);
  }
  if (keyed.length > 0) either.push(`c.id = ANY($${params.push(keyed)}::uuid[])`);
  if (match.externalId !== null) either.push(`c.external_customer_id = $${params.push(match.externalId)}`);
  const conditionParams = params.length;
  for (const [prefix, name] of [
    ['e:', 'email'],
    ['p:', 'phone'],
  ]) {
    const keys = match.keys.filter((k) => k.startsWith(prefix));
    if (keys.length > 0) by.push(`CASE WHEN c.search_keys && $${params.push(keys)}::text[] THEN '${name}' END`);
  }
  const externalIds = [...match.keys.filter((k) => k.startsWith('x:')).map((k) => k.slice(2)), ...(match.externalId === null ? [] : [match.externalId])];
  if (externalIds.length > 0) by.push(`CASE WHEN c.external_customer_id = ANY($${params.push(externalIds)}::text[]) THEN 'external_customer_id' END`);
  const condition = either.length > 0 ? `(${either.join(' OR ')})` : 'FALSE';
  return { condition, matchedBy: `array_remove(ARRAY[${by.join(', ')}]::text[], NULL)`, conditionParams };
}

/**
 * Reads a search planned for its own values. A search's pattern decides its plan: a rare name is
 * found through the trigram index, a common one by walking the newest customers until a page is
 * full. PostgreSQL plans a prepared statement for its values five times and may then keep one
 * generic plan, which cannot know the pattern: measured at 20,000 customers, it walked every
 * customer evaluating the match (1.2 s instead of 0.1 ms). So a search's statement is planned for
 * each set of values (`plan_cache_mode`, for its transaction only). The other lists' plans do not
 * hang on their values.
 */
async function plannedForItsValues<T>(db: Transactional, match: CustomerMatch, read: (q: Queryable) => Promise<T>): Promise<T> {
  if (match.kind !== 'terms') return read(db);
  return db.transaction(async (tx) => {
    await tx.query('SET LOCAL plan_cache_mode = force_custom_plan');
    return read(tx);
  });
}

/** A common term's walk reads at most this many customers for each row of its page (a term in one customer of 40 fills a page in it). */
const WALK_ROWS_PER_MATCH = 40;

/**
 * The customers of a list (its own conditions and parameters, `within`) that a search matches,
 * for the page of `window`. A common term is found by walking the list's next customers in its
 * order (customers_tenant_created, or customers_created across partners), at most
 * WALK_ROWS_PER_MATCH for each row of the page, testing each and stopping once the page is full:
 * its cost is that walk's, however many thousands match. Read along the trigram index instead,
 * a term matching 1,100 customers read and sorted all 1,100 (28 ms at 20,000 customers, 5.5 ms at
 * 400). A rarer term, that does not fill the page within the walk, is found through its indexes:
 * `null`, for `plannedForItsValues`. Answers the ids of the page (and of one row more).
 */
async function walkedPage(db: Queryable, window: PageWindow, within: { sql: string[]; params: unknown[] }, condition: string): Promise<string[] | null> {
  const bounds = keysetBounds(CUSTOMERS_KEYSET, window, within.params.length + 1);
  const params = [...within.params, ...bounds.params];
  const walk = `$${params.push((window.limit + 1) * WALK_ROWS_PER_MATCH)}`;
  const { rows } = await db.query<{ id: string }>(
    `SELECT c.id FROM (SELECT c.id, c.created_at, c.search_text, c.search_keys, c.external_customer_id FROM customers c
                        WHERE ${[...within.sql, bounds.condition].join(' AND ')} ORDER BY ${bounds.orderBy} LIMIT ${walk}) c
      WHERE ${condition} ORDER BY ${bounds.orderBy} LIMIT ${bounds.limitParam}`,
    params,
  );
  return rows.length > window.limit ? rows.map((r) => r.id) : null;
}

/** A search's statement, less its select: the list's conditions, the match's, and their parameters (the list's, the condition's, then matched_by's). */
interface SearchStatement {
  scope: string[];
  condition: string;
  conditionParams: number;
  params: unknown[];
}

/**
 * The condition of a page of a search: its customers' ids when a walk found them (a common term),
 * else the match's own condition, read with a plan for its values. Walked only along an index of
 * the list's order: every partner's customers, or one tenant's.
 */
async function searchedPage<T>(
  db: Transactional,
  match: CustomerMatch,
  walkable: boolean,
  window: PageWindow,
  statement: SearchStatement,
  read: (q: Queryable, condition: string) => Promise<T>,
): Promise<T> {
  const walk = walkable && match.kind === 'terms' && match.words !== null;
  const within = { sql: statement.scope, params: statement.params.slice(0, statement.conditionParams) };
  const ids = walk ? await walkedPage(db, window, within, statement.condition) : null;
  // The ids become a parameter of the page's statement, after its own; the match's condition,
  // kept, is tested on their rows alone.
  if (ids) return read(db, `c.id = ANY($${statement.params.push(ids)}::uuid[]) AND ${statement.condition}`);
  return plannedForItsValues(db, match, (q) => read(q, statement.condition));
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
  db: Transactional,
  scope: { partnerId: string | null; environment: Environment | null },
  match: CustomerMatch,
  window: PageWindow,
): Promise<KeysetWindow<CustomerFoundRow>> {
  const params: unknown[] = [];
  const conditions: string[] = [];
  if (scope.partnerId !== null) conditions.push(`c.partner_id = $${params.push(scope.partnerId)}`);
  if (scope.environment !== null) conditions.push(`c.environment = $${params.push(scope.environment)}`);
  const keyed = match.kind === 'terms' ? await customersWithKeys(db, match.keys, { sql: conditions, params }) : [];
  const { condition, matchedBy, conditionParams } = matchSql(match, keyed, params);
  // Walked along customers_created or customers_tenant_created; not when exact keys named customers
  // (an email, a phone number): those few are the answer, read by id along with any name's.
  const walkable = (scope.partnerId === null) === (scope.environment === null) && keyed.length === 0;
  return searchedPage(db, match, walkable, window, { scope: conditions, condition, conditionParams, params }, (q, found) =>
    selectPage(q, CUSTOMERS_KEYSET, window, {
      select: `c.id, c.partner_id, p.name AS partner_name, c.environment, c.external_customer_id,
             c.company ->> 'registered_company_name' AS company_name, c.company ->> 'trading_name' AS trading_name,
             c.company ->> 'company_number' AS company_number, c.created_at,
             a.id AS application_id, a.status AS application_status,
             (SELECT count(*)::int FROM loans l WHERE l.customer_id = c.id) AS loans,
             (SELECT count(*)::int FROM loans l WHERE l.customer_id = c.id
                 AND (SELECT true FROM loan_repayments r WHERE r.loan_id = l.id AND r.status = 'missed' LIMIT 1)) AS loans_in_arrears,
             ${matchedBy} AS matched_by`,
      from: `customers c JOIN partners p ON p.id = c.partner_id ${LATEST_APPLICATION}`,
      where: [...conditions, found],
      params,
    }),
  );
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
export async function listTenantCustomers(
  db: Transactional,
  tenant: Tenant,
  match: CustomerMatch,
  window: PageWindow,
): Promise<KeysetWindow<TenantCustomerRow>> {
  const params: unknown[] = [tenant.partnerId, tenant.environment];
  const { condition, matchedBy, conditionParams } = matchSql(match, [], params);
  const scope = ['c.partner_id = $1', 'c.environment = $2'];
  return searchedPage(db, match, true, window, { scope, condition, conditionParams, params }, (q, found) =>
    selectPage(q, CUSTOMERS_KEYSET, window, {
      select: `c.id, c.external_customer_id, c.company ->> 'registered_company_name' AS company_name, c.created_at,
             a.id AS application_id, a.status AS application_status,
             (SELECT count(*)::int FROM offers o WHERE o.customer_id = c.id) AS offers,
             (SELECT COALESCE(sum(f.amount_pence), 0)::text FROM fundings f WHERE f.customer_id = c.id) AS funded_pence,
             ${matchedBy} AS matched_by`,
      from: `customers c ${LATEST_APPLICATION}`,
      where: [...scope, found],
      params,
    }),
  );
}
