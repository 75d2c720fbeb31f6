-- Regulated agreements (docs/behaviour.md, section 23): what a drawdown recorded about the Consumer
-- Credit Act, and when. pre_contract_read: the customer ticked "I have read the pre-contract
-- information" in the portal (one row per portal drawdown from a regulated offer);
-- pre_contract_given: the lender drew (operator or sandbox) and so gave the information;
-- business_purpose_declared: the declaration that credit above 25,000 GBP is for the business.
CREATE TABLE credit_acknowledgements (
  id uuid PRIMARY KEY,
  offer_id uuid NOT NULL REFERENCES offers (id),
  funding_id uuid NOT NULL REFERENCES fundings (id),
  kind text NOT NULL CHECK (kind IN ('pre_contract_read', 'pre_contract_given', 'business_purpose_declared')),
  given_through text NOT NULL CHECK (given_through IN ('portal', 'operator', 'sandbox')),
  recorded_at timestamptz NOT NULL
);
CREATE INDEX credit_acknowledgements_offer ON credit_acknowledgements (offer_id, recorded_at);
CREATE INDEX credit_acknowledgements_funding ON credit_acknowledgements (funding_id);
