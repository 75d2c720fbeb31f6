-- Staff sign-in, after its security review (docs/behaviour.md, section 29).

-- A TOTP secret being set up belongs to the set-up session that showed it, sealed as the account's
-- secrets are: one kept on the account was shown to every set-up session of it, so whoever looked
-- at the set-up page first saw the secret the account enrolled later.
ALTER TABLE web_sessions ADD COLUMN totp_pending_enc text;
ALTER TABLE operators DROP COLUMN totp_pending_enc;
ALTER TABLE partner_users DROP COLUMN totp_pending_enc;
