-- Funding accounts and pre-approvals (docs/behaviour.md, section 21).

-- The business bank account a customer's drawdowns are paid into. One current account per
-- customer (replaced_at IS NULL); a replaced account stays as history. The whole account number is
-- kept for paying out and is never shown: answers, logs and events carry its last four digits.
CREATE TABLE funding_accounts (
  id uuid PRIMARY KEY,
  partner_id uuid NOT NULL REFERENCES partners (id),
  environment text NOT NULL CHECK (environment IN ('sandbox', 'production')),
  customer_id uuid NOT NULL REFERENCES customers (id),
  account_holder_name text NOT NULL CHECK (char_length(account_holder_name) BETWEEN 1 AND 140),
  sort_code text NOT NULL CHECK (sort_code ~ '^[0-9]{6}$'),
  account_number text NOT NULL CHECK (account_number ~ '^[0-9]{8}$'),
  name_check text NOT NULL CHECK (name_check IN ('match', 'close_match', 'no_match', 'unavailable')),
  status text NOT NULL CHECK (status IN ('verified', 'needs_review', 'rejected')),
  -- Who accepted or rejected a needs_review account in the console, and when.
  reviewed_by text,
  reviewed_at timestamptz,
  replaced_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX funding_accounts_one_current ON funding_accounts (customer_id) WHERE replaced_at IS NULL;
CREATE INDEX funding_accounts_customer ON funding_accounts (customer_id, created_at);

-- The account each funding was paid to, with the sort code and last four digits as shown (an
-- account is never changed, so these stay true). In the sandbox a drawdown without an account is
-- paid to a simulated one (funding_account_id NULL, paid_to_simulated true). NULL for fundings
-- drawn before funding accounts existed.
ALTER TABLE fundings ADD COLUMN funding_account_id uuid REFERENCES funding_accounts (id);
ALTER TABLE fundings ADD COLUMN paid_to_sort_code text;
ALTER TABLE fundings ADD COLUMN paid_to_account_ending text;
ALTER TABLE fundings ADD COLUMN paid_to_simulated boolean NOT NULL DEFAULT false;

-- A pre-approval: a confirmed flexi_loan offer of a customer, in no application.
ALTER TABLE offers ADD COLUMN pre_approval boolean NOT NULL DEFAULT false;
CREATE INDEX offers_pre_approval ON offers (customer_id, created_at) WHERE pre_approval;

-- Four eyes for pre-approvals: a pending approval is of an application or of a customer.
ALTER TABLE pending_approvals ALTER COLUMN application_id DROP NOT NULL;
ALTER TABLE pending_approvals ADD COLUMN customer_id uuid REFERENCES customers (id);
ALTER TABLE pending_approvals ADD COLUMN valid_for_days integer;
ALTER TABLE pending_approvals ADD CONSTRAINT pending_approvals_subject CHECK ((application_id IS NULL) <> (customer_id IS NULL));
CREATE UNIQUE INDEX pending_approvals_one_open_customer ON pending_approvals (customer_id) WHERE status = 'pending' AND customer_id IS NOT NULL;
