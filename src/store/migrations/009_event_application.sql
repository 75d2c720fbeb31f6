-- The application an event is about, in a column of its own, indexed: the console lists an
-- application's events by it (reading the payload's application_id scanned the whole table).
-- Filled from the payload for the events already recorded; recordEvent sets it from then on.
ALTER TABLE outbox_events ADD COLUMN application_id uuid;
UPDATE outbox_events SET application_id = (payload->>'application_id')::uuid
 WHERE payload->>'application_id' ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
CREATE INDEX outbox_events_application ON outbox_events (application_id, seq) WHERE application_id IS NOT NULL;
