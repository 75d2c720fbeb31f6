/**
 * A year on a sandbox test clock in one advance (docs/behaviour.md, section 28), checked against an
 * independent calculation (test/helpers/test-clocks.ts): the collections and misses, arrears and
 * days past due, every event with the clock's dates, the settlement figure; a loan that runs its
 * term; offers that expire; an application left idle; and a customer beside the clock untouched.
 */
import { describe, expect, it } from 'vitest';
import { createCustomer, usePartner, useTestApp } from '../helpers/app.ts';
import { BACKENDS } from '../helpers/db.ts';
import { expectPointers } from '../helpers/foundation.ts';
import { apply, eventsFor, offeredBySandbox, selectOffer, type OfferTermsJson } from '../helpers/lending.ts';
import { fund } from '../helpers/loans.ts';
import {
  advanceAndWait,
  createClock,
  customerOnClock,
  daysFrom,
  expectedSchedule,
  expectedSettlement,
  plusDays,
  pounds,
  type ExpectedRepayment,
} from '../helpers/test-clocks.ts';
import { useWorker } from '../helpers/worker.ts';

/** The wall clock of the test: the clock starts on 10 January 2027. */
const WALL = new Date('2027-01-10T09:15:00.000Z');
const D0 = '2027-01-10';
const TO = '2028-01-20';
/** Days whose Direct Debits are missed: after the short loan's last repayment, so it runs its term. */
const MISSED = ['2027-06-10', '2027-09-10'];
const TWO_YEARS: OfferTermsJson = {
  product_type: 'business_loan',
  max_amount: 10000,
  monthly_interest_percentage: 3,
  fee_percentage: 2,
  duration_in_days: 730,
};
const FOUR_MONTHS: OfferTermsJson = {
  product_type: 'flexi_loan',
  max_amount: 6000,
  monthly_interest_percentage: 2.5,
  fee_percentage: 0,
  duration_in_days: 120,
};

