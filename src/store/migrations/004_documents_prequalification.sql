-- Documents (bytes kept in the database in chunks, so every node reads them and they survive
-- restarts), bank accounts found in statements, and prequalification files with their quotes.

CREATE TABLE documents (
  id uuid PRIMARY KEY,
  partner_id uuid NOT NULL REFERENCES partners (id),
  environment text NOT NULL CHECK (environment IN ('sandbox', 'production')),
  customer_id uuid NOT NULL REFERENCES customers (id),
  document_type text NOT NULL,
  document_name text NOT NULL,
  file_kind text NOT NULL,
  mime_type text NOT NULL,
  size_bytes bigint NOT NULL,
  sha256 text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'processing', 'accepted', 'rejected')),
  reject_reason text,
  bank_account_id uuid,
  statement jsonb,
  uploaded_at timestamptz NOT NULL DEFAULT now(),
  processed_at timestamptz,
  queued_at timestamptz,
  reviewed_at timestamptz
);
-- The same bytes twice for one customer: 409 DuplicateDocument, even under concurrency.
CREATE UNIQUE INDEX documents_customer_sha256 ON documents (customer_id, sha256);
CREATE INDEX documents_customer ON documents (customer_id, uploaded_at);
CREATE INDEX documents_unqueued ON documents (uploaded_at) WHERE queued_at IS NULL;

CREATE TABLE document_chunks (
  document_id uuid NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  seq integer NOT NULL,
  data bytea NOT NULL,
  PRIMARY KEY (document_id, seq)
);

CREATE TABLE bank_accounts (
  id uuid PRIMARY KEY,
  partner_id uuid NOT NULL REFERENCES partners (id),
  environment text NOT NULL CHECK (environment IN ('sandbox', 'production')),
  customer_id uuid NOT NULL REFERENCES customers (id),
  bank_name text NOT NULL,
  account_number text NOT NULL,
  sort_code text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (customer_id, sort_code, account_number)
);

CREATE TABLE prequalification_files (
  id uuid PRIMARY KEY,
  partner_id uuid NOT NULL REFERENCES partners (id),
  environment text NOT NULL CHECK (environment IN ('sandbox', 'production')),
  source_format text NOT NULL CHECK (source_format IN ('csv', 'json')),
  content text NOT NULL,
  status text NOT NULL DEFAULT 'processing' CHECK (status IN ('processing', 'processed', 'failed')),
  reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  queued_at timestamptz,
  processed_at timestamptz
);
CREATE INDEX prequalification_files_unqueued ON prequalification_files (created_at) WHERE queued_at IS NULL;

CREATE TABLE prequalification_quotes (
  id uuid PRIMARY KEY,
  file_id uuid NOT NULL REFERENCES prequalification_files (id),
  partner_id uuid NOT NULL REFERENCES partners (id),
  environment text NOT NULL CHECK (environment IN ('sandbox', 'production')),
  position integer NOT NULL,
  external_customer_id text NOT NULL,
  correlation_id uuid NOT NULL,
  prequalified boolean NOT NULL,
  max_amount_pence bigint,
  monthly_rate_bp integer,
  fee_bp integer,
  duration_days integer,
  expires_at timestamptz,
  reason text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX prequalification_quotes_file ON prequalification_quotes (file_id, position);
CREATE INDEX prequalification_quotes_external ON prequalification_quotes (partner_id, environment, external_customer_id, created_at);
CREATE UNIQUE INDEX prequalification_quotes_correlation ON prequalification_quotes (correlation_id);
