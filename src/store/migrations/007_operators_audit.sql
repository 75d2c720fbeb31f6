-- Operators (the lender's staff) with roles, their failed logins for the lock-out, pending
-- approvals waiting for a second operator (four eyes), notes on applications, and the audit log.

CREATE TABLE operators (
  id uuid PRIMARY KEY,
  email text NOT NULL,
  -- The email as compared at login (lower case): one account per address.
  email_key text NOT NULL UNIQUE,
  name text NOT NULL,
  role text NOT NULL CHECK (role IN ('viewer', 'underwriter', 'admin')),
  -- "scrypt$<log2 N>$<r>$<p>$<salt base64url>$<hash base64url>"; never shown or logged.
  password_hash text NOT NULL,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

-- Failed logins per email (known or not): 5 within 15 minutes lock the email for 15 minutes.
CREATE TABLE operator_login_failures (
  email_key text NOT NULL,
  failed_at timestamptz NOT NULL
);
CREATE INDEX operator_login_failures_email ON operator_login_failures (email_key, failed_at);

CREATE TABLE operator_lockouts (
  email_key text PRIMARY KEY,
  locked_until timestamptz NOT NULL
);

-- An approval above FOUR_EYES_THRESHOLD waits here until a different operator confirms it.
CREATE TABLE pending_approvals (
  id uuid PRIMARY KEY,
  application_id uuid NOT NULL REFERENCES applications (id),
  offers jsonb NOT NULL,
  largest_pence bigint NOT NULL,
  requested_by uuid NOT NULL REFERENCES operators (id),
  requested_at timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'confirmed', 'withdrawn')),
  settled_by uuid REFERENCES operators (id),
  settled_at timestamptz
);
CREATE UNIQUE INDEX pending_approvals_one_open ON pending_approvals (application_id) WHERE status = 'pending';

CREATE TABLE application_notes (
  id uuid PRIMARY KEY,
  application_id uuid NOT NULL REFERENCES applications (id),
  operator_id uuid NOT NULL REFERENCES operators (id),
  body text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX application_notes_application ON application_notes (application_id, created_at);

-- Every change by an operator or through /admin/v1, appended in the transaction of the change.
CREATE TABLE audit_log (
  seq bigserial PRIMARY KEY,
  id uuid NOT NULL UNIQUE,
  -- NULL when the change came with the admin token.
  operator_id uuid REFERENCES operators (id),
  actor text NOT NULL,
  action text NOT NULL,
  target_type text NOT NULL,
  target_id text NOT NULL,
  summary jsonb NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX audit_log_operator ON audit_log (operator_id, seq);
CREATE INDEX audit_log_target ON audit_log (target_type, target_id, seq);

-- Append-only: nothing updates or deletes audit rows, whoever asks.
CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit_log is append-only'; END $$;
CREATE TRIGGER audit_log_no_update_delete BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
