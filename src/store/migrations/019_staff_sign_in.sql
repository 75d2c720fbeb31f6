-- Staff sign-in (docs/behaviour.md, section 29): a second factor for password operators (as partner
-- users have it), their set-up links, single sign-on through the lender's OpenID Provider, and
-- login attempts counted before the password is hashed.

-- An operator made by single sign-on has no password.
ALTER TABLE operators ALTER COLUMN password_hash DROP NOT NULL;
-- The TOTP secret, AES-256-GCM with DASHBOARD_SECRET_KEY as partner users' ("v1.<iv>.<ciphertext>.<tag>");
-- a pending one waits for its first code, then becomes the secret.
ALTER TABLE operators ADD COLUMN totp_secret_enc text;
ALTER TABLE operators ADD COLUMN totp_pending_enc text;
-- The last TOTP time step accepted: a code is never accepted twice.
ALTER TABLE operators ADD COLUMN totp_last_step bigint;
ALTER TABLE operators ADD COLUMN two_factor_enabled_at timestamptz;
-- The OpenID Provider's subject (`sub`) of the operator's latest single sign-on, with its issuer.
ALTER TABLE operators ADD COLUMN oidc_issuer text;
ALTER TABLE operators ADD COLUMN oidc_subject text;

CREATE TABLE operator_recovery_codes (
  operator_id uuid NOT NULL REFERENCES operators (id),
  -- SHA-256 of the code (the codes carry 80 random bits).
  code_hash text NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (operator_id, code_hash)
);

-- The link printed by `npm run operator -- create` and for the demo operator
-- (/console/two-factor/setup?token=…): single use, 72 hours.
CREATE TABLE operator_setup_links (
  id uuid PRIMARY KEY,
  operator_id uuid NOT NULL REFERENCES operators (id),
  -- SHA-256 of the link's token; the link is shown once.
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX operator_setup_links_operator ON operator_setup_links (operator_id);

-- A login attempt is counted before its password is hashed (pending), and settled after: a
-- failure stays, a success is taken back. Pending attempts count towards the limit too, so guesses
-- sent at once cannot all be hashed before the first is counted.
ALTER TABLE operator_login_failures ADD COLUMN attempt_id uuid;
ALTER TABLE operator_login_failures ADD COLUMN pending boolean NOT NULL DEFAULT false;
CREATE UNIQUE INDEX operator_login_failures_attempt ON operator_login_failures (attempt_id);

-- How a console session was signed in: single sign-on ends the operator's password sessions.
ALTER TABLE web_sessions ADD COLUMN sign_in_method text CHECK (sign_in_method IN ('password', 'oidc'));

-- A single sign-on under way, between the redirect to the provider and its callback: the state
-- (stored as SHA-256), the PKCE verifier and the nonce, bound to the browser (session_hash: the
-- hash of the key its cookie keeps).
CREATE TABLE oidc_sign_in_flows (
  state_hash text PRIMARY KEY,
  session_hash text NOT NULL,
  code_verifier text NOT NULL,
  nonce text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX oidc_sign_in_flows_expiry ON oidc_sign_in_flows (expires_at);
