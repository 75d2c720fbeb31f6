/**
 * A lender's data at scale (docs/behaviour.md, section 27), generated in SQL: customers (each with
 * an application and two offers), one in ten with a loan (a quarter of those in arrears), events,
 * delivery attempts, documents, audit rows and the request log. Rows are numbered: customer `i` of
 * a tenant has the same ids whenever it is made (md5 of its number), so a tenant grows by numbers
 * `from` to `to` and every generated table grows with it. Partners, tokens, operators and users go
 * through the services (bench/scale.ts); only these bulk rows are SQL.
 *
 * Used by `npm run bench -- scale` and by the EXPLAIN test (test/integration/explain.test.ts).
 */
import type { Queryable } from '../src/store/db.ts';

export interface TenantRows {
  partnerId: string;
  environment: 'sandbox' | 'production';
  /** Makes the tenant's ids, emails and external ids its own. */
  tag: string;
  /** Customer numbers from (inclusive) to (exclusive). */
  from: number;
  to: number;
  /** Request-log rows per customer number (10: 200,000 rows for 20,000 customers). */
  requestsPerCustomer: number;
  /** Customer 0 is made this long before `now`, the last one just before it. */
  spanDays: number;
  /** How many customer numbers the span is spread over (the tenant's size when grown). */
  spanCustomers: number;
  now: Date;
}

/** Company names: two of these words and "Ltd"; one customer in 5,000 is Hartley Joinery (what the bench searches for). */
export const WORDS = [
  'Alder',
  'Birch',
  'Cedar',
  'Dale',
  'Elm',
  'Fern',
  'Glen',
  'Hazel',
  'Iris',
  'Juniper',
  'Kestrel',
  'Larch',
  'Maple',
  'Nettle',
  'Oak',
  'Poplar',
  'Quarry',
  'Rowan',
  'Spruce',
  'Thistle',
  'Umber',
  'Vale',
  'Willow',
  'Yew',
  'Harbour',
  'Mill',
  'Bridge',
  'Forge',
  'Wharf',
  'Market',
  'Foundry',
  'Bakery',
  'Garage',
  'Studio',
  'Works',
  'Supplies',
  'Logistics',
  'Builders',
  'Kitchens',
  'Print',
];

/** The id of row `i` of a kind (`c` customer, `a` application, `o1`/`o2` offers, `f` funding and loan, `d` document, `e1`/`e2` events). */
const id = (kind: string) => `md5('${kind}:' || $3::text || ':' || i)::uuid`;

