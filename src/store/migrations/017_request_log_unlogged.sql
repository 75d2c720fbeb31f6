-- The request log is a 7-day diagnostic log, written in batches off the requests' path: its rows
-- need not survive a database crash (docs/decisions.md, "The request log, unlogged"). Unlogged, its
-- inserts and their indexes write no WAL, which the partners' own writes then have to
-- themselves. Every other table stays logged, and synchronous commit stays on.
ALTER TABLE request_log SET UNLOGGED;
-- The retention sweep's index: rows are appended in time order, so a block-range index finds the
-- old ones as well as a B-tree did, at almost no cost per insert (one B-tree fewer per row).
DROP INDEX request_log_time;
CREATE INDEX request_log_time ON request_log USING brin (time);
