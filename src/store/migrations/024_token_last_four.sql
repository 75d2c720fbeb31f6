-- The last four characters of each API token, kept at creation so that the pages can tell tokens
-- apart ("sk_sandbox_…a1b2", docs/decisions.md). Four of its 32 random base64url characters say
-- nothing useful about the rest; the token itself is still kept only as its hash. Tokens made
-- before this have none and show their prefix alone.
ALTER TABLE api_tokens ADD COLUMN last_four text;
