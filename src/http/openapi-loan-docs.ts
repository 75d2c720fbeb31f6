/**
 * The OpenAPI descriptions and examples of the loan routes (docs/behaviour.md, section 22), merged
 * into ROUTE_DOCS. The examples are computed by the same code that answers (a loan of 10,000 at
 * 3.0 % over 120 days, fee 0, drawn on 15 January 2026, its first repayment collected and its
 * second missed, seen on 20 March 2026), so they cannot drift from the real answers.
 */
import {
  applyCollection,
  initialRepayments,
  isCollectionProblem,
  settledRepayments,
  settlementQuote,
  isSettlementProblem,
  type LoanRepayment,
} from '../domain/loans.ts';
import { loanView, quoteView, type LoanRow } from '../services/loans.ts';
import type { RouteDoc } from './openapi-route-docs.ts';

const LOAN_ID = '54a8853b-8740-400e-a61e-147028d873e2';
const TERMS = { amountPence: 1_000_000, monthlyRateBp: 300, feeBp: 0, durationDays: 120, fundedOn: '2026-01-15' };
const TODAY = '2026-03-20';

function recorded(repayments: LoanRepayment[], dueDate: string, outcome: 'collected' | 'missed'): LoanRepayment[] {
  const result = applyCollection(repayments, dueDate, outcome, null);
  if (isCollectionProblem(result)) throw new Error(`example collection refused: ${result.kind}`);
  return repayments.map((r) => (r.date === dueDate ? result.repayment : r));
}

const REPAYMENTS = recorded(recorded(initialRepayments(TERMS), '2026-02-15', 'collected'), '2026-03-15', 'missed');

const LOAN_ROW: LoanRow = {
  id: LOAN_ID,
  partner_id: '33e73c7e-93d2-49af-aa46-d1abde6f05f1',
  environment: 'sandbox',
  customer_id: '3ada20af-1217-4192-883b-39fdda4b9110',
  application_id: '3a918145-5048-48f1-aaa0-586edeedc09f',
  offer_id: 'ee96144e-ab9b-4ea6-aa9d-78e722fcb400',
  funded_on: TERMS.fundedOn,
  amount_pence: TERMS.amountPence,
  monthly_rate_bp: TERMS.monthlyRateBp,
  fee_bp: TERMS.feeBp,
  duration_days: TERMS.durationDays,
  created_at: new Date('2026-01-15T09:30:00Z'),
  external_customer_id: 'crm-1042',
  company_name: 'Acme Widgets Ltd',
  regulated: false,
  product_type: 'business_loan',
  repayments: REPAYMENTS,
  withdrawal: null,
};

export const LOAN_EXAMPLE = loanView(LOAN_ROW, TODAY);

const quote = settlementQuote(TERMS, REPAYMENTS, '2026-04-01', TODAY);
if (isSettlementProblem(quote)) throw new Error(`example quote refused: ${quote.kind}`);
export const QUOTE_EXAMPLE = quoteView(quote);
const SETTLED_EXAMPLE = loanView({ ...LOAN_ROW, repayments: settledRepayments(REPAYMENTS, quote) }, '2026-04-01');

export const LOAN_ROUTE_DOCS: Record<string, RouteDoc> = {
  'GET /customers/:customer_id/loans/': {
    description:
      "The customer's loans, newest first: one per funding, each with its balance, next repayment, arrears (with days past due) and every repayment with its status. One page at a time: `limit` (50 by default, at most 200), the next page with `cursor` set to `meta.next_cursor`.",
    response: { data: [LOAN_EXAMPLE], meta: { next_cursor: null, previous_cursor: null } },
  },
  'GET /loans/:loan_id/': {
    description:
      'A loan (its id is the funding id): the repayment schedule from the funding date, each repayment `scheduled`, `collected` or `missed`; the balance is what remains of the repayments not yet collected; `days_past_due` counts from the oldest missed repayment to today. `withdrawal` is the notice of withdrawal from a regulated loan (Consumer Credit Act s.66A), given in the customer portal within 14 days after the drawdown: the day it was given, the day to repay by (30 days later) and the amount to repay today (the amount drawn plus interest at the monthly rate × 12 ÷ 365 for each day since the drawdown, no fee); null without one. Once notice is given `next_repayment` is null; the status becomes `withdrawn` when the repayment is recorded.',
    response: { data: LOAN_EXAMPLE },
  },
  'GET /loans/:loan_id/settlement_quote/': {
    description:
      "What settles the loan on `on` (not before the funding date, at most 28 days ahead, not after the last repayment, and after every repayment whose outcome is recorded; otherwise 400 naming `on`). Without `on`, the first of those days from today (the customer's test clock's date for a customer on one): today, or on a repayment day whose repayment is already recorded the next day; when no day is left (the last repayment's outcome recorded, the term over, or recorded outcomes more than 28 days ahead) 400 ValidationError saying why, and for a settled loan 400 LoanSettled. The figure is section 10's early payoff for that day (the principal left, interest for the part period, the fee if not yet paid) plus every missed repayment as `arrears`. Repayments due before `on` are expected to be collected on their dates. For a loan regulated by the Consumer Credit Act the amount never exceeds what the Consumer Credit (Early Settlement) Regulations 2004 allow (regulation 4, at the loan's APR, the settlement date deferred a month for a loan of more than 365 days): `rebate` is what they take off (0 otherwise).",
    response: { data: QUOTE_EXAMPLE },
  },
  'GET /loans/:loan_id/statement/': {
    description:
      "The loan's statement as a PDF (send Accept: application/pdf): the terms, every repayment with its status and the day it was collected, the balance and the arrears, as at today.",
  },
  'POST /sandbox/loans/:loan_id/simulate': {
    description:
      'Sandbox only: records every repayment due on or before `until` as collected on its date, except those listed in `missed`; a repayment missed earlier and not listed now is collected late, on `until`. For a customer on a test clock it happens on the date of the clock: `until` and each `missed` date after that date are 400 ValidationError (`/data/until`, `/data/missed/0`…); a customer on no clock may record ahead of today. Recording what is already recorded changes nothing; under notice of withdrawal the Direct Debits stop (409 WithdrawalNoticeGiven). Emits loan_repayment_collected_202611, loan_repayment_missed_202611 and loan_settled_202611 as the outcomes change.',
    request: { data: { until: '2026-03-15', missed: ['2026-03-15'] } },
    response: { data: LOAN_EXAMPLE },
  },
  'POST /sandbox/loans/:loan_id/settle': {
    description:
      'Sandbox only: records the payment of the settlement figure on `on` (default today) and settles the loan: the repayments from `on` are replaced by that payment, missed ones are paid with it. Every repayment due before `on` needs its outcome recorded first (400 RepaymentOutcomePending). Emits loan_settled_202611. Under notice of withdrawal it records instead the payment of the withdrawal amount on `on` (not before the notice, not after today), and the loan becomes `withdrawn` (no event); a withdrawn loan is 400 LoanWithdrawn.',
    request: { data: { on: '2026-04-01' } },
    response: { data: SETTLED_EXAMPLE },
  },
};
