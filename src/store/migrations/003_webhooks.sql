-- Webhook configuration, signing secrets, subscriptions and the delivery log. Events wait in the
-- outbox until the dispatcher hands them to the durable queue (dispatched_at).

CREATE TABLE webhook_configs (
  partner_id uuid NOT NULL REFERENCES partners (id),
  environment text NOT NULL CHECK (environment IN ('sandbox', 'production')),
  url text,
  token text,
  signing_secret text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (partner_id, environment)
);

CREATE TABLE webhook_subscriptions (
  partner_id uuid NOT NULL REFERENCES partners (id),
  environment text NOT NULL CHECK (environment IN ('sandbox', 'production')),
  event_type text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (partner_id, environment, event_type)
);

CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY,
  seq bigserial UNIQUE,
  event_id uuid NOT NULL REFERENCES outbox_events (id),
  partner_id uuid NOT NULL REFERENCES partners (id),
  environment text NOT NULL CHECK (environment IN ('sandbox', 'production')),
  attempt integer NOT NULL,
  url text NOT NULL,
  status text NOT NULL CHECK (status IN ('succeeded', 'failed')),
  response_status integer,
  duration_ms integer NOT NULL,
  error text,
  attempted_at timestamptz NOT NULL,
  next_attempt_at timestamptz
);
CREATE INDEX webhook_deliveries_tenant ON webhook_deliveries (partner_id, environment, seq);
CREATE INDEX webhook_deliveries_event ON webhook_deliveries (event_id, seq);

ALTER TABLE outbox_events ADD COLUMN dispatched_at timestamptz;
CREATE INDEX outbox_events_pending ON outbox_events (seq) WHERE dispatched_at IS NULL;
-- Redeliveries and sandbox test events are delivered whatever the subscriptions say.
ALTER TABLE outbox_events ADD COLUMN force_delivery boolean NOT NULL DEFAULT false;
