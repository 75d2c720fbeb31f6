/**
 * For a customer on a test clock, "today" and "now" are the clock's everywhere (docs/behaviour.md,
 * section 28): decisions and can_reapply_from, login links, pre-approvals, documents, the portal's
 * pages and their "Sandbox date"; the wall clock's sweeps leave the clock's customers alone; and
 * the events of a played day carry the clock's dates while their deliveries are signed now.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../sdk/verify-webhook.ts';
import { sweepExpiredOffers } from '../../src/services/sweeps.ts';
import { usePartner, useTestApp } from '../helpers/app.ts';
import { BACKENDS } from '../helpers/db.ts';
import { expectError } from '../helpers/foundation.ts';
import { pdf, upload } from '../helpers/files.ts';
import { apply, eventsFor, getOffers, offeredBySandbox, selectOffer, type OfferTermsJson } from '../helpers/lending.ts';
import { fund } from '../helpers/loans.ts';
import { eventually, useReceiver } from '../helpers/receiver.ts';
import { advanceAndWait, createClock, customerOnClock } from '../helpers/test-clocks.ts';
import { signedInCustomer } from '../helpers/web-user.ts';
import { signedInOperator } from '../helpers/console.ts';
import { useWorker } from '../helpers/worker.ts';

const WALL = new Date('2027-01-10T09:15:00.000Z');
const TERMS: OfferTermsJson = { product_type: 'flexi_loan', max_amount: 5000, monthly_interest_percentage: 2, fee_percentage: 0, duration_in_days: 120 };

describe.each(BACKENDS)("the clock's today everywhere on %s", (backend) => {
  const t = useTestApp(backend, { resetClock: WALL, env: { ALLOW_PRIVATE_WEBHOOK_URLS: 'true', WEBHOOK_RETRY_SCALE: '0.001' } });
  const partner = usePartner(t);
  const receiver = useReceiver();
  useWorker(t);
  beforeEach(() => t.clock.set(WALL));

  it("decides on the clock's date: a decline's can_reapply_from, and a new application once the clock reaches it", async () => {
    const clock = await createClock(partner);
    const customerId = await customerOnClock(
      partner,
      clock.test_clock_id,
      {},
      { last_12_months_turnover: { amount: 5000, valid_from: '2026-01-01T00:00:00Z' } },
    );
    const applicationId = await apply(partner, customerId, { amount: 5000 });
    expect((await getOffers(partner, applicationId)).offer_creation_status).toBe('no_offers');
    const [declined] = await eventsFor(t, { applicationId }, 'application_declined');
    expect(declined.payload).toMatchObject({ declined_at: expect.stringMatching(/^2027-01-10T12:/), can_reapply_from: '2027-04-10' });
    const [tooSoon] = expectError(await partner.post(`/customers/${customerId}/applications/`, { data: { amount: 5000 } }), 409, 'ReapplicationTooSoon');
    expect(tooSoon.meta).toEqual({ can_reapply_from: '2027-04-10' });
    await advanceAndWait(partner, clock.test_clock_id, { to: '2027-04-09' });
    expectError(await partner.post(`/customers/${customerId}/applications/`, { data: { amount: 5000 } }), 409, 'ReapplicationTooSoon');
    await advanceAndWait(partner, clock.test_clock_id, { to: '2027-04-10' });
    const again = await partner.post(`/customers/${customerId}/applications/`, { data: { amount: 5000 } });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data.created_at).toMatch(/^2027-04-10T12:/);
  });

  it("opens login links within the clock's 24 hours, and shows the portal's pages on the clock's date", async () => {
    const clock = await createClock(partner);
    const made = await offeredBySandbox(partner, [TERMS], { customer: { test_clock_id: clock.test_clock_id } });
    await selectOffer(partner, made.offers[0].offer_id, 'customer');
    const customer = await signedInCustomer(t, partner, made.customerId);
    const page = await customer.get('/portal/');
    expect(page.body).toContain('Sandbox date: 10 January 2027');
    // A link made today cannot be opened once the clock has moved two days on.
    const link = new URL((await partner.get(`/customers/${made.customerId}/login_link/`)).json().data.login_link);
    await advanceAndWait(partner, clock.test_clock_id, { to: '2027-01-12' });
    const late = await customer.get(link.pathname + link.search);
    expect(late.statusCode).toBe(410);
    expect(late.body).toContain('This login link has expired');
    expect((await customer.get('/portal/')).body).toContain('Sandbox date: 12 January 2027');
    // The offers expire on the clock, and the portal says so on the clock's date.
    await advanceAndWait(partner, clock.test_clock_id, { to: '2027-02-15' });
    const overview = await customer.get('/portal/');
    expect(overview.body).toContain('Sandbox date: 15 February 2027');
    expect(overview.body).toContain('data-status="expired"');
    // A customer beside the clock sees no sandbox date.
    const plain = await offeredBySandbox(partner, [TERMS]);
    await selectOffer(partner, plain.offers[0].offer_id, 'customer');
    expect((await (await signedInCustomer(t, partner, plain.customerId)).get('/portal/')).body).not.toContain('Sandbox date');
  });

  it('expires pre-approvals on the clock, stamps documents with its date, and the wall clock sweep leaves its customers alone', async () => {
    const clock = await createClock(partner);
    const customerId = await customerOnClock(partner, clock.test_clock_id);
    const made = await partner.post(`/sandbox/customers/${customerId}/pre_approvals`, {
      data: { max_amount: 5000, monthly_interest_percentage: 2, fee_percentage: 0, duration_in_days: 120, valid_for_days: 10 },
    });
    expect(made.json().data).toMatchObject({ status: 'available', expires_at: expect.stringMatching(/^2027-01-20T12:/) });
    const uploaded = await upload(t, partner, customerId, 'business accounts', { filename: 'accounts.pdf', content: pdf(), type: 'application/pdf' });
    expect(uploaded.json().data.upload_date).toMatch(/^2027-01-10T12:/);

    // The wall clock runs a month on: the clock's customer's offers are still open on the clock's date.
    const offered = await offeredBySandbox(partner, [TERMS], { customer: { test_clock_id: clock.test_clock_id } });
    t.clock.set(new Date('2027-03-01T10:00:00Z'));
    await sweepExpiredOffers(t.app.ctx);
    expect((await partner.get(`/customers/${offered.customerId}/applications/latest/`)).json().data.status).toBe('offered');
    expect((await partner.get(`/customers/${customerId}/pre_approval/`)).json().data.status).toBe('available');

    await advanceAndWait(partner, clock.test_clock_id, { to: '2027-01-21' });
    expect((await partner.get(`/customers/${customerId}/pre_approval/`)).json().data).toMatchObject({ status: 'expired', available_amount: 0 });
    const offerId = (await partner.get(`/customers/${customerId}/pre_approval/`)).json().data.offer_id;
    expectError(await partner.post(`/sandbox/offers/${offerId}/fundings`, { data: { amount: 100 } }), 400, 'FundingNotAllowed');
  });

  it("takes an operator's collection on the clock's date, and keeps the audit row on the wall clock", async () => {
    const clock = await createClock(partner);
    const made = await offeredBySandbox(partner, [TERMS], { customer: { test_clock_id: clock.test_clock_id } });
    await selectOffer(partner, made.offers[0].offer_id, 'introducer');
    const loanId = await fund(partner, made.offers[0].offer_id, 2000);
    await advanceAndWait(partner, clock.test_clock_id, { to: '2027-02-12', missed: ['2027-02-10'] });
    // The console's loans in arrears read each loan on its own today: 2 days past due on the clock (the wall clock is a month before the due date).
    const { user } = await signedInOperator(t, 'viewer');
    const arrears = await user.get('/console/loans?arrears=yes');
    expect(arrears.body).toMatch(new RegExp(`<tr data-loan-id="${loanId}">[\\s\\S]*?data-days-past-due="2">2</td>`));
    // Not after the clock's today, whatever the wall clock says.
    const future = await t.admin('POST', `/loans/${loanId}/collections`, { due_date: '2027-02-10', outcome: 'collected', collected_on: '2027-02-13' });
    expect(future.statusCode, future.body).toBe(400);
    expect(future.json().errors[0].source).toEqual({ pointer: '/collected_on' });
    const collected = await t.admin('POST', `/loans/${loanId}/collections`, { due_date: '2027-02-10', outcome: 'collected', collected_on: '2027-02-12' });
    expect(collected.statusCode, collected.body).toBe(200);
    expect(collected.json().data).toMatchObject({ status: 'active', arrears: { days_past_due: 0 } });
    const { rows } = await t.testDb.db.query<{ created_at: Date }>(
      `SELECT created_at FROM audit_log WHERE action = 'loan.collection_recorded' AND target_id = $1`,
      [loanId],
    );
    expect(rows.map((r) => r.created_at.toISOString().slice(0, 10))).toEqual(['2027-01-10']);
  });

  it("sends the played days' events now, signed now, carrying the clock's dates, and test_clock_ready_202611 after the last day", async () => {
    await partner.request('PUT', '/webhooks/configuration/', { data: { url: receiver.url } });
    await partner.post('/webhooks/subscriptions/', { data: { webhook_event_types: ['loan_repayment_collected_202611', 'test_clock_ready_202611'] } });
    const secret = (await partner.get('/webhooks/signing_secret/')).json().data.signing_secret as string;
    const clock = await createClock(partner);
    const made = await offeredBySandbox(partner, [TERMS], { customer: { test_clock_id: clock.test_clock_id } });
    await selectOffer(partner, made.offers[0].offer_id, 'introducer');
    const loanId = await fund(partner, made.offers[0].offer_id, 2000);
    const sentFrom = Math.floor(Date.now() / 1000);
    await advanceAndWait(partner, clock.test_clock_id, { to: '2027-03-01' });

    const deliveries = await eventually(
      async () => {
        const got = receiver.received.filter((d) => d.body?.data.loan_id === loanId || d.body?.data.test_clock_id === clock.test_clock_id);
        return got.length >= 2 && got;
      },
      30_000,
      'the collection and the ready event',
    );
    // Order is not guaranteed (receivers deduplicate on the event id): compared sorted.
    expect(deliveries.map((d) => [d.eventType, d.body?.data.due_date ?? d.body?.data.frozen_on]).sort()).toEqual([
      ['loan_repayment_collected_202611', '2027-02-10'],
      ['test_clock_ready_202611', '2027-03-01'],
    ]);
    for (const d of deliveries) {
      expect(verifyWebhook(secret, d.headers, d.rawBody).eventId).toBe(d.eventId);
      expect(d.timestamp).toBeGreaterThanOrEqual(sentFrom - 5);
      expect(d.timestamp).toBeLessThan(Date.parse('2027-01-01T00:00:00Z') / 1000);
    }
    const ready = deliveries.find((d) => d.eventType === 'test_clock_ready_202611');
    expect(ready?.body?.data).toEqual({ test_clock_id: clock.test_clock_id, frozen_on: '2027-03-01' });
    // Recorded after the last day's work, in the partner's sandbox only.
    const { rows } = await t.testDb.db.query<{ event_type: string; environment: string }>(
      `SELECT event_type, environment FROM outbox_events WHERE payload->>'loan_id' = $1 OR payload->>'test_clock_id' = $2 ORDER BY seq`,
      [loanId, clock.test_clock_id],
    );
    expect(rows).toEqual([
      { event_type: 'loan_repayment_collected_202611', environment: 'sandbox' },
      { event_type: 'test_clock_ready_202611', environment: 'sandbox' },
    ]);
  });
});