describe.each(BACKENDS)('a year on a test clock on %s', (backend) => {
  const t = useTestApp(backend, { resetClock: WALL });
  const partner = usePartner(t);
  useWorker(t);

  async function loanOnClock(clockId: string, terms: OfferTermsJson, amount: number, externalId: string) {
    const made = await offeredBySandbox(partner, [terms], { customer: { test_clock_id: clockId, external_customer_id: externalId } });
    await selectOffer(partner, made.offers[0].offer_id, 'introducer');
    return { customerId: made.customerId, applicationId: made.applicationId, loanId: await fund(partner, made.offers[0].offer_id, amount) };
  }

  async function loanEvents(loanId: string) {
    const { rows } = await t.testDb.db.query<{ event_type: string; payload: Record<string, unknown>; created_at: Date }>(
      `SELECT event_type, payload, created_at FROM outbox_events WHERE payload->>'loan_id' = $1 ORDER BY seq`,
      [loanId],
    );
    return rows;
  }

  /** The collected and missed events the independent calculation expects, oldest first. */
  function expectedOutcomeEvents(loanId: string, customerId: string, externalId: string, schedule: ExpectedRepayment[], until: string, missed: string[]) {
    let outstanding = schedule.reduce((s, r) => s + r.amount, 0n);
    const firstMissed = schedule.find((r) => missed.includes(r.date) && r.date <= until)?.date ?? null;
    return schedule
      .filter((r) => r.date <= until)
      .map((r) => {
        const isMissed = missed.includes(r.date);
        if (!isMissed) outstanding -= r.amount;
        const daysPastDue = firstMissed !== null && firstMissed <= r.date ? daysFrom(firstMissed, r.date) : 0;
        return {
          event_type: isMissed ? 'loan_repayment_missed_202611' : 'loan_repayment_collected_202611',
          payload: {
            loan_id: loanId,
            customer_id: customerId,
            external_customer_id: externalId,
            due_date: r.date,
            amount: pounds(r.amount),
            balance_after: pounds(outstanding),
            days_past_due: daysPastDue,
          },
        };
      });
  }

  it('advances a year in one call: collections, misses, arrears, events and the settlement figure equal an independent calculation', async () => {
    t.clock.set(WALL);
    const clock = await createClock(partner, 'a year');
    expect(clock).toMatchObject({ frozen_on: D0, status: 'ready', customer_count: 0 });
    const long = await loanOnClock(clock.test_clock_id, TWO_YEARS, 10000, 'year-long');
    const short = await loanOnClock(clock.test_clock_id, FOUR_MONTHS, 6000, 'year-short');
    // An offer never drawn, and an application left open: they expire and are deferred on the clock.
    const unused = await offeredBySandbox(partner, [FOUR_MONTHS], { customer: { test_clock_id: clock.test_clock_id } });
    const idleCustomer = await customerOnClock(partner, clock.test_clock_id);
    const idle = await apply(partner, idleCustomer, { amount: 5000 });
    // Beside the clock: a customer of the same partner, on the wall clock.
    const beside = await offeredBySandbox(partner, [FOUR_MONTHS]);

    const ready = await advanceAndWait(partner, clock.test_clock_id, { to: TO, missed: MISSED });
    expect(ready).toMatchObject({ frozen_on: TO, status: 'ready', customer_count: 4 });

    // The long loan: twelve repayments due by the clock's date, two of them missed.
    const schedule = expectedSchedule(1_000_000n, 300n, 200n, 730, D0);
    const loan = (await partner.get(`/loans/${long.loanId}/`)).json().data;
    expect(loan.funded_on).toBe(D0);
    expect(loan.repayments.map((r: { date: string; amount: number }) => [r.date, r.amount])).toEqual(schedule.map((r) => [r.date, pounds(r.amount)]));
    expect(loan.repayments.map((r: { status: string; collected_on?: string }) => [r.status, r.collected_on ?? null])).toEqual(
      schedule.map((r) => (r.date > TO ? ['scheduled', null] : MISSED.includes(r.date) ? ['missed', null] : ['collected', r.date])),
    );
    const missedPence = schedule.filter((r) => MISSED.includes(r.date)).reduce((s, r) => s + r.amount, 0n);
    const outstanding = schedule.filter((r) => r.date > TO || MISSED.includes(r.date));
    expect(loan).toMatchObject({
      status: 'in_arrears',
      arrears: { amount: pounds(missedPence), days_past_due: daysFrom('2027-06-10', TO), oldest_due_date: '2027-06-10' },
      balance: { total: pounds(outstanding.reduce((s, r) => s + r.amount, 0n)), principal: pounds(outstanding.reduce((s, r) => s + r.principal, 0n)) },
      next_repayment: { date: '2028-02-10', amount: pounds(schedule[12].amount) },
    });
    expect(loan.arrears.days_past_due).toBe(224);

    // Every outcome once, in the order of its day, with the clock's dates and the balance and arrears of that day.
    const events = await loanEvents(long.loanId);
    expect(events.map(({ event_type, payload }) => ({ event_type, payload }))).toEqual(
      expectedOutcomeEvents(long.loanId, long.customerId, 'year-long', schedule, TO, MISSED),
    );
    expect(events.map((e) => e.created_at.toISOString().slice(0, 10))).toEqual(schedule.filter((r) => r.date <= TO).map((r) => r.date));

    // The settlement figure for the clock's today, and for a day ahead of it.
    const quote = (await partner.get(`/loans/${long.loanId}/settlement_quote/`)).json().data;
    const figure = expectedSettlement(schedule, 1_000_000n, 300n, D0, TO, MISSED);
    expect(quote).toEqual({
      on: TO,
      amount: pounds(figure.amount),
      breakdown: { principal: pounds(figure.principal), interest: pounds(figure.interest), fees: 0, arrears: pounds(figure.arrears), rebate: 0 },
      valid_until: TO,
    });
    const ahead = plusDays(TO, 15);
    const later = (await partner.get(`/loans/${long.loanId}/settlement_quote/?on=${ahead}`)).json().data;
    expect(later.amount).toBe(pounds(expectedSettlement(schedule, 1_000_000n, 300n, D0, ahead, MISSED).amount));
    // Not past the clock's today + 28 days.
    const tooFar = await partner.get(`/loans/${long.loanId}/settlement_quote/?on=${plusDays(TO, 29)}`);
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.json().errors[0].detail).toContain(plusDays(TO, 28));

    // The short loan ran its term within the year: settled on its last day; amount_paid is that last repayment (section 22).
    const shortSchedule = expectedSchedule(600_000n, 250n, 0n, 120, D0);
    const shortEvents = await loanEvents(short.loanId);
    expect(shortEvents.map(({ event_type, payload }) => ({ event_type, payload }))).toEqual([
      ...expectedOutcomeEvents(short.loanId, short.customerId, 'year-short', shortSchedule, TO, MISSED),
      {
        event_type: 'loan_settled_202611',
        payload: {
          loan_id: short.loanId,
          customer_id: short.customerId,
          external_customer_id: 'year-short',
          settled_on: '2027-05-10',
          amount_paid: pounds(shortSchedule[shortSchedule.length - 1].amount),
        },
      },
    ]);
    expect((await partner.get(`/loans/${short.loanId}/`)).json().data.status).toBe('settled');

    // The offers never drawn expired on the clock, at the moment they fell due (30 days after they were made).
    const offers = (await partner.get(`/applications/${unused.applicationId}/offers/`)).json().data.offers;
    expect(offers[0]).toMatchObject({ status: 'expired' });
    expect(offers[0].expires_at.slice(0, 10)).toBe('2027-02-09');
    const expired = await eventsFor(t, { applicationId: unused.applicationId }, 'application_status_changed');
    expect(expired.map((e) => [e.payload.previous_status, e.payload.status, e.payload.changed_at])).toEqual([
      ['open', 'offered', expect.stringMatching(/^2027-01-10T12:/)],
      ['offered', 'expired', offers[0].expires_at],
    ]);
    // The application left open: deferred 90 days after its last activity.
    const deferred = await eventsFor(t, { applicationId: idle }, 'application_deferred');
    expect(deferred.map((e) => String(e.payload.deferred_at).slice(0, 10))).toEqual(['2027-04-10']);

    // Beside the clock nothing moved: its offers are open on today's wall clock.
    expect((await partner.get(`/customers/${beside.customerId}/applications/latest/`)).json().data.status).toBe('offered');
    expect((await eventsFor(t, { applicationId: beside.applicationId }, 'application_status_changed')).map((e) => e.payload.status)).toEqual(['offered']);
  });

  it("does everything a partner does to a clock's customer on the clock's date, simulate included; simulate beside it still works", async () => {
    t.clock.set(WALL);
    const clock = await createClock(partner);
    await advanceAndWait(partner, clock.test_clock_id, { to: '2027-03-15' });
    const customerId = await customerOnClock(partner, clock.test_clock_id, { external_customer_id: 'on-the-date' });
    const customer = (await partner.get(`/customers/${customerId}/`)).json().data;
    expect(customer).toMatchObject({ test_clock_id: clock.test_clock_id, created_at: expect.stringMatching(/^2027-03-15T12:/) });
    const applicationId = await apply(partner, customerId, { amount: 6000 });
    const decided = await partner.post(`/sandbox/applications/${applicationId}/decision`, { data: { outcome: 'offered', offers: [FOUR_MONTHS] } });
    expect(decided.json().data.updated_at).toMatch(/^2027-03-15T12:/);
    const [offer] = (await partner.get(`/applications/${applicationId}/offers/`)).json().data.offers;
    expect(offer.expires_at).toMatch(/^2027-04-14T12:/);
    const schedule = (await partner.get(`/offers/${offer.offer_id}/repayment_schedule/`)).json().data;
    expect(schedule.repayments[0].date).toBe('2027-04-15');
    const link = (await partner.post(`/offers/${offer.offer_id}/select/`, { data: { entity_to_contact: 'customer' } })).json().data.login_link;
    const token = new URL(link).searchParams.get('token') as string;
    const { rows } = await t.testDb.db.query<{ expires_at: Date }>('SELECT expires_at FROM login_tokens ORDER BY created_at DESC LIMIT 1');
    expect(rows[0].expires_at.toISOString()).toMatch(/^2027-03-16T12:/);
    expect(token).toBeTruthy();
    const loanId = await fund(partner, offer.offer_id, 6000);
    const loan = (await partner.get(`/loans/${loanId}/`)).json().data;
    expect(loan.funded_on).toBe('2027-03-15');
    const [funded] = await eventsFor(t, { customerId }, 'customer_funded');
    expect(funded.payload.funded_at).toMatch(/^2027-03-15T12:/);

    // simulate happens on the clock's date too: nothing after it (the advance plays those days), and nothing changes.
    const ahead = await partner.post(`/sandbox/loans/${loanId}/simulate`, { data: { until: '2027-04-15', missed: ['2027-04-15'] } });
    expect(expectPointers(ahead, ['/data/until', '/data/missed/0']).map((e) => e.detail)).toEqual([
      "must not be after 2027-03-15, the test clock's date: advance the clock to go further",
      'the repayment due on 2027-04-15 is not due yet on the test clock (2027-03-15)',
    ]);
    expect((await partner.get(`/loans/${loanId}/`)).json().data.repayments.map((r: { status: string }) => r.status)).toEqual(
      loan.repayments.map(() => 'scheduled'),
    );
    expect(await eventsFor(t, { customerId }, 'loan_repayment_missed_202611')).toEqual([]);
    await advanceAndWait(partner, clock.test_clock_id, { to: '2027-04-20', missed: ['2027-04-15'] });
    const after = (await partner.get(`/loans/${loanId}/`)).json().data;
    expect(after.arrears).toEqual({ amount: after.repayments[0].amount, days_past_due: 5, oldest_due_date: '2027-04-15' });
    expectPointers(await partner.post(`/sandbox/loans/${loanId}/simulate`, { data: { until: '2027-04-21' } }), ['/data/until']);
    // The missed repayment is not taken again by itself; the partner's simulate collects it late, on the clock's date.
    const late = (await partner.post(`/sandbox/loans/${loanId}/simulate`, { data: { until: '2027-04-20' } })).json().data;
    expect(late.repayments[0]).toMatchObject({ status: 'collected', collected_on: '2027-04-20' });
    expect(late.arrears.days_past_due).toBe(0);

    // A customer beside the clock: simulate works on the wall clock as it always did.
    t.clock.set(new Date('2026-12-01T10:00:00Z'));
    const made = await offeredBySandbox(partner, [FOUR_MONTHS]);
    await selectOffer(partner, made.offers[0].offer_id, 'introducer');
    const besideLoan = await fund(partner, made.offers[0].offer_id, 1000);
    t.clock.set(new Date('2027-01-05T10:00:00Z'));
    const besideAfter = (await partner.post(`/sandbox/loans/${besideLoan}/simulate`, { data: { until: '2027-01-01' } })).json().data;
    expect(besideAfter.funded_on).toBe('2026-12-01');
    expect(besideAfter.repayments[0]).toMatchObject({ date: '2027-01-01', status: 'collected' });
    expect(besideAfter.arrears.days_past_due).toBe(0);
    // ...ahead of today too, as before clocks.
    const besideAhead = (await partner.post(`/sandbox/loans/${besideLoan}/simulate`, { data: { until: '2027-02-01' } })).json().data;
    expect(besideAhead.repayments[1]).toMatchObject({ date: '2027-02-01', status: 'collected', collected_on: '2027-02-01' });
    expect(await createCustomer(partner)).toBeTruthy();
  });
});
