-- The request log is a 7-day diagnostic log, written in batches off the requests' path: its rows
-- need not survive a database crash (docs/decisions.md, "The request log, unlogged"). Unlogged, its
-- inserts and their three indexes write no WAL, which the partners' own writes then have to
-- themselves. Every other table stays logged, and synchronous commit stays on.
ALTER TABLE request_log SET UNLOGGED;
