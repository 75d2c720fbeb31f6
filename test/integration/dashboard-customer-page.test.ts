/**
 * The dashboard's customer page (docs/behaviour.md, section 24; contract section 31, "The partner
 * sees its customers' loans"): linked from the customers list; the company and its people, the
 * applications and offers, the fundings and loans with status, balance, next repayment, arrears and
 * repayments, and the customer's events, a clock customer's marked "clock date" (here and on the
 * events page); another partner's or environment's customer is a 404, and a cursor of one
 * customer's list is refused on another's.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { usePartner, useTestApp } from '../helpers/app.ts';
import { signedInPartnerUser } from '../helpers/dashboard.ts';
import { BACKENDS } from '../helpers/db.ts';
import { eventsFor, offeredBySandbox, selectOffer, type OfferTermsJson } from '../helpers/lending.ts';
import { fund } from '../helpers/loans.ts';
import { advanceAndWait, createClock } from '../helpers/test-clocks.ts';
import { useWorker } from '../helpers/worker.ts';
import { encodeCursor } from '../../src/domain/cursor.ts';

const WALL = new Date('2027-01-10T09:15:00.000Z');
const TERMS: OfferTermsJson = { product_type: 'flexi_loan', max_amount: 5000, monthly_interest_percentage: 2, fee_percentage: 1, duration_in_days: 120 };
const text = (body: string) => body.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
/** The row of the events table that links to the event. */
const rowOf = (body: string, eventId: string) => new RegExp(`<tr>(?:(?!</tr>).)*?/dashboard/events/${eventId}"(?:(?!</tr>).)*</tr>`, 's').exec(body)?.[0] ?? '';

