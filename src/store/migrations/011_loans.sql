-- Loans after funding (docs/behaviour.md, section 22). A loan is its funding (same id) repaid on the
-- section 10 schedule from its funding date; its terms are the offer's at the drawdown, which never
-- change. Each repayment keeps its state; the balance, arrears and status are derived from the
-- repayments on every read, never stored a second time.
CREATE TABLE loans (
  id uuid PRIMARY KEY REFERENCES fundings (id),
  partner_id uuid NOT NULL REFERENCES partners (id),
  environment text NOT NULL CHECK (environment IN ('sandbox', 'production')),
  customer_id uuid NOT NULL REFERENCES customers (id),
  application_id uuid REFERENCES applications (id),
  offer_id uuid NOT NULL REFERENCES offers (id),
  funded_on date NOT NULL,
  amount_pence bigint NOT NULL CHECK (amount_pence > 0),
  monthly_rate_bp integer NOT NULL CHECK (monthly_rate_bp >= 0),
  fee_bp integer NOT NULL CHECK (fee_bp >= 0),
  duration_days integer NOT NULL CHECK (duration_days > 0),
  created_at timestamptz NOT NULL
);
CREATE INDEX loans_customer ON loans (customer_id, created_at);
CREATE INDEX loans_created ON loans (created_at);

-- One row per repayment. `settlement` marks the one payment that settled a loan early (it replaced
-- the repayments from its date on).
CREATE TABLE loan_repayments (
  loan_id uuid NOT NULL REFERENCES loans (id),
  due_date date NOT NULL,
  amount_pence bigint NOT NULL CHECK (amount_pence >= 0),
  fees_pence bigint NOT NULL CHECK (fees_pence >= 0),
  interest_pence bigint NOT NULL CHECK (interest_pence >= 0),
  principal_pence bigint NOT NULL CHECK (principal_pence >= 0),
  status text NOT NULL CHECK (status IN ('scheduled', 'collected', 'missed')),
  collected_on date,
  settlement boolean NOT NULL DEFAULT false,
  PRIMARY KEY (loan_id, due_date),
  CHECK (amount_pence = fees_pence + interest_pence + principal_pence),
  CHECK ((status = 'collected') = (collected_on IS NOT NULL))
);
CREATE INDEX loan_repayments_missed ON loan_repayments (due_date, loan_id) WHERE status = 'missed';
