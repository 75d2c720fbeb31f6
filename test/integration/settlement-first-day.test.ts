/**
 * A settlement figure without a day asked (docs/behaviour.md, section 22; contract section 31, "Settlement
 * figures on a repayment day"): the API, the console and the portal quote the first valid day from
 * the customer's own today (here a test clock's, on a repayment day whose repayment the clock has
 * just collected), and when no day is left they say why in words.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { usePartner, useTestApp } from '../helpers/app.ts';
import { signedInOperator } from '../helpers/console.ts';
import { BACKENDS } from '../helpers/db.ts';
import { expectError } from '../helpers/foundation.ts';
import { offeredBySandbox, selectOffer, type OfferTermsJson } from '../helpers/lending.ts';
import { fund } from '../helpers/loans.ts';
import { advanceAndWait, createClock, plusDays } from '../helpers/test-clocks.ts';
import { signedInCustomer } from '../helpers/web-user.ts';
import { useWorker } from '../helpers/worker.ts';
import { toPence } from '../../src/domain/money.ts';
import { formatDate, formatGbp } from '../../src/web/format.ts';

const WALL = new Date('2027-01-10T09:15:00.000Z');
const TERMS: OfferTermsJson = { product_type: 'flexi_loan', max_amount: 5000, monthly_interest_percentage: 2, fee_percentage: 0, duration_in_days: 120 };
const text = (body: string) => body.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe.each(BACKENDS)('the settlement figure without a day on %s', (backend) => {
  const t = useTestApp(backend, { resetClock: WALL });
  const partner = usePartner(t);
  useWorker(t);
  beforeEach(() => t.clock.set(WALL));

  /** A loan of £4,000 drawn today for a customer on a new clock, with its repayment dates. */
  const loanOnClock = async () => {
    const clock = await createClock(partner);
    const made = await offeredBySandbox(partner, [TERMS], { customer: { test_clock_id: clock.test_clock_id } });
    await selectOffer(partner, made.offers[0].offer_id, 'customer');
    const customer = await signedInCustomer(t, partner, made.customerId);
    const loanId = await fund(partner, made.offers[0].offer_id, 4000);
    const dates = ((await partner.get(`/loans/${loanId}/`)).json().data.repayments as { date: string }[]).map((r) => r.date);
    return { clockId: clock.test_clock_id, loanId, dates, customer };
  };

  it('quotes the day after a repayment day whose repayment is collected, in the API, the console and the portal', async () => {
    const { clockId, loanId, dates, customer } = await loanOnClock();
    // Before anything is due, the figure is for today (the clock's date).
    expect((await partner.get(`/loans/${loanId}/settlement_quote/`)).json().data.on).toBe('2027-01-10');

    await advanceAndWait(partner, clockId, { to: dates[0] });
    expect((await partner.get(`/loans/${loanId}/`)).json().data.repayments[0].status).toBe('collected');
    // Today itself is refused when asked (its repayment is recorded)…
    expectError(await partner.get(`/loans/${loanId}/settlement_quote/?on=${dates[0]}`), 400, 'ValidationError');
    // …and without a day the first valid one is quoted: tomorrow, the same figure as asking for it.
    const quoted = await partner.get(`/loans/${loanId}/settlement_quote/`);
    expect(quoted.statusCode, quoted.body).toBe(200);
    const tomorrow = plusDays(dates[0], 1);
    expect(quoted.json().data.on).toBe(tomorrow);
    expect(quoted.json().data).toEqual((await partner.get(`/loans/${loanId}/settlement_quote/?on=${tomorrow}`)).json().data);

    const { user } = await signedInOperator(t, 'underwriter');
    const consolePage = await user.get(`/console/loans/${loanId}`);
    expect(consolePage.statusCode).toBe(200);
    expect(text(consolePage.body)).toContain(`Settlement figure for ${formatDate(tomorrow)}:`);
    expect(consolePage.body).not.toMatch(/on must be/);
    // "Settled on" is prefilled with that day.
    expect(consolePage.body).toMatch(new RegExp(`name="on"[^>]*value="${tomorrow}"|value="${tomorrow}"[^>]*name="on"`));

    const portalPage = await customer.get(`/portal/loans/${loanId}`);
    expect(portalPage.statusCode).toBe(200);
    expect(portalPage.body).toContain(`value="${tomorrow}"`);
    const asked = await customer.get(`/portal/loans/${loanId}?on=${tomorrow}`);
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain(`data-settlement="amount">${formatGbp(toPence(quoted.json().data.amount))}<`);
  });

  it('says why in words when no day is left: the last repayment missed', async () => {
    const { clockId, loanId, dates, customer } = await loanOnClock();
    const last = dates[dates.length - 1];
    await advanceAndWait(partner, clockId, { to: plusDays(last, 2), missed: [last] });
    const refused = expectError(await partner.get(`/loans/${loanId}/settlement_quote/`), 400, 'ValidationError');
    expect(refused[0].source).toEqual({ parameter: 'on' });
    expect(refused[0].detail).toContain('no day can be quoted');

    const { user } = await signedInOperator(t, 'underwriter');
    const consoleWords = text((await user.get(`/console/loans/${loanId}`)).body);
    expect(consoleWords).toContain('No settlement figure can be given: the outcome of the last repayment, due on');
    expect(consoleWords).not.toMatch(/\bon must\b|source\.parameter/);

    const portalPage = await customer.get(`/portal/loans/${loanId}`);
    expect(portalPage.body).not.toContain('Get settlement figure');
    expect(portalPage.body).toContain('data-settlement="unavailable"');
    expect(text(portalPage.body)).toContain('We cannot give a figure to pay this loan off early: the date of your last repayment');
  });
});
