-- Server-side sessions of the web pages (customer portal and operator console), in the database so
-- that every node reads them and any of them can be revoked at once. Replaces portal_sessions.
-- The cookie holds a random token; only its SHA-256 is stored. The CSRF secret of the session's
-- forms lives here too, never in a cookie.

CREATE TABLE web_sessions (
  session_hash text PRIMARY KEY,
  surface text NOT NULL CHECK (surface IN ('portal', 'console')),
  partner_id uuid REFERENCES partners (id),
  environment text CHECK (environment IN ('sandbox', 'production')),
  customer_id uuid REFERENCES customers (id),
  offer_id uuid REFERENCES offers (id),
  operator_id uuid,
  csrf_secret text NOT NULL,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  -- The absolute end; the idle limit is counted from last_seen_at.
  expires_at timestamptz NOT NULL,
  idle_seconds integer NOT NULL CHECK (idle_seconds > 0),
  CHECK (surface <> 'portal' OR (partner_id IS NOT NULL AND environment IS NOT NULL AND customer_id IS NOT NULL))
);
CREATE INDEX web_sessions_operator ON web_sessions (operator_id) WHERE operator_id IS NOT NULL;
CREATE INDEX web_sessions_expiry ON web_sessions (expires_at);

DROP TABLE portal_sessions;
