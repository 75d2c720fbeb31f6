-- Operations (docs/behaviour.md, section 25): the metrics count recent webhook attempts by outcome
-- at every scrape; this index keeps that a range read however long the delivery log grows.
CREATE INDEX webhook_deliveries_attempted ON webhook_deliveries (attempted_at);
