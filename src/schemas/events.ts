/**
 * The payload of each webhook event (docs/behaviour.md, sections 9, 12 and 13; funding_created_202607 as the
 * spec gives it): the `data` of the webhook body and of the events API's items. One closed schema
 * per event type; the payload types, the OpenAPI `webhooks` section, the SDK's event types and the
 * tests' expectations all come from here. A new event type costs its name in
 * domain/event-types.ts and one schema below.
 */
import { Type, type Static, type TSchema } from 'typebox';
import { APPLICATION_STATUSES } from '../domain/application-status.ts';
import type { EventType } from '../domain/event-types.ts';
import { Closed, IsoDate, IsoDateTime, Money, StringEnum, Uuid } from './common.ts';
import { PRODUCT_TYPES } from './offers.ts';
import { QuoteSchema } from './prequalification.ts';

const amount = (description?: string) => Money({ minimum: 0, ...(description ? { description } : {}) });
const percent = (description?: string) => Type.Number({ minimum: 0, maximum: 100, ...(description ? { description } : {}) });
const days = (description?: string) => Type.Integer({ minimum: 0, ...(description ? { description } : {}) });
const Amount = amount();
const Percent = percent();
const Days = days();
const Status = StringEnum(APPLICATION_STATUSES);

/** Present whenever the customer has one (docs/behaviour.md, section 13). */
const ExternalCustomerId = Type.Optional(Type.String({ description: 'The value sent at customer creation; present whenever the customer has one' }));

const ApplicationRef = { application_id: Uuid, customer_id: Uuid, external_customer_id: ExternalCustomerId };

export const OfferSummarySchema = Closed({
  offer_id: Uuid,
  product_type: StringEnum(PRODUCT_TYPES),
  max_amount: Amount,
  monthly_interest_percentage: Percent,
  fee_percentage: Percent,
  duration_in_days: Days,
  apr: Type.Number({
    minimum: 0,
    description: 'The annual percentage rate of charge (CONC App 1.2, docs/behaviour.md, section 23), percent to one decimal place (of the whole max_amount)',
  }),
});

export const ApplicationAttributedPayload = Closed({ ...ApplicationRef, amount: Amount, is_topup: Type.Boolean(), attributed_at: IsoDateTime });

export const ApplicationStatusChangedPayload = Closed({ ...ApplicationRef, previous_status: Status, status: Status, changed_at: IsoDateTime });

export const ApplicationOfferedPayload = Closed({ ...ApplicationRef, offers: Type.Array(OfferSummarySchema), offered_at: IsoDateTime });

export const ApplicationDeclinedPayload = Closed({
  ...ApplicationRef,
  declined_at: IsoDateTime,
  can_reapply_from: Type.String({ format: 'date', description: 'YYYY-MM-DD: the first day (London time) the customer can apply again' }),
});

export const ApplicationDeferredPayload = Closed({ ...ApplicationRef, deferred_at: IsoDateTime });

export const IndicativeOfferCreatedPayload = Closed({
  customer_id: Uuid,
  application_id: Type.Optional(Uuid),
  external_customer_id: ExternalCustomerId,
  offer_id: Uuid,
  max_amount: Amount,
  monthly_interest_percentage: Percent,
  fee_percentage: Percent,
  duration_in_days: Days,
  created_at: IsoDateTime,
});

export const CustomerFundedPayload = Closed({
  customer_id: Uuid,
  external_customer_id: ExternalCustomerId,
  application_id: Type.Union([Uuid, Type.Null()], { description: 'null for a funding without an application' }),
  offer_id: Uuid,
  funding_id: Uuid,
  funding_amount: Amount,
  funded_at: IsoDateTime,
});

export const FundingCreatedPayload = Closed({
  application_id: Type.Optional(Type.String({ format: 'uuid', description: 'Application the funding resulted from; omitted for fundings without one' })),
  customer_id: Uuid,
  external_customer_id: ExternalCustomerId,
  funding_amount: amount('Amount transferred to the customer'),
  funding_created_at: Type.String({ format: 'date-time', description: 'When the customer initiated sending the funds' }),
  funding_fee_amount: amount('Fee added to the loan for this funding'),
  funding_id: Uuid,
  offer_duration_in_days: days('Loan duration; the end date is that many days after the first funding; the same for every funding of the offer'),
  offer_fee_percentage: percent('Percentage of the amount added as fee'),
  offer_id: Uuid,
  offer_max_amount: amount('Maximum funding available from the offer'),
  offer_monthly_interest_percentage: percent('Monthly rate in percent (3.0 means 3% per month)'),
});

export const PrequalificationPayload = Closed({
  prequalification_data_id: Uuid,
  quotes: Type.Array(QuoteSchema, { description: 'One quote for each unique external_customer_id of the file, as GET /prequalification_data answers them' }),
});

export const PrequalificationFileProcessedPayload = Closed({
  prequalification_data_id: Uuid,
});

const LoanRepaymentPayload = Closed({
  loan_id: Uuid,
  customer_id: Uuid,
  external_customer_id: ExternalCustomerId,
  due_date: IsoDate,
  amount: amount('The repayment scheduled for due_date'),
  balance_after: amount('What remains to be repaid once this outcome is recorded (the loan balance total)'),
  days_past_due: days('Days from the oldest missed repayment to today, 0 when none is missed'),
});

export const LoanRepaymentCollectedPayload = LoanRepaymentPayload;
export const LoanRepaymentMissedPayload = LoanRepaymentPayload;

export const LoanSettledPayload = Closed({
  loan_id: Uuid,
  customer_id: Uuid,
  external_customer_id: ExternalCustomerId,
  settled_on: IsoDate,
  amount_paid: amount('The settlement figure paid when the loan is settled early; when it ran its term, the last repayment (the one collected last)'),
});

export const LoanWithdrawnPayload = Closed({
  loan_id: Uuid,
  customer_id: Uuid,
  external_customer_id: ExternalCustomerId,
  notice_given_on: IsoDate,
  repay_by: IsoDate,
});

export const TestClockReadyPayload = Closed({
  test_clock_id: Uuid,
  frozen_on: Type.String({ format: 'date', description: 'YYYY-MM-DD: the date the clock is now on, the `to` of its advance' }),
});

/** The schema of each event type's payload. */
export const EVENT_PAYLOADS = {
  application_attributed: ApplicationAttributedPayload,
  application_offered: ApplicationOfferedPayload,
  application_declined: ApplicationDeclinedPayload,
  application_deferred: ApplicationDeferredPayload,
  application_status_changed: ApplicationStatusChangedPayload,
  indicative_offer_created: IndicativeOfferCreatedPayload,
  customer_funded: CustomerFundedPayload,
  funding_created_202607: FundingCreatedPayload,
  prequalification_202505: PrequalificationPayload,
  prequalification_data_file_processed_202510: PrequalificationFileProcessedPayload,
  loan_repayment_collected_202611: LoanRepaymentCollectedPayload,
  loan_repayment_missed_202611: LoanRepaymentMissedPayload,
  loan_settled_202611: LoanSettledPayload,
  loan_withdrawn_202611: LoanWithdrawnPayload,
  test_clock_ready_202611: TestClockReadyPayload,
} as const satisfies Record<EventType, TSchema>;

/** The payload type of each event type. */
export type EventPayloads = { [T in EventType]: Static<(typeof EVENT_PAYLOADS)[T]> };
export type EventPayload<T extends EventType = EventType> = EventPayloads[T];
export type OfferSummary = Static<typeof OfferSummarySchema>;
