/**
 * The portal never offers what cannot be done on the customer's own today (contract section 31):
 * on a test clock past a funded offer's expiry, no "You can still draw" nor "Draw more funds", on
 * the application page, the offer page, the drawdown page and the drawdown's confirmation; a
 * limit drawn down is never "available" either.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { usePartner, useTestApp } from '../helpers/app.ts';
import { BACKENDS } from '../helpers/db.ts';
import { offeredBySandbox, selectOffer, type OfferTermsJson } from '../helpers/lending.ts';
import { fund } from '../helpers/loans.ts';
import { advanceAndWait, createClock } from '../helpers/test-clocks.ts';
import { signedInCustomer } from '../helpers/web-user.ts';
import { useWorker } from '../helpers/worker.ts';

const WALL = new Date('2027-01-10T09:15:00.000Z');
const TERMS: OfferTermsJson = { product_type: 'flexi_loan', max_amount: 5000, monthly_interest_percentage: 2, fee_percentage: 0, duration_in_days: 120 };
const text = (body: string) => body.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe.each(BACKENDS)("the portal's draw offers on the customer's today on %s", (backend) => {
  const t = useTestApp(backend, { resetClock: WALL });
  const partner = usePartner(t);
  useWorker(t);
  beforeEach(() => t.clock.set(WALL));

  it('offers "Draw more funds" before the offer expires on the clock, and not after', async () => {
    const clock = await createClock(partner);
    const made = await offeredBySandbox(partner, [TERMS], { customer: { test_clock_id: clock.test_clock_id } });
    const offerId = made.offers[0].offer_id;
    await selectOffer(partner, offerId, 'customer');
    const customer = await signedInCustomer(t, partner, made.customerId);
    const fundingId = await fund(partner, offerId, 2000);

    const before = await customer.get('/portal/');
    expect(before.body).toContain('data-draw="open"');
    expect(text(before.body)).toContain('You can still draw £3,000.00 from your flexi loan until 9 February 2027.');
    expect(before.body).toContain(`href="/portal/offers/${offerId}/drawdown">Draw more funds</a>`);
    expect(before.body).toContain('You can draw more from your offer until it expires.');
    expect((await customer.get(`/portal/fundings/${fundingId}`)).body).toContain('data-funding="remaining">£3,000.00<');

    await advanceAndWait(partner, clock.test_clock_id, { to: '2027-02-15' });
    const after = await customer.get('/portal/');
    expect(after.body).toContain('Sandbox date: 15 February 2027');
    expect(after.body).not.toContain('You can still draw');
    expect(after.body).not.toContain('Draw more funds');
    expect(after.body).toContain('data-draw="expired"');
    expect(text(after.body)).toContain('Your flexi loan offer ended on 9 February 2027: you drew £2,000.00 of it and cannot draw more.');
    expect(after.body).not.toContain('You can draw more from your offer until it expires');
    expect(text(after.body)).toContain('The funds have been paid to your business.');

    const offerPage = await customer.get(`/portal/offers/${offerId}`);
    expect(offerPage.body).not.toContain(`href="/portal/offers/${offerId}/drawdown"`);
    const drawPage = await customer.get(`/portal/offers/${offerId}/drawdown`);
    expect(text(drawPage.body)).toContain('This offer ended on 9 February 2027: funds can no longer be drawn from it.');
    expect(drawPage.body).not.toContain('data-remaining');
    expect(drawPage.body).not.toContain('<button type="submit">Draw funds</button>');
    expect((await customer.get(`/portal/fundings/${fundingId}`)).body).not.toContain('Still available to draw');
  });

  it('never shows a limit drawn down as available', async () => {
    const made = await offeredBySandbox(partner, [TERMS]);
    const offerId = made.offers[0].offer_id;
    await selectOffer(partner, offerId, 'customer');
    const customer = await signedInCustomer(t, partner, made.customerId);
    await fund(partner, offerId, 5000);
    const overview = await customer.get('/portal/');
    expect(overview.body).toContain('data-draw="drawn"');
    expect(overview.body).not.toContain('You can still draw');
    expect(overview.body).not.toContain('Draw more funds');
    const drawPage = await customer.get(`/portal/offers/${offerId}/drawdown`);
    expect(text(drawPage.body)).toContain('You have drawn the whole £5,000.00 of this offer: there is nothing more to draw from it.');
    expect(drawPage.body).not.toContain('data-remaining');
  });
});
