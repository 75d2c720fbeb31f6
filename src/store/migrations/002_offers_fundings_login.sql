-- Decisions (every input and outcome, for the operator), offers, fundings, login links and
-- portal sessions.

CREATE TABLE decisions (
  id uuid PRIMARY KEY,
  application_id uuid NOT NULL REFERENCES applications (id),
  decided_by text NOT NULL CHECK (decided_by IN ('policy', 'operator', 'sandbox')),
  policy text,
  inputs jsonb,
  outcome jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX decisions_application ON decisions (application_id, created_at);

CREATE TABLE offers (
  id uuid PRIMARY KEY,
  partner_id uuid NOT NULL REFERENCES partners (id),
  environment text NOT NULL CHECK (environment IN ('sandbox', 'production')),
  customer_id uuid NOT NULL REFERENCES customers (id),
  application_id uuid REFERENCES applications (id),
  offer_type text NOT NULL CHECK (offer_type IN ('indicative', 'confirmed')),
  product_type text NOT NULL CHECK (product_type IN ('flexi_loan', 'business_loan')),
  max_amount_pence bigint NOT NULL CHECK (max_amount_pence > 0),
  monthly_rate_bp integer NOT NULL CHECK (monthly_rate_bp >= 0),
  fee_bp integer NOT NULL CHECK (fee_bp >= 0),
  duration_days integer NOT NULL CHECK (duration_days > 0),
  is_suggested boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'available' CHECK (status IN ('available', 'selected', 'funded', 'expired', 'revoked')),
  expires_at timestamptz NOT NULL,
  data_requirements jsonb NOT NULL DEFAULT '[]',
  source text NOT NULL CHECK (source IN ('policy', 'operator', 'sandbox', 'prequalification')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX offers_application ON offers (application_id, created_at);
CREATE INDEX offers_customer ON offers (customer_id, created_at);
CREATE INDEX offers_expiry ON offers (expires_at) WHERE status IN ('available', 'selected');

CREATE TABLE fundings (
  id uuid PRIMARY KEY,
  partner_id uuid NOT NULL REFERENCES partners (id),
  environment text NOT NULL CHECK (environment IN ('sandbox', 'production')),
  customer_id uuid NOT NULL REFERENCES customers (id),
  application_id uuid REFERENCES applications (id),
  offer_id uuid NOT NULL REFERENCES offers (id),
  amount_pence bigint NOT NULL CHECK (amount_pence > 0),
  fee_pence bigint NOT NULL CHECK (fee_pence >= 0),
  drawn_by text NOT NULL CHECK (drawn_by IN ('portal', 'operator', 'sandbox')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX fundings_offer ON fundings (offer_id);
CREATE INDEX fundings_customer ON fundings (customer_id);

CREATE TABLE login_tokens (
  token_hash text PRIMARY KEY,
  partner_id uuid NOT NULL REFERENCES partners (id),
  environment text NOT NULL CHECK (environment IN ('sandbox', 'production')),
  customer_id uuid NOT NULL REFERENCES customers (id),
  offer_id uuid REFERENCES offers (id),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE portal_sessions (
  session_hash text PRIMARY KEY,
  partner_id uuid NOT NULL REFERENCES partners (id),
  environment text NOT NULL CHECK (environment IN ('sandbox', 'production')),
  customer_id uuid NOT NULL REFERENCES customers (id),
  offer_id uuid REFERENCES offers (id),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
