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

-- A console session from single sign-on keeps the provider's ID token (sealed as the TOTP secrets
-- are), for "Log out" to end the provider's session too (RP-initiated logout, its id_token_hint).
ALTER TABLE web_sessions ADD COLUMN id_token_enc text;

-- A single sign-on under way that asked the provider to answer without a page (prompt=none): the
-- one a session past OIDC_SESSION_MINUTES starts. Its "login_required" leads to the ordinary one.
ALTER TABLE oidc_sign_in_flows ADD COLUMN silent boolean NOT NULL DEFAULT false;
