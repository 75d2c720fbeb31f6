-- Sandbox test clocks (docs/behaviour.md, section 28): a date that moves only when the partner
-- advances it. A customer put on a clock at creation reads "today" and "now" from it.
CREATE TABLE test_clocks (
  id uuid PRIMARY KEY,
  partner_id uuid NOT NULL REFERENCES partners (id),
  -- Sandbox only: the column keeps the rule in the data too.
  environment text NOT NULL CHECK (environment = 'sandbox'),
  name text,
  -- The day the clock is on: the last day played while it advances, `advance_to` once ready.
  frozen_on date NOT NULL,
  -- When (wall clock) the clock reached `frozen_on`: within that day the clock's time runs on from
  -- noon UTC by the time since (src/domain/test-clocks.ts).
  reached_at timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('ready', 'advancing')),
  -- The advance in progress: its last day and the repayment dates it leaves missed.
  advance_to date,
  missed date[] NOT NULL DEFAULT '{}',
  -- Set to null by an advance; the worker's dispatcher turns the row into one job (job-rows-store.ts).
  queued_at timestamptz,
  created_at timestamptz NOT NULL,
  -- A deleted clock stops advancing and is no longer listed; its customers keep the day it reached.
  deleted_at timestamptz,
  -- Keyset paging of a partner's clocks, newest first.
  seq bigint GENERATED ALWAYS AS IDENTITY,
  CHECK ((status = 'advancing') = (advance_to IS NOT NULL))
);
CREATE INDEX test_clocks_partner ON test_clocks (partner_id, seq) WHERE deleted_at IS NULL;
CREATE INDEX test_clocks_unqueued ON test_clocks (created_at) WHERE queued_at IS NULL;

ALTER TABLE customers ADD COLUMN test_clock_id uuid REFERENCES test_clocks (id);
-- A clock's customers, for each day it plays and for its count (at most 100 a clock).
CREATE INDEX customers_test_clock ON customers (test_clock_id) WHERE test_clock_id IS NOT NULL;
