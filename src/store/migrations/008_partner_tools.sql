-- Partner developer tools: idempotency keys (docs/behaviour.md, section 16), the events API's reading order
-- (section 17) and the request log (section 18).

-- One row per (tenant, key). `state` is 'running' while the first request runs, then 'completed'
-- with the kept answer; 5xx and 429 answers delete the row (nothing is kept). The fingerprint is
-- a sha256 of method, path and body.
CREATE TABLE idempotency_keys (
  partner_id uuid NOT NULL REFERENCES partners (id),
  environment text NOT NULL CHECK (environment IN ('sandbox', 'production')),
  key text NOT NULL,
  fingerprint text NOT NULL,
  state text NOT NULL CHECK (state IN ('running', 'completed')),
  response_status integer,
  response_headers jsonb,
  response_body text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (partner_id, environment, key)
);
CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at);

-- The transaction that recorded each event: the events API hands out only events whose
-- transaction is older than every transaction still running, in transaction order, so a cursor
-- never skips an event that commits late.
ALTER TABLE outbox_events ADD COLUMN txid xid8 NOT NULL DEFAULT pg_current_xact_id();
CREATE INDEX outbox_events_reading ON outbox_events (partner_id, environment, txid, seq);
CREATE INDEX outbox_events_created ON outbox_events (created_at);

-- The request log: metadata only (never bodies, tokens or query strings).
CREATE TABLE request_log (
  seq bigserial PRIMARY KEY,
  request_id text NOT NULL,
  partner_id uuid NOT NULL,
  environment text NOT NULL,
  time timestamptz NOT NULL,
  method text NOT NULL,
  path text NOT NULL,
  status integer NOT NULL,
  error_code text,
  duration_ms integer NOT NULL,
  idempotency_key text,
  api_version text NOT NULL
);
CREATE INDEX request_log_tenant ON request_log (partner_id, environment, time DESC, seq DESC);
CREATE INDEX request_log_time ON request_log (time);
