-- The partner dashboard, continued (docs/behaviour.md, section 24): the time of each token's latest
-- request, written with the request log's batches (about a second late), for the tokens page.
ALTER TABLE api_tokens ADD COLUMN last_used_at timestamptz;