/** Statements of one tenant's rows for customer numbers $4 ≤ i < $5; parameters: partner, environment, tag, from, to, words, base time, seconds per customer, now. */
const STATEMENTS: string[] = [
  `INSERT INTO customers (id, partner_id, environment, external_customer_id, company, people, created_at, updated_at)
   SELECT ${id('c')}, $1::uuid, $2::text, $3::text || '-' || i,
          jsonb_build_object(
            'registered_company_name', CASE WHEN i % 5000 = 17 THEN 'Hartley Joinery Ltd' ELSE ($6::text[])[1 + (i * 7) % array_length($6::text[], 1)] || ' ' || ($6::text[])[1 + (i * 13 + i / 40) % array_length($6::text[], 1)] || ' Ltd' END,
            'company_number', lpad((10000000 + i)::text, 8, '0'), 'type', 'limited_liability_company', 'trading_from_date', '2019-03-01'),
          jsonb_build_array(jsonb_build_object(
            'first_name', 'Person', 'last_name', ($6::text[])[1 + i % array_length($6::text[], 1)], 'date_of_birth', '1980-01-01',
            'roles', jsonb_build_array('applicant', 'director', 'guarantor'),
            'emails', jsonb_build_array(jsonb_build_object('email', 'person' || i || '@' || $3::text || '.example', 'type', 'primary')),
            'phones', jsonb_build_array(jsonb_build_object('number', '+44 7700 ' || lpad(i::text, 6, '0'), 'type', 'mobile')))),
          $7::timestamptz + i * $8::float8 * interval '1 second', $7::timestamptz + i * $8::float8 * interval '1 second'
     FROM generate_series($4::int, $5::int - 1) AS i`,
  `INSERT INTO applications (id, partner_id, environment, customer_id, status, amount_pence, created_at, updated_at, status_changed_at, last_activity_at)
   SELECT ${id('a')}, $1::uuid, $2::text, ${id('c')},
          CASE WHEN i % 10 = 0 THEN 'funded' WHEN i % 50 = 1 THEN 'awaiting_underwriter' WHEN i % 50 = 2 THEN 'in_underwriting' WHEN i % 7 = 3 THEN 'declined' ELSE 'offered' END,
          2500000, at, at, at + interval '1 minute', at + interval '1 minute'
     FROM generate_series($4::int, $5::int - 1) AS i, LATERAL (SELECT $7::timestamptz + i * $8::float8 * interval '1 second' + interval '1 second' AS at) t`,
  `INSERT INTO offers (id, partner_id, environment, customer_id, application_id, offer_type, product_type, max_amount_pence, monthly_rate_bp, fee_bp,
                      duration_days, is_suggested, status, expires_at, source, created_at)
   SELECT md5('o:' || product || ':' || $3::text || ':' || i)::uuid, $1::uuid, $2::text, ${id('c')}, ${id('a')}, 'confirmed', product, 5000000, 300, 0, 180,
          product = 'flexi_loan',
          CASE WHEN i % 10 = 0 AND product = 'flexi_loan' THEN 'funded' WHEN i % 7 = 3 OR i % 50 IN (1, 2) THEN 'revoked' ELSE 'available' END,
          $9::timestamptz + interval '30 days', 'policy', $7::timestamptz + i * $8::float8 * interval '1 second' + interval '1 minute'
     FROM generate_series($4::int, $5::int - 1) AS i, unnest(ARRAY['flexi_loan', 'business_loan']) AS product`,
  // One in ten customers has a loan drawn 60 to 150 days ago, of 12,000 in six monthly repayments.
  `INSERT INTO fundings (id, partner_id, environment, customer_id, application_id, offer_id, amount_pence, fee_pence, drawn_by, created_at, paid_to_simulated)
   SELECT ${id('f')}, $1::uuid, $2::text, ${id('c')}, ${id('a')}, md5('o:flexi_loan:' || $3::text || ':' || i)::uuid, 1200000, 0, 'sandbox',
          $9::timestamptz - (60 + i % 90) * interval '1 day', true
     FROM generate_series($4::int, $5::int - 1) AS i WHERE i % 10 = 0`,
  `INSERT INTO loans (id, partner_id, environment, customer_id, application_id, offer_id, funded_on, amount_pence, monthly_rate_bp, fee_bp, duration_days, created_at)
   SELECT f.id, f.partner_id, f.environment, f.customer_id, f.application_id, f.offer_id, (f.created_at AT TIME ZONE 'Europe/London')::date,
          f.amount_pence, 300, 0, 180, f.created_at
     FROM fundings f WHERE f.partner_id = $1 AND f.environment = $2
      AND f.id IN (SELECT ${id('f')} FROM generate_series($4::int, $5::int - 1) AS i WHERE i % 10 = 0)`,
  // A quarter of the loans (i % 40 = 0) missed their repayments of the last 45 days; the others paid.
  `INSERT INTO loan_repayments (loan_id, due_date, amount_pence, fees_pence, interest_pence, principal_pence, status, collected_on)
   SELECT l.id, due, 230000, 0, 30000, 200000,
          CASE WHEN due >= $9::date THEN 'scheduled' WHEN arrears AND due >= $9::date - 45 THEN 'missed' ELSE 'collected' END,
          CASE WHEN due < $9::date AND NOT (arrears AND due >= $9::date - 45) THEN due END
     FROM generate_series($4::int, $5::int - 1) AS i
     JOIN loans l ON l.id = ${id('f')} AND i % 10 = 0,
          LATERAL (SELECT (l.funded_on + k * interval '1 month')::date AS due, i % 40 = 0 AS arrears FROM generate_series(1, 6) AS k) r`,
  `INSERT INTO outbox_events (id, partner_id, environment, event_type, payload, created_at, dispatched_at, application_id)
   SELECT md5('e:' || kind || ':' || $3::text || ':' || i)::uuid, $1::uuid, $2::text, kind,
          jsonb_build_object('application_id', ${id('a')}, 'customer_id', ${id('c')}), at, at, ${id('a')}
     FROM generate_series($4::int, $5::int - 1) AS i,
          LATERAL (SELECT $7::timestamptz + i * $8::float8 * interval '1 second' + interval '2 minutes' AS at) t,
          unnest(CASE WHEN i % 10 = 0 THEN ARRAY['application_status_changed', 'customer_funded'] ELSE ARRAY['application_status_changed', 'application_offered'] END) AS kind`,
  `INSERT INTO webhook_deliveries (id, event_id, partner_id, environment, attempt, url, status, response_status, duration_ms, attempted_at)
   SELECT md5('w:' || $3::text || ':' || i)::uuid, md5('e:application_status_changed:' || $3::text || ':' || i)::uuid, $1::uuid, $2::text, 1, 'https://partner.example/hooks',
          CASE WHEN i % 32 = 4 THEN 'failed' ELSE 'succeeded' END, CASE WHEN i % 32 = 4 THEN 503 ELSE 200 END, 40,
          $7::timestamptz + i * $8::float8 * interval '1 second' + interval '3 minutes'
     FROM generate_series($4::int, $5::int - 1) AS i WHERE i % 4 = 0`,
  `INSERT INTO documents (id, partner_id, environment, customer_id, document_type, document_name, file_kind, mime_type, size_bytes, sha256, status, uploaded_at)
   SELECT ${id('d')}, $1::uuid, $2::text, ${id('c')}, 'invoices', 'invoice-' || i || '.pdf', 'pdf', 'application/pdf', 20000, md5('d:' || $3::text || ':' || i) || md5(i::text),
          'accepted', $7::timestamptz + i * $8::float8 * interval '1 second' + interval '4 minutes'
     FROM generate_series($4::int, $5::int - 1) AS i WHERE i % 4 = 1`,
  `INSERT INTO audit_log (id, operator_id, actor, action, target_type, target_id, summary, created_at)
   SELECT md5('u:' || $3::text || ':' || i)::uuid, NULL, 'admin token', 'application.review_started', 'application', (${id('a')})::text, '{}',
          $7::timestamptz + i * $8::float8 * interval '1 second' + interval '5 minutes'
     FROM generate_series($4::int, $5::int - 1) AS i WHERE i % 5 = 1`,
];

