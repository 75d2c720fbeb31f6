-- Reads that stay flat as one partner grows (issue 41). A customer's latest application (the
-- partner API's GET …/applications/latest/, which partners poll most; the portal; the customer
-- lists' latest status) is read along one index in its whole order, (customer_id, created_at DESC,
-- id DESC): its first entry is the answer, with no sort. The index it replaces ordered by
-- created_at alone, and a table whose statistics were stale or missing (a server with autovacuum
-- off, or before its first autoanalyze) let the planner prefer applications_tenant_status, reading
-- every application of the tenant to find one customer's (56 ms at 20,000 customers).
CREATE INDEX applications_customer_latest ON applications (customer_id, created_at DESC, id DESC);
DROP INDEX applications_customer;
