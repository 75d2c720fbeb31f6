-- Staff sign-in after the newcomer's and the reviewer's findings (docs/behaviour.md, sections 19,
-- 29 and 31).

-- The lock-out counts an email's failures per client address (an IPv4 address, or an IPv6 /64):
-- a stranger's five wrong passwords lock the email at the stranger's address only. The locks and
-- failures counted per email alone are dropped with the old key.
DELETE FROM operator_login_failures;
DELETE FROM operator_lockouts;
ALTER TABLE operator_login_failures ADD COLUMN address_key text NOT NULL;
DROP INDEX operator_login_failures_email;
CREATE INDEX operator_login_failures_email ON operator_login_failures (email_key, address_key, failed_at);
ALTER TABLE operator_lockouts ADD COLUMN address_key text NOT NULL;
ALTER TABLE operator_lockouts DROP CONSTRAINT operator_lockouts_pkey;
ALTER TABLE operator_lockouts ADD PRIMARY KEY (email_key, address_key);
