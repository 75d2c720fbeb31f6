-- The customer an event is about, in a column of its own, indexed: the dashboard's customer page
-- lists a customer's events by it, and the events page tells a test clock customer's events (whose
-- times are the clock's) by it (docs/behaviour.md, sections 24 and 28). Filled from the payload for
-- the events already recorded; recordEvent sets it from then on.
ALTER TABLE outbox_events ADD COLUMN customer_id uuid;
UPDATE outbox_events SET customer_id = (payload->>'customer_id')::uuid
 WHERE payload->>'customer_id' ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
CREATE INDEX outbox_events_customer ON outbox_events (partner_id, environment, customer_id, txid, seq) WHERE customer_id IS NOT NULL;