/** The request log: `requestsPerCustomer` rows per customer number, spread over the last 7 days, one in twenty failed. */
const REQUEST_LOG = `INSERT INTO request_log (request_id, partner_id, environment, time, method, path, status, error_code, duration_ms, idempotency_key, api_version)
   SELECT 'req-' || $3::text || '-' || k, $1::uuid, $2::text, $6::timestamptz + k * $7::int8 * interval '1 microsecond', CASE WHEN k % 3 = 0 THEN 'POST' ELSE 'GET' END,
          '/api/lending/v2.2/customers/', CASE WHEN k % 20 = 7 THEN 404 ELSE 200 END, CASE WHEN k % 20 = 7 THEN 'NotFound' END, 12, NULL, '2.2'
     FROM generate_series($4::int, $5::int - 1) AS k`;

/** Appends customer numbers `from` to `to` of the tenant, with everything they carry; the counters kept beside them follow. */
export async function growTenant(db: Queryable, rows: TenantRows): Promise<void> {
  const secondsPerCustomer = (rows.spanDays * 86_400) / rows.spanCustomers;
  const base = new Date(rows.now.getTime() - rows.spanDays * 86_400_000);
  const params = [rows.partnerId, rows.environment, rows.tag, rows.from, rows.to, WORDS, base, secondsPerCustomer, rows.now];
  // Each statement names every parameter (a statement must type each one it is given).
  const typed = 'WITH typed AS (SELECT $1::uuid, $2::text, $3::text, $4::int, $5::int, $6::text[], $7::timestamptz, $8::float8, $9::timestamptz) ';
  for (const statement of STATEMENTS) await db.query(typed + statement, params);
  // The request log spans the last 7 days, its rows numbered as the customers are.
  const requestSpan = 7 * 86_400_000_000 - 1;
  const microsPerRow = Math.floor(requestSpan / (rows.spanCustomers * rows.requestsPerCustomer));
  const logStart = new Date(rows.now.getTime() - 7 * 86_400_000 + 1000);
  await db.query(REQUEST_LOG, [
    rows.partnerId,
    rows.environment,
    rows.tag,
    rows.from * rows.requestsPerCustomer,
    rows.to * rows.requestsPerCustomer,
    logStart,
    microsPerRow,
  ]);
  await recountTenant(db, rows.partnerId, rows.environment);
}

/** The counters the writes keep (request_counts, funding_totals), made again from the tenant's rows (bulk rows bypass the writes). */
async function recountTenant(db: Queryable, partnerId: string, environment: string): Promise<void> {
  const args = [partnerId, environment];
  await db.query('DELETE FROM request_counts WHERE partner_id = $1 AND environment = $2', args);
  await db.query(
    `INSERT INTO request_counts (partner_id, environment, hour, requests, failed)
     SELECT partner_id, environment, date_trunc('hour', time), count(*), count(*) FILTER (WHERE status >= 400)
       FROM request_log WHERE partner_id = $1 AND environment = $2 GROUP BY 1, 2, 3`,
    args,
  );
  await db.query('DELETE FROM funding_totals WHERE partner_id = $1 AND environment = $2', args);
  await db.query(
    `INSERT INTO funding_totals (partner_id, environment, month, fundings, funded_pence)
     SELECT partner_id, environment, date_trunc('month', created_at AT TIME ZONE 'Europe/London')::date, count(*), sum(amount_pence)
       FROM fundings WHERE partner_id = $1 AND environment = $2 GROUP BY 1, 2, 3`,
    args,
  );
}

/** Statistics and visibility maps brought up to date, as autovacuum would after a load. */
export async function settle(db: Queryable): Promise<void> {
  await db.query('VACUUM (ANALYZE)');
}

/** The customer number's ids, as growTenant makes them. */
export async function generatedIds(db: Queryable, tag: string, i: number) {
  const { rows } = await db.query<{ customer: string; application: string; loan: string; document: string }>(
    `SELECT md5('c:' || $1 || ':' || $2)::uuid::text AS customer, md5('a:' || $1 || ':' || $2)::uuid::text AS application,
            md5('f:' || $1 || ':' || $2)::uuid::text AS loan, md5('d:' || $1 || ':' || $2)::uuid::text AS document`,
    [tag, i],
  );
  return rows[0];
}
