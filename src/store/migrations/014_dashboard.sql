-- The partner dashboard (docs/behaviour.md, section 24): the partner's own users with roles, their
-- single-use invitations, two-factor secrets (encrypted) and recovery codes (hashed), requests for
-- production access, token names, and dashboard sessions in web_sessions.

CREATE TABLE partner_users (
  id uuid PRIMARY KEY,
  partner_id uuid NOT NULL REFERENCES partners (id),
  email text NOT NULL,
  -- The email as compared at login (lower case): one dashboard account per address.
  email_key text NOT NULL UNIQUE,
  name text NOT NULL,
  role text NOT NULL CHECK (role IN ('viewer', 'developer', 'owner')),
  -- Set when the invitation is accepted; "scrypt$…" as operators' passwords.
  password_hash text,
  -- The TOTP secret, AES-256-GCM with DASHBOARD_SECRET_KEY ("v1.<iv>.<ciphertext>.<tag>"); a
  -- pending one waits for its first code, then becomes the secret.
  totp_secret_enc text,
  totp_pending_enc text,
  -- The last TOTP time step accepted: a code is never accepted twice.
  totp_last_step bigint,
  two_factor_enabled_at timestamptz,
  removed_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX partner_users_partner ON partner_users (partner_id, created_at);

CREATE TABLE partner_user_invitations (
  id uuid PRIMARY KEY,
  partner_user_id uuid NOT NULL REFERENCES partner_users (id),
  -- SHA-256 of the link's token; the link is shown once.
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX partner_user_invitations_user ON partner_user_invitations (partner_user_id);

CREATE TABLE partner_user_recovery_codes (
  partner_user_id uuid NOT NULL REFERENCES partner_users (id),
  -- SHA-256 of the code (the codes carry 80 random bits).
  code_hash text NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (partner_user_id, code_hash)
);

CREATE TABLE production_access_requests (
  id uuid PRIMARY KEY,
  partner_id uuid NOT NULL REFERENCES partners (id),
  requested_by uuid NOT NULL REFERENCES partner_users (id),
  company_website text NOT NULL,
  description text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'approved', 'declined')),
  requested_at timestamptz NOT NULL,
  decided_at timestamptz,
  -- Who decided: an operator's email or "admin token".
  decided_by text
);
CREATE UNIQUE INDEX production_access_one_pending ON production_access_requests (partner_id) WHERE status = 'pending';
CREATE INDEX production_access_partner ON production_access_requests (partner_id, requested_at);

-- Approved outright by an operator (also without a request): the dashboard may create production tokens.
ALTER TABLE partners ADD COLUMN production_access_at timestamptz;

ALTER TABLE api_tokens ADD COLUMN name text;

-- Who made an audited change from the dashboard.
ALTER TABLE audit_log ADD COLUMN partner_user_id uuid REFERENCES partner_users (id);

-- Dashboard sessions: the partner user, the environment the switch selects, and whether the
-- second factor is still to come (a password alone opens nothing).
ALTER TABLE web_sessions DROP CONSTRAINT web_sessions_surface_check;
ALTER TABLE web_sessions ADD CONSTRAINT web_sessions_surface_check CHECK (surface IN ('portal', 'console', 'dashboard'));
ALTER TABLE web_sessions ADD COLUMN partner_user_id uuid REFERENCES partner_users (id);
ALTER TABLE web_sessions ADD COLUMN pending_step text CHECK (pending_step IN ('two_factor', 'setup'));
CREATE INDEX web_sessions_partner_user ON web_sessions (partner_user_id) WHERE partner_user_id IS NOT NULL;
