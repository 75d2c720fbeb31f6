-- At a lender's scale (docs/behaviour.md, section 27): every list reads one page along an index of
-- its order (keyset pagination, src/store/keyset.ts), a tenant's lists along indexes that lead with
-- the tenant (so another partner's rows cost it nothing), operators find a customer by name, number,
-- email, phone or id without reading every row, and the overview figures are counters kept in the
-- transaction of the change or counts bounded by an index.

-- Trigram indexes ("any part of the name"). The extension lives in public, whatever schema the
-- tables are in (each test database is a schema of its own; dropping one must not drop it).
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

-- What search compares, written once for the indexes and the queries alike (a search string is
-- read by the same two functions: src/store/customer-search-store.ts). Both call only PostgreSQL's
-- own functions: PostgreSQL 17 builds and maintains an index with a search path of pg_catalog alone.
-- The company's names and number in one text: lower case, letters and digits only, '|' between the
-- parts ("Hartley-Joinery Ltd." and "hartley joinery" meet; a search's words never hold '|', so no
-- match spans two parts).
CREATE FUNCTION customer_search_text(company jsonb) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT lower(regexp_replace(coalesce(company ->> 'registered_company_name', '') || '|' || coalesce(company ->> 'trading_name', '') || '|' || coalesce(company ->> 'company_number', ''), '[^[:alnum:]|]+', '', 'g')) $$;
-- The exact keys of a customer: its people's emails (e:, lower case), phones (p:, digits only, a UK
-- number with its country code as dialled at home: +44 7700 900123 is 07700900123; six digits at
-- least) and its external_customer_id (x:, as given).
CREATE FUNCTION customer_search_keys(people jsonb, external_id text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT array_remove(ARRAY(SELECT 'e:' || lower(e #>> '{}') FROM jsonb_path_query(people, '$[*].emails[*].email') AS e UNION SELECT 'p:' || CASE WHEN d LIKE '0044%' THEN '0' || substr(d, 5) WHEN d LIKE '44%' AND length(d) = 12 THEN '0' || substr(d, 3) ELSE d END FROM (SELECT regexp_replace(p #>> '{}', '[^0-9]', '', 'g') AS d FROM jsonb_path_query(people, '$[*].phones[*].number') AS p) AS digits WHERE length(d) >= 6) || ('x:' || external_id), NULL) $$;

-- Customers: a tenant's newest first (the dashboard; its bounded count), everyone's newest first
-- (the console and the admin API), and search.
CREATE INDEX customers_tenant_created ON customers (partner_id, environment, created_at DESC, id DESC);
CREATE INDEX customers_created ON customers (created_at DESC, id DESC);
-- Both kept as columns (computed on each write, as the indexes' entries would be anyway): a search
-- then rechecks its candidates against the stored text, not by working the text out again (a
-- common word's thousand candidates cost 40 ms of regular expressions otherwise).
ALTER TABLE customers ADD COLUMN search_text text GENERATED ALWAYS AS (customer_search_text(company)) STORED;
ALTER TABLE customers ADD COLUMN search_keys text[] GENERATED ALWAYS AS (customer_search_keys(people, external_customer_id)) STORED;
CREATE INDEX customers_search_text ON customers USING gin (search_text public.gin_trgm_ops);
CREATE INDEX customers_search_keys ON customers USING gin (search_keys);

-- Applications: the queue in each status oldest first, across partners and within a tenant (the
-- console's filters read one status at a time and merge them); the overview's bounded counts.
DROP INDEX applications_status;
CREATE INDEX applications_status ON applications (status, status_changed_at, id);
CREATE INDEX applications_tenant_status ON applications (partner_id, environment, status, status_changed_at, id);

-- Loans: a customer's newest first, everyone's newest first; in arrears reads loan_repayments_missed.
DROP INDEX loans_customer;
CREATE INDEX loans_customer ON loans (customer_id, created_at DESC, id DESC);
DROP INDEX loans_created;
CREATE INDEX loans_created ON loans (created_at DESC, id DESC);

-- A customer's documents, newest first.
DROP INDEX documents_customer;
CREATE INDEX documents_customer ON documents (customer_id, uploaded_at DESC, id DESC);

-- Events of one type in reading order (the events API's and the dashboard's type filter).
CREATE INDEX outbox_events_type_reading ON outbox_events (partner_id, environment, event_type, txid, seq);

-- Deliveries: failed only, newest first; the overview's failing events of the last 24 hours.
CREATE INDEX webhook_deliveries_tenant_status ON webhook_deliveries (partner_id, environment, status, seq);
CREATE INDEX webhook_deliveries_failed_recent ON webhook_deliveries (partner_id, environment, attempted_at) WHERE status = 'failed';

-- The request log, failed only (a few among many).
CREATE INDEX request_log_tenant_failed ON request_log (partner_id, environment, time DESC, seq DESC) WHERE status >= 400;

-- The audit log by target type, and the admin token's rows (the console's "Operator" filter).
CREATE INDEX audit_log_type ON audit_log (target_type, seq);
CREATE INDEX audit_log_actor ON audit_log (actor, seq);

-- Partners newest first; a partner's tokens newest first.
CREATE INDEX partners_created ON partners (created_at DESC, id DESC);
CREATE INDEX api_tokens_partner ON api_tokens (partner_id, created_at DESC, id DESC);

-- The dashboard overview's requests and failed requests: per tenant and hour, added in the statement
-- that writes the request log's batch (so they always agree), swept with it after 7 days. Unlogged
-- as the request log is: after a crash both start again empty.
CREATE UNLOGGED TABLE request_counts (
  partner_id uuid NOT NULL,
  environment text NOT NULL,
  hour timestamptz NOT NULL,
  requests bigint NOT NULL,
  failed bigint NOT NULL,
  PRIMARY KEY (partner_id, environment, hour)
);
INSERT INTO request_counts (partner_id, environment, hour, requests, failed)
SELECT partner_id, environment, date_trunc('hour', time), count(*), count(*) FILTER (WHERE status >= 400)
  FROM request_log GROUP BY 1, 2, 3;

-- The overview's fundings this month: per tenant and London month, added in the statement that
-- records the funding.
CREATE TABLE funding_totals (
  partner_id uuid NOT NULL REFERENCES partners (id),
  environment text NOT NULL CHECK (environment IN ('sandbox', 'production')),
  month date NOT NULL,
  fundings bigint NOT NULL,
  funded_pence bigint NOT NULL,
  PRIMARY KEY (partner_id, environment, month)
);
INSERT INTO funding_totals (partner_id, environment, month, fundings, funded_pence)
SELECT partner_id, environment, date_trunc('month', created_at AT TIME ZONE 'Europe/London')::date, count(*), sum(amount_pence)
  FROM fundings GROUP BY 1, 2, 3;
