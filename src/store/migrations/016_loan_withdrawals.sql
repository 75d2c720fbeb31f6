-- Regulated agreements (docs/behaviour.md, section 23): whether the Consumer Credit Act regulated
-- a loan's drawdown, as judged at the drawdown (the customer's details then, the offer's credit
-- limit), and the customer's notice of withdrawal from it (s.66A).
ALTER TABLE loans ADD COLUMN regulated boolean NOT NULL DEFAULT false;
-- Loans started before this column: regulated when a drawdown from the same offer recorded that
-- the pre-contract information was read or given (only a regulated drawdown records either).
UPDATE loans SET regulated = true WHERE EXISTS (
  SELECT 1 FROM credit_acknowledgements a WHERE a.offer_id = loans.offer_id AND a.kind IN ('pre_contract_read', 'pre_contract_given'));

-- One notice per loan at most. The amount to repay and the day to repay by are derived from the
-- loan and the notice's day on every read, never stored. The repayment, once recorded, is the
-- loan's one settlement payment (loan_repayments.settlement) on repaid_on.
CREATE TABLE loan_withdrawals (
  loan_id uuid PRIMARY KEY REFERENCES loans (id),
  notice_given_on date NOT NULL,
  given_at timestamptz NOT NULL,
  -- Who gave it: the customer in the portal (given_by null), or an operator recording a notice
  -- the customer gave the lender (given_by the operator's label).
  given_through text NOT NULL CHECK (given_through IN ('portal', 'operator')),
  given_by text,
  repaid_on date,
  repaid_at timestamptz,
  repaid_through text CHECK (repaid_through IN ('operator', 'sandbox')),
  CHECK ((repaid_on IS NULL) = (repaid_at IS NULL) AND (repaid_on IS NULL) = (repaid_through IS NULL)),
  CHECK (repaid_on IS NULL OR repaid_on >= notice_given_on)
);
