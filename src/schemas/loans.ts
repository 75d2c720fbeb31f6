import { Type } from 'typebox';
import { COLLECTION_OUTCOMES, LOAN_STATUSES, REPAYMENT_STATUSES } from '../domain/loans.ts';
import { Closed, Data, IsoDate, StringEnum, Uuid } from './common.ts';
import { PageMeta, PageQueryFields } from './paging.ts';

const Amount = Type.Number({ description: 'GBP' });

export const LoanRepaymentView = Type.Object({
  date: IsoDate,
  amount: Amount,
  breakdown: Type.Object({ fees: Amount, interest: Amount, principal: Amount }),
  status: StringEnum(REPAYMENT_STATUSES),
  collected_on: Type.Optional(IsoDate),
});

export const LoanView = Type.Object(
  {
    loan_id: Uuid,
    customer_id: Uuid,
    offer_id: Uuid,
    application_id: Type.Union([Uuid, Type.Null()]),
    funded_on: IsoDate,
    amount: Amount,
    status: StringEnum(LOAN_STATUSES),
    balance: Type.Object(
      { principal: Amount, interest: Amount, fees: Amount, total: Amount },
      { description: 'What remains of the schedule for the repayments not yet collected' },
    ),
    next_repayment: Type.Union([Type.Object({ date: IsoDate, amount: Amount }), Type.Null()]),
    arrears: Type.Object({
      amount: Amount,
      days_past_due: Type.Integer({ minimum: 0, description: 'Days from the oldest missed repayment to today (London); 0 when none' }),
      oldest_due_date: Type.Union([IsoDate, Type.Null()]),
    }),
    repayments: Type.Array(LoanRepaymentView),
    withdrawal: Type.Union(
      [
        Type.Object({
          notice_given_on: IsoDate,
          repay_by: IsoDate,
          amount: Type.Number({
            description:
              'GBP: what the customer repays today (the amount drawn plus daily interest at the monthly rate × 12 ÷ 365 from the drawdown, less what was already collected; no fee); once repaid, the amount paid',
          }),
        }),
        Type.Null(),
      ],
      { description: 'The notice of withdrawal from a regulated loan (Consumer Credit Act s.66A), or null' },
    ),
  },
  { $id: 'Loan', title: 'Loan' },
);

export const LoanResponse = Data(LoanView);
export const LoansResponse = Closed({ data: Type.Array(LoanView), meta: PageMeta });
export const LoansQuery = Type.Object(PageQueryFields);

export const LoanIdParams = Type.Object({ loan_id: Type.String() });

export const SettlementQuoteQuery = Type.Object({
  on: Type.Optional(
    Type.String({
      format: 'date',
      description: "The settlement day, YYYY-MM-DD; without it, the first day from the customer's today (London) that can be quoted",
    }),
  ),
});

export const SettlementQuoteView = Type.Object(
  {
    on: IsoDate,
    amount: Type.Number({ description: 'GBP: principal + interest + fees + arrears - rebate' }),
    breakdown: Type.Object({
      principal: Amount,
      interest: Amount,
      fees: Amount,
      arrears: Type.Number({ description: 'GBP: the missed repayments' }),
      rebate: Type.Number({
        description:
          'GBP: what the Consumer Credit (Early Settlement) Regulations 2004 take off a regulated loan: the part of principal + interest + fees + arrears above the regulation 4 amount (the amount drawn less the repayments made, carried to the settlement date at the APR); 0 otherwise',
      }),
    }),
    valid_until: IsoDate,
  },
  { $id: 'SettlementQuote', title: 'Settlement quote' },
);
export const SettlementQuoteResponse = Data(SettlementQuoteView);

/** The operator's record of one Direct Debit outcome (admin bodies are plain objects). */
export const CollectionBody = Closed(
  {
    due_date: IsoDate,
    outcome: StringEnum(COLLECTION_OUTCOMES),
    collected_on: Type.Optional(IsoDate),
  },
  { $id: 'CollectionBody' },
);

export const SimulateBody = Data(
  Closed({
    until: IsoDate,
    missed: Type.Optional(Type.Array(IsoDate, { maxItems: 120, uniqueItems: true })),
  }),
  { $id: 'SimulateCollectionsBody' },
);

export const SettleBody = Data(Closed({ on: Type.Optional(IsoDate) }), { $id: 'SettleLoanBody' });