describe.each(BACKENDS)("the dashboard's customer page on %s", (backend) => {
  const t = useTestApp(backend, { resetClock: WALL });
  const partner = usePartner(t, { name: 'Customer Page Brokers' });
  const other = usePartner(t, { name: 'Someone Else Ltd' });
  useWorker(t);
  beforeEach(() => t.clock.set(WALL));

  /** A clock customer with a loan of £4,000 whose second repayment the clock missed, and a customer beside the clock with only an offer. */
  const customers = async () => {
    const clock = await createClock(partner);
    const onClock = await offeredBySandbox(partner, [TERMS], {
      customer: { test_clock_id: clock.test_clock_id, external_customer_id: `hj-${Math.random().toString(36).slice(2, 8)}` },
      company: { registered_company_name: 'Hartley Joinery Ltd' },
    });
    await selectOffer(partner, onClock.offers[0].offer_id, 'customer');
    const loanId = await fund(partner, onClock.offers[0].offer_id, 4000);
    const dates = ((await partner.get(`/loans/${loanId}/`)).json().data.repayments as { date: string }[]).map((r) => r.date);
    await advanceAndWait(partner, clock.test_clock_id, { to: '2027-03-15', missed: [dates[1]] });
    const plain = await offeredBySandbox(partner, [TERMS], { company: { registered_company_name: 'Plain Bakery Ltd' } });
    return { onClock, loanId, dates, plain };
  };

  it('links each customer row to its page, which shows the company, applications, offers, loans with arrears and repayments, and events', async () => {
    const { onClock, loanId, dates, plain } = await customers();
    const { user } = await signedInPartnerUser(t, partner.partnerId, 'viewer');
    const list = await user.get('/dashboard/customers');
    expect(list.body).toContain(`<a href="/dashboard/customers/${onClock.customerId}">Hartley Joinery Ltd</a>`);
    expect(list.body).toContain(`<a href="/dashboard/customers/${plain.customerId}">Plain Bakery Ltd</a>`);

    const page = await user.get(`/dashboard/customers/${onClock.customerId}`);
    expect(page.statusCode, page.body).toBe(200);
    const words = text(page.body);
    expect(page.body).toContain('<h1>Hartley Joinery Ltd');
    expect(page.body).toContain('<a href="/dashboard/customers" aria-current="page">Customers</a>');
    expect(words).toContain('On a test clock, whose date is 15 March 2027');
    expect(page.body).toContain('id="people"');
    // The application and its offer, funded.
    expect(page.body).toContain(`data-application-id="${onClock.applicationId}"`);
    expect(page.body).toContain('data-application-status="funded"');
    expect(page.body).toContain(`data-offer-id="${onClock.offers[0].offer_id}"`);
    // The loan: in arrears with the missed repayment, its balance, next repayment and repayments.
    expect(page.body).toContain(`data-loan-id="${loanId}"`);
    expect(page.body).toContain('data-loan-status="in_arrears"');
    const loan = (await partner.get(`/loans/${loanId}/`)).json().data;
    expect(loan.status).toBe('in_arrears');
    expect(words).toContain(`Flexi loan of £4,000.00, funded on 10 January 2027`);
    expect(words).toContain('Fee £40.00');
    expect(words).toMatch(
      new RegExp(`Arrears £${loan.arrears.amount.toLocaleString('en-GB', { minimumFractionDigits: 2 })}, ${loan.arrears.days_past_due} days past due`),
    );
    expect(page.body).toContain(`data-loan="next">£`);
    expect([...page.body.matchAll(/data-repayment-status="(\w+)"/g)].map((m) => m[1])).toEqual(['collected', 'missed', 'scheduled', 'scheduled']);
    expect(dates).toHaveLength(4);
    // Its events, each marked "clock date", and none of the other customer's.
    const mine = await eventsFor(t, { customerId: onClock.customerId });
    expect(mine.length).toBeGreaterThan(3);
    for (const e of mine.slice(-3)) expect(rowOf(page.body, e.id), e.event_type).toContain('data-clock-date="true">clock date</span>');
    for (const e of await eventsFor(t, { customerId: plain.customerId })) expect(page.body).not.toContain(e.id);
    // No ISO dates or snake_case words where a person reads (event type names excepted).
    const visible = words.replace(/\b[a-z]+(?:_[a-z0-9]+)+_2026\d\d\b/g, '');
    expect(visible).not.toMatch(/\b\d{4}-\d\d-\d\d\b/);

    // The plain customer: no clock, no loans.
    const plainPage = await user.get(`/dashboard/customers/${plain.customerId}`);
    expect(plainPage.body).not.toContain('On a test clock');
    expect(plainPage.body).toContain('id="no-loans"');
    expect(plainPage.body).not.toContain('data-clock-date');

    // The events page marks the clock customer's events, not the others'.
    const events = await user.get('/dashboard/events');
    expect(rowOf(events.body, mine[mine.length - 1].id)).toContain('clock date');
    const [plainEvent] = await eventsFor(t, { customerId: plain.customerId });
    expect(rowOf(events.body, plainEvent.id)).not.toBe('');
    expect(rowOf(events.body, plainEvent.id)).not.toContain('clock date');
  });

  it("shows only the tenant's own customers: another partner's, the other environment's, unknown ids and foreign cursors are refused", async () => {
    const mine = await offeredBySandbox(partner, [TERMS], { company: { registered_company_name: 'Mine Ltd' } });
    const theirs = await offeredBySandbox(other, [TERMS], { company: { registered_company_name: 'Theirs Ltd' } });
    const { user } = await signedInPartnerUser(t, partner.partnerId, 'owner');
    for (const path of [
      `/dashboard/customers/${theirs.customerId}`,
      '/dashboard/customers/0f8fad5b-d9cb-469f-a165-70867728950e',
      '/dashboard/customers/not-an-id',
    ]) {
      const res = await user.get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.body).not.toContain('Theirs Ltd');
    }
    const { user: theirUser } = await signedInPartnerUser(t, other.partnerId, 'viewer');
    const fromThem = await theirUser.get(`/dashboard/customers/${mine.customerId}`);
    expect(fromThem.statusCode).toBe(404);
    expect(fromThem.body).not.toContain('Mine Ltd');
    expect((await theirUser.get(`/dashboard/customers/${theirs.customerId}`)).statusCode).toBe(200);

    // The production switch: the sandbox customer is not there.
    await user.get('/dashboard/customers');
    const switched = await user.post('/dashboard/environment', { environment: 'production', back: '/dashboard/customers' });
    expect(switched.statusCode).toBe(303);
    expect((await user.get(`/dashboard/customers/${mine.customerId}`)).statusCode).toBe(404);
    await user.post('/dashboard/environment', { environment: 'sandbox', back: '/dashboard/customers' });

    // A cursor of one customer's events list is refused on another customer's page (the first page is shown, with a word).
    const cursor = encodeCursor(
      { list: 'customer_events', owner: `${partner.partnerId}:sandbox`, filters: { customer: mine.customerId } },
      { direction: 'after', key: ['1', '1'] },
    );
    expect((await user.get(`/dashboard/customers/${mine.customerId}?events=${cursor}`)).statusCode).toBe(200);
    const otherOfMine = await offeredBySandbox(partner, [TERMS], { company: { registered_company_name: 'Mine Too Ltd' } });
    const refused = await user.get(`/dashboard/customers/${otherOfMine.customerId}?events=${cursor}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('That page of the list is no longer available');
    expect(refused.body).toContain('Mine Too Ltd');
  });
});
