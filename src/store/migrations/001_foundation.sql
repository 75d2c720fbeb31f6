-- Partners, their tokens and introducers; customers and applications with their status history;
-- the outbox of events. Every partner-owned row carries (partner_id, environment): the tenant.

CREATE TABLE settings (
  key text PRIMARY KEY,
  value text NOT NULL
);

CREATE TABLE partners (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE api_tokens (
  id uuid PRIMARY KEY,
  partner_id uuid NOT NULL REFERENCES partners (id),
  environment text NOT NULL CHECK (environment IN ('sandbox', 'production')),
  scopes text[] NOT NULL,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);

CREATE TABLE introducers (
  id uuid PRIMARY KEY,
  partner_id uuid NOT NULL REFERENCES partners (id),
  environment text NOT NULL CHECK (environment IN ('sandbox', 'production')),
  name text NOT NULL,
  email text NOT NULL,
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX introducers_tenant ON introducers (partner_id, environment, created_at);

CREATE TABLE customers (
  id uuid PRIMARY KEY,
  partner_id uuid NOT NULL REFERENCES partners (id),
  environment text NOT NULL CHECK (environment IN ('sandbox', 'production')),
  external_customer_id text,
  correlation_id uuid,
  company jsonb NOT NULL,
  people jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- The duplicate rule (409 DuplicateCustomer) holds under concurrency because of this index.
CREATE UNIQUE INDEX customers_external_id ON customers (partner_id, environment, external_customer_id)
  WHERE external_customer_id IS NOT NULL;
CREATE INDEX customers_correlation ON customers (partner_id, environment, correlation_id)
  WHERE correlation_id IS NOT NULL;

CREATE TABLE applications (
  id uuid PRIMARY KEY,
  partner_id uuid NOT NULL REFERENCES partners (id),
  environment text NOT NULL CHECK (environment IN ('sandbox', 'production')),
  customer_id uuid NOT NULL REFERENCES customers (id),
  status text NOT NULL,
  amount_pence bigint NOT NULL CHECK (amount_pence > 0),
  requests jsonb NOT NULL DEFAULT '[]',
  introducer_id uuid REFERENCES introducers (id),
  entity_to_contact text NOT NULL DEFAULT 'customer' CHECK (entity_to_contact IN ('customer', 'introducer')),
  is_topup boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  status_changed_at timestamptz NOT NULL DEFAULT now(),
  last_activity_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX applications_customer ON applications (customer_id, created_at DESC);
CREATE INDEX applications_status ON applications (status, status_changed_at);
-- At most one open application per customer, even under concurrent creates (409 ApplicationAlreadyOpen).
CREATE UNIQUE INDEX applications_one_open ON applications (customer_id)
  WHERE status IN ('open', 'action_required', 'awaiting_underwriter', 'in_underwriting');

CREATE TABLE application_status_changes (
  id bigserial PRIMARY KEY,
  application_id uuid NOT NULL REFERENCES applications (id),
  from_status text,
  to_status text NOT NULL,
  trigger text NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX application_status_changes_application ON application_status_changes (application_id, id);

-- Events are written here in the same transaction as the change that caused them.
CREATE TABLE outbox_events (
  id uuid PRIMARY KEY,
  seq bigserial UNIQUE,
  partner_id uuid NOT NULL REFERENCES partners (id),
  environment text NOT NULL CHECK (environment IN ('sandbox', 'production')),
  event_type text NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_events_tenant ON outbox_events (partner_id, environment, seq);
