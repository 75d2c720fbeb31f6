/**
 * Realistic sample payloads for POST /sandbox/webhooks/test and the OpenAPI examples: built by the
 * same builders as real events (event-payloads.ts), with fresh ids and the current time.
 */
import { randomUUID } from 'node:crypto';
import { withdrawalRepayBy } from '../domain/credit-regulation.ts';
import { londonToday } from '../domain/dates.ts';
import type { EventType } from '../domain/event-types.ts';
import { quoteView } from '../domain/prequalification-quotes.ts';
import type { EventPayloads } from '../schemas/events.ts';
import { canReapplyFrom } from './application-moves.ts';
import * as events from './event-payloads.ts';

const DAY_MS = 86_400_000;

/** The ids, offer and funding a sample is made of: fresh for each sample. */
function facts(now: Date) {
  const ref = { applicationId: randomUUID(), customerId: randomUUID(), externalCustomerId: 'sample-customer-001' };
  const offer = { id: randomUUID(), productType: 'flexi_loan' as const, maxAmountPence: 2_500_000, monthlyRateBp: 300, feeBp: 0, durationDays: 365 };
  const funding = {
    id: randomUUID(),
    customer_id: ref.customerId,
    application_id: ref.applicationId,
    offer_id: offer.id,
    amount_pence: 1_000_000,
    fee_pence: 0,
    created_at: now,
  };
  return { now, ref, offer, funding };
}

const SAMPLES: { [T in EventType]: (sample: ReturnType<typeof facts>) => EventPayloads[T] } = {
  application_attributed: ({ ref, now }) => events.applicationAttributed(ref, 25000, false, now),
  application_offered: ({ ref, offer, now }) => events.applicationOffered(ref, [events.offerSummary(offer)], now),
  application_declined: ({ ref, now }) => events.applicationDeclined(ref, now, canReapplyFrom(now)),
  application_deferred: ({ ref, now }) => events.applicationDeferred(ref, now),
  application_status_changed: ({ ref, now }) => events.applicationStatusChanged(ref, 'open', 'offered', now),
  indicative_offer_created: ({ ref, offer, now }) => events.indicativeOfferCreated(ref, { ...offer, maxAmountPence: 2_000_000 }, now),
  customer_funded: ({ ref, funding }) => events.customerFunded(funding, ref.externalCustomerId),
  funding_created_202607: ({ ref, offer, funding }) =>
    events.fundingCreated(
      funding,
      { max_amount_pence: offer.maxAmountPence, monthly_rate_bp: offer.monthlyRateBp, fee_bp: offer.feeBp, duration_days: offer.durationDays },
      ref.externalCustomerId,
    ),
  prequalification_202505: ({ ref, now }) =>
    events.prequalificationQuoted(randomUUID(), [
      quoteView({
        externalCustomerId: ref.externalCustomerId,
        correlationId: randomUUID(),
        prequalified: true,
        maxAmountPence: 2_000_000,
        monthlyRateBp: 300,
        feeBp: 0,
        durationDays: 365,
        expiresAt: new Date(now.getTime() + 30 * DAY_MS),
        reason: null,
      }),
    ]),
  prequalification_data_file_processed_202510: () => events.prequalificationFileProcessed(randomUUID()),
  loan_repayment_collected_202611: ({ ref, funding, now }) =>
    events.loanRepaymentOutcome({ ...ref, loanId: funding.id }, { date: londonToday(now), amountPence: 88_753 }, 976_283, 0),
  loan_repayment_missed_202611: ({ ref, funding, now }) =>
    events.loanRepaymentOutcome({ ...ref, loanId: funding.id }, { date: londonToday(now), amountPence: 88_753 }, 976_283, 0),
  loan_settled_202611: ({ ref, funding, now }) => events.loanSettled({ ...ref, loanId: funding.id }, londonToday(now), 1_065_036),
  loan_withdrawn_202611: ({ ref, funding, now }) => events.loanWithdrawn({ ...ref, loanId: funding.id }, londonToday(now), withdrawalRepayBy(londonToday(now))),
  test_clock_ready_202611: ({ now }) => events.testClockReady(randomUUID(), londonToday(now)),
};

export function sampleEvent<T extends EventType>(type: T, now: Date): EventPayloads[T] {
  return SAMPLES[type](facts(now));
}
